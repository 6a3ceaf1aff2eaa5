// The game's actions: their names in settings files, and the default keys and buttons (actions.h).
#include "actions.h"

#include "engine/platform/key_events.h"

#include <gtest/gtest.h>

namespace invaders {
namespace {

SDL_Event keyDown(SDL_Scancode scancode, Uint16 modifiers = KMOD_NONE) {
    return vox::test::keyEvent(SDL_KEYDOWN, scancode, modifiers);
}

TEST(ActionNames, RoundTrip) {
    for (int i = 0; i < kActionCount; ++i) {
        const auto action = static_cast<Action>(i);
        EXPECT_EQ(actionFromName(actionName(action)), action);
    }
    EXPECT_EQ(actionName(Action::ToggleFullscreen), "ToggleFullscreen");
    EXPECT_EQ(actionName(Action::Fire), "Fire");
    EXPECT_FALSE(actionFromName("fire").has_value());
}

TEST(DefaultActionMap, SpaceFiresAndConfirms) {
    vox::ActionMap map = defaultActionMap();
    const vox::ActionState state = vox::test::tapKey(map, SDL_SCANCODE_SPACE);
    EXPECT_TRUE(state.pressed(Action::Fire));
    EXPECT_TRUE(state.pressed(Action::Confirm));
    EXPECT_EQ(state.pressedBits,
              vox::ActionState::bit(Action::Fire) | vox::ActionState::bit(Action::Confirm));
}

TEST(DefaultActionMap, AltEnterTogglesFullscreenWithoutPressingStart) {
    vox::ActionMap map = defaultActionMap();
    map.handleEvent(keyDown(SDL_SCANCODE_RETURN, KMOD_LALT));
    vox::ActionState state = map.takeStep();
    EXPECT_TRUE(state.pressed(Action::ToggleFullscreen));
    EXPECT_FALSE(state.pressed(Action::Start));
    map.handleEvent(vox::test::keyEvent(SDL_KEYUP, SDL_SCANCODE_RETURN));
    (void)map.takeStep();

    state = vox::test::tapKey(map, SDL_SCANCODE_RETURN);
    EXPECT_TRUE(state.pressed(Action::Start));
    EXPECT_TRUE(state.pressed(Action::Confirm));
    EXPECT_FALSE(state.pressed(Action::ToggleFullscreen));
}

TEST(DefaultActionMap, F11TogglesFullscreenAndEscapePausesOrGoesBack) {
    vox::ActionMap map = defaultActionMap();
    EXPECT_TRUE(vox::test::tapKey(map, SDL_SCANCODE_F11).pressed(Action::ToggleFullscreen));
    const vox::ActionState escape = vox::test::tapKey(map, SDL_SCANCODE_ESCAPE);
    EXPECT_TRUE(escape.pressed(Action::Pause));
    EXPECT_TRUE(escape.pressed(Action::Back));
}

TEST(DefaultActionMap, PageUpAndPageDownAreTheMenusBigSteps) {
    vox::ActionMap map = defaultActionMap();
    EXPECT_TRUE(vox::test::tapKey(map, SDL_SCANCODE_PAGEUP).pressed(Action::MenuPageUp));
    const vox::ActionState down = vox::test::tapKey(map, SDL_SCANCODE_PAGEDOWN);
    EXPECT_TRUE(down.pressed(Action::MenuPageDown));
    EXPECT_FALSE(down.pressed(Action::MenuPageUp) || down.pressed(Action::MenuDown));
    SDL_Event event{};
    event.type = SDL_CONTROLLERBUTTONDOWN;
    event.cbutton.button = SDL_CONTROLLER_BUTTON_RIGHTSHOULDER;
    map.handleEvent(event);
    EXPECT_TRUE(map.takeStep().pressed(Action::MenuPageDown)) << "RB";
}

TEST(DefaultActionMap, TheLeftStickMovesAndNavigates) {
    vox::ActionMap map = defaultActionMap();
    SDL_Event event{};
    event.type = SDL_CONTROLLERAXISMOTION;
    event.caxis.axis = SDL_CONTROLLER_AXIS_LEFTX;
    event.caxis.value = -30000;
    map.handleEvent(event);
    const vox::ActionState state = map.takeStep();
    EXPECT_TRUE(state.pressed(Action::Left));
    EXPECT_TRUE(state.pressed(Action::MenuLeft));
    EXPECT_FALSE(state.pressed(Action::Right));
}

TEST(DefaultActionMap, ClosingTheWindowPressesQuit) {
    vox::ActionMap map = defaultActionMap();
    SDL_Event quit{};
    quit.type = SDL_QUIT;
    map.handleEvent(quit);
    const vox::ActionState state = map.takeStep();
    EXPECT_TRUE(state.pressed(Action::Quit));
    EXPECT_EQ(state.pressedBits, vox::ActionState::bit(Action::Quit));
}

} // namespace
} // namespace invaders
