// Menu input: the same meaning from the fixed menu keys and the bound play keys, conflicts resolved by the
// fixed meaning, and hold-to-repeat.
#include "ui/nav_input.h"

#include "actions.h"

#include <gtest/gtest.h>

namespace invaders::ui {
namespace {

using vox::ActionState;

ActionState pressed(std::initializer_list<Action> actions) {
    ActionState state;
    for (Action action : actions)
        state.pressedBits |= ActionState::bit(action);
    state.heldBits = state.pressedBits;
    return state;
}

ActionState held(Action action) {
    ActionState state;
    state.heldBits = ActionState::bit(action);
    return state;
}

TEST(NavInput, FixedAndBoundKeysMeanTheSame) {
    NavReader reader;
    EXPECT_TRUE(reader.read(pressed({Action::MenuUp})).up);
    EXPECT_TRUE(reader.read(pressed({Action::MenuDown})).down);
    EXPECT_TRUE(reader.read(pressed({Action::Left})).left) << "a rebound Move left changes values too";
    EXPECT_TRUE(reader.read(pressed({Action::MenuRight})).right);
    EXPECT_TRUE(reader.read(pressed({Action::Fire})).confirm);
    EXPECT_TRUE(reader.read(pressed({Action::Start})).confirm);
    EXPECT_TRUE(reader.read(pressed({Action::Pause})).back);
    EXPECT_TRUE(reader.read(pressed({Action::Back})).back);
    EXPECT_FALSE(reader.read({}).any());
}

TEST(NavInput, AGamepadStartConfirmsAndAKeyMeaningBothKeepsItsFixedMeaning) {
    NavReader reader;
    const NavInput start = reader.read(pressed({Action::Start, Action::Pause, Action::Confirm}));
    EXPECT_TRUE(start.confirm);
    EXPECT_FALSE(start.back);
    const NavInput backspaceAsFire = reader.read(pressed({Action::Back, Action::Fire}));
    EXPECT_TRUE(backspaceAsFire.back);
    EXPECT_FALSE(backspaceAsFire.confirm);
    const NavInput enterAsPause = reader.read(pressed({Action::Confirm, Action::Pause}));
    EXPECT_TRUE(enterAsPause.confirm);
    EXPECT_FALSE(enterAsPause.back);
}

TEST(NavInput, AHeldDirectionRepeatsAfterADelay) {
    NavReader reader;
    int fired = reader.read(pressed({Action::MenuDown})).down ? 1 : 0;
    int steps = 1;
    for (; steps < kRepeatDelay; ++steps)
        fired += reader.read(held(Action::MenuDown)).down ? 1 : 0;
    EXPECT_EQ(fired, 1) << "no repeat before the delay";
    for (int i = 0; i < 3 * kRepeatInterval; ++i)
        fired += reader.read(held(Action::MenuDown)).down ? 1 : 0;
    EXPECT_EQ(fired, 4) << "then one every kRepeatInterval steps";
    EXPECT_FALSE(reader.read({}).down);
    EXPECT_TRUE(reader.read(pressed({Action::MenuDown})).down) << "released and pressed again";
    EXPECT_FALSE(reader.read(held(Action::MenuDown)).down) << "the repeat counter started over";
}

// Page Up/Down (LB/RB): a big step each press, repeating when held like the directions.
TEST(NavInput, PageUpAndDownFireOnAPressAndRepeatWhenHeld) {
    NavReader reader;
    EXPECT_TRUE(reader.read(pressed({Action::MenuPageUp})).pageUp);
    EXPECT_FALSE(reader.read(held(Action::MenuPageUp)).pageUp);
    int fired = 0;
    for (int step = 2; step <= kRepeatDelay + kRepeatInterval + 1; ++step)
        fired += reader.read(held(Action::MenuPageUp)).pageUp ? 1 : 0;
    EXPECT_EQ(fired, 2) << "two repeats after the delay";
    const NavInput down = reader.read(pressed({Action::MenuPageDown}));
    EXPECT_TRUE(down.pageDown && !down.pageUp && !down.down && down.any());
}

ActionState released(Action action) {
    ActionState state;
    state.heldBits = ActionState::bit(action);
    state.releasedBits = ActionState::bit(action);
    return state;
}

TEST(NavInput, KeysDownAsAScreenOpensDoNothingUntilReleasedAndPressedAgain) {
    NavReader reader;
    ActionState downAndFire = pressed({Action::MenuDown, Action::Fire});
    (void)reader.read(downAndFire);
    reader.waitForRelease(); // a screen opens with both still down
    downAndFire.pressedBits = 0;
    for (int step = 0; step < 4 * kRepeatDelay; ++step)
        EXPECT_FALSE(reader.read(downAndFire).any()) << "step " << step << ": held from before, no repeat";
    EXPECT_TRUE(reader.read(pressed({Action::MenuUp})).up) << "a key pressed on the new screen counts";
    EXPECT_FALSE(reader.read(released(Action::MenuDown)).down) << "released: nothing yet";
    EXPECT_TRUE(reader.read(pressed({Action::MenuDown})).down) << "pressed again: a press";
    for (int step = 1; step < kRepeatDelay; ++step)
        (void)reader.read(held(Action::MenuDown));
    int repeats = 0;
    for (int step = 0; step < kRepeatInterval; ++step)
        repeats += reader.read(held(Action::MenuDown)).down ? 1 : 0;
    EXPECT_EQ(repeats, 1) << "and it repeats again when held";
}

TEST(NavInput, AKeyReleasedAndPressedAgainBetweenTwoStepsIsAPressAtOnce) {
    NavReader reader;
    (void)reader.read(held(Action::MenuLeft));
    reader.waitForRelease();
    EXPECT_FALSE(reader.read(held(Action::MenuLeft)).left);
    ActionState again = pressed({Action::MenuLeft});
    again.releasedBits = ActionState::bit(Action::MenuLeft); // up and down again within one step
    EXPECT_TRUE(reader.read(again).left);
}

TEST(NavInput, WaitingForReleaseLeavesKeysUpAlone) {
    NavReader reader;
    (void)reader.read(released(Action::MenuRight)); // came up in the step before the screen changed
    reader.waitForRelease();
    int fired = 0;
    for (int step = 0; step < kRepeatDelay + 1; ++step)
        fired +=
            reader.read(step == 0 ? pressed({Action::MenuRight}) : held(Action::MenuRight)).right ? 1 : 0;
    EXPECT_EQ(fired, 2) << "its next press and first repeat, as ever";
}

} // namespace
} // namespace invaders::ui
