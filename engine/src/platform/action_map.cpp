#include "vox/platform/action_map.h"

#include "vox/core/assert.h"

#include <bit>
#include <initializer_list>

namespace vox {
namespace {

// Hysteresis on the stick so a value hovering at the threshold does not chatter.
constexpr int kStickPressThreshold = 16000;
constexpr int kStickReleaseThreshold = 8000;

uint8_t modifierBits(uint16_t sdlModifiers) {
    uint8_t bits = 0;
    if (sdlModifiers & KMOD_SHIFT)
        bits |= static_cast<uint8_t>(KeyModifiers::Shift);
    if (sdlModifiers & KMOD_CTRL)
        bits |= static_cast<uint8_t>(KeyModifiers::Ctrl);
    if (sdlModifiers & KMOD_ALT)
        bits |= static_cast<uint8_t>(KeyModifiers::Alt);
    return bits;
}

} // namespace

ActionMap ActionMap::withDefaultBindings() {
    ActionMap map;
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
    map.bindKey(Action::ToggleFullscreen, {SDL_SCANCODE_RETURN, KeyModifiers::Alt});
    map.bindKey(Action::ToggleDebugOverlay, {SDL_SCANCODE_F3});
    map.bindKey(Action::ToggleDebugOverlay, {SDL_SCANCODE_GRAVE});
    map.bindButton(Action::Left, SDL_CONTROLLER_BUTTON_DPAD_LEFT);
    map.bindButton(Action::Right, SDL_CONTROLLER_BUTTON_DPAD_RIGHT);
    map.bindButton(Action::Fire, SDL_CONTROLLER_BUTTON_A);
    map.bindButton(Action::Pause, SDL_CONTROLLER_BUTTON_START);
    map.bindButton(Action::Start, SDL_CONTROLLER_BUTTON_START);
    map.m_padActions[kStickLeft] = ActionState::bit(Action::Left);
    map.m_padActions[kStickRight] = ActionState::bit(Action::Right);

    const auto bindMenu = [&map](Action action, std::initializer_list<SDL_Scancode> keys,
                                 std::initializer_list<SDL_GameControllerButton> buttons, int stick) {
        for (SDL_Scancode key : keys)
            map.bindKey(action, {key});
        for (SDL_GameControllerButton button : buttons)
            map.bindButton(action, button);
        if (stick >= 0)
            map.m_padActions[static_cast<size_t>(stick)] |= ActionState::bit(action);
    };
    bindMenu(Action::MenuUp, {SDL_SCANCODE_UP, SDL_SCANCODE_W}, {SDL_CONTROLLER_BUTTON_DPAD_UP}, kStickUp);
    bindMenu(Action::MenuDown, {SDL_SCANCODE_DOWN, SDL_SCANCODE_S}, {SDL_CONTROLLER_BUTTON_DPAD_DOWN},
             kStickDown);
    bindMenu(Action::MenuLeft, {SDL_SCANCODE_LEFT, SDL_SCANCODE_A}, {SDL_CONTROLLER_BUTTON_DPAD_LEFT},
             kStickLeft);
    bindMenu(Action::MenuRight, {SDL_SCANCODE_RIGHT, SDL_SCANCODE_D}, {SDL_CONTROLLER_BUTTON_DPAD_RIGHT},
             kStickRight);
    bindMenu(Action::Confirm, {SDL_SCANCODE_RETURN, SDL_SCANCODE_KP_ENTER, SDL_SCANCODE_SPACE},
             {SDL_CONTROLLER_BUTTON_A, SDL_CONTROLLER_BUTTON_START}, -1);
    bindMenu(Action::Back, {SDL_SCANCODE_ESCAPE, SDL_SCANCODE_BACKSPACE}, {SDL_CONTROLLER_BUTTON_B}, -1);
    return map;
}

void ActionMap::bindKey(Action action, KeyBinding key) {
    VOX_ASSERT(key.key > SDL_SCANCODE_UNKNOWN && key.key < SDL_NUM_SCANCODES, "bindKey: invalid scancode");
    m_keyBindings.push_back({action, key});
}

void ActionMap::bindButton(Action action, SDL_GameControllerButton button) {
    VOX_ASSERT(button > SDL_CONTROLLER_BUTTON_INVALID && button < SDL_CONTROLLER_BUTTON_MAX,
               "bindButton: invalid gamepad button");
    m_padActions[static_cast<size_t>(button)] |= ActionState::bit(action);
}

void ActionMap::clearBindings(Action action) {
    std::erase_if(m_keyBindings, [action](const Binding& binding) { return binding.action == action; });
    for (uint32_t& actions : m_padActions)
        actions &= ~ActionState::bit(action);
}

void ActionMap::clearKeys(Action action) {
    std::erase_if(m_keyBindings, [action](const Binding& binding) { return binding.action == action; });
}

std::vector<KeyBinding> ActionMap::keysFor(Action action) const {
    std::vector<KeyBinding> keys;
    for (const Binding& binding : m_keyBindings) {
        if (binding.action == action)
            keys.push_back(binding.key);
    }
    return keys;
}

uint32_t ActionMap::actionsForKey(SDL_Scancode key, uint16_t sdlModifiers) const {
    const uint8_t held = modifierBits(sdlModifiers);
    uint32_t actions = 0;
    int bestModifierCount = -1;
    for (const Binding& binding : m_keyBindings) {
        const auto required = static_cast<uint8_t>(binding.key.modifiers);
        if (binding.key.key != key || (required & held) != required)
            continue;
        const int count = std::popcount(required);
        if (count > bestModifierCount) {
            bestModifierCount = count;
            actions = 0;
        }
        if (count == bestModifierCount)
            actions |= ActionState::bit(binding.action);
    }
    return actions;
}

void ActionMap::sourceDown(uint32_t& sourceActions, uint32_t actions) {
    if (sourceActions != 0 || actions == 0)
        return; // already down (a repeat), or bound to nothing
    sourceActions = actions;
    for (int i = 0; i < kActionCount; ++i) {
        if (actions & (1u << i)) {
            if (m_holdCount[i]++ == 0)
                m_pendingPressed |= 1u << i;
        }
    }
}

void ActionMap::sourceUp(uint32_t& sourceActions) {
    for (int i = 0; i < kActionCount; ++i) {
        if ((sourceActions & (1u << i)) && m_holdCount[i] > 0) {
            if (--m_holdCount[i] == 0)
                m_pendingReleased |= 1u << i;
        }
    }
    sourceActions = 0;
}

void ActionMap::stickAxis(int value, int negativeSource, int positiveSource) {
    uint32_t& negative = m_activeByPad[static_cast<size_t>(negativeSource)];
    uint32_t& positive = m_activeByPad[static_cast<size_t>(positiveSource)];
    if (value < -kStickPressThreshold)
        sourceDown(negative, m_padActions[static_cast<size_t>(negativeSource)]);
    else if (value > -kStickReleaseThreshold && negative != 0)
        sourceUp(negative);
    if (value > kStickPressThreshold)
        sourceDown(positive, m_padActions[static_cast<size_t>(positiveSource)]);
    else if (value < kStickReleaseThreshold && positive != 0)
        sourceUp(positive);
}

void ActionMap::handleEvent(const SDL_Event& event) {
    switch (event.type) {
    case SDL_KEYDOWN:
        if (event.key.repeat == 0 && event.key.keysym.scancode < SDL_NUM_SCANCODES) {
            const SDL_Scancode key = event.key.keysym.scancode;
            sourceDown(m_activeByKey[key], actionsForKey(key, event.key.keysym.mod));
        }
        break;
    case SDL_KEYUP:
        if (event.key.keysym.scancode < SDL_NUM_SCANCODES)
            sourceUp(m_activeByKey[event.key.keysym.scancode]);
        break;
    case SDL_CONTROLLERBUTTONDOWN:
        if (event.cbutton.button < SDL_CONTROLLER_BUTTON_MAX)
            sourceDown(m_activeByPad[event.cbutton.button], m_padActions[event.cbutton.button]);
        break;
    case SDL_CONTROLLERBUTTONUP:
        if (event.cbutton.button < SDL_CONTROLLER_BUTTON_MAX)
            sourceUp(m_activeByPad[event.cbutton.button]);
        break;
    case SDL_CONTROLLERAXISMOTION:
        if (event.caxis.axis == SDL_CONTROLLER_AXIS_LEFTX)
            stickAxis(event.caxis.value, kStickLeft, kStickRight);
        else if (event.caxis.axis == SDL_CONTROLLER_AXIS_LEFTY) // SDL's y grows downwards
            stickAxis(event.caxis.value, kStickUp, kStickDown);
        break;
    case SDL_WINDOWEVENT:
        // Key-up events go to whichever window has focus now, so ours would never see them.
        if (event.window.event == SDL_WINDOWEVENT_FOCUS_LOST)
            releaseAll();
        break;
    case SDL_QUIT:
        m_pendingPressed |= ActionState::bit(Action::Quit);
        break;
    default:
        break;
    }
}

ActionState ActionMap::takeStep() {
    uint32_t held = 0;
    for (int i = 0; i < kActionCount; ++i) {
        if (m_holdCount[i] > 0)
            held |= 1u << i;
    }
    ActionState state{m_pendingPressed, held | m_pendingPressed, m_pendingReleased};
    m_pendingPressed = 0;
    m_pendingReleased = 0;
    return state;
}

void ActionMap::releaseAll() {
    for (uint32_t& actions : m_activeByKey)
        sourceUp(actions);
    for (uint32_t& actions : m_activeByPad)
        sourceUp(actions);
}

bool ActionMap::isDown(Action action) const {
    return m_holdCount[static_cast<size_t>(action)] > 0;
}

} // namespace vox
