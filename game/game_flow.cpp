#include "game_flow.h"

#include "vox/core/assert.h"

#include <algorithm>

namespace invaders {

GameFlow::GameFlow(const FlowSettings& settings, const GameAssets& assets, HighScoreTable highScores)
    : m_settings(settings), m_assets(assets), m_highScores(std::move(highScores)) {
    m_display.vsync = m_settings.options.vsync;
    m_display.fullscreen = m_settings.options.fullscreen;
    if (m_settings.replay) {
        m_simulation = std::make_unique<Simulation>(m_settings.replay->settings, m_assets);
        show(Screen::Replay);
    } else if (m_settings.demo) {
        startDemo();
    } else {
        show(Screen::Title);
    }
    updateSelectedItem();
}

// --- Stepping and drawing -----------------------------------------------------------------------------

void GameFlow::step(const vox::ActionState& input) {
    m_stepped = false;
    ++m_screenFrames;
    if (input.pressed(Action::ToggleFullscreen) && !listeningForKey()) {
        m_settings.options.fullscreen = !m_settings.options.fullscreen;
    }
    const ui::NavInput nav = m_nav.read(input);
    ui::Ui ui = ui::Ui::stepping(nav);
    // The screen sees the flow const and edits only the options: what should happen next comes back.
    const StepContext context{{*this, m_settings.options}, *this};
    carryOut(current().step(context, ui, input));
    updateSelectedItem();
    m_shared.pendingKey.reset(); // raw presses are for the step they came before, never a later screen
    m_shared.pendingButton = false;
}

void GameFlow::updateSelectedItem() {
    // Which entry is selected now, on whatever screen this step ended: a layout with no input tells (and
    // chooses nothing, so its transition is none).
    ui::Ui probe = ui::Ui::stepping({});
    Settings scratch = m_settings.options;
    const Transition chosen = current().layout({*this, scratch}, probe);
    VOX_ASSERT(chosen.isNone(), "a layout without input chose an entry");
    m_selectedItem = probe.selectedLabel();
}

void GameFlow::drawUi(ui::Ui& ui) {
    VOX_ASSERT(ui.isDrawing(), "GameFlow::drawUi takes a drawing Ui");
    // A drawing Ui never reports a choice; a copy of the options makes sure a frame changes none.
    Settings scratch = m_settings.options;
    const Transition chosen = current().layout({*this, scratch}, ui);
    VOX_ASSERT(chosen.isNone(), "a drawn layout chose an entry");
}

Scenery GameFlow::scenery() const {
    Scenery scenery = current().scenery();
    // The options and the screens they open are drawn over the game they were opened from (paused, a
    // demo), frozen, so a change of look shows on it at once; over anything else, the sky.
    const bool options =
        m_screen == Screen::Options || m_screen == Screen::Controls || m_screen == Screen::Accessibility;
    if (options && screens()[m_optionsReturn].scenery() == Scenery::Playfield)
        scenery = Scenery::Playfield;
    return scenery == Scenery::Playfield && m_simulation == nullptr ? Scenery::Sky : scenery;
}

std::span<const SimEvent> GameFlow::events() const {
    return m_stepped && m_simulation ? m_simulation->events() : std::span<const SimEvent>();
}

uint32_t GameFlow::hiScore() const {
    uint32_t best = m_highScores.bestScore();
    if (playerSession())
        for (int32_t p = 0; p < m_simulation->settings().players; ++p)
            best = std::max(best, static_cast<uint32_t>(m_simulation->player(p).score));
    return best;
}

// --- Options and keys ---------------------------------------------------------------------------------

void GameFlow::keyPressed(SDL_Scancode key) {
    if (!m_shared.pendingKey)
        m_shared.pendingKey = key;
    m_shared.gamepadLastUsed = false;
}

void GameFlow::buttonPressed() {
    m_shared.pendingButton = true;
    m_shared.gamepadLastUsed = true;
}

// --- High scores --------------------------------------------------------------------------------------

bool GameFlow::takeHighScoresChanged() {
    return std::exchange(m_highScoresChanged, false);
}

int32_t GameFlow::initialsRank() const {
    const auto score = static_cast<uint32_t>(m_simulation->player(m_initialsPlayer).score);
    const std::vector<HighScore>& entries = m_highScores.entries();
    // Below every entry with the same or a higher score, as HighScoreTable::insert puts it.
    return static_cast<int32_t>(std::count_if(entries.begin(), entries.end(),
                                              [score](const HighScore& e) { return e.score >= score; }));
}

void GameFlow::submitInitials(const std::array<char, 3>& initials) {
    const PlayerState& player = m_simulation->player(m_initialsPlayer);
    HighScore entry;
    entry.initials = initials;
    entry.score = static_cast<uint32_t>(player.score);
    entry.wave = player.wave;
    if (const std::optional<int> rank = m_highScores.insert(entry)) {
        m_highScoresChanged = true;
        m_lastRank = *rank;
    }
    afterGameOver();
}

// --- Moving between screens ---------------------------------------------------------------------------

void GameFlow::carryOut(const Transition& next) {
    using Kind = Transition::Kind;
    m_lastTransition = next;
    switch (next.kind) {
    case Kind::None:
        return;
    case Kind::Show:
        show(next.screen);
        return;
    case Kind::ReturnTo: // as it was left: its enter does not run, selection and timers stay
        m_screen = next.screen;
        return;
    case Kind::StartGame:
        m_shared.players = next.players;
        startGame(next.players);
        return;
    case Kind::ChoosePlayers:
        m_shared.players = next.players;
        return;
    case Kind::ToTitle:
        toTitle();
        return;
    case Kind::NextAttractScreen:
        nextAttractScreen();
        return;
    case Kind::OpenOptions:
        m_optionsReturn = m_screen;
        show(Screen::Options);
        return;
    case Kind::CloseOptions:
        m_screen = m_optionsReturn;
        return;
    case Kind::GameOver:
        enterGameOver();
        return;
    case Kind::AfterGameOver:
        afterGameOver();
        return;
    case Kind::SubmitInitials:
        submitInitials(next.initials);
        return;
    case Kind::Finish:
        m_finished = true;
        return;
    }
}

void GameFlow::show(Screen screen) {
    m_screen = screen;
    m_screenFrames = 0;
    current().enter();
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
    show(screen);
}

void GameFlow::startGame(int32_t players) {
    startSession(Screen::Playing, players, m_settings.options.difficulty);
}

void GameFlow::startDemo() {
    startSession(Screen::Demo, 1, Difficulty::Arcade);
}

void GameFlow::toTitle() {
    if (m_settings.demo) // --demo never shows the title: the next demo game starts
        startDemo();
    else
        show(Screen::Title);
}

void GameFlow::nextAttractScreen() {
    switch (m_screen) {
    case Screen::Title:
        show(Screen::ScoreTable);
        return;
    case Screen::ScoreTable:
        m_shared.highlightedRank = -1;
        show(Screen::HighScores);
        return;
    case Screen::HighScores:
        // After a game the table leads back to the title; in attract mode the demo follows it.
        if (m_shared.highlightedRank >= 0)
            toTitle();
        else
            startDemo();
        return;
    default:
        toTitle();
        return;
    }
}

// --- The session --------------------------------------------------------------------------------------

void GameFlow::stepSession(const StepInput& input) {
    m_simulation->step(input);
    m_stepped = true;
    if (m_recordingOpen)
        m_recording->inputs.push_back(input.bits());
}

void GameFlow::stepPilot() {
    VOX_ASSERT(m_pilot != nullptr, "GameFlow::stepPilot: no demo is running");
    stepSession(m_pilot->decide(*m_simulation));
}

void GameFlow::enterGameOver() {
    m_initialsQueue.clear();
    for (int32_t p = 0; p < m_simulation->settings().players; ++p)
        if (m_highScores.qualifies(static_cast<uint32_t>(m_simulation->player(p).score)))
            m_initialsQueue.push_back(p);
    m_lastRank = -1;
    show(Screen::GameOver);
}

void GameFlow::afterGameOver() {
    if (!m_initialsQueue.empty()) {
        m_initialsPlayer = m_initialsQueue.front();
        m_initialsQueue.erase(m_initialsQueue.begin());
        show(Screen::EnterInitials);
        return;
    }
    if (m_lastRank >= 0) {
        m_shared.highlightedRank = m_lastRank;
        show(Screen::HighScores);
        return;
    }
    toTitle();
}

bool GameFlow::stepReplay() {
    const std::vector<uint8_t>& inputs = m_settings.replay->inputs;
    if (m_replayStep < inputs.size())
        stepSession(StepInput::fromBits(inputs[m_replayStep++]));
    return m_replayStep < inputs.size();
}

// --- End of a run -------------------------------------------------------------------------------------

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

} // namespace invaders
