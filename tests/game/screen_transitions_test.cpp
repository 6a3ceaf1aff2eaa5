// Every screen change goes through `GameFlow`: a screen sees the flow const and returns a `Transition`.
// The compiler holds the rule (the static_asserts below); the tests call screens on their own to see they
// answer with a value and leave the flow as it was, and walk every transition kind and every screen
// through the flow, checking that each change of screen was a transition the flow carried out.
#include "flow_test_support.h"
#include "game_flow.h"

#include "persist/save_files.h"
#include "sim/game_assets.h"

#include "engine/platform/temp_directory.h"

#include <gtest/gtest.h>

#include <set>
#include <type_traits>

namespace invaders {
namespace {

using test::assets;
using test::press;

using vox::ActionState;
using Kind = Transition::Kind;

// --- What the compiler holds -------------------------------------------------------------------------

template <class Flow>
concept CanStep = requires(Flow& flow, const ActionState& input) {
    flow.step(input);
};
template <class Flow>
concept CanPressKeys = requires(Flow& flow) {
    flow.keyPressed(SDL_SCANCODE_A);
};
template <class Flow>
concept CanSetNote = requires(Flow& flow) {
    flow.setOptionsNote("");
};
template <class Flow>
concept CanStepSession = requires(Flow& flow) {
    flow.stepPilot();
};

static_assert(std::is_same_v<decltype(ScreenContext::flow), const GameFlow&>, "a screen sees the flow const");
static_assert(std::is_same_v<decltype(&FlowScreen::step),
                             Transition (FlowScreen::*)(const StepContext&, ui::Ui&, const ActionState&)>,
              "a screen's step returns what should happen next");
static_assert(
    std::is_same_v<decltype(&FlowScreen::layout), Transition (FlowScreen::*)(const ScreenContext&, ui::Ui&)>,
    "a screen's layout returns the chosen entry's transition");
static_assert(CanStep<GameFlow> && !CanStep<const GameFlow>, "a const flow cannot be stepped");
static_assert(CanPressKeys<GameFlow> && !CanPressKeys<const GameFlow>);
static_assert(CanSetNote<GameFlow> && !CanSetNote<const GameFlow>);
static_assert(!CanStepSession<GameFlow>,
              "the session is stepped through SessionControls, not the flow's API");
static_assert(!std::is_convertible_v<const GameFlow*, SessionControls*>,
              "a screen cannot reach the session controls through the flow it sees");
static_assert(std::is_same_v<decltype((std::declval<const GameFlow&>().screens().title)), const TitleScreen&>,
              "the screens are read-only outside the flow");

// --- Screens on their own ----------------------------------------------------------------------------

// Counts what a screen asks of the session.
class CountingSession : public SessionControls {
public:
    void stepPlayer(const StepInput& /*input*/) override { ++player; }
    void stepPilot() override { ++pilot; }
    bool stepReplay() override {
        ++replay;
        return replayLeft;
    }
    void stepWatch() override { ++watch; }
    void pauseWatch(bool /*paused*/) override {}
    void changeWatchSpeed(int32_t /*direction*/) override {}
    int watch = 0;
    int player = 0;
    int pilot = 0;
    int replay = 0;
    bool replayLeft = true;
};

// Steps `screen` alone with `input` against `flow`, and checks the flow did not move.
Transition stepAlone(FlowScreen& screen, const GameFlow& flow, CountingSession& session,
                     const ActionState& input) {
    const Screen before = flow.screen();
    const int32_t frames = flow.screenFrames();
    Settings options = flow.options();
    ui::NavReader reader;
    ui::Ui ui = ui::Ui::stepping(reader.read(input));
    const Transition next = screen.step({{flow, options}, session}, ui, input);
    EXPECT_EQ(flow.screen(), before) << "the screen did not change the screen";
    EXPECT_EQ(flow.screenFrames(), frames);
    return next;
}

TEST(ScreenTransitions, ScreensAnswerWithAValueAndLeaveTheFlowAlone) {
    const GameFlow flow({}, assets(), {});
    CountingSession session;
    TitleScreen title;
    EXPECT_EQ(stepAlone(title, flow, session, press(Action::Back)), Transition::to(Kind::OpenOptions));
    EXPECT_EQ(stepAlone(title, flow, session, press(Action::Confirm)), Transition::startGame(1));
    EXPECT_EQ(stepAlone(title, flow, session, press(Action::MenuDown)), Transition::choosePlayers(2))
        << "the title's choice is the flow's to keep";
    EXPECT_EQ(stepAlone(title, flow, session, press(Action::Confirm)), Transition::startGame(2));
    ScoreTableScreen scoreTable;
    EXPECT_EQ(stepAlone(scoreTable, flow, session, press(Action::Confirm)), Transition::startGame(1))
        << "the players the flow remembers (the title was not told)";
    EXPECT_EQ(stepAlone(scoreTable, flow, session, press(Action::MenuLeft)), Transition::show(Screen::Title));
    PlayScreen play;
    EXPECT_EQ(stepAlone(play, flow, session, press(Action::Pause)), Transition::show(Screen::Paused));
    EXPECT_EQ(session.player, 0) << "pausing does not step the game";
    PauseScreen pause;
    EXPECT_EQ(stepAlone(pause, flow, session, press(Action::Pause)), Transition::show(Screen::Playing));
    EXPECT_EQ(stepAlone(pause, flow, session, press(Action::MenuUp)), Transition::none());
    EXPECT_EQ(stepAlone(pause, flow, session, press(Action::Confirm)), Transition::to(Kind::ToTitle));
    OptionsScreen options;
    EXPECT_EQ(stepAlone(options, flow, session, press(Action::Back)), Transition::to(Kind::CloseOptions));
    ControlsScreen controls;
    EXPECT_EQ(stepAlone(controls, flow, session, press(Action::Back)), Transition::returnTo(Screen::Options));
    ReplayScreen replay;
    EXPECT_EQ(stepAlone(replay, flow, session, {}), Transition::none());
    session.replayLeft = false;
    EXPECT_EQ(stepAlone(replay, flow, session, {}), Transition::to(Kind::Finish));
    EXPECT_EQ(session.replay, 2);
    EXPECT_EQ(flow.screen(), Screen::Title);
}

TEST(ScreenTransitions, TheDemoStepsThroughTheSessionControls) {
    FlowSettings settings;
    settings.demo = true;
    const GameFlow flow(settings, assets(), {});
    ASSERT_NE(flow.simulation(), nullptr);
    CountingSession session;
    DemoScreen demo;
    EXPECT_EQ(stepAlone(demo, flow, session, {}), Transition::none());
    EXPECT_EQ(session.pilot, 1);
    EXPECT_EQ(stepAlone(demo, flow, session, press(Action::Confirm)), Transition::startGame(1));
    EXPECT_EQ(session.pilot, 1) << "a Confirm lets the player in instead";
}

// --- Through the flow --------------------------------------------------------------------------------

// Steps the flow and checks that every change of screen was a transition the screen returned.
class Walk {
public:
    explicit Walk(GameFlow& flow) : m_flow(flow) { screens.insert(flow.screen()); }

    void step(const ActionState& input = {}) {
        const Screen before = m_flow.screen();
        m_flow.step(input);
        const Transition& next = m_flow.lastTransition();
        const bool shownAfresh = m_flow.screenFrames() == 0; // a step counts a frame unless a screen began
        if (m_flow.screen() != before || shownAfresh) {
            EXPECT_FALSE(next.isNone()) << "screen " << static_cast<int>(before) << " -> "
                                        << static_cast<int>(m_flow.screen()) << " without a transition";
        }
        kinds.insert(next.kind);
        screens.insert(m_flow.screen());
    }
    void tap(Action action) {
        step(press(action));
        step();
    }
    // Steps until `screen` shows, idle or tapping Fire (which also confirms in menus).
    void until(Screen screen, int limit, bool fire = false) {
        for (int i = 0; i < limit && m_flow.screen() != screen; ++i)
            step(fire && i % 2 == 0 ? press(Action::Fire) : ActionState{});
        ASSERT_EQ(m_flow.screen(), screen);
    }

    std::set<Kind> kinds;
    std::set<Screen> screens;

private:
    GameFlow& m_flow;
};

TEST(ScreenTransitions, AWalkThroughEveryScreenAndEveryKindOfTransition) {
    vox::test::TempDirectory temp;
    FileRunStore store(highScoresPath(temp.path()), temp.path() / "shared", nullptr);
    GameFlow flow({}, assets(), {});
    flow.setRunStore(&store);
    Walk walk(flow);
    walk.until(Screen::ScoreTable, kTitleFrames + 1); // the attract cycle
    walk.until(Screen::HighScores, kScoreTableFrames + 1);
    walk.until(Screen::Demo, kHighScoresFrames + 1);
    walk.tap(Action::MenuLeft);
    ASSERT_EQ(flow.screen(), Screen::Title) << "a direction shows the title";
    walk.tap(Action::MenuDown); // 2 PLAYERS chosen
    EXPECT_EQ(flow.shared().players, 2);
    walk.tap(Action::MenuUp);
    walk.tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::Options);
    while (flow.selectedItem() != "CONTROLS")
        walk.tap(Action::MenuDown);
    walk.tap(Action::Confirm);
    ASSERT_EQ(flow.screen(), Screen::Controls);
    walk.tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::Options);
    walk.tap(Action::MenuUp);
    ASSERT_EQ(flow.selectedItem(), "ACCESSIBILITY");
    walk.tap(Action::Confirm);
    ASSERT_EQ(flow.screen(), Screen::Accessibility);
    EXPECT_EQ(flow.selectedItem(), "REDUCE MOTION") << "the first row, afresh";
    walk.tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::Options);
    EXPECT_EQ(flow.selectedItem(), "ACCESSIBILITY") << "the options as they were left";
    walk.tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::Title);
    walk.tap(Action::Confirm);
    ASSERT_EQ(flow.screen(), Screen::Playing);
    walk.tap(Action::Pause);
    ASSERT_EQ(flow.screen(), Screen::Paused);
    walk.tap(Action::MenuDown);
    walk.tap(Action::MenuDown);
    walk.tap(Action::Confirm); // QUIT TO TITLE
    ASSERT_EQ(flow.screen(), Screen::Title);
    walk.step(press(Action::Confirm));
    walk.until(Screen::GameOver, 200000, true);
    walk.until(Screen::EnterInitials, kGameOverFrames + 1);
    walk.until(Screen::HighScores, 2000, true); // Fire (Confirm) takes each letter once the delay is over
    EXPECT_GE(flow.shared().highlightedRank, 0);
    const int32_t row = flow.shared().highlightedRank;
    for (int i = 0; i <= kInputDelayFrames; ++i)
        walk.step();
    walk.tap(Action::Confirm); // WATCH the new row
    ASSERT_EQ(flow.screen(), Screen::Watch);
    ASSERT_NE(flow.watchedRun(), nullptr) << flow.watchNote();
    walk.tap(Action::Pause);
    const RunPlayback* watched = flow.watchedRun();
    ASSERT_NE(watched, nullptr);
    EXPECT_TRUE(watched->paused());
    walk.tap(Action::MenuDown); // RESUME, SHARE, BACK TO THE TABLE
    walk.tap(Action::Confirm);
    ASSERT_EQ(flow.screen(), Screen::Share);
    EXPECT_TRUE(flow.sharedRun().has_value()) << flow.shareError();
    walk.tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::Watch) << "SHARE returns where it was opened";
    walk.tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::HighScores);
    EXPECT_EQ(flow.screens().highScores.selectedRow(flow), row) << "back from WATCH on the same row";
    walk.tap(Action::MenuDown); // past the last row: SHARE THIS GAME
    walk.tap(Action::Confirm);
    ASSERT_EQ(flow.screen(), Screen::Share);
    walk.tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::HighScores);
    walk.until(Screen::Title, kHighScoresFrames + 2);
    walk.tap(Action::MenuDown);
    walk.tap(Action::MenuDown);
    walk.tap(Action::Confirm); // HIGH SCORES: the table to browse
    ASSERT_EQ(flow.screen(), Screen::HighScores);
    EXPECT_TRUE(flow.shared().tableBrowsable);
    walk.tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::Title);
    while (flow.selectedItem() != "QUIT")
        walk.tap(Action::MenuUp);
    walk.tap(Action::Confirm);
    EXPECT_TRUE(flow.finished());

    FlowSettings replaySettings;
    replaySettings.replay = Replay{};
    replaySettings.replay->inputs = {0, 1, 2};
    GameFlow replay(replaySettings, assets(), {});
    Walk replayWalk(replay);
    for (int i = 0; i < 3; ++i)
        replayWalk.step();
    EXPECT_TRUE(replay.finished());
    EXPECT_TRUE(replayWalk.kinds.count(Kind::Finish));
    walk.screens.insert(replayWalk.screens.begin(), replayWalk.screens.end());

    EXPECT_EQ(static_cast<int32_t>(walk.screens.size()), kScreenCount) << "every screen shown";
    for (Kind kind : {Kind::Show, Kind::ReturnTo, Kind::StartGame, Kind::ChoosePlayers, Kind::ToTitle,
                      Kind::NextAttractScreen, Kind::OpenOptions, Kind::CloseOptions, Kind::GameOver,
                      Kind::AfterGameOver, Kind::SubmitInitials, Kind::Finish, Kind::BrowseTable, Kind::Watch,
                      Kind::Share, Kind::StopWatching})
        EXPECT_TRUE(walk.kinds.count(kind)) << "transition kind " << static_cast<int>(kind) << " walked";
}

// The options, and the controls and accessibility screens they open, are drawn over the game they were
// opened from (paused, a demo), so a change of look shows on it; opened from the title, over the sky, even
// though the last game's session is still held.
TEST(ScreenTransitions, TheOptionsShowTheGameTheyWereOpenedFromElseTheSky) {
    GameFlow flow({}, assets(), {});
    const auto tap = [&](Action action) {
        flow.step(press(action));
        flow.step({});
    };
    const auto open = [&](const char* row, Screen screen) { // from the options
        for (int i = 0; i < 20 && flow.selectedItem() != row; ++i)
            tap(Action::MenuDown);
        tap(Action::Confirm);
        ASSERT_EQ(flow.screen(), screen);
    };
    tap(Action::Confirm);
    ASSERT_EQ(flow.screen(), Screen::Playing);
    tap(Action::Pause);
    ASSERT_EQ(flow.scenery(), Scenery::Playfield);
    tap(Action::MenuDown); // OPTIONS
    tap(Action::Confirm);
    ASSERT_EQ(flow.screen(), Screen::Options);
    EXPECT_EQ(flow.scenery(), Scenery::Playfield) << "the paused game";
    open("ACCESSIBILITY", Screen::Accessibility);
    EXPECT_EQ(flow.scenery(), Scenery::Playfield);
    tap(Action::Back);
    open("CONTROLS", Screen::Controls);
    EXPECT_EQ(flow.scenery(), Scenery::Playfield);
    tap(Action::Back);
    tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::Paused);
    ASSERT_EQ(flow.selectedItem(), "OPTIONS") << "as it was left";
    tap(Action::MenuDown);
    tap(Action::Confirm); // QUIT TO TITLE
    ASSERT_EQ(flow.screen(), Screen::Title);
    ASSERT_NE(flow.simulation(), nullptr) << "the last game is still held";
    tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::Options);
    EXPECT_EQ(flow.scenery(), Scenery::Sky) << "from the title: not the old game";
    open("ACCESSIBILITY", Screen::Accessibility);
    EXPECT_EQ(flow.scenery(), Scenery::Sky);
}

} // namespace
} // namespace invaders
