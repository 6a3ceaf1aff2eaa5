// The screens around the simulation, driven as a player drives them: real key and gamepad events through a
// live `vox::ActionMap` (the app's loop in miniature), asserting the screen and the selected entry reached.
// Attract mode, starting a game, pause, options, rebinding keys, game over, initials, the table, replays.
#include "flow_test_support.h"
#include "game_flow.h"
#include "options_applier.h"

#include "persist/save_files.h"
#include "sim/game_assets.h"

#include "engine/platform/key_events.h"
#include "engine/platform/temp_directory.h"

#include "vox/platform/action_map.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace invaders {
namespace {

using test::assets;
using test::press;
using test::run;

using vox::ActionState;

// The app's loop in miniature: real key events through a live `vox::ActionMap`, raw presses to the flow,
// one step per tap, and the options applied (the keys to the map) and saved by an `OptionsApplier` after
// every step, as the runner does.
class Keyboard : private OptionsTarget {
public:
    explicit Keyboard(GameFlow& flow) : m_flow(flow) {
        (void)m_applier.update(flow.options(), *this); // start-up: the map takes the keys
    }

    /// True once after the options were saved (they changed).
    bool takeSaved() { return std::exchange(m_saved, false); }

    /// Presses and releases `key`, one step each; returns the events of both steps.
    std::vector<SimEventType> tap(SDL_Scancode key) {
        std::vector<SimEventType> seen;
        m_actions.handleEvent(vox::test::keyEvent(SDL_KEYDOWN, key));
        m_flow.keyPressed(key);
        step(seen);
        m_actions.handleEvent(vox::test::keyEvent(SDL_KEYUP, key));
        step(seen);
        return seen;
    }
    /// Taps each key in turn.
    void taps(std::initializer_list<SDL_Scancode> keys) {
        for (SDL_Scancode key : keys)
            tap(key);
    }
    /// Holds `key` down (one step), without releasing it.
    void hold(SDL_Scancode key) {
        std::vector<SimEventType> ignored;
        m_actions.handleEvent(vox::test::keyEvent(SDL_KEYDOWN, key));
        m_flow.keyPressed(key);
        step(ignored);
    }
    /// Releases a key `hold` pressed (one step).
    void release(SDL_Scancode key) {
        std::vector<SimEventType> ignored;
        m_actions.handleEvent(vox::test::keyEvent(SDL_KEYUP, key));
        step(ignored);
    }
    /// A gamepad button, as the app reports it.
    void button(SDL_GameControllerButton pressed) {
        SDL_Event down{};
        down.type = SDL_CONTROLLERBUTTONDOWN;
        down.cbutton.button = static_cast<uint8_t>(pressed);
        m_actions.handleEvent(down);
        m_flow.buttonPressed();
        std::vector<SimEventType> ignored;
        step(ignored);
        SDL_Event up = down;
        up.type = SDL_CONTROLLERBUTTONUP;
        m_actions.handleEvent(up);
        step(ignored);
    }
    /// The left stick pushed to `value` on `axis`, then back to the centre (one step each).
    void stick(SDL_GameControllerAxis axis, int16_t value) {
        SDL_Event motion{};
        motion.type = SDL_CONTROLLERAXISMOTION;
        motion.caxis.axis = static_cast<uint8_t>(axis);
        motion.caxis.value = value;
        m_actions.handleEvent(motion);
        std::vector<SimEventType> ignored;
        step(ignored);
        motion.caxis.value = 0;
        m_actions.handleEvent(motion);
        step(ignored);
    }
    /// Steps with no key down.
    void idle(int steps) {
        std::vector<SimEventType> ignored;
        for (int i = 0; i < steps; ++i)
            step(ignored);
    }

private:
    void step(std::vector<SimEventType>& seen) {
        m_flow.step(m_actions.takeStep());
        for (const SimEvent& simEvent : m_flow.events())
            seen.push_back(simEvent.type);
        (void)m_applier.update(m_flow.options(), *this);
    }

    void applyKeys(const KeyBindings& keys) override { applyKeyBindings(keys, m_actions); }
    vox::Status applyFullscreen(bool /*fullscreen*/) override { return {}; }
    vox::Status applyVsync(bool /*vsync*/) override { return {}; }
    void applyVolumes(const Volumes& /*volumes*/) override {}
    void save(const Settings& /*settings*/) override { m_saved = true; }

    GameFlow& m_flow;
    vox::ActionMap m_actions = invaders::defaultActionMap();
    OptionsApplier m_applier;
    bool m_saved = false;
};

bool contains(const std::vector<SimEventType>& events, SimEventType type) {
    return std::find(events.begin(), events.end(), type) != events.end();
}

// --- Attract mode and the title ----------------------------------------------------------------------

TEST(GameFlow, AttractCycleShowsTitleScoreTableHighScoresThenTheDemo) {
    GameFlow flow({}, assets(), {});
    EXPECT_EQ(flow.screen(), Screen::Title);
    EXPECT_EQ(flow.simulation(), nullptr);
    run(flow, kTitleFrames - 1);
    EXPECT_EQ(flow.screen(), Screen::Title);
    flow.step({});
    ASSERT_EQ(flow.screen(), Screen::ScoreTable);
    run(flow, kScoreTableFrames);
    ASSERT_EQ(flow.screen(), Screen::HighScores);
    for (int i = 0; i < kHighScoresFrames && flow.screen() == Screen::HighScores; ++i)
        flow.step({});
    ASSERT_EQ(flow.screen(), Screen::Demo);
    ASSERT_NE(flow.simulation(), nullptr);
    EXPECT_FALSE(flow.session().playerSession());
    run(flow, kDemoFrames);
    EXPECT_EQ(flow.screen(), Screen::Title) << "the demo ends after 40 s at the latest";
}

TEST(GameFlow, FromAColdStartOneConfirmStartsTheFirstGame) {
    for (SDL_Scancode confirm : {SDL_SCANCODE_RETURN, SDL_SCANCODE_SPACE, SDL_SCANCODE_KP_ENTER}) {
        SCOPED_TRACE(SDL_GetScancodeName(confirm));
        GameFlow flow({}, assets(), {});
        Keyboard keyboard(flow);
        EXPECT_EQ(flow.selectedItem(), "1 PLAYER");
        keyboard.tap(confirm);
        ASSERT_EQ(flow.screen(), Screen::Playing);
        EXPECT_EQ(flow.simulation()->settings().players, 1);
        EXPECT_TRUE(flow.session().playerSession());
    }
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    keyboard.button(SDL_CONTROLLER_BUTTON_START);
    EXPECT_EQ(flow.screen(), Screen::Playing) << "a pad's Start starts too";
}

TEST(GameFlow, TitleMenuAnswersUpDownAndWraps) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    keyboard.tap(SDL_SCANCODE_DOWN);
    EXPECT_EQ(flow.selectedItem(), "2 PLAYERS");
    keyboard.tap(SDL_SCANCODE_S);
    EXPECT_EQ(flow.selectedItem(), "HIGH SCORES");
    keyboard.taps({SDL_SCANCODE_W, SDL_SCANCODE_UP, SDL_SCANCODE_UP});
    EXPECT_EQ(flow.selectedItem(), "QUIT") << "Up from the first entry wraps to the last";
    keyboard.stick(SDL_CONTROLLER_AXIS_LEFTY, -30000); // up
    EXPECT_EQ(flow.selectedItem(), "OPTIONS");
    keyboard.tap(SDL_SCANCODE_RETURN);
    ASSERT_EQ(flow.screen(), Screen::Options);
    keyboard.tap(SDL_SCANCODE_BACKSPACE);
    ASSERT_EQ(flow.screen(), Screen::Title);
    EXPECT_EQ(flow.selectedItem(), "OPTIONS") << "the title remembers where the player was";
    keyboard.tap(SDL_SCANCODE_DOWN);
    keyboard.tap(SDL_SCANCODE_RETURN);
    EXPECT_TRUE(flow.finished()) << "QUIT ends the game";
}

TEST(GameFlow, TwoPlayersFromTheTitle) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    keyboard.taps({SDL_SCANCODE_DOWN, SDL_SCANCODE_RETURN});
    ASSERT_EQ(flow.screen(), Screen::Playing);
    EXPECT_EQ(flow.simulation()->settings().players, 2);
}

TEST(GameFlow, EveryAttractScreenStartsOnConfirmAndOpensOptionsOnBack) {
    const auto reach = [](GameFlow& flow, Screen screen) {
        for (int i = 0; i < 10 * kTitleFrames && flow.screen() != screen; ++i)
            flow.step({});
        ASSERT_EQ(flow.screen(), screen);
    };
    for (Screen screen : {Screen::Title, Screen::ScoreTable, Screen::HighScores, Screen::Demo}) {
        SCOPED_TRACE(static_cast<int>(screen));
        GameFlow flow({}, assets(), {});
        Keyboard keyboard(flow);
        reach(flow, screen);
        keyboard.tap(SDL_SCANCODE_ESCAPE);
        ASSERT_EQ(flow.screen(), Screen::Options);
        keyboard.tap(SDL_SCANCODE_ESCAPE);
        EXPECT_EQ(flow.screen(), screen) << "Back returns where the options were opened";
        keyboard.tap(SDL_SCANCODE_RETURN);
        ASSERT_EQ(flow.screen(), Screen::Playing);
        EXPECT_TRUE(flow.session().playerSession());
    }
}

TEST(GameFlow, DemoFlagPlaysDemosButConfirmStillLetsThePlayerIn) {
    FlowSettings settings;
    settings.demo = true;
    GameFlow flow(settings, assets(), {});
    Keyboard keyboard(flow);
    ASSERT_EQ(flow.screen(), Screen::Demo);
    keyboard.idle(100);
    keyboard.tap(SDL_SCANCODE_LEFT);
    EXPECT_EQ(flow.screen(), Screen::Demo) << "--demo never shows the title";
    keyboard.tap(SDL_SCANCODE_RETURN);
    EXPECT_EQ(flow.screen(), Screen::Playing);
}

// --- Pause and options -------------------------------------------------------------------------------

TEST(GameFlow, PauseFreezesTheGameAndItsMenuAnswersUpDown) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    keyboard.tap(SDL_SCANCODE_RETURN);
    keyboard.idle(200);
    keyboard.tap(SDL_SCANCODE_ESCAPE);
    ASSERT_EQ(flow.screen(), Screen::Paused);
    EXPECT_EQ(flow.selectedItem(), "RESUME");
    const uint64_t hash = flow.simulation()->stateHash();
    keyboard.idle(100);
    EXPECT_EQ(flow.simulation()->stateHash(), hash) << "nothing moves while paused";
    EXPECT_TRUE(flow.events().empty());
    keyboard.tap(SDL_SCANCODE_DOWN);
    EXPECT_EQ(flow.selectedItem(), "OPTIONS");
    keyboard.tap(SDL_SCANCODE_RETURN);
    ASSERT_EQ(flow.screen(), Screen::Options);
    keyboard.tap(SDL_SCANCODE_ESCAPE);
    ASSERT_EQ(flow.screen(), Screen::Paused) << "back where it came from";
    EXPECT_EQ(flow.selectedItem(), "OPTIONS");
    keyboard.tap(SDL_SCANCODE_P);
    EXPECT_EQ(flow.screen(), Screen::Playing) << "the pause key resumes";
    keyboard.tap(SDL_SCANCODE_P);
    keyboard.taps({SDL_SCANCODE_UP, SDL_SCANCODE_RETURN}); // wraps to "quit to title"
    EXPECT_EQ(flow.screen(), Screen::Title);
}

TEST(GameFlow, OptionsChangeValuesWithLeftRightAndConfirmOpensControls) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    keyboard.tap(SDL_SCANCODE_ESCAPE);
    ASSERT_EQ(flow.screen(), Screen::Options);
    EXPECT_EQ(flow.selectedItem(), "MASTER VOLUME");
    const float master = flow.options().masterVolume;
    keyboard.tap(SDL_SCANCODE_LEFT);
    EXPECT_FLOAT_EQ(flow.options().masterVolume, master - 0.1f);
    EXPECT_TRUE(keyboard.takeSaved());
    for (int i = 0; i < 20; ++i)
        keyboard.tap(SDL_SCANCODE_A);
    EXPECT_FLOAT_EQ(flow.options().masterVolume, 0.0f) << "clamped at 0";
    keyboard.taps({SDL_SCANCODE_DOWN, SDL_SCANCODE_DOWN});
    EXPECT_EQ(flow.selectedItem(), "MUTE");
    keyboard.tap(SDL_SCANCODE_RIGHT);
    EXPECT_TRUE(flow.options().mute);
    keyboard.tap(SDL_SCANCODE_RETURN);
    EXPECT_FALSE(flow.options().mute) << "Confirm toggles too";
    // Holding a direction repeats it, as menus do.
    keyboard.hold(SDL_SCANCODE_DOWN);
    // VIEW, then repeats: CABINET, SHOW INPUTS, FULLSCREEN, VSYNC, QUALITY, RENDER SCALE, GAME SETTINGS
    keyboard.idle(ui::kRepeatDelay + 6 * ui::kRepeatInterval);
    EXPECT_EQ(flow.selectedItem(), "GAME SETTINGS");
    keyboard.release(SDL_SCANCODE_DOWN);
    keyboard.tap(SDL_SCANCODE_RETURN);
    ASSERT_EQ(flow.screen(), Screen::GameSettings);
    EXPECT_EQ(flow.selectedItem(), "DIFFICULTY");
    keyboard.tap(SDL_SCANCODE_RIGHT);
    EXPECT_EQ(flow.options().difficulty, Difficulty::Easy);
    EXPECT_TRUE(keyboard.takeSaved());
    keyboard.taps({SDL_SCANCODE_DOWN, SDL_SCANCODE_RIGHT}); // SHIPS 3 -> 4
    EXPECT_EQ(flow.selectedItem(), "SHIPS");
    EXPECT_EQ(flow.options().startingShips, 4);
    keyboard.taps({SDL_SCANCODE_LEFT, SDL_SCANCODE_LEFT}); // 4 -> 3 -> 6: the choices wrap
    EXPECT_EQ(flow.options().startingShips, 6);
    keyboard.tap(SDL_SCANCODE_RIGHT);                        // 6 -> 3
    keyboard.tap(SDL_SCANCODE_RIGHT);                        // 3 -> 4
    keyboard.taps({SDL_SCANCODE_DOWN, SDL_SCANCODE_RETURN}); // EXTRA SHIP AT 1500 -> 1000
    EXPECT_EQ(flow.selectedItem(), "EXTRA SHIP AT");
    EXPECT_EQ(flow.options().extraShipScore, 1000);
    keyboard.tap(SDL_SCANCODE_ESCAPE);
    ASSERT_EQ(flow.screen(), Screen::Options);
    EXPECT_EQ(flow.selectedItem(), "GAME SETTINGS") << "the options keep their selection";
    keyboard.taps({SDL_SCANCODE_DOWN, SDL_SCANCODE_DOWN});
    EXPECT_EQ(flow.selectedItem(), "CONTROLS");
    keyboard.tap(SDL_SCANCODE_RETURN);
    ASSERT_EQ(flow.screen(), Screen::Controls);
    keyboard.tap(SDL_SCANCODE_ESCAPE);
    ASSERT_EQ(flow.screen(), Screen::Options);
    EXPECT_EQ(flow.selectedItem(), "CONTROLS") << "the options keep their selection";
    keyboard.taps({SDL_SCANCODE_DOWN, SDL_SCANCODE_RETURN});
    EXPECT_EQ(flow.screen(), Screen::Title) << "BACK";
    keyboard.tap(SDL_SCANCODE_RETURN);
    ASSERT_EQ(flow.screen(), Screen::Playing);
    EXPECT_EQ(flow.simulation()->settings().difficulty, Difficulty::Easy) << "the next game uses it";
    EXPECT_EQ(flow.simulation()->settings().startingShips, 4);
    EXPECT_EQ(flow.simulation()->settings().extraShipScore, 1000);
    EXPECT_EQ(flow.simulation()->player(0).ships, 4) << "the game starts with the ships chosen";
    ASSERT_TRUE(flow.session().lastRun().has_value());
    EXPECT_EQ(flow.session().lastRun()->settings.board(), (BoardSettings{Difficulty::Easy, 4, 1000}))
        << "and its run records them";
}

int32_t playUntilGameOver(GameFlow& flow);

// ARCADE SETTINGS puts the three back to the factory setting; the attract demo plays the arcade's board
// whatever the options say; a game's top-ten entry keeps the board it was made on.
TEST(GameFlow, GameSettingsResetToTheArcadesTheDemoKeepsThemAndTheTableRecordsThem) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    keyboard.tap(SDL_SCANCODE_ESCAPE);
    ASSERT_EQ(flow.screen(), Screen::Options);
    for (int i = 0; i < 20 && flow.selectedItem() != "GAME SETTINGS"; ++i)
        keyboard.tap(SDL_SCANCODE_UP); // up from the first row wraps to the last
    keyboard.tap(SDL_SCANCODE_RETURN);
    ASSERT_EQ(flow.screen(), Screen::GameSettings);
    keyboard.taps(
        {SDL_SCANCODE_LEFT, SDL_SCANCODE_DOWN, SDL_SCANCODE_LEFT, SDL_SCANCODE_DOWN, SDL_SCANCODE_LEFT});
    const BoardSettings chosen{Difficulty::Hard, 6, 1000};
    EXPECT_EQ(flow.options().board(), chosen);
    keyboard.taps({SDL_SCANCODE_DOWN, SDL_SCANCODE_RETURN});
    EXPECT_TRUE(flow.options().board().isArcadeDefault()) << "ARCADE SETTINGS";
    keyboard.taps({SDL_SCANCODE_UP, SDL_SCANCODE_RIGHT, SDL_SCANCODE_UP, SDL_SCANCODE_LEFT, SDL_SCANCODE_UP,
                   SDL_SCANCODE_LEFT}); // 1000, 3 -> 6, arcade -> hard
    ASSERT_EQ(flow.options().board(), chosen);
    keyboard.taps({SDL_SCANCODE_ESCAPE, SDL_SCANCODE_ESCAPE});
    ASSERT_EQ(flow.screen(), Screen::Title);
    keyboard.idle(kTitleFrames + kScoreTableFrames + kHighScoresFrames + 2);
    ASSERT_EQ(flow.screen(), Screen::Demo);
    EXPECT_TRUE(flow.simulation()->settings().board().isArcadeDefault()) << "the demo plays the arcade's";

    FlowSettings settings;
    settings.options.setBoard(chosen);
    GameFlow game(settings, assets(), {});
    const int32_t score = playUntilGameOver(game);
    ASSERT_GT(score, 0);
    EXPECT_EQ(game.session().lastRun()->settings.board(), chosen);
    run(game, kGameOverFrames + kInputDelayFrames);
    ASSERT_EQ(game.screen(), Screen::EnterInitials);
    for (int i = 0; i < 3; ++i) { // AAA
        run(game, 1, press(Action::Confirm));
        run(game, 1);
    }
    ASSERT_EQ(game.runs().highScores().entries().size(), 1u);
    EXPECT_EQ(game.runs().highScores().entries()[0].board, chosen) << "the entry keeps its board";
}

TEST(GameFlow, OptionsShowWhatTheDisplayGranted) {
    GameFlow flow({}, assets(), {});
    flow.setDisplay({.vsync = false, .fullscreen = false});
    Keyboard keyboard(flow);
    keyboard.tap(SDL_SCANCODE_ESCAPE);
    for (int i = 0; i < 20 && flow.selectedItem() != "VSYNC"; ++i) // up from the first row wraps to the last
        keyboard.tap(SDL_SCANCODE_UP);
    ASSERT_EQ(flow.selectedItem(), "VSYNC");
    ASSERT_TRUE(flow.options().vsync) << "requested";
    // The value the screen shows is checked on the drawn frame (game_scene_test); here the state it reads.
    EXPECT_FALSE(flow.display().vsync);
}

TEST(GameFlow, TheGamepadAloneDrivesEveryMenu) {
    GameFlow flow({}, assets(), {});
    Keyboard pad(flow);
    pad.button(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    EXPECT_EQ(flow.selectedItem(), "2 PLAYERS");
    pad.button(SDL_CONTROLLER_BUTTON_DPAD_UP);
    pad.button(SDL_CONTROLLER_BUTTON_B);
    ASSERT_EQ(flow.screen(), Screen::Options) << "B on the title opens the options";
    pad.button(SDL_CONTROLLER_BUTTON_B);
    ASSERT_EQ(flow.screen(), Screen::Title);
    pad.button(SDL_CONTROLLER_BUTTON_A);
    ASSERT_EQ(flow.screen(), Screen::Playing);
    pad.button(SDL_CONTROLLER_BUTTON_START);
    ASSERT_EQ(flow.screen(), Screen::Paused);
    pad.button(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    EXPECT_EQ(flow.selectedItem(), "OPTIONS");
    pad.button(SDL_CONTROLLER_BUTTON_A);
    ASSERT_EQ(flow.screen(), Screen::Options);
    while (flow.selectedItem() != "CONTROLS")
        pad.button(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    pad.button(SDL_CONTROLLER_BUTTON_A);
    ASSERT_EQ(flow.screen(), Screen::Controls);
    pad.button(SDL_CONTROLLER_BUTTON_DPAD_UP); // wraps to "back"
    EXPECT_EQ(flow.selectedItem(), "BACK");
    pad.button(SDL_CONTROLLER_BUTTON_DPAD_UP);
    pad.button(SDL_CONTROLLER_BUTTON_A); // reset to defaults
    EXPECT_EQ(flow.screens().get<ControlsScreen>().note().kind, ControlsNote::Kind::Reset);
    pad.button(SDL_CONTROLLER_BUTTON_B);
    EXPECT_EQ(flow.screen(), Screen::Options);
    pad.button(SDL_CONTROLLER_BUTTON_B);
    EXPECT_EQ(flow.screen(), Screen::Paused);
    pad.button(SDL_CONTROLLER_BUTTON_B);
    EXPECT_EQ(flow.screen(), Screen::Playing);
}

TEST(GameFlow, MenuKeysWorkWhateverThePlayKeysAreBoundTo) {
    FlowSettings settings;
    for (Action action : kRebindableActions) // every play key on one key nobody uses in menus
        settings.options.keys[static_cast<size_t>(action)] = {{SDL_SCANCODE_F9}};
    GameFlow flow(settings, assets(), {});
    Keyboard keyboard(flow);
    keyboard.tap(SDL_SCANCODE_DOWN);
    EXPECT_EQ(flow.selectedItem(), "2 PLAYERS");
    keyboard.tap(SDL_SCANCODE_ESCAPE);
    EXPECT_EQ(flow.screen(), Screen::Options);
    keyboard.tap(SDL_SCANCODE_BACKSPACE);
    keyboard.tap(SDL_SCANCODE_UP);
    keyboard.tap(SDL_SCANCODE_SPACE);
    EXPECT_EQ(flow.screen(), Screen::Playing);
}

// --- Game over, initials and the table ---------------------------------------------------------------

// Plays a one-player game to its end with taps of Fire (the invaders win in the end); returns the score.
int32_t playUntilGameOver(GameFlow& flow) {
    flow.step(press(Action::Confirm));
    for (int i = 0; i < 200000 && flow.screen() == Screen::Playing; ++i)
        flow.step(i % 2 == 0 ? press(Action::Fire) : ActionState{});
    EXPECT_EQ(flow.screen(), Screen::GameOver);
    return flow.simulation()->player(0).score;
}

TEST(GameFlow, HeldOrMashedFireAtGameOverNeitherEntersInitialsNorStartsAGame) {
    GameFlow flow({}, assets(), {});
    const int32_t score = playUntilGameOver(flow);
    ASSERT_GT(score, 0);
    Keyboard keyboard(flow);
    keyboard.hold(SDL_SCANCODE_SPACE);                        // still down from play ...
    keyboard.idle(kGameOverFrames + kInputDelayFrames + 200); // ... and held
    ASSERT_EQ(flow.screen(), Screen::EnterInitials);
    EXPECT_EQ(flow.screens().get<InitialsScreen>().cursor(), 0) << "no letter taken";
    EXPECT_EQ(flow.runs().highScoresVersion(), 0u) << "the table unchanged";

    GameFlow mashed({}, assets(), {});
    playUntilGameOver(mashed);
    Keyboard masher(mashed);
    for (int i = 0; i < (kGameOverFrames + kInputDelayFrames) / 2; ++i)
        masher.tap(SDL_SCANCODE_SPACE); // a press every other step, through game over and the delay
    ASSERT_EQ(mashed.screen(), Screen::EnterInitials);
    EXPECT_EQ(mashed.screens().get<InitialsScreen>().cursor(), 0);
    masher.tap(SDL_SCANCODE_SPACE); // past the delay, a press counts
    EXPECT_EQ(mashed.screens().get<InitialsScreen>().cursor(), 1);
}

TEST(GameFlow, ArrowsAndFireHeldThroughTheGamesEndChooseNoInitialsUntilPressedAgain) {
    // The repro: arrows held through the last life's end, fire held as "GAME OVER" shows.
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    keyboard.tap(SDL_SCANCODE_RETURN); // 1 PLAYER
    ASSERT_EQ(flow.screen(), Screen::Playing);
    keyboard.hold(SDL_SCANCODE_UP); // Up moves nothing in play: it stays down through the whole game
    for (int i = 0; i < 100000 && flow.screen() == Screen::Playing; ++i)
        keyboard.tap(SDL_SCANCODE_SPACE);
    ASSERT_EQ(flow.screen(), Screen::GameOver);
    ASSERT_GT(flow.simulation()->player(0).score, 0);
    keyboard.hold(SDL_SCANCODE_SPACE);
    keyboard.idle(kGameOverFrames + kInputDelayFrames + 4 * ui::kRepeatDelay);
    ASSERT_EQ(flow.screen(), Screen::EnterInitials);
    const InitialsScreen& initials = flow.screens().get<InitialsScreen>();
    EXPECT_EQ(initials.cursor(), 0) << "no letter taken";
    EXPECT_EQ(initials.letters()[0], 'A') << "the held arrow does not repeat here";
    keyboard.release(SDL_SCANCODE_UP);
    keyboard.release(SDL_SCANCODE_SPACE);
    EXPECT_EQ(initials.letters()[0], 'A') << "releasing chooses nothing";
    keyboard.tap(SDL_SCANCODE_UP);
    EXPECT_EQ(initials.letters()[0], 'B') << "pressed again: a press";
    keyboard.tap(SDL_SCANCODE_SPACE);
    EXPECT_EQ(initials.cursor(), 1);
}

TEST(GameFlow, AKeyStillDownAsAnyScreenOpensDoesNothingThere) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    keyboard.idle(kTitleFrames);
    ASSERT_EQ(flow.screen(), Screen::ScoreTable);
    keyboard.hold(SDL_SCANCODE_DOWN); // a direction on the attract cycle opens the title ...
    ASSERT_EQ(flow.screen(), Screen::Title);
    keyboard.idle(4 * ui::kRepeatDelay); // ... and held there, it does not run down its menu
    EXPECT_EQ(flow.selectedItem(), "1 PLAYER");
    keyboard.release(SDL_SCANCODE_DOWN);
    keyboard.tap(SDL_SCANCODE_DOWN);
    EXPECT_EQ(flow.selectedItem(), "2 PLAYERS");
    keyboard.hold(SDL_SCANCODE_DOWN); // held on the screen it was pressed on, it repeats as ever
    keyboard.idle(ui::kRepeatDelay);
    EXPECT_EQ(flow.selectedItem(), "OPTIONS");
}

TEST(GameFlow, InitialsAreTypedOrChosenBackErasesAndTheTableShowsTheNewRow) {
    HighScoreTable table;
    ASSERT_TRUE(table.insert({{'T', 'O', 'P'}, 9000, 9}).has_value());
    GameFlow flow({}, assets(), table);
    const int32_t score = playUntilGameOver(flow);
    ASSERT_GT(score, 0);
    ASSERT_LT(score, 9000);
    Keyboard keyboard(flow);
    keyboard.idle(kGameOverFrames + kInputDelayFrames);
    ASSERT_EQ(flow.screen(), Screen::EnterInitials);
    EXPECT_EQ(flow.runs().rankOf(static_cast<uint32_t>(score)), 1)
        << "second place: the screen says so, not NEW HIGH SCORE";
    EXPECT_EQ(hiScore(flow.runs().highScores(), flow.session()), 9000u);
    const InitialsScreen& initials = flow.screens().get<InitialsScreen>();
    keyboard.tap(SDL_SCANCODE_Q); // typed: Q, next letter
    keyboard.tap(SDL_SCANCODE_X);
    EXPECT_EQ(initials.cursor(), 2);
    keyboard.tap(SDL_SCANCODE_BACKSPACE); // erases: back to the second letter
    EXPECT_EQ(initials.cursor(), 1);
    keyboard.taps({SDL_SCANCODE_UP, SDL_SCANCODE_UP, SDL_SCANCODE_DOWN}); // X -> Y -> Z -> Y
    keyboard.tap(SDL_SCANCODE_RETURN);
    keyboard.tap(SDL_SCANCODE_DOWN); // A -> 9
    keyboard.tap(SDL_SCANCODE_RETURN);
    ASSERT_EQ(flow.screen(), Screen::HighScores);
    EXPECT_EQ(flow.shared().highlightedRank, 1);
    ASSERT_EQ(flow.runs().highScoresVersion(), 1u) << "the table changed once";
    ASSERT_EQ(flow.runs().highScores().entries().size(), 2u);
    EXPECT_EQ(flow.runs().highScores().entries()[1].initialsText(), "QY9");
    EXPECT_EQ(flow.runs().highScores().entries()[1].score, static_cast<uint32_t>(score));
    keyboard.tap(SDL_SCANCODE_RETURN); // too soon: the table stays
    EXPECT_EQ(flow.screen(), Screen::HighScores);
    keyboard.idle(kHighScoresFrames);
    EXPECT_EQ(flow.screen(), Screen::Title);
}

TEST(GameFlow, FirstPlaceIsANewHighScoreAndTheHudShowsIt) {
    GameFlow flow({}, assets(), {});
    const int32_t score = playUntilGameOver(flow);
    EXPECT_EQ(hiScore(flow.runs().highScores(), flow.session()), static_cast<uint32_t>(score))
        << "max(table, current) while playing";
    run(flow, kGameOverFrames);
    ASSERT_EQ(flow.screen(), Screen::EnterInitials);
    EXPECT_EQ(flow.runs().rankOf(static_cast<uint32_t>(score)), 0);
    EXPECT_EQ(hiScore(flow.runs().highScores(), flow.session()), static_cast<uint32_t>(score))
        << "and while entering initials";
}

TEST(GameFlow, RecordingPlaysBackToTheSameState) {
    FlowSettings recordSettings;
    recordSettings.seed = 11;
    recordSettings.demo = true;
    recordSettings.record = true;
    GameFlow recorder(recordSettings, assets(), {});
    run(recorder, 3000);
    const std::optional<Replay> recording = recorder.session().recording();
    ASSERT_TRUE(recording.has_value());
    EXPECT_GT(recording->inputs.size(), 0u);

    FlowSettings playSettings;
    playSettings.replay = recording;
    GameFlow player(playSettings, assets(), {});
    EXPECT_EQ(player.screen(), Screen::Replay);
    run(player, static_cast<int>(recording->inputs.size()) + 5);
    EXPECT_TRUE(player.finished());
    EXPECT_TRUE(player.session().replayMatched());

    Replay tampered = *recording;
    // The last step that moves the cannon, the other way (nothing after it can undo that at a wall).
    const auto move = std::find_if(tampered.inputs.rbegin(), tampered.inputs.rend(),
                                   [](uint8_t bits) { return bits == 1 || bits == 2; });
    ASSERT_NE(move, tampered.inputs.rend());
    *move ^= 3;
    playSettings.replay = tampered;
    GameFlow wrong(playSettings, assets(), {});
    run(wrong, static_cast<int>(tampered.inputs.size()));
    EXPECT_TRUE(wrong.finished());
    EXPECT_FALSE(wrong.session().replayMatched());
}

// From the title to the controls screen with the default keys.
void openControls(Keyboard& keyboard, const GameFlow& flow) {
    keyboard.tap(SDL_SCANCODE_ESCAPE);
    ASSERT_EQ(flow.screen(), Screen::Options);
    while (flow.selectedItem() != "CONTROLS")
        keyboard.tap(SDL_SCANCODE_DOWN);
    keyboard.tap(SDL_SCANCODE_RETURN);
    ASSERT_EQ(flow.screen(), Screen::Controls);
    ASSERT_EQ(flow.selectedItem(), "MOVE LEFT");
}

// On the controls screen: selects the row of `action` with Down and presses Enter to listen.
void listenFor(Keyboard& keyboard, const GameFlow& flow, Action action, std::string_view row) {
    (void)action;
    for (int i = 0; i < 20 && flow.selectedItem() != row; ++i)
        keyboard.tap(SDL_SCANCODE_DOWN);
    ASSERT_EQ(flow.selectedItem(), row);
    keyboard.tap(SDL_SCANCODE_RETURN);
    ASSERT_TRUE(flow.listeningForKey());
}

std::vector<vox::KeyBinding> keysOf(const GameFlow& flow, Action action) {
    return flow.options().keys[static_cast<size_t>(action)];
}

TEST(Controls, RebindingFireMakesTheNewKeyFireAndNotTheOld) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    openControls(keyboard, flow);
    listenFor(keyboard, flow, Action::Fire, "FIRE");
    EXPECT_FALSE(keyboard.takeSaved()) << "nothing changed yet";
    keyboard.tap(SDL_SCANCODE_K);
    EXPECT_FALSE(flow.listeningForKey());
    EXPECT_EQ(keysOf(flow, Action::Fire), std::vector<vox::KeyBinding>{{SDL_SCANCODE_K}});
    EXPECT_EQ(flow.screens().get<ControlsScreen>().note().kind, ControlsNote::Kind::Rebound);
    EXPECT_EQ(flow.screens().get<ControlsScreen>().note().rebind.kind, RebindKind::Bound);
    EXPECT_TRUE(keyboard.takeSaved()) << "to be saved";

    // The live map follows at once: K fires in the game; Space does not (it still confirms in menus).
    keyboard.tap(SDL_SCANCODE_ESCAPE); // to the options
    keyboard.tap(SDL_SCANCODE_ESCAPE); // to the title
    ASSERT_EQ(flow.screen(), Screen::Title);
    keyboard.tap(SDL_SCANCODE_RETURN);
    ASSERT_EQ(flow.screen(), Screen::Playing);
    keyboard.idle(200); // the cannon appears after 128 frames
    ASSERT_EQ(flow.simulation()->cannon().phase, CannonPhase::Alive);
    EXPECT_FALSE(contains(keyboard.tap(SDL_SCANCODE_SPACE), SimEventType::PlayerShotFired));
    EXPECT_TRUE(contains(keyboard.tap(SDL_SCANCODE_K), SimEventType::PlayerShotFired));
}

TEST(Controls, AKeyTakenFromAnotherActionMovesOrSwaps) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    openControls(keyboard, flow);
    // A is one of Move left's two keys: it moves to Fire, and Move left keeps the arrow.
    listenFor(keyboard, flow, Action::Fire, "FIRE");
    keyboard.tap(SDL_SCANCODE_A);
    EXPECT_EQ(flow.screens().get<ControlsScreen>().note().rebind.kind, RebindKind::Moved);
    EXPECT_EQ(flow.screens().get<ControlsScreen>().note().rebind.other, Action::Left);
    EXPECT_EQ(keysOf(flow, Action::Fire), std::vector<vox::KeyBinding>{{SDL_SCANCODE_A}});
    EXPECT_EQ(keysOf(flow, Action::Left), std::vector<vox::KeyBinding>{{SDL_SCANCODE_LEFT}});
    // A is now Fire's only key: giving it to Pause swaps, so Fire takes Pause's P and Escape. (A also
    // means "left" in menus, which the controls list ignores.)
    listenFor(keyboard, flow, Action::Pause, "PAUSE");
    keyboard.tap(SDL_SCANCODE_A);
    EXPECT_EQ(flow.screens().get<ControlsScreen>().note().rebind.kind, RebindKind::Swapped);
    EXPECT_EQ(flow.screens().get<ControlsScreen>().note().rebind.other, Action::Fire);
    EXPECT_EQ(keysOf(flow, Action::Pause), std::vector<vox::KeyBinding>{{SDL_SCANCODE_A}});
    const std::vector<vox::KeyBinding> pausesOldKeys = {{SDL_SCANCODE_P}, {SDL_SCANCODE_ESCAPE}};
    EXPECT_EQ(keysOf(flow, Action::Fire), pausesOldKeys);
    for (Action action : kRebindableActions)
        EXPECT_FALSE(keysOf(flow, action).empty()) << invaders::actionName(action);
}

TEST(Controls, EscapeOrAGamepadButtonCancelsListening) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    openControls(keyboard, flow);
    (void)keyboard.takeSaved();
    listenFor(keyboard, flow, Action::Start, "START");
    keyboard.tap(SDL_SCANCODE_ESCAPE);
    EXPECT_FALSE(flow.listeningForKey());
    EXPECT_EQ(flow.screen(), Screen::Controls) << "Escape cancels; it does not leave the screen";
    EXPECT_EQ(flow.screens().get<ControlsScreen>().note().kind, ControlsNote::Kind::Cancelled);
    listenFor(keyboard, flow, Action::Start, "START");
    keyboard.button(SDL_CONTROLLER_BUTTON_B);
    EXPECT_FALSE(flow.listeningForKey());
    EXPECT_EQ(flow.screens().get<ControlsScreen>().note().kind, ControlsNote::Kind::Cancelled);
    EXPECT_EQ(flow.options().keys, defaultKeyBindings());
    EXPECT_FALSE(keyboard.takeSaved());
}

TEST(Controls, GlobalKeysAreBindableWhileListening) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    openControls(keyboard, flow);
    listenFor(keyboard, flow, Action::Fire, "FIRE");
    keyboard.tap(SDL_SCANCODE_F11); // bound to ToggleFullscreen too: here it is only the key chosen
    EXPECT_FALSE(flow.options().fullscreen);
    EXPECT_EQ(keysOf(flow, Action::Fire), std::vector<vox::KeyBinding>{{SDL_SCANCODE_F11}});
    const std::vector<vox::KeyBinding> fullscreen = {{SDL_SCANCODE_RETURN, vox::KeyModifiers::Alt}};
    EXPECT_EQ(keysOf(flow, Action::ToggleFullscreen), fullscreen);
}

TEST(Controls, ResetRestoresTheDefaultsAndBackLeaves) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    openControls(keyboard, flow);
    listenFor(keyboard, flow, Action::Right, "MOVE RIGHT");
    keyboard.tap(SDL_SCANCODE_L);
    ASSERT_NE(flow.options().keys, defaultKeyBindings());
    (void)keyboard.takeSaved();
    while (flow.selectedItem() != "RESET TO DEFAULTS")
        keyboard.tap(SDL_SCANCODE_DOWN);
    keyboard.tap(SDL_SCANCODE_SPACE);
    EXPECT_EQ(flow.options().keys, defaultKeyBindings());
    EXPECT_EQ(flow.screens().get<ControlsScreen>().note().kind, ControlsNote::Kind::Reset);
    EXPECT_TRUE(keyboard.takeSaved());
    keyboard.tap(SDL_SCANCODE_S);
    ASSERT_EQ(flow.selectedItem(), "BACK");
    keyboard.tap(SDL_SCANCODE_SPACE);
    EXPECT_EQ(flow.screen(), Screen::Options);
    EXPECT_EQ(flow.selectedItem(), "CONTROLS");
}

TEST(Controls, ReboundKeysSurviveTheSettingsFile) {
    vox::test::TempDirectory temp;
    const std::filesystem::path file = settingsPath(temp.path());
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    openControls(keyboard, flow);
    listenFor(keyboard, flow, Action::Fire, "FIRE");
    keyboard.tap(SDL_SCANCODE_LCTRL);
    listenFor(keyboard, flow, Action::ToggleDebugOverlay, "DEBUG OVERLAY");
    keyboard.tap(SDL_SCANCODE_F1);
    ASSERT_TRUE(keyboard.takeSaved());
    ASSERT_TRUE(saveSettings(file, flow.options()).ok()); // as GameScene saves them

    const Loaded<Settings> loaded = loadSettings(file);
    EXPECT_TRUE(loaded.warnings.empty());
    EXPECT_EQ(loaded.value, flow.options());
    EXPECT_EQ(loaded.value.keys[static_cast<size_t>(Action::Fire)],
              std::vector<vox::KeyBinding>{{SDL_SCANCODE_LCTRL}});

    FlowSettings nextRun; // the next start reads them back and its map fires with Left Ctrl
    nextRun.options = loaded.value;
    GameFlow next(nextRun, assets(), {});
    Keyboard nextKeyboard(next);
    nextKeyboard.tap(SDL_SCANCODE_RETURN);
    nextKeyboard.idle(200);
    EXPECT_TRUE(contains(nextKeyboard.tap(SDL_SCANCODE_LCTRL), SimEventType::PlayerShotFired));
}

} // namespace
} // namespace invaders
