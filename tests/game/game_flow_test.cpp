// The screens around the simulation: attract mode, starting a game, pause, options, rebinding keys, game
// over, initials, replays.
#include "game_flow.h"

#include "persist/save_files.h"
#include "sim/game_assets.h"

#include "engine/platform/key_events.h"
#include "engine/platform/temp_directory.h"

#include "vox/platform/action_map.h"

#include <gtest/gtest.h>

#include <algorithm>

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
    // The last step that moves the cannon, the other way (nothing after it can undo that at a wall).
    const auto move = std::find_if(tampered.inputs.rbegin(), tampered.inputs.rend(),
                                   [](uint8_t bits) { return bits == 1 || bits == 2; });
    ASSERT_NE(move, tampered.inputs.rend());
    *move ^= 3;
    playSettings.replay = tampered;
    GameFlow wrong(playSettings, assets(), {});
    run(wrong, static_cast<int>(tampered.inputs.size()));
    EXPECT_TRUE(wrong.finished());
    EXPECT_FALSE(wrong.replayMatched());
}

// The app's loop in miniature: real key events through a live `vox::ActionMap`, raw presses to the flow,
// one step per tap, and the options' keys applied to the map whenever they change.
class Keyboard {
public:
    explicit Keyboard(GameFlow& flow) : m_flow(flow), m_applied(flow.options().keys) {
        applyKeyBindings(m_applied, m_actions);
    }

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
        if (m_flow.options().keys != m_applied) {
            m_applied = m_flow.options().keys;
            applyKeyBindings(m_applied, m_actions);
        }
    }

    GameFlow& m_flow;
    vox::ActionMap m_actions = vox::ActionMap::withDefaultBindings();
    KeyBindings m_applied;
};

bool contains(const std::vector<SimEventType>& events, SimEventType type) {
    return std::find(events.begin(), events.end(), type) != events.end();
}

// From the title to the controls screen with the default keys: Esc, Space to "controls", Right.
void openControls(Keyboard& keyboard, const GameFlow& flow) {
    keyboard.tap(SDL_SCANCODE_ESCAPE);
    ASSERT_EQ(flow.screen(), Screen::Options);
    for (int i = 0; i < static_cast<int>(OptionItem::Controls); ++i)
        keyboard.tap(SDL_SCANCODE_SPACE);
    ASSERT_EQ(flow.optionSelection(), OptionItem::Controls);
    keyboard.tap(SDL_SCANCODE_RIGHT);
    ASSERT_EQ(flow.screen(), Screen::Controls);
    ASSERT_EQ(flow.controlsSelection(), 0);
}

// On the controls screen: highlights `action` with Right and presses Enter (Start) to listen.
void listenFor(Keyboard& keyboard, const GameFlow& flow, vox::Action action) {
    const auto at = std::find(kRebindableActions.begin(), kRebindableActions.end(), action);
    const auto index = static_cast<int32_t>(at - kRebindableActions.begin());
    while (flow.controlsSelection() != index)
        keyboard.tap(SDL_SCANCODE_RIGHT);
    keyboard.tap(SDL_SCANCODE_RETURN);
    ASSERT_TRUE(flow.listeningForKey());
}

std::vector<vox::KeyBinding> keysOf(const GameFlow& flow, vox::Action action) {
    return flow.options().keys[static_cast<size_t>(action)];
}

TEST(Controls, RebindingFireMakesTheNewKeyFireAndNotTheOld) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    openControls(keyboard, flow);
    listenFor(keyboard, flow, Action::Fire);
    EXPECT_FALSE(flow.takeOptionsChanged()) << "nothing changed yet";
    keyboard.tap(SDL_SCANCODE_K);
    EXPECT_FALSE(flow.listeningForKey());
    EXPECT_EQ(keysOf(flow, Action::Fire), std::vector<vox::KeyBinding>{{SDL_SCANCODE_K}});
    EXPECT_EQ(flow.controlsNote().kind, ControlsNote::Kind::Rebound);
    EXPECT_EQ(flow.controlsNote().rebind.kind, RebindKind::Bound);
    EXPECT_TRUE(flow.takeOptionsChanged()) << "to be saved";

    // The live map follows at once: K chooses on this screen and fires in the game; Space does neither.
    keyboard.tap(SDL_SCANCODE_SPACE);
    EXPECT_FALSE(flow.listeningForKey());
    keyboard.tap(SDL_SCANCODE_K);
    EXPECT_TRUE(flow.listeningForKey()) << "K is Fire now: it chose the highlighted action again";
    keyboard.tap(SDL_SCANCODE_ESCAPE);
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
    listenFor(keyboard, flow, Action::Fire);
    keyboard.tap(SDL_SCANCODE_A);
    EXPECT_EQ(flow.controlsNote().rebind.kind, RebindKind::Moved);
    EXPECT_EQ(flow.controlsNote().rebind.other, Action::Left);
    EXPECT_EQ(keysOf(flow, Action::Fire), std::vector<vox::KeyBinding>{{SDL_SCANCODE_A}});
    EXPECT_EQ(keysOf(flow, Action::Left), std::vector<vox::KeyBinding>{{SDL_SCANCODE_LEFT}});
    // A is now Fire's only key: giving it to Pause swaps, so Fire takes Pause's P and Escape.
    listenFor(keyboard, flow, Action::Pause);
    keyboard.tap(SDL_SCANCODE_A);
    EXPECT_EQ(flow.controlsNote().rebind.kind, RebindKind::Swapped);
    EXPECT_EQ(flow.controlsNote().rebind.other, Action::Fire);
    EXPECT_EQ(keysOf(flow, Action::Pause), std::vector<vox::KeyBinding>{{SDL_SCANCODE_A}});
    const std::vector<vox::KeyBinding> pausesOldKeys = {{SDL_SCANCODE_P}, {SDL_SCANCODE_ESCAPE}};
    EXPECT_EQ(keysOf(flow, Action::Fire), pausesOldKeys);
    for (vox::Action action : kRebindableActions)
        EXPECT_FALSE(keysOf(flow, action).empty()) << vox::actionName(action);
}

TEST(Controls, EscapeOrAGamepadButtonCancelsListening) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    openControls(keyboard, flow);
    (void)flow.takeOptionsChanged();
    listenFor(keyboard, flow, Action::Start);
    keyboard.tap(SDL_SCANCODE_ESCAPE);
    EXPECT_FALSE(flow.listeningForKey());
    EXPECT_EQ(flow.screen(), Screen::Controls) << "Escape cancels; it does not leave the screen";
    EXPECT_EQ(flow.controlsNote().kind, ControlsNote::Kind::Cancelled);
    listenFor(keyboard, flow, Action::Start);
    keyboard.button(SDL_CONTROLLER_BUTTON_B);
    EXPECT_FALSE(flow.listeningForKey());
    EXPECT_EQ(flow.controlsNote().kind, ControlsNote::Kind::Cancelled);
    EXPECT_EQ(flow.options().keys, defaultKeyBindings());
    EXPECT_FALSE(flow.takeOptionsChanged());
}

TEST(Controls, GlobalKeysAreBindableWhileListening) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    openControls(keyboard, flow);
    listenFor(keyboard, flow, Action::Fire);
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
    listenFor(keyboard, flow, Action::Right);
    keyboard.tap(SDL_SCANCODE_L);
    ASSERT_NE(flow.options().keys, defaultKeyBindings());
    (void)flow.takeOptionsChanged();
    while (flow.controlsSelection() != kControlsResetEntry)
        keyboard.tap(SDL_SCANCODE_LEFT); // Move right is L now; Left goes back through the list
    keyboard.tap(SDL_SCANCODE_SPACE);
    EXPECT_EQ(flow.options().keys, defaultKeyBindings());
    EXPECT_EQ(flow.controlsNote().kind, ControlsNote::Kind::Reset);
    EXPECT_TRUE(flow.takeOptionsChanged());
    keyboard.tap(SDL_SCANCODE_D); // the default Move right again
    ASSERT_EQ(flow.controlsSelection(), kControlsBackEntry);
    keyboard.tap(SDL_SCANCODE_SPACE);
    EXPECT_EQ(flow.screen(), Screen::Options);
    EXPECT_EQ(flow.optionSelection(), OptionItem::Controls);
}

TEST(Controls, TheGamepadAloneGetsInAndOut) {
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    keyboard.button(SDL_CONTROLLER_BUTTON_START); // Start and Pause: starts the game from the title
    ASSERT_EQ(flow.screen(), Screen::Playing);
    keyboard.button(SDL_CONTROLLER_BUTTON_START);      // pause
    keyboard.button(SDL_CONTROLLER_BUTTON_DPAD_RIGHT); // "options"
    keyboard.button(SDL_CONTROLLER_BUTTON_A);
    ASSERT_EQ(flow.screen(), Screen::Options);
    while (flow.optionSelection() != OptionItem::Controls)
        keyboard.button(SDL_CONTROLLER_BUTTON_A);
    keyboard.button(SDL_CONTROLLER_BUTTON_DPAD_RIGHT);
    ASSERT_EQ(flow.screen(), Screen::Controls);
    keyboard.button(SDL_CONTROLLER_BUTTON_DPAD_LEFT); // wraps to "back"
    EXPECT_EQ(flow.controlsSelection(), kControlsBackEntry);
    keyboard.button(SDL_CONTROLLER_BUTTON_DPAD_LEFT);
    keyboard.button(SDL_CONTROLLER_BUTTON_A); // reset to defaults
    EXPECT_EQ(flow.controlsNote().kind, ControlsNote::Kind::Reset);
    keyboard.button(SDL_CONTROLLER_BUTTON_START); // back
    EXPECT_EQ(flow.screen(), Screen::Options);
}

TEST(Controls, ReboundKeysSurviveTheSettingsFile) {
    vox::test::TempDirectory temp;
    const std::filesystem::path file = settingsPath(temp.path());
    GameFlow flow({}, assets(), {});
    Keyboard keyboard(flow);
    openControls(keyboard, flow);
    listenFor(keyboard, flow, Action::Fire);
    keyboard.tap(SDL_SCANCODE_LCTRL);
    listenFor(keyboard, flow, Action::ToggleDebugOverlay);
    keyboard.tap(SDL_SCANCODE_F1);
    ASSERT_TRUE(flow.takeOptionsChanged());
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

TEST(GameFlow, F11FlipsTheFullscreenOptionOnAnyScreen) {
    GameFlow flow({}, assets(), {});
    flow.step(press(Action::ToggleFullscreen));
    EXPECT_TRUE(flow.options().fullscreen);
    EXPECT_TRUE(flow.takeOptionsChanged()) << "saved, so the next start keeps it";
    flow.step(press(Action::Start));
    flow.step(press(Action::ToggleFullscreen));
    EXPECT_EQ(flow.screen(), Screen::Playing);
    EXPECT_FALSE(flow.options().fullscreen);
}

} // namespace
} // namespace invaders
