// ActionMap: SDL events in, one ActionState per step out, for actions a game numbers itself (here a test
// enum): edges kept between steps, repeats ignored, modifiers, gamepads, focus loss and quit requests.
#include "engine/platform/key_events.h"
#include "vox/platform/action_map.h"

#include <gtest/gtest.h>

namespace {

using vox::ActionMap;
using vox::ActionState;

// A game's own actions, as a game numbers them.
enum class TestAction : uint8_t { Left, Right, Jump, Select, Toggle, Close, Up };

// Left: Left arrow, A, d-pad left, stick left; Right: Right arrow, stick right; Jump: Space, pad A;
// Select: Return; Toggle: F11, Alt+Return; Up: stick up; Close: a quit request.
ActionMap testMap() {
    ActionMap map;
    map.bindKey(TestAction::Left, {SDL_SCANCODE_LEFT});
    map.bindKey(TestAction::Left, {SDL_SCANCODE_A});
    map.bindButton(TestAction::Left, SDL_CONTROLLER_BUTTON_DPAD_LEFT);
    map.bindStick(TestAction::Left, vox::StickDirection::Left);
    map.bindKey(TestAction::Right, {SDL_SCANCODE_RIGHT});
    map.bindStick(TestAction::Right, vox::StickDirection::Right);
    map.bindKey(TestAction::Jump, {SDL_SCANCODE_SPACE});
    map.bindButton(TestAction::Jump, SDL_CONTROLLER_BUTTON_A);
    map.bindKey(TestAction::Select, {SDL_SCANCODE_RETURN});
    map.bindKey(TestAction::Toggle, {SDL_SCANCODE_F11});
    map.bindKey(TestAction::Toggle, {SDL_SCANCODE_RETURN, vox::KeyModifiers::Alt});
    map.bindStick(TestAction::Up, vox::StickDirection::Up);
    map.bindQuitRequest(TestAction::Close);
    return map;
}

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

SDL_Event stick(Sint16 value, SDL_GameControllerAxis axis = SDL_CONTROLLER_AXIS_LEFTX) {
    SDL_Event event{};
    event.type = SDL_CONTROLLERAXISMOTION;
    event.caxis.axis = static_cast<Uint8>(axis);
    event.caxis.value = value;
    return event;
}

SDL_Event quitRequest() {
    SDL_Event quit{};
    quit.type = SDL_QUIT;
    return quit;
}

TEST(ActionId, AGamesEnumValueIsItsNumber) {
    EXPECT_EQ(vox::ActionId(TestAction::Select).index, 3);
    EXPECT_EQ(vox::ActionId(TestAction::Select), vox::ActionId(3));
    EXPECT_EQ(ActionState::bit(TestAction::Select), 1u << 3);
    EXPECT_EQ(ActionState::bit(vox::ActionId(vox::kMaxActions - 1)), 0x80000000u);
}

TEST(ActionMap, PressHoldReleaseAcrossSteps) {
    ActionMap map = testMap();
    map.handleEvent(keyDown(SDL_SCANCODE_SPACE));
    const ActionState first = map.takeStep();
    EXPECT_TRUE(first.pressed(TestAction::Jump));
    EXPECT_TRUE(first.held(TestAction::Jump));
    EXPECT_FALSE(first.released(TestAction::Jump));

    const ActionState second = map.takeStep(); // still down, no new edge
    EXPECT_FALSE(second.pressed(TestAction::Jump));
    EXPECT_TRUE(second.held(TestAction::Jump));

    map.handleEvent(keyUp(SDL_SCANCODE_SPACE));
    const ActionState third = map.takeStep();
    EXPECT_FALSE(third.held(TestAction::Jump));
    EXPECT_TRUE(third.released(TestAction::Jump));
    EXPECT_EQ(map.takeStep(), ActionState{});
}

TEST(ActionMap, ATapBetweenTwoStepsIsNotLost) {
    ActionMap map = testMap();
    map.handleEvent(keyDown(SDL_SCANCODE_LEFT));
    map.handleEvent(keyUp(SDL_SCANCODE_LEFT));
    const ActionState state = map.takeStep();
    EXPECT_TRUE(state.pressed(TestAction::Left));
    EXPECT_TRUE(state.held(TestAction::Left));
    EXPECT_TRUE(state.released(TestAction::Left));
    EXPECT_FALSE(map.takeStep().held(TestAction::Left));
}

TEST(ActionMap, KeyRepeatIsIgnored) {
    ActionMap map = testMap();
    map.handleEvent(keyDown(SDL_SCANCODE_SPACE));
    (void)map.takeStep();
    map.handleEvent(key(SDL_KEYDOWN, SDL_SCANCODE_SPACE, KMOD_NONE, 1));
    EXPECT_FALSE(map.takeStep().pressed(TestAction::Jump));
}

TEST(ActionMap, TwoKeysForOneActionHoldUntilBothAreUp) {
    ActionMap map = testMap();
    map.handleEvent(keyDown(SDL_SCANCODE_LEFT));
    map.handleEvent(keyDown(SDL_SCANCODE_A));
    EXPECT_TRUE(map.takeStep().pressed(TestAction::Left));
    map.handleEvent(keyUp(SDL_SCANCODE_LEFT));
    ActionState state = map.takeStep();
    EXPECT_TRUE(state.held(TestAction::Left));
    EXPECT_FALSE(state.released(TestAction::Left));
    map.handleEvent(keyUp(SDL_SCANCODE_A));
    state = map.takeStep();
    EXPECT_FALSE(state.held(TestAction::Left));
    EXPECT_TRUE(state.released(TestAction::Left));
}

TEST(ActionMap, AModifiedBindingTriggersWithoutThePlainOne) {
    ActionMap map = testMap();
    map.handleEvent(keyDown(SDL_SCANCODE_RETURN, KMOD_LALT));
    ActionState state = map.takeStep();
    EXPECT_TRUE(state.pressed(TestAction::Toggle));
    EXPECT_FALSE(state.pressed(TestAction::Select));
    // Releasing Alt first must still release what the press started.
    map.handleEvent(keyUp(SDL_SCANCODE_RETURN));
    state = map.takeStep();
    EXPECT_TRUE(state.released(TestAction::Toggle));

    map.handleEvent(keyDown(SDL_SCANCODE_RETURN));
    state = map.takeStep();
    EXPECT_TRUE(state.pressed(TestAction::Select));
    EXPECT_FALSE(state.pressed(TestAction::Toggle));
}

TEST(ActionMap, UnboundKeysDoNothing) {
    ActionMap map = testMap();
    map.handleEvent(keyDown(SDL_SCANCODE_Y));
    map.handleEvent(keyUp(SDL_SCANCODE_Y));
    EXPECT_EQ(map.takeStep(), ActionState{});
}

TEST(ActionMap, RebindingReplacesTheKeys) {
    ActionMap map = testMap();
    map.clearBindings(TestAction::Jump);
    map.bindKey(TestAction::Jump, {SDL_SCANCODE_LCTRL});
    ASSERT_EQ(map.keysFor(TestAction::Jump).size(), 1u);
    map.handleEvent(keyDown(SDL_SCANCODE_SPACE));
    EXPECT_FALSE(map.takeStep().pressed(TestAction::Jump));
    map.handleEvent(keyDown(SDL_SCANCODE_LCTRL));
    EXPECT_TRUE(map.takeStep().pressed(TestAction::Jump));
}

TEST(ActionMap, ClearingKeysKeepsTheGamepad) {
    ActionMap map = testMap();
    map.clearKeys(TestAction::Jump);
    EXPECT_TRUE(map.keysFor(TestAction::Jump).empty());
    map.handleEvent(button(SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLER_BUTTON_A));
    EXPECT_TRUE(map.takeStep().pressed(TestAction::Jump));
}

TEST(ActionMap, GamepadButtonsAndStick) {
    ActionMap map = testMap();
    map.handleEvent(button(SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLER_BUTTON_A));
    EXPECT_TRUE(map.takeStep().pressed(TestAction::Jump));
    map.handleEvent(button(SDL_CONTROLLERBUTTONUP, SDL_CONTROLLER_BUTTON_A));
    EXPECT_TRUE(map.takeStep().released(TestAction::Jump));

    map.handleEvent(stick(-30000));
    EXPECT_TRUE(map.takeStep().pressed(TestAction::Left));
    map.handleEvent(stick(-12000)); // inside the hysteresis band: still held
    EXPECT_TRUE(map.takeStep().held(TestAction::Left));
    map.handleEvent(stick(30000)); // flicked across: left up, right down
    const ActionState state = map.takeStep();
    EXPECT_TRUE(state.released(TestAction::Left));
    EXPECT_TRUE(state.pressed(TestAction::Right));
    map.handleEvent(stick(0));
    EXPECT_TRUE(map.takeStep().released(TestAction::Right));

    map.handleEvent(stick(-30000, SDL_CONTROLLER_AXIS_LEFTY)); // SDL's y grows downwards
    EXPECT_TRUE(map.takeStep().pressed(TestAction::Up));
}

TEST(ActionMap, LosingFocusReleasesEverything) {
    ActionMap map = testMap();
    map.handleEvent(keyDown(SDL_SCANCODE_RIGHT));
    (void)map.takeStep();
    SDL_Event focusLost{};
    focusLost.type = SDL_WINDOWEVENT;
    focusLost.window.event = SDL_WINDOWEVENT_FOCUS_LOST;
    map.handleEvent(focusLost);
    EXPECT_FALSE(map.isDown(TestAction::Right));
    EXPECT_TRUE(map.takeStep().released(TestAction::Right));
    // The key-up that arrives later changes nothing.
    map.handleEvent(keyUp(SDL_SCANCODE_RIGHT));
    EXPECT_EQ(map.takeStep(), ActionState{});
}

TEST(ActionMap, AQuitRequestPressesTheActionBoundToIt) {
    ActionMap map = testMap();
    map.handleEvent(quitRequest());
    const ActionState state = map.takeStep();
    EXPECT_TRUE(state.pressed(TestAction::Close));
    EXPECT_EQ(state.pressedBits, ActionState::bit(TestAction::Close));
    EXPECT_FALSE(map.takeStep().held(TestAction::Close));
}

TEST(ActionMap, AQuitRequestBoundToNothingIsIgnored) {
    ActionMap map;
    map.handleEvent(quitRequest());
    EXPECT_EQ(map.takeStep(), ActionState{});
    ActionMap cleared = testMap();
    cleared.clearBindings(TestAction::Close);
    cleared.handleEvent(quitRequest());
    EXPECT_EQ(cleared.takeStep(), ActionState{});
}

TEST(ActionMap, TheHighestActionNumberWorks) {
    ActionMap map;
    const vox::ActionId last(vox::kMaxActions - 1);
    map.bindKey(last, {SDL_SCANCODE_Q});
    map.handleEvent(keyDown(SDL_SCANCODE_Q));
    EXPECT_TRUE(map.isDown(last));
    EXPECT_EQ(map.takeStep().pressedBits, ActionState::bit(last));
}

TEST(ActionMap, EventsFromTheSdlQueueAreMapped) {
    // The same path a game uses: push through SDL's queue, poll, map.
    ASSERT_EQ(SDL_InitSubSystem(SDL_INIT_EVENTS), 0) << SDL_GetError();
    ActionMap map = testMap();
    SDL_Event down = keyDown(SDL_SCANCODE_SPACE);
    ASSERT_EQ(SDL_PushEvent(&down), 1) << SDL_GetError();
    SDL_Event event;
    while (SDL_PollEvent(&event))
        map.handleEvent(event);
    EXPECT_TRUE(map.takeStep().pressed(TestAction::Jump));
    SDL_QuitSubSystem(SDL_INIT_EVENTS);
}

} // namespace
