// The screens around the simulation: attract mode, starting a game, pause, game over, initials, replays.
#include "game_flow.h"

#include "sim/game_assets.h"

#include <gtest/gtest.h>

namespace invaders {
namespace {

using vox::Action;
using vox::ActionState;

ActionState press(Action action) {
    ActionState state;
    state.pressedBits = ActionState::bit(action);
    state.heldBits = ActionState::bit(action);
    return state;
}

const GameAssets& assets() {
    static const GameAssets built = builtinGameAssets();
    return built;
}

void run(GameFlow& flow, int steps, ActionState input = {}) {
    for (int i = 0; i < steps; ++i)
        flow.step(input);
}

TEST(GameFlow, TitleTurnsIntoADemoAndBack) {
    GameFlow flow({}, assets(), {});
    EXPECT_EQ(flow.screen(), Screen::Title);
    EXPECT_EQ(flow.simulation(), nullptr);
    run(flow, kTitleFrames - 1);
    EXPECT_EQ(flow.screen(), Screen::Title);
    flow.step({});
    ASSERT_EQ(flow.screen(), Screen::Demo);
    ASSERT_NE(flow.simulation(), nullptr);
    run(flow, kDemoFrames);
    EXPECT_EQ(flow.screen(), Screen::Title) << "the demo ends after 40 s at the latest";
}

TEST(GameFlow, TitleChoosesPlayersAndStartBeginsTheGame) {
    GameFlow flow({}, assets(), {});
    flow.step(press(Action::Right));
    EXPECT_EQ(flow.titlePlayers(), 2);
    flow.step(press(Action::Start));
    ASSERT_EQ(flow.screen(), Screen::Playing);
    EXPECT_EQ(flow.simulation()->settings().players, 2);
}

TEST(GameFlow, GamepadStartStartsTheGameFromTheTitle) {
    GameFlow flow({}, assets(), {});
    ActionState start = press(Action::Start); // the pad's Start button sends both
    start.pressedBits |= ActionState::bit(Action::Pause);
    flow.step(start);
    EXPECT_EQ(flow.screen(), Screen::Playing);
    flow.step(start);
    EXPECT_EQ(flow.screen(), Screen::Paused);
}

TEST(GameFlow, PauseFreezesTheGameAndTheMenuResumesOrQuits) {
    GameFlow flow({}, assets(), {});
    flow.step(press(Action::Start));
    run(flow, 200);
    flow.step(press(Action::Pause));
    ASSERT_EQ(flow.screen(), Screen::Paused);
    const uint64_t hash = flow.simulation()->stateHash();
    run(flow, 100);
    EXPECT_EQ(flow.simulation()->stateHash(), hash) << "nothing moves while paused";
    EXPECT_TRUE(flow.events().empty());
    flow.step(press(Action::Fire)); // "Resume" is highlighted
    EXPECT_EQ(flow.screen(), Screen::Playing);
    flow.step(press(Action::Pause));
    flow.step(press(Action::Left)); // to "Quit" (the menu wraps)
    EXPECT_EQ(flow.pauseSelection(), PauseItem::QuitToTitle);
    flow.step(press(Action::Start));
    EXPECT_EQ(flow.screen(), Screen::Title);
}

TEST(GameFlow, OptionsChangeVolumesDifficultyAndToggles) {
    GameFlow flow({}, assets(), {});
    flow.step(press(Action::Pause)); // from the title
    ASSERT_EQ(flow.screen(), Screen::Options);
    EXPECT_EQ(flow.optionSelection(), OptionItem::MasterVolume);
    const float master = flow.options().masterVolume;
    flow.step(press(Action::Left));
    EXPECT_FLOAT_EQ(flow.options().masterVolume, master - 0.1f);
    EXPECT_TRUE(flow.takeOptionsChanged());
    for (int i = 0; i < 20; ++i)
        flow.step(press(Action::Left));
    EXPECT_FLOAT_EQ(flow.options().masterVolume, 0.0f) << "clamped at 0";
    flow.step(press(Action::Fire)); // effects volume
    flow.step(press(Action::Fire)); // mute
    flow.step(press(Action::Right));
    EXPECT_TRUE(flow.options().mute);
    flow.step(press(Action::Fire)); // difficulty
    flow.step(press(Action::Right));
    EXPECT_EQ(flow.options().difficulty, Difficulty::Easy);
    flow.step(press(Action::Start)); // back to the title
    EXPECT_EQ(flow.screen(), Screen::Title);
    flow.step(press(Action::Start));
    ASSERT_EQ(flow.screen(), Screen::Playing);
    EXPECT_EQ(flow.simulation()->settings().difficulty, Difficulty::Easy) << "the next game uses it";
    flow.step(press(Action::Pause));
    flow.step(press(Action::Right)); // Options
    flow.step(press(Action::Fire));
    EXPECT_EQ(flow.screen(), Screen::Options);
    flow.step(press(Action::Pause));
    EXPECT_EQ(flow.screen(), Screen::Paused) << "back where it came from";
}

TEST(GameFlow, GameOverWithATopScoreAsksForInitialsAndKeepsThem) {
    GameFlow flow({}, assets(), {});
    flow.step(press(Action::Start));
    // Stand still until the invaders win: with shields up the rolling shot still gets through in time.
    for (int i = 0; i < 100000 && flow.screen() == Screen::Playing; ++i)
        flow.step(i % 2 == 0 ? press(Action::Fire) : ActionState{});
    ASSERT_EQ(flow.screen(), Screen::GameOver);
    const int32_t score = flow.simulation()->player(0).score;
    ASSERT_GT(score, 0);
    run(flow, kGameOverFrames);
    ASSERT_EQ(flow.screen(), Screen::EnterInitials);
    flow.step(press(Action::Right)); // A -> B
    flow.step(press(Action::Fire));
    flow.step(press(Action::Left)); // A -> 9
    flow.step(press(Action::Fire));
    flow.step(press(Action::Fire));
    EXPECT_EQ(flow.screen(), Screen::Title);
    ASSERT_TRUE(flow.takeHighScoresChanged());
    EXPECT_FALSE(flow.takeHighScoresChanged());
    ASSERT_EQ(flow.highScores().entries().size(), 1u);
    EXPECT_EQ(flow.highScores().entries()[0].initialsText(), "B9A");
    EXPECT_EQ(flow.highScores().entries()[0].score, static_cast<uint32_t>(score));
}

TEST(GameFlow, RecordingPlaysBackToTheSameState) {
    FlowSettings recordSettings;
    recordSettings.seed = 11;
    recordSettings.demo = true;
    recordSettings.record = true;
    GameFlow recorder(recordSettings, assets(), {});
    run(recorder, 3000);
    const std::optional<Replay> recording = recorder.recording();
    ASSERT_TRUE(recording.has_value());
    EXPECT_GT(recording->inputs.size(), 0u);

    FlowSettings playSettings;
    playSettings.replay = recording;
    GameFlow player(playSettings, assets(), {});
    EXPECT_EQ(player.screen(), Screen::Replay);
    run(player, static_cast<int>(recording->inputs.size()) + 5);
    EXPECT_TRUE(player.finished());
    EXPECT_TRUE(player.replayMatched());

    Replay tampered = *recording;
    tampered.inputs[tampered.inputs.size() / 2] ^= 1;
    playSettings.replay = tampered;
    GameFlow wrong(playSettings, assets(), {});
    run(wrong, static_cast<int>(tampered.inputs.size()));
    EXPECT_TRUE(wrong.finished());
    EXPECT_FALSE(wrong.replayMatched());
}

} // namespace
} // namespace invaders
