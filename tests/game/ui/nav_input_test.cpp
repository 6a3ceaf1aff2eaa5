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

} // namespace
} // namespace invaders::ui
