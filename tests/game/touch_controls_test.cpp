// The on-screen controls as pure functions of the fingers: the move zones (and sliding between them), the
// fire zone, the pause button, two fingers at once, the menu keys' bar, taps and drags, and the letterbox.
#include "touch_controls.h"

#include <gtest/gtest.h>

#include <vector>

namespace invaders {
namespace {

using vox::ActionState;

vox::Finger fingerAt(glm::vec2 start, glm::vec2 position, bool ended = false) {
    vox::Finger finger;
    finger.start = start;
    finger.position = position;
    finger.ended = ended;
    return finger;
}
vox::Finger fingerAt(glm::vec2 at, bool ended = false) {
    return fingerAt(at, at, ended);
}

uint32_t bits(std::initializer_list<Action> actions) {
    uint32_t result = 0;
    for (Action action : actions)
        result |= ActionState::bit(action);
    return result;
}

TEST(TouchControls, OnlyAGameInPlayGetsThePlayControls) {
    EXPECT_EQ(touchModeFor(Screen::Playing), TouchMode::Play);
    for (Screen screen :
         {Screen::Title, Screen::Paused, Screen::Demo, Screen::EnterInitials, Screen::Options})
        EXPECT_EQ(touchModeFor(screen), TouchMode::Menu) << static_cast<int>(screen);
}

TEST(TouchControls, TheLeftHalfMovesTheRightHalfFires) {
    const std::vector<vox::Finger> left{fingerAt({0.1f, 0.8f})};
    EXPECT_EQ(readFingers(left, TouchMode::Play).heldBits, bits({Action::Left}));
    const std::vector<vox::Finger> right{fingerAt({0.4f, 0.5f})};
    EXPECT_EQ(readFingers(right, TouchMode::Play).heldBits, bits({Action::Right}));
    const std::vector<vox::Finger> fire{fingerAt({0.7f, 0.6f})};
    EXPECT_EQ(readFingers(fire, TouchMode::Play).heldBits, bits({Action::Fire}));
    const std::vector<vox::Finger> pause{fingerAt({0.93f, 0.17f})};
    EXPECT_EQ(readFingers(pause, TouchMode::Play).heldBits, bits({Action::Pause}));
    const std::vector<vox::Finger> hud{fingerAt({0.3f, 0.05f})};
    EXPECT_EQ(readFingers(hud, TouchMode::Play).heldBits, 0u) << "the HUD's line is no control";
    EXPECT_FALSE(readFingers(hud, TouchMode::Play).tap) << "no taps in a game";
}

TEST(TouchControls, TwoFingersMoveAndFireAtOnce) {
    const std::vector<vox::Finger> fingers{fingerAt({0.4f, 0.8f}), fingerAt({0.9f, 0.8f})};
    EXPECT_EQ(readFingers(fingers, TouchMode::Play).heldBits, bits({Action::Right, Action::Fire}));
}

TEST(TouchControls, AMoveFingerFollowsWhereItIsNowAndKeepsItsRoleOffItsZone) {
    // Came down on the left, slid right: Right; slid further, over the fire zone: still moving, not firing.
    const std::vector<vox::Finger> slid{fingerAt({0.1f, 0.8f}, {0.3f, 0.8f})};
    EXPECT_EQ(readFingers(slid, TouchMode::Play).heldBits, bits({Action::Right}));
    const std::vector<vox::Finger> far{fingerAt({0.1f, 0.8f}, {0.8f, 0.2f})};
    EXPECT_EQ(readFingers(far, TouchMode::Play).heldBits, bits({Action::Right}));
    // Came down on the fire zone and wandered into the move zone: still firing.
    const std::vector<vox::Finger> fire{fingerAt({0.8f, 0.8f}, {0.1f, 0.8f})};
    EXPECT_EQ(readFingers(fire, TouchMode::Play).heldBits, bits({Action::Fire}));
}

TEST(TouchControls, TheDrawnControlsLieInsideTheirZones) {
    for (TouchMode mode : {TouchMode::Play, TouchMode::Menu}) {
        for (const TouchButton& button : touchButtons(mode)) {
            SCOPED_TRACE(button.label);
            EXPECT_TRUE(button.zone.contains(button.drawn.min));
            EXPECT_TRUE(button.zone.contains((button.drawn.min + button.drawn.max) * 0.5f));
            EXPECT_LE(button.drawn.max.x, button.zone.max.x);
            EXPECT_LE(button.drawn.max.y, button.zone.max.y);
            // A finger at the middle of what is drawn holds that button's action.
            const std::vector<vox::Finger> finger{fingerAt((button.drawn.min + button.drawn.max) * 0.5f)};
            EXPECT_EQ(readFingers(finger, mode).heldBits, ActionState::bit(button.action));
        }
    }
}

TEST(TouchControls, MenusGetTheirKeysFromTheBarAndTapsFromEverywhereElse) {
    for (const TouchButton& button : touchButtons(TouchMode::Menu)) {
        const std::vector<vox::Finger> down{fingerAt((button.drawn.min + button.drawn.max) * 0.5f)};
        const TouchRequest request = readFingers(down, TouchMode::Menu);
        EXPECT_EQ(request.heldBits, ActionState::bit(button.action)) << button.label;
        EXPECT_FALSE(request.tap) << "a key of the bar is no tap for the rows";
    }
    // A finger on the menu: nothing while down, a tap where it came down when it lifts.
    const std::vector<vox::Finger> down{fingerAt({0.5f, 0.5f}, {0.51f, 0.5f})};
    EXPECT_FALSE(readFingers(down, TouchMode::Menu).tap);
    const std::vector<vox::Finger> lifted{fingerAt({0.5f, 0.5f}, {0.51f, 0.5f}, true)};
    const TouchRequest tap = readFingers(lifted, TouchMode::Menu);
    ASSERT_TRUE(tap.tap);
    EXPECT_EQ(*tap.tap, glm::vec2(0.5f, 0.5f));
    EXPECT_EQ(tap.heldBits, 0u);
    // A drag (further than the slop) is no tap.
    const std::vector<vox::Finger> dragged{fingerAt({0.5f, 0.5f}, {0.5f, 0.5f + 2.0f * kTapSlop}, true)};
    EXPECT_FALSE(readFingers(dragged, TouchMode::Menu).tap);
}

TEST(TouchControls, FingersThatCameDownOrAreStillDownAreToldApart) {
    vox::Finger fire = fingerAt({0.8f, 0.8f});
    fire.began = true;
    vox::Finger left = fingerAt({0.05f, 0.8f}, true); // lifting this step
    const std::vector<vox::Finger> fingers{fire, left};
    const TouchRequest request = readFingers(fingers, TouchMode::Play);
    EXPECT_EQ(request.heldBits, bits({Action::Fire, Action::Left}));
    EXPECT_EQ(request.beganBits, bits({Action::Fire}));
    EXPECT_EQ(request.stillBits, bits({Action::Fire}));
}

TEST(TouchControls, WindowFractionsThroughTheLetterbox) {
    // A square 1000 x 1000 window showing a 2:1 screen: bars of 250 pixels above and below it.
    const vox::Viewport viewport = vox::letterboxViewport(1000, 1000, 2.0);
    ASSERT_EQ(viewport, (vox::Viewport{0, 250, 1000, 500}));
    EXPECT_EQ(toScreenFraction({0.5f, 0.25f}, 1000, 1000, viewport), glm::vec2(0.5f, 0.0f));
    EXPECT_EQ(toScreenFraction({0.25f, 0.75f}, 1000, 1000, viewport), glm::vec2(0.25f, 1.0f));
    EXPECT_LT(toScreenFraction({0.5f, 0.1f}, 1000, 1000, viewport).y, 0.0f) << "on the bar: off the screen";
    // Side bars: a 2000 x 500 window showing a 2:1 screen.
    const vox::Viewport wide = vox::letterboxViewport(2000, 500, 2.0);
    EXPECT_EQ(toScreenFraction({0.5f, 0.5f}, 2000, 500, wide), glm::vec2(0.5f, 0.5f));
    EXPECT_EQ(toScreenFraction({0.25f, 0.0f}, 2000, 500, wide), glm::vec2(0.0f, 0.0f));
}

} // namespace
} // namespace invaders
