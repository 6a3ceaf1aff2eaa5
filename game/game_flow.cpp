#include "game_flow.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <cmath>

namespace invaders {
namespace {

using vox::Action;

constexpr char kInitialsAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
constexpr int32_t kAlphabetSize = 36;

char cycleLetter(char letter, int32_t by) {
    const char* at = std::find(kInitialsAlphabet, kInitialsAlphabet + kAlphabetSize, letter);
    const int32_t index = static_cast<int32_t>(at - kInitialsAlphabet);
    return kInitialsAlphabet[(index + by + kAlphabetSize) % kAlphabetSize];
}

bool confirms(const vox::ActionState& input) {
    return input.pressed(Action::Fire) || input.pressed(Action::Start);
}

} // namespace

GameFlow::GameFlow(const FlowSettings& settings, const GameAssets& assets, HighScoreTable highScores)
    : m_settings(settings), m_assets(assets), m_highScores(std::move(highScores)) {
    if (m_settings.replay) {
        m_simulation = std::make_unique<Simulation>(m_settings.replay->settings, m_assets);
        setScreen(Screen::Replay);
    } else if (m_settings.demo) {
        startSession(Screen::Demo, 1, Difficulty::Arcade);
    }
}

std::span<const SimEvent> GameFlow::events() const {
    return m_stepped && m_simulation ? m_simulation->events() : std::span<const SimEvent>();
}

bool GameFlow::takeOptionsChanged() {
    const bool changed = m_optionsChanged;
    m_optionsChanged = false;
    return changed;
}

bool GameFlow::takeHighScoresChanged() {
    const bool changed = m_highScoresChanged;
    m_highScoresChanged = false;
    return changed;
}

uint32_t GameFlow::hiScore() const {
    uint32_t best = m_highScores.bestScore();
    if (m_simulation &&
        (m_screen == Screen::Playing || m_screen == Screen::Paused || m_screen == Screen::GameOver))
        for (int32_t p = 0; p < m_simulation->settings().players; ++p)
            best = std::max(best, static_cast<uint32_t>(m_simulation->player(p).score));
    return best;
}

std::optional<Replay> GameFlow::recording() const {
    if (!m_recording)
        return std::nullopt;
    Replay replay = *m_recording;
    replay.finalStateHash = m_recordingOpen ? m_simulation->stateHash() : m_recordingHash;
    return replay;
}

bool GameFlow::replayMatched() const {
    return m_settings.replay && m_simulation && m_replayStep == m_settings.replay->inputs.size() &&
           m_simulation->stateHash() == m_settings.replay->finalStateHash;
}

void GameFlow::setScreen(Screen screen) {
    m_screen = screen;
    m_screenFrames = 0;
}

void GameFlow::startSession(Screen screen, int32_t players, Difficulty difficulty) {
    if (m_recordingOpen) { // the recorded session ends here
        m_recordingHash = m_simulation->stateHash();
        m_recordingOpen = false;
    }
    const SimSettings settings{m_settings.seed + m_sessions, players, difficulty};
    ++m_sessions;
    m_simulation = std::make_unique<Simulation>(settings, m_assets);
    m_pilot = screen == Screen::Demo ? std::make_unique<AutoPlayer>(settings.seed) : nullptr;
    if (m_settings.record && !m_recording) {
        m_recording = newReplay(settings);
        m_recordingOpen = true;
    }
    setScreen(screen);
}

void GameFlow::stepSimulation(const StepInput& input) {
    m_simulation->step(input);
    m_stepped = true;
    if (m_recordingOpen)
        m_recording->inputs.push_back(input.bits());
}

void GameFlow::toTitle() {
    if (m_settings.demo) { // --demo never shows the title: the next demo game starts
        startSession(Screen::Demo, 1, Difficulty::Arcade);
        return;
    }
    setScreen(Screen::Title);
}

void GameFlow::keyPressed(SDL_Scancode key) {
    if (!m_pendingKey)
        m_pendingKey = key;
}

void GameFlow::buttonPressed() {
    m_pendingButton = true;
}

void GameFlow::step(const vox::ActionState& input) {
    m_stepped = false;
    ++m_screenFrames;
    if (input.pressed(Action::ToggleFullscreen) && !listeningForKey()) {
        m_settings.options.fullscreen = !m_settings.options.fullscreen;
        m_optionsChanged = true;
    }
    stepScreen(input);
    m_pendingKey.reset(); // raw presses are for the step they came before, never a later screen
    m_pendingButton = false;
}

void GameFlow::stepScreen(const vox::ActionState& input) {
    switch (m_screen) {
    case Screen::Title:
        // A gamepad's Start button is both Start and Pause: there it starts the game.
        if (input.pressed(Action::Pause) && !input.pressed(Action::Start)) {
            m_optionsReturn = Screen::Title;
            m_optionSelection = OptionItem::MasterVolume;
            setScreen(Screen::Options);
            return;
        }
        if (input.pressed(Action::Left) || input.pressed(Action::Right))
            m_titlePlayers = 3 - m_titlePlayers;
        if (confirms(input))
            startSession(Screen::Playing, m_titlePlayers, m_settings.difficulty);
        else if (m_screenFrames >= kTitleFrames)
            startSession(Screen::Demo, 1, Difficulty::Arcade);
        return;
    case Screen::Demo:
        if (confirms(input) && !m_settings.demo) {
            startSession(Screen::Playing, m_titlePlayers, m_settings.difficulty);
            return;
        }
        stepSimulation(m_pilot->decide(*m_simulation));
        if (m_simulation->phase() == SimPhase::GameOver ||
            (!m_settings.demo && m_screenFrames >= kDemoFrames))
            toTitle();
        return;
    case Screen::Playing:
        if (input.pressed(Action::Pause)) {
            m_pauseSelection = PauseItem::Resume;
            setScreen(Screen::Paused);
            return;
        }
        stepSimulation({input.held(Action::Left), input.held(Action::Right), input.held(Action::Fire)});
        if (m_simulation->phase() == SimPhase::GameOver)
            enterGameOver();
        return;
    case Screen::Paused:
        if (input.pressed(Action::Pause)) {
            setScreen(Screen::Playing);
            return;
        }
        if (input.pressed(Action::Left) || input.pressed(Action::Right)) {
            const int32_t by = input.pressed(Action::Right) ? 1 : 2; // 2 == -1 modulo the 3 entries
            m_pauseSelection = static_cast<PauseItem>((static_cast<int32_t>(m_pauseSelection) + by) % 3);
        }
        if (confirms(input)) {
            switch (m_pauseSelection) {
            case PauseItem::Resume:
                setScreen(Screen::Playing);
                break;
            case PauseItem::Options:
                m_optionsReturn = Screen::Paused;
                m_optionSelection = OptionItem::MasterVolume;
                setScreen(Screen::Options);
                break;
            case PauseItem::QuitToTitle:
                toTitle();
                break;
            }
        }
        return;
    case Screen::Options:
        stepOptions(input);
        return;
    case Screen::Controls:
        stepControls(input);
        return;
    case Screen::GameOver:
        if (m_screenFrames >= kGameOverFrames)
            nextInitialsOrTitle();
        return;
    case Screen::EnterInitials: {
        auto& letter = m_initials[static_cast<size_t>(m_initialsCursor)];
        if (input.pressed(Action::Left))
            letter = cycleLetter(letter, -1);
        if (input.pressed(Action::Right))
            letter = cycleLetter(letter, 1);
        if (!confirms(input))
            return;
        if (++m_initialsCursor < 3)
            return;
        const PlayerState& player = m_simulation->player(m_initialsPlayer);
        HighScore entry;
        entry.initials = m_initials;
        entry.score = static_cast<uint32_t>(player.score);
        entry.wave = player.wave;
        if (m_highScores.insert(entry))
            m_highScoresChanged = true;
        nextInitialsOrTitle();
        return;
    }
    case Screen::Replay: {
        const std::vector<uint8_t>& inputs = m_settings.replay->inputs;
        if (m_replayStep < inputs.size())
            stepSimulation(StepInput::fromBits(inputs[m_replayStep++]));
        m_finished = m_replayStep == inputs.size();
        return;
    }
    }
}

void GameFlow::stepOptions(const vox::ActionState& input) {
    const bool back = input.pressed(Action::Start) || input.pressed(Action::Pause) ||
                      (input.pressed(Action::Fire) && m_optionSelection == OptionItem::Back);
    if (back) {
        setScreen(m_optionsReturn);
        return;
    }
    if (input.pressed(Action::Fire)) {
        m_optionSelection =
            static_cast<OptionItem>((static_cast<int32_t>(m_optionSelection) + 1) % kOptionItemCount);
        return;
    }
    const int32_t change = (input.pressed(Action::Right) ? 1 : 0) - (input.pressed(Action::Left) ? 1 : 0);
    if (change == 0)
        return;
    Settings& options = m_settings.options;
    const auto stepVolume = [change](float volume) {
        const float stepped = std::round((volume + static_cast<float>(change) * kVolumeStep) * 10.0f) / 10.0f;
        return std::clamp(stepped, 0.0f, 1.0f);
    };
    switch (m_optionSelection) {
    case OptionItem::MasterVolume:
        options.masterVolume = stepVolume(options.masterVolume);
        break;
    case OptionItem::EffectsVolume:
        options.effectsVolume = stepVolume(options.effectsVolume);
        break;
    case OptionItem::Mute:
        options.mute = !options.mute;
        break;
    case OptionItem::Difficulty: // applies to the next game started
        options.difficulty =
            static_cast<Difficulty>((static_cast<int32_t>(options.difficulty) + 3 + change) % 3);
        m_settings.difficulty = options.difficulty;
        break;
    case OptionItem::Fullscreen:
        options.fullscreen = !options.fullscreen;
        break;
    case OptionItem::Vsync:
        options.vsync = !options.vsync;
        break;
    case OptionItem::Controls:
        openControls();
        return;
    case OptionItem::Back:
        return;
    }
    m_optionsChanged = true;
}

void GameFlow::openControls() {
    m_controlsSelection = 0;
    m_listening = false;
    m_controlsNote = {};
    setScreen(Screen::Controls);
}

void GameFlow::stepControls(const vox::ActionState& input) {
    KeyBindings& keys = m_settings.options.keys;
    if (m_listening) {
        // This step's actions are what the key meant before: only the key itself counts.
        if (m_pendingButton || m_pendingKey == SDL_SCANCODE_ESCAPE) {
            m_listening = false;
            m_controlsNote = {ControlsNote::Kind::Cancelled, {}};
        } else if (m_pendingKey) {
            m_listening = false;
            const vox::KeyBinding key{*m_pendingKey};
            if (keyBindingName(key).empty()) { // the settings file could not store it
                m_controlsNote = {ControlsNote::Kind::Unnamed, {}};
                return;
            }
            const KeyBindings before = keys;
            const vox::Action action = kRebindableActions[static_cast<size_t>(m_controlsSelection)];
            m_controlsNote = {ControlsNote::Kind::Rebound, rebindKey(keys, action, key)};
            m_optionsChanged = m_optionsChanged || keys != before;
        }
        return;
    }
    if (input.pressed(Action::Pause)) { // Esc, P, or a pad's Start (which also sends Start)
        setScreen(Screen::Options);
        return;
    }
    if (input.pressed(Action::Left) || input.pressed(Action::Right)) {
        const int32_t by = input.pressed(Action::Right) ? 1 : kControlsEntryCount - 1;
        m_controlsSelection = (m_controlsSelection + by) % kControlsEntryCount;
    }
    if (!confirms(input))
        return;
    if (m_controlsSelection == kControlsBackEntry) {
        setScreen(Screen::Options);
    } else if (m_controlsSelection == kControlsResetEntry) {
        const KeyBindings defaults = defaultKeyBindings();
        m_optionsChanged = m_optionsChanged || keys != defaults;
        keys = defaults;
        m_controlsNote = {ControlsNote::Kind::Reset, {}};
    } else {
        m_listening = true;
        m_controlsNote = {};
    }
}

void GameFlow::enterGameOver() {
    m_initialsQueue.clear();
    for (int32_t p = 0; p < m_simulation->settings().players; ++p)
        if (m_highScores.qualifies(static_cast<uint32_t>(m_simulation->player(p).score)) &&
            m_simulation->player(p).score > 0)
            m_initialsQueue.push_back(p);
    setScreen(Screen::GameOver);
}

void GameFlow::nextInitialsOrTitle() {
    if (m_initialsQueue.empty()) {
        toTitle();
        return;
    }
    m_initialsPlayer = m_initialsQueue.front();
    m_initialsQueue.erase(m_initialsQueue.begin());
    m_initials = {'A', 'A', 'A'};
    m_initialsCursor = 0;
    setScreen(Screen::EnterInitials);
}

} // namespace invaders
