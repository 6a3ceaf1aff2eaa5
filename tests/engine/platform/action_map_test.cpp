#include "engine/platform/key_events.h"
#include "vox/platform/action_map.h"

#include <gtest/gtest.h>

namespace {

using vox::Action;
using vox::ActionMap;
using vox::ActionState;

SDL_Event key(Uint32 type, SDL_Scancode scancode, Uint16 modifiers = KMOD_NONE, Uint8 repeat = 0) {
    return vox::test::keyEvent(type, scancode, modifiers, repeat);
}
SDL_Event keyDown(SDL_Scancode scancode, Uint16 modifiers = KMOD_NONE) {
    return key(SDL_KEYDOWN, scancode, modifiers);
}
SDL_Event keyUp(SDL_Scancode scancode) {
    return key(SDL_KEYUP, scancode);
}

SDL_Event button(Uint32 type, SDL_GameControllerButton which) {
    SDL_Event event{};
    event.type = type;
    event.cbutton.button = static_cast<Uint8>(which);
    event.cbutton.state = type == SDL_CONTROLLERBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    return event;
}

SDL_Event stick(Sint16 value) {
    SDL_Event event{};
    event.type = SDL_CONTROLLERAXISMOTION;
    event.caxis.axis = SDL_CONTROLLER_AXIS_LEFTX;
    event.caxis.value = value;
    return event;
}

TEST(ActionNames, RoundTrip) {
    for (int i = 0; i < vox::kActionCount; ++i) {
        const auto action = static_cast<Action>(i);
        EXPECT_EQ(vox::actionFromName(vox::actionName(action)), action);
    }
    EXPECT_EQ(vox::actionName(Action::ToggleFullscreen), "ToggleFullscreen");
    EXPECT_FALSE(vox::actionFromName("fire").has_value());
}

TEST(ActionMap, PressHoldReleaseAcrossSteps) {
    ActionMap map = ActionMap::withDefaultBindings();
    map.handleEvent(keyDown(SDL_SCANCODE_SPACE));
    const ActionState first = map.takeStep();
    EXPECT_TRUE(first.pressed(Action::Fire));
    EXPECT_TRUE(first.held(Action::Fire));
    EXPECT_FALSE(first.released(Action::Fire));

    const ActionState second = map.takeStep(); // still down, no new edge
    EXPECT_FALSE(second.pressed(Action::Fire));
    EXPECT_TRUE(second.held(Action::Fire));

    map.handleEvent(keyUp(SDL_SCANCODE_SPACE));
    const ActionState third = map.takeStep();
    EXPECT_FALSE(third.held(Action::Fire));
    EXPECT_TRUE(third.released(Action::Fire));
    EXPECT_EQ(map.takeStep(), ActionState{});
}

TEST(ActionMap, ATapBetweenTwoStepsIsNotLost) {
    ActionMap map = ActionMap::withDefaultBindings();
    map.handleEvent(keyDown(SDL_SCANCODE_LEFT));
    map.handleEvent(keyUp(SDL_SCANCODE_LEFT));
    const ActionState state = map.takeStep();
    EXPECT_TRUE(state.pressed(Action::Left));
    EXPECT_TRUE(state.held(Action::Left));
    EXPECT_TRUE(state.released(Action::Left));
    EXPECT_FALSE(map.takeStep().held(Action::Left));
}

TEST(ActionMap, KeyRepeatIsIgnored) {
    ActionMap map = ActionMap::withDefaultBindings();
    map.handleEvent(keyDown(SDL_SCANCODE_SPACE));
    (void)map.takeStep();
    map.handleEvent(key(SDL_KEYDOWN, SDL_SCANCODE_SPACE, KMOD_NONE, 1));
    EXPECT_FALSE(map.takeStep().pressed(Action::Fire));
}

TEST(ActionMap, TwoKeysForOneActionHoldUntilBothAreUp) {
    ActionMap map = ActionMap::withDefaultBindings();
    map.handleEvent(keyDown(SDL_SCANCODE_LEFT));
    map.handleEvent(keyDown(SDL_SCANCODE_A));
    EXPECT_TRUE(map.takeStep().pressed(Action::Left));
    map.handleEvent(keyUp(SDL_SCANCODE_LEFT));
    ActionState state = map.takeStep();
    EXPECT_TRUE(state.held(Action::Left));
    EXPECT_FALSE(state.released(Action::Left));
    map.handleEvent(keyUp(SDL_SCANCODE_A));
    state = map.takeStep();
    EXPECT_FALSE(state.held(Action::Left));
    EXPECT_TRUE(state.released(Action::Left));
}

TEST(ActionMap, AltEnterTogglesFullscreenWithoutPressingStart) {
    ActionMap map = ActionMap::withDefaultBindings();
    map.handleEvent(keyDown(SDL_SCANCODE_RETURN, KMOD_LALT));
    ActionState state = map.takeStep();
    EXPECT_TRUE(state.pressed(Action::ToggleFullscreen));
    EXPECT_FALSE(state.pressed(Action::Start));
    // Releasing Alt first must still release what the press started.
    map.handleEvent(keyUp(SDL_SCANCODE_RETURN));
    state = map.takeStep();
    EXPECT_TRUE(state.released(Action::ToggleFullscreen));

    map.handleEvent(keyDown(SDL_SCANCODE_RETURN));
    state = map.takeStep();
    EXPECT_TRUE(state.pressed(Action::Start));
    EXPECT_FALSE(state.pressed(Action::ToggleFullscreen));
}

TEST(ActionMap, F11TogglesFullscreen) {
    ActionMap map = ActionMap::withDefaultBindings();
    map.handleEvent(keyDown(SDL_SCANCODE_F11));
    EXPECT_TRUE(map.takeStep().pressed(Action::ToggleFullscreen));
}

TEST(ActionMap, UnboundKeysDoNothing) {
    ActionMap map = ActionMap::withDefaultBindings();
    map.handleEvent(keyDown(SDL_SCANCODE_Y));
    map.handleEvent(keyUp(SDL_SCANCODE_Y));
    EXPECT_EQ(map.takeStep(), ActionState{});
}

TEST(ActionMap, RebindingReplacesTheKeys) {
    ActionMap map = ActionMap::withDefaultBindings();
    map.clearBindings(Action::Fire);
    map.bindKey(Action::Fire, {SDL_SCANCODE_LCTRL});
    ASSERT_EQ(map.keysFor(Action::Fire).size(), 1u);
    map.handleEvent(keyDown(SDL_SCANCODE_SPACE));
    EXPECT_FALSE(map.takeStep().pressed(Action::Fire));
    map.handleEvent(keyDown(SDL_SCANCODE_LCTRL));
    EXPECT_TRUE(map.takeStep().pressed(Action::Fire));
}

TEST(ActionMap, GamepadButtonsAndStick) {
    ActionMap map = ActionMap::withDefaultBindings();
    map.handleEvent(button(SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLER_BUTTON_A));
    EXPECT_TRUE(map.takeStep().pressed(Action::Fire));
    map.handleEvent(button(SDL_CONTROLLERBUTTONUP, SDL_CONTROLLER_BUTTON_A));
    EXPECT_TRUE(map.takeStep().released(Action::Fire));

    map.handleEvent(stick(-30000));
    EXPECT_TRUE(map.takeStep().pressed(Action::Left));
    map.handleEvent(stick(-12000)); // inside the hysteresis band: still held
    EXPECT_TRUE(map.takeStep().held(Action::Left));
    map.handleEvent(stick(30000)); // flicked across: left up, right down
    const ActionState state = map.takeStep();
    EXPECT_TRUE(state.released(Action::Left));
    EXPECT_TRUE(state.pressed(Action::Right));
    map.handleEvent(stick(0));
    EXPECT_TRUE(map.takeStep().released(Action::Right));
}

TEST(ActionMap, LosingFocusReleasesEverything) {
    ActionMap map = ActionMap::withDefaultBindings();
    map.handleEvent(keyDown(SDL_SCANCODE_RIGHT));
    (void)map.takeStep();
    SDL_Event focusLost{};
    focusLost.type = SDL_WINDOWEVENT;
    focusLost.window.event = SDL_WINDOWEVENT_FOCUS_LOST;
    map.handleEvent(focusLost);
    EXPECT_FALSE(map.isDown(Action::Right));
    EXPECT_TRUE(map.takeStep().released(Action::Right));
    // The key-up that arrives later changes nothing.
    map.handleEvent(keyUp(SDL_SCANCODE_RIGHT));
    EXPECT_EQ(map.takeStep(), ActionState{});
}

TEST(ActionMap, QuitEventPressesQuit) {
    ActionMap map;
    SDL_Event quit{};
    quit.type = SDL_QUIT;
    map.handleEvent(quit);
    EXPECT_TRUE(map.takeStep().pressed(Action::Quit));
}

TEST(ActionMap, EventsFromTheSdlQueueAreMapped) {
    // The same path the game uses: push through SDL's queue, poll, map.
    ASSERT_EQ(SDL_InitSubSystem(SDL_INIT_EVENTS), 0) << SDL_GetError();
    ActionMap map = ActionMap::withDefaultBindings();
    SDL_Event down = keyDown(SDL_SCANCODE_P);
    ASSERT_EQ(SDL_PushEvent(&down), 1) << SDL_GetError();
    SDL_Event event;
    while (SDL_PollEvent(&event))
        map.handleEvent(event);
    EXPECT_TRUE(map.takeStep().pressed(Action::Pause));
    SDL_QuitSubSystem(SDL_INIT_EVENTS);
}

} // namespace
