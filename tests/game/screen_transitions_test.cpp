// Every screen change goes through `GameFlow`: a screen never sees the flow, it is handed what it reads
// (const) and what it runs, and returns a `Transition`. The compiler holds the rule (the static_asserts
// below); the tests call screens on their own, with no flow at all, to see they answer with a value, and
// walk every transition kind and every screen through the flow, checking that each change of screen was a
// transition the flow carried out.
#include "flow_test_support.h"
#include "game_flow.h"

#include "persist/save_files.h"
#include "sim/game_assets.h"

#include "engine/platform/temp_directory.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <set>
#include <string>
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
template <class Any>
concept CanStepPilot = requires(Any& any) {
    any.stepPilot();
};
template <class Any>
concept CanStepWatch = requires(Any& any) {
    any.stepWatch();
};
template <class Context>
concept SeesTheFlow = requires(const Context& context) {
    context.flow;
};

static_assert(!SeesTheFlow<ScreenContext> && !SeesTheFlow<StepContext>, "a screen never sees the flow");
static_assert(std::is_same_v<decltype(ScreenContext::session), const Session&> &&
                  std::is_same_v<decltype(ScreenContext::runs), const Runs&> &&
                  std::is_same_v<decltype(ScreenContext::shared), const SharedScreenState&>,
              "what a screen reads, it reads const");
static_assert(std::is_same_v<decltype(StepContext::play), Session&> &&
                  std::is_same_v<decltype(StepContext::watch), Runs&>,
              "a screen that runs a game steps the session (or the watched run) itself, not the flow");
static_assert(std::is_same_v<decltype(&FlowScreen::step),
                             Transition (FlowScreen::*)(const StepContext&, ui::Ui&, const ActionState&)>,
              "a screen's step returns what should happen next");
static_assert(
    std::is_same_v<decltype(&FlowScreen::layout), Transition (FlowScreen::*)(const ScreenContext&, ui::Ui&)>,
    "a screen's layout returns the chosen entry's transition");
static_assert(CanStep<GameFlow> && !CanStep<const GameFlow>, "a const flow cannot be stepped");
static_assert(CanPressKeys<GameFlow> && !CanPressKeys<const GameFlow>);
static_assert(CanSetNote<GameFlow> && !CanSetNote<const GameFlow>);
static_assert(!CanStepPilot<GameFlow> && !CanStepWatch<GameFlow>, "the flow steps no session itself");
static_assert(CanStepPilot<Session> && !CanStepPilot<const Session> && CanStepWatch<Runs> &&
                  !CanStepWatch<const Runs>,
              "the session and the runs are stepped through a StepContext; read const everywhere else");
static_assert(std::is_same_v<decltype(std::declval<const GameFlow&>().session()), const Session&> &&
                  std::is_same_v<decltype(std::declval<const GameFlow&>().runs()), const Runs&>,
              "outside the flow, the session and the runs are read-only");
static_assert(std::is_same_v<decltype(std::declval<const GameFlow&>().screens().get<InitialsScreen>()),
                             const InitialsScreen&>,
              "the screens are read-only outside the flow");

// No header cycle: the flow includes the screens, the screens never include the flow (they are handed a
// context), and the sounds take a step's events, not the flow. Read from the sources (the tests run in the
// source tree).
TEST(ScreenTransitions, NoScreenAndNoSoundIncludesTheFlow) {
    std::vector<std::filesystem::path> files = {"game/audio/game_sounds.h", "game/audio/game_sounds.cpp",
                                                "game/screens/screen_context.h", "game/flow/session.h",
                                                "game/flow/runs.h"};
    for (const auto& entry : std::filesystem::directory_iterator("game/screens"))
        files.push_back(entry.path());
    ASSERT_GE(files.size(), static_cast<size_t>(kScreenCount)) << "run from the source tree";
    for (const std::filesystem::path& file : files) {
        const std::string text = vox::test::readAll(file);
        ASSERT_FALSE(text.empty()) << file;
        EXPECT_EQ(text.find("#include \"game_flow.h\""), std::string::npos) << file << " includes the flow";
    }
}

// --- Screens on their own ----------------------------------------------------------------------------

// A screen's object, as the table makes it for the flow.
std::unique_ptr<FlowScreen> make(Screen screen) {
    return kScreenTable[static_cast<size_t>(screen)].make();
}

// A screen alone: what it is handed, with no flow anywhere.
struct Alone {
    explicit Alone(SessionSettings settings = {}) : session(std::move(settings), assets()) {}

    Transition step(FlowScreen& screen, const ActionState& input) {
        session.beginStep();
        ui::NavReader reader;
        ui::Ui ui = ui::Ui::stepping(reader.read(input));
        return screen.step({{shared, session, runs, options}, session, runs}, ui, input);
    }

    SharedScreenState shared;
    Session session;
    Runs runs{HighScoreTable()};
    Settings options;
};

TEST(ScreenTransitions, ScreensAnswerWithAValue) {
    Alone alone;
    std::unique_ptr<FlowScreen> title = make(Screen::Title);
    EXPECT_EQ(alone.step(*title, press(Action::Back)), Transition::to(Kind::OpenOptions));
    EXPECT_EQ(alone.step(*title, press(Action::Confirm)), Transition::startGame(1));
    EXPECT_EQ(alone.step(*title, press(Action::MenuDown)), Transition::choosePlayers(2))
        << "the title's choice is the flow's to keep";
    EXPECT_EQ(alone.step(*title, press(Action::Confirm)), Transition::startGame(2));
    std::unique_ptr<FlowScreen> scoreTable = make(Screen::ScoreTable);
    EXPECT_EQ(alone.step(*scoreTable, press(Action::Confirm)), Transition::startGame(1))
        << "the players the flow remembers (the title was not told)";
    EXPECT_EQ(alone.step(*scoreTable, press(Action::MenuLeft)), Transition::show(Screen::Title));
    std::unique_ptr<FlowScreen> play = make(Screen::Playing);
    EXPECT_EQ(alone.step(*play, press(Action::Pause)), Transition::show(Screen::Paused));
    EXPECT_FALSE(alone.session.stepped()) << "pausing does not step the game";
    std::unique_ptr<FlowScreen> pause = make(Screen::Paused);
    EXPECT_EQ(alone.step(*pause, press(Action::Pause)), Transition::show(Screen::Playing));
    EXPECT_EQ(alone.step(*pause, press(Action::MenuUp)), Transition::none());
    EXPECT_EQ(alone.step(*pause, press(Action::Confirm)), Transition::to(Kind::ToTitle));
    std::unique_ptr<FlowScreen> options = make(Screen::Options);
    EXPECT_EQ(alone.step(*options, press(Action::Back)), Transition::to(Kind::CloseOptions));
    std::unique_ptr<FlowScreen> controls = make(Screen::Controls);
    EXPECT_EQ(alone.step(*controls, press(Action::Back)), Transition::returnTo(Screen::Options));
    EXPECT_EQ(alone.session.number(), 0u) << "no screen started a session";
}

TEST(ScreenTransitions, TheReplayScreenStepsTheReplayToItsEnd) {
    SessionSettings settings;
    settings.replay = Replay{};
    settings.replay->inputs = {0, 1};
    Alone alone(settings);
    std::unique_ptr<FlowScreen> replay = make(Screen::Replay);
    EXPECT_EQ(alone.step(*replay, {}), Transition::none());
    EXPECT_TRUE(alone.session.stepped());
    EXPECT_EQ(alone.step(*replay, {}), Transition::to(Kind::Finish)) << "no inputs left";
    EXPECT_EQ(alone.session.simulation()->frame(), 2);
}

TEST(ScreenTransitions, TheDemoScreenStepsThePilotsGame) {
    Alone alone;
    alone.session.startDemo();
    std::unique_ptr<FlowScreen> demo = make(Screen::Demo);
    EXPECT_EQ(alone.step(*demo, {}), Transition::none());
    EXPECT_TRUE(alone.session.stepped());
    EXPECT_EQ(alone.session.simulation()->frame(), 1);
    EXPECT_EQ(alone.step(*demo, press(Action::Confirm)), Transition::startGame(1));
    EXPECT_FALSE(alone.session.stepped()) << "a Confirm lets the player in instead";
    EXPECT_EQ(alone.session.simulation()->frame(), 1);
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
    walk.tap(Action::MenuUp);
    ASSERT_EQ(flow.selectedItem(), "GAME SETTINGS");
    walk.tap(Action::Confirm);
    ASSERT_EQ(flow.screen(), Screen::GameSettings);
    EXPECT_EQ(flow.selectedItem(), "DIFFICULTY") << "the first row, afresh";
    walk.tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::Options);
    EXPECT_EQ(flow.selectedItem(), "GAME SETTINGS") << "the options as they were left";
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
    ASSERT_NE(flow.runs().watchedRun(), nullptr) << flow.runs().watchNote();
    walk.tap(Action::Pause);
    const RunPlayback* watched = flow.runs().watchedRun();
    ASSERT_NE(watched, nullptr);
    EXPECT_TRUE(watched->paused());
    for (int i = 0; i < 1000 && !watched->ended(); ++i) // Page Down to the end: the verdict and its menu
        walk.tap(Action::MenuPageDown);
    ASSERT_TRUE(watched->ended());
    walk.tap(Action::MenuDown); // WATCH AGAIN, SHARE, BACK TO THE TABLE
    walk.tap(Action::Confirm);
    ASSERT_EQ(flow.screen(), Screen::Share);
    EXPECT_TRUE(flow.runs().sharedRun().has_value()) << flow.runs().shareError();
    walk.tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::Watch) << "SHARE returns where it was opened";
    walk.tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::HighScores);
    EXPECT_EQ(flow.screens().get<HighScoresScreen>().selectedRow(flow.shared(), flow.runs()), row)
        << "back from WATCH on the same row";
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
    open("GAME SETTINGS", Screen::GameSettings);
    EXPECT_EQ(flow.scenery(), Scenery::Playfield);
    tap(Action::Back);
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
