// TouchState: SDL finger events in, fingers with ids, positions and began/ended edges out, per step; quick
// taps between steps kept, focus loss ends every finger, and the mouse events SDL makes from touches claimed.
#include "vox/platform/touch_state.h"

#include <gtest/gtest.h>

namespace {

using vox::TouchState;

SDL_Event finger(Uint32 type, SDL_FingerID id, float x, float y, SDL_TouchID device = 1) {
    SDL_Event event{};
    event.type = type;
    event.tfinger.touchId = device;
    event.tfinger.fingerId = id;
    event.tfinger.x = x;
    event.tfinger.y = y;
    return event;
}

TEST(TouchState, AFingerBeginsMovesAndEnds) {
    TouchState touch;
    EXPECT_FALSE(touch.everTouched());
    EXPECT_TRUE(touch.handleEvent(finger(SDL_FINGERDOWN, 7, 0.25f, 0.75f)));
    ASSERT_EQ(touch.fingers().size(), 1u);
    EXPECT_TRUE(touch.everTouched());
    EXPECT_TRUE(touch.fingers()[0].began);
    EXPECT_FALSE(touch.fingers()[0].ended);
    EXPECT_EQ(touch.fingers()[0].id, 7);
    touch.endStep();
    ASSERT_EQ(touch.fingers().size(), 1u) << "a finger still down stays after the step";
    EXPECT_FALSE(touch.fingers()[0].began) << "began is an edge of one step";

    EXPECT_TRUE(touch.handleEvent(finger(SDL_FINGERMOTION, 7, 0.5f, 0.5f)));
    EXPECT_EQ(touch.fingers()[0].position.x, 0.5f);
    EXPECT_EQ(touch.fingers()[0].start.x, 0.25f) << "start stays where it came down";
    touch.endStep();

    EXPECT_TRUE(touch.handleEvent(finger(SDL_FINGERUP, 7, 0.6f, 0.5f)));
    ASSERT_EQ(touch.fingers().size(), 1u) << "an ended finger is reported for the step it ended in";
    EXPECT_TRUE(touch.fingers()[0].ended);
    EXPECT_EQ(touch.fingers()[0].position.x, 0.6f);
    touch.endStep();
    EXPECT_TRUE(touch.fingers().empty());
}

TEST(TouchState, ATapBetweenTwoStepsIsReportedOnce) {
    TouchState touch;
    touch.handleEvent(finger(SDL_FINGERDOWN, 1, 0.9f, 0.9f));
    touch.handleEvent(finger(SDL_FINGERUP, 1, 0.9f, 0.9f));
    ASSERT_EQ(touch.fingers().size(), 1u);
    EXPECT_TRUE(touch.fingers()[0].began);
    EXPECT_TRUE(touch.fingers()[0].ended);
    touch.endStep();
    EXPECT_TRUE(touch.fingers().empty());
}

TEST(TouchState, TwoFingersAreTwoEntriesAndAnIdMayBeReused) {
    TouchState touch;
    touch.handleEvent(finger(SDL_FINGERDOWN, 1, 0.1f, 0.8f));
    touch.handleEvent(finger(SDL_FINGERDOWN, 2, 0.9f, 0.8f));
    touch.handleEvent(finger(SDL_FINGERDOWN, 1, 0.2f, 0.8f, 2)); // same finger id on another device
    ASSERT_EQ(touch.fingers().size(), 3u);
    touch.handleEvent(finger(SDL_FINGERMOTION, 2, 0.8f, 0.7f));
    EXPECT_EQ(touch.fingers()[0].position.x, 0.1f) << "motion moves only its own finger";
    EXPECT_EQ(touch.fingers()[1].position.x, 0.8f);
    EXPECT_EQ(touch.fingers()[2].position.x, 0.2f);
    // Finger 1 lifts and a new finger 1 comes down before the step: two fingers, the old one ended.
    touch.handleEvent(finger(SDL_FINGERUP, 1, 0.1f, 0.8f));
    touch.handleEvent(finger(SDL_FINGERDOWN, 1, 0.5f, 0.5f));
    ASSERT_EQ(touch.fingers().size(), 4u);
    EXPECT_TRUE(touch.fingers()[0].ended);
    EXPECT_TRUE(touch.fingers()[3].began);
    EXPECT_FALSE(touch.fingers()[3].ended);
    touch.endStep();
    ASSERT_EQ(touch.fingers().size(), 3u);
    EXPECT_EQ(touch.fingers()[2].position.x, 0.5f);
}

TEST(TouchState, LosingFocusEndsEveryFingerAndTheirLiftsAreNoNewTaps) {
    TouchState touch;
    touch.handleEvent(finger(SDL_FINGERDOWN, 1, 0.1f, 0.8f));
    touch.handleEvent(finger(SDL_FINGERDOWN, 2, 0.9f, 0.8f));
    touch.endStep();
    SDL_Event focus{};
    focus.type = SDL_WINDOWEVENT;
    focus.window.event = SDL_WINDOWEVENT_FOCUS_LOST;
    EXPECT_FALSE(touch.handleEvent(focus));
    ASSERT_EQ(touch.fingers().size(), 2u);
    EXPECT_TRUE(touch.fingers()[0].ended && touch.fingers()[1].ended);
    touch.endStep();
    EXPECT_TRUE(touch.handleEvent(finger(SDL_FINGERMOTION, 1, 0.2f, 0.8f)));
    EXPECT_TRUE(touch.handleEvent(finger(SDL_FINGERUP, 2, 0.9f, 0.8f)));
    EXPECT_TRUE(touch.fingers().empty()) << "a finger that was ended by focus loss does not come back";
}

TEST(TouchState, MouseEventsMadeFromTouchesAreClaimedRealOnesAreNot) {
    TouchState touch;
    SDL_Event click{};
    click.type = SDL_MOUSEBUTTONDOWN;
    click.button.which = SDL_TOUCH_MOUSEID;
    EXPECT_TRUE(touch.handleEvent(click)) << "SDL's copy of a tap: handled once, as the touch";
    click.button.which = 0;
    EXPECT_FALSE(touch.handleEvent(click)) << "a real mouse's click";
    SDL_Event motion{};
    motion.type = SDL_MOUSEMOTION;
    motion.motion.which = SDL_TOUCH_MOUSEID;
    EXPECT_TRUE(touch.handleEvent(motion));
    SDL_Event key{};
    key.type = SDL_KEYDOWN;
    EXPECT_FALSE(touch.handleEvent(key));
    EXPECT_TRUE(touch.fingers().empty());
    EXPECT_FALSE(touch.everTouched()) << "mouse events are no touch";
}

} // namespace
