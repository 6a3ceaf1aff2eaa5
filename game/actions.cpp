#include "actions.h"

#include "enum_names.h"

#include <array>
#include <initializer_list>

namespace invaders {
namespace {

constexpr std::array<std::string_view, kActionCount> kActionNames = {
    "Left",
    "Right",
    "Fire",
    "Pause",
    "Start",
    "ToggleFullscreen",
    "ToggleDebugOverlay",
    "Quit",
    "MenuUp",
    "MenuDown",
    "MenuLeft",
    "MenuRight",
    "Confirm",
    "Back",
    "MenuPageUp",
    "MenuPageDown",
};
static_assert(static_cast<int>(Action::MenuPageDown) + 1 == kActionCount,
              "kActionNames must list every Action");

} // namespace

std::string_view actionName(Action action) {
    return enumName(kActionNames, action);
}

std::optional<Action> actionFromName(std::string_view name) {
    return enumFromName<Action>(kActionNames, name);
}

vox::ActionMap defaultActionMap() {
    vox::ActionMap map;
    map.bindKey(Action::Left, {SDL_SCANCODE_LEFT});
    map.bindKey(Action::Left, {SDL_SCANCODE_A});
    map.bindKey(Action::Right, {SDL_SCANCODE_RIGHT});
    map.bindKey(Action::Right, {SDL_SCANCODE_D});
    map.bindKey(Action::Fire, {SDL_SCANCODE_SPACE});
    map.bindKey(Action::Pause, {SDL_SCANCODE_P});
    map.bindKey(Action::Pause, {SDL_SCANCODE_ESCAPE});
    map.bindKey(Action::Start, {SDL_SCANCODE_RETURN});
    map.bindKey(Action::Start, {SDL_SCANCODE_KP_ENTER});
    map.bindKey(Action::ToggleFullscreen, {SDL_SCANCODE_F11});
    // With Alt held only the Alt binding triggers (vox::ActionMap::bindKey), so Alt+Enter does not Start.
    map.bindKey(Action::ToggleFullscreen, {SDL_SCANCODE_RETURN, vox::KeyModifiers::Alt});
    map.bindKey(Action::ToggleDebugOverlay, {SDL_SCANCODE_F3});
    map.bindKey(Action::ToggleDebugOverlay, {SDL_SCANCODE_GRAVE});
    map.bindButton(Action::Left, SDL_CONTROLLER_BUTTON_DPAD_LEFT);
    map.bindButton(Action::Right, SDL_CONTROLLER_BUTTON_DPAD_RIGHT);
    map.bindButton(Action::Fire, SDL_CONTROLLER_BUTTON_A);
    map.bindButton(Action::Pause, SDL_CONTROLLER_BUTTON_START);
    map.bindButton(Action::Start, SDL_CONTROLLER_BUTTON_START);
    map.bindStick(Action::Left, vox::StickDirection::Left);
    map.bindStick(Action::Right, vox::StickDirection::Right);
    map.bindQuitRequest(Action::Quit);

    const auto bindMenu = [&map](Action action, std::initializer_list<SDL_Scancode> keys,
                                 std::initializer_list<SDL_GameControllerButton> buttons,
                                 std::optional<vox::StickDirection> stick) {
        for (SDL_Scancode key : keys)
            map.bindKey(action, {key});
        for (SDL_GameControllerButton button : buttons)
            map.bindButton(action, button);
        if (stick)
            map.bindStick(action, *stick);
    };
    bindMenu(Action::MenuUp, {SDL_SCANCODE_UP, SDL_SCANCODE_W}, {SDL_CONTROLLER_BUTTON_DPAD_UP},
             vox::StickDirection::Up);
    bindMenu(Action::MenuDown, {SDL_SCANCODE_DOWN, SDL_SCANCODE_S}, {SDL_CONTROLLER_BUTTON_DPAD_DOWN},
             vox::StickDirection::Down);
    bindMenu(Action::MenuLeft, {SDL_SCANCODE_LEFT, SDL_SCANCODE_A}, {SDL_CONTROLLER_BUTTON_DPAD_LEFT},
             vox::StickDirection::Left);
    bindMenu(Action::MenuRight, {SDL_SCANCODE_RIGHT, SDL_SCANCODE_D}, {SDL_CONTROLLER_BUTTON_DPAD_RIGHT},
             vox::StickDirection::Right);
    bindMenu(Action::Confirm, {SDL_SCANCODE_RETURN, SDL_SCANCODE_KP_ENTER, SDL_SCANCODE_SPACE},
             {SDL_CONTROLLER_BUTTON_A, SDL_CONTROLLER_BUTTON_START}, std::nullopt);
    bindMenu(Action::Back, {SDL_SCANCODE_ESCAPE, SDL_SCANCODE_BACKSPACE}, {SDL_CONTROLLER_BUTTON_B},
             std::nullopt);
    bindMenu(Action::MenuPageUp, {SDL_SCANCODE_PAGEUP}, {SDL_CONTROLLER_BUTTON_LEFTSHOULDER}, std::nullopt);
    bindMenu(Action::MenuPageDown, {SDL_SCANCODE_PAGEDOWN}, {SDL_CONTROLLER_BUTTON_RIGHTSHOULDER},
             std::nullopt);
    return map;
}

} // namespace invaders
