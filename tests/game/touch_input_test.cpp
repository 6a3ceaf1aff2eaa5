// A game played by touch alone, natively: synthetic SDL finger events (SDL_PushEvent, as a touch screen
// sends them) through SDL's queue into `TouchInput` and a live `vox::ActionMap` (the app's loop in
// miniature) drive a `GameFlow`: OK on the title starts a game, a move finger and a fire finger at once
// move the cannon and fire, the pause button pauses, the menu keys' bar moves the selection and BACK resumes.
// Also: the controls show only after a touch and hide at a key press, and a finger belongs to the screen
// it came down on, and a tap cancels the controls screen's wait for a key.
#include "flow_test_support.h"
#include "touch_input.h"
#include "touch_test_support.h"

#include "game_flow.h"
#include "sim/game_assets.h"

#include "vox/platform/action_map.h"

#include <gtest/gtest.h>

namespace invaders {
namespace {

using test::assets;

constexpr vox::PixelSize kWindow{1280, 720};

// The middle of the drawn control of `mode` that holds `action`.
glm::vec2 control(TouchMode mode, Action action) {
    for (const TouchButton& button : touchButtons(mode))
        if (button.action == action)
            return (button.drawn.min + button.drawn.max) * 0.5f;
    ADD_FAILURE() << "no control for action " << static_cast<int>(action);
    return glm::vec2(-1.0f);
}

class TouchScreen : public ::testing::Test {
protected:
    static void SetUpTestSuite() { ASSERT_EQ(SDL_Init(SDL_INIT_EVENTS), 0) << SDL_GetError(); }
    static void TearDownTestSuite() { SDL_Quit(); }

    void SetUp() override {
        SDL_Event stale;
        while (SDL_PollEvent(&stale)) {
        }
    }

    // One finger event into SDL's queue, at `at` (fractions of the window).
    static void finger(Uint32 type, SDL_FingerID id, glm::vec2 at) {
        SDL_Event event = test::fingerEvent(type, id, at);
        ASSERT_EQ(SDL_PushEvent(&event), 1) << SDL_GetError();
    }
    static void key(Uint32 type, SDL_Scancode scancode) {
        SDL_Event event{};
        event.type = type;
        event.key.keysym.scancode = scancode;
        event.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
        ASSERT_EQ(SDL_PushEvent(&event), 1) << SDL_GetError();
    }

    // The app's step (as the runner's): SDL's queue drained into the touch input, the action map and the
    // flow's raw keys and buttons, then one flow step.
    void step(int count = 1) {
        for (int i = 0; i < count; ++i) {
            SDL_Event event;
            while (SDL_PollEvent(&event)) {
                if (touch.handleEvent(event, kWindow, 16.0 / 9.0))
                    continue;
                actions.handleEvent(event);
                if (event.type == SDL_KEYDOWN && event.key.repeat == 0)
                    flow.keyPressed(event.key.keysym.scancode);
                if (event.type == SDL_CONTROLLERBUTTONDOWN)
                    flow.buttonPressed();
            }
            flow.step(touch.step(actions.takeStep(), flow, flow));
            for (const SimEvent& happened : flow.events())
                shotsFired += happened.type == SimEventType::PlayerShotFired ? 1 : 0;
        }
    }
    void tap(glm::vec2 at) {
        finger(SDL_FINGERDOWN, 9, at);
        finger(SDL_FINGERUP, 9, at);
        step();
    }

    GameFlow flow{FlowSettings{}, assets(), HighScoreTable{}};
    TouchInput touch;
    vox::ActionMap actions = defaultActionMap();
    int shotsFired = 0;
};

TEST_F(TouchScreen, AGameStartedMovedFiredAndPausedByTouchAlone) {
    step();
    ASSERT_EQ(flow.screen(), Screen::Title);
    EXPECT_FALSE(TouchInput::visible(flow)) << "no controls before the first touch";

    tap(control(TouchMode::Menu, Action::Confirm)); // OK: the title's 1 PLAYER
    ASSERT_EQ(flow.screen(), Screen::Playing);
    ASSERT_TRUE(flow.session().playerSession());
    EXPECT_TRUE(TouchInput::visible(flow));
    for (int i = 0; i < 600 && flow.simulation()->cannon().phase != CannonPhase::Alive; ++i)
        step();
    ASSERT_EQ(flow.simulation()->cannon().phase, CannonPhase::Alive);
    const int32_t startX = flow.simulation()->cannon().x;
    ASSERT_EQ(shotsFired, 0);

    // Two fingers at once: one holds the right zone, the other the fire zone.
    finger(SDL_FINGERDOWN, 1, control(TouchMode::Play, Action::Right));
    finger(SDL_FINGERDOWN, 2, control(TouchMode::Play, Action::Fire));
    step(40);
    const int32_t rightX = flow.simulation()->cannon().x;
    EXPECT_GT(rightX, startX) << "the right zone moves the cannon right";
    EXPECT_GE(shotsFired, 1) << "the fire zone fires while the other finger moves";
    finger(SDL_FINGERUP, 1, control(TouchMode::Play, Action::Right));
    finger(SDL_FINGERUP, 2, control(TouchMode::Play, Action::Fire));
    step(2);
    const int32_t stoppedX = flow.simulation()->cannon().x;
    step(10);
    EXPECT_EQ(flow.simulation()->cannon().x, stoppedX) << "lifted fingers hold nothing";

    // A move finger that slides from the right zone into the left one turns the cannon round.
    finger(SDL_FINGERDOWN, 3, control(TouchMode::Play, Action::Right));
    step(5);
    finger(SDL_FINGERMOTION, 3, control(TouchMode::Play, Action::Left));
    step(20);
    EXPECT_LT(flow.simulation()->cannon().x, stoppedX + 5) << "sliding left moves it back";
    finger(SDL_FINGERUP, 3, control(TouchMode::Play, Action::Left));
    step();

    tap(control(TouchMode::Play, Action::Pause));
    ASSERT_EQ(flow.screen(), Screen::Paused);
    step(5);
    EXPECT_EQ(flow.screen(), Screen::Paused) << "the finger that paused does not resume";

    // The pause menu by its keys' bar: down, up, then BACK resumes.
    EXPECT_EQ(flow.selectedItem(), "RESUME");
    tap(control(TouchMode::Menu, Action::MenuDown));
    EXPECT_EQ(flow.selectedItem(), "OPTIONS");
    tap(control(TouchMode::Menu, Action::MenuUp));
    EXPECT_EQ(flow.selectedItem(), "RESUME");
    tap(control(TouchMode::Menu, Action::Back));
    EXPECT_EQ(flow.screen(), Screen::Playing);
}

TEST_F(TouchScreen, AFireFingerStillDownWhenTheScreenChangesDoesNothingThere) {
    step();
    tap(control(TouchMode::Menu, Action::Confirm));
    ASSERT_EQ(flow.screen(), Screen::Playing);
    // Fire held, then the pause button: the fire finger, still down, lands on the pause menu's screen.
    finger(SDL_FINGERDOWN, 1, control(TouchMode::Play, Action::Fire));
    step();
    tap(control(TouchMode::Play, Action::Pause));
    ASSERT_EQ(flow.screen(), Screen::Paused);
    // Lifted over where a menu would take a tap: still paused, nothing chosen.
    finger(SDL_FINGERUP, 1, control(TouchMode::Play, Action::Fire));
    step(3);
    EXPECT_EQ(flow.screen(), Screen::Paused);
    EXPECT_EQ(flow.selectedItem(), "RESUME");
}

TEST_F(TouchScreen, TheControlsHideAtAKeyPressAndComeBackAtTheNextTouch) {
    step();
    finger(SDL_FINGERDOWN, 1, {0.5f, 0.5f});
    step();
    EXPECT_TRUE(TouchInput::visible(flow));
    key(SDL_KEYDOWN, SDL_SCANCODE_DOWN);
    step();
    EXPECT_FALSE(TouchInput::visible(flow)) << "a player with a keyboard does not need buttons over the game";
    EXPECT_EQ(flow.selectedItem(), "2 PLAYERS") << "the key still works";
    key(SDL_KEYUP, SDL_SCANCODE_DOWN);
    finger(SDL_FINGERUP, 1, {0.5f, 0.5f});
    step();
    EXPECT_FALSE(TouchInput::visible(flow)) << "a finger lifting is no new touch";
    finger(SDL_FINGERDOWN, 2, {0.5f, 0.5f});
    step();
    EXPECT_TRUE(TouchInput::visible(flow));
}

TEST_F(TouchScreen, TheMenuBarReachesTheControlsScreenAndATapCancelsListeningForAKey) {
    step();
    tap(control(TouchMode::Menu, Action::Back)); // the title's Back: the options
    ASSERT_EQ(flow.screen(), Screen::Options);
    for (int i = 0; i < 20 && flow.selectedItem() != "CONTROLS"; ++i)
        tap(control(TouchMode::Menu, Action::MenuDown));
    ASSERT_EQ(flow.selectedItem(), "CONTROLS");
    tap(control(TouchMode::Menu, Action::Confirm));
    ASSERT_EQ(flow.screen(), Screen::Controls);
    tap(control(TouchMode::Menu, Action::Confirm));
    ASSERT_TRUE(flow.listeningForKey());
    // A touch screen has no key to give: a tap anywhere off the bar cancels, as Esc does.
    tap({0.5f, 0.1f});
    EXPECT_FALSE(flow.listeningForKey());
    EXPECT_EQ(flow.screen(), Screen::Controls);
    EXPECT_EQ(flow.screens().get<ControlsScreen>().note().kind, ControlsNote::Kind::Cancelled);
    EXPECT_EQ(flow.options().keys, defaultKeyBindings());
}

TEST_F(TouchScreen, TapsAreReportedAsAnActionMapReportsKeys) {
    const glm::vec2 down = control(TouchMode::Menu, Action::MenuDown);
    // A tap between two steps: pressed, held and released in one step.
    finger(SDL_FINGERDOWN, 1, down);
    finger(SDL_FINGERUP, 1, down);
    step();
    TouchStep taken = touch.takeStep(Screen::Title);
    EXPECT_EQ(taken.actions, vox::ActionState{}) << "nothing is left for the next step";
    finger(SDL_FINGERDOWN, 1, down);
    finger(SDL_FINGERUP, 1, down);
    SDL_Event event;
    while (SDL_PollEvent(&event))
        (void)touch.handleEvent(event, kWindow, 16.0 / 9.0);
    taken = touch.takeStep(Screen::Title);
    const uint32_t bit = vox::ActionState::bit(Action::MenuDown);
    EXPECT_EQ(taken.actions, (vox::ActionState{bit, bit, bit}));
    // Two taps in two steps in a row are two presses; a finger held over steps is one.
    finger(SDL_FINGERDOWN, 2, down);
    finger(SDL_FINGERUP, 2, down);
    while (SDL_PollEvent(&event))
        (void)touch.handleEvent(event, kWindow, 16.0 / 9.0);
    EXPECT_EQ(touch.takeStep(Screen::Title).actions.pressedBits, bit);
    finger(SDL_FINGERDOWN, 3, down);
    while (SDL_PollEvent(&event))
        (void)touch.handleEvent(event, kWindow, 16.0 / 9.0);
    EXPECT_EQ(touch.takeStep(Screen::Title).actions, (vox::ActionState{bit, bit, 0}));
    EXPECT_EQ(touch.takeStep(Screen::Title).actions, (vox::ActionState{0, bit, 0}));
    finger(SDL_FINGERUP, 3, down);
    while (SDL_PollEvent(&event))
        (void)touch.handleEvent(event, kWindow, 16.0 / 9.0);
    EXPECT_EQ(touch.takeStep(Screen::Title).actions, (vox::ActionState{0, bit, bit}));
    EXPECT_EQ(touch.takeStep(Screen::Title).actions, vox::ActionState{});
}

TEST_F(TouchScreen, MouseEventsSdlMadeFromATouchAreNotHandledTwice) {
    SDL_Event click{};
    click.type = SDL_MOUSEBUTTONDOWN;
    click.button.which = SDL_TOUCH_MOUSEID;
    EXPECT_TRUE(touch.handleEvent(click, kWindow, 16.0 / 9.0));
    click.button.which = 0;
    EXPECT_FALSE(touch.handleEvent(click, kWindow, 16.0 / 9.0));
}

} // namespace
} // namespace invaders
