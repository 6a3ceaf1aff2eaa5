#include "game_flow.h"

#include "persist/score_runs.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <cstdio>

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
    return scenery == Scenery::Playfield && simulation() == nullptr ? Scenery::Sky : scenery;
}

const Simulation* GameFlow::simulation() const {
    if (m_screen == Screen::Watch)
        return m_watch ? &m_watch->simulation() : nullptr;
    return m_simulation.get();
}

std::span<const SimEvent> GameFlow::events() const {
    const Simulation* shown = simulation();
    return m_stepped && shown != nullptr ? shown->events() : std::span<const SimEvent>();
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
    if (!m_runInitials)
        m_runInitials = initials;
    if (const std::optional<int> rank = m_highScores.insert(entry)) {
        m_highScoresChanged = true;
        m_lastRank = *rank;
        // Its run is kept beside the table; a failure is a warning and the game goes on.
        if (m_runStore != nullptr && m_run && !m_runOpen) {
            if (vox::Status kept = m_runStore->keepTopTenRun(m_highScores, *rank, *m_run, m_initialsPlayer);
                !kept) {
                m_runNote = "the run of " + entry.initialsText() + " was not kept: " + kept.error().message;
                std::fprintf(stderr, "voxel-invaders: warning: %s\n", m_runNote.c_str());
            }
        }
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
    case Kind::BrowseTable:
        browseTable(false, -1);
        return;
    case Kind::Watch:
        watch(next.row);
        return;
    case Kind::Share:
        share();
        return;
    case Kind::StopWatching: // the table as it was left: the same row selected
        m_watch.reset();
        m_screen = Screen::HighScores;
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
    // Every player game is recorded, to keep it if it enters the table and to SHARE it.
    m_runOpen = screen == Screen::Playing;
    if (m_runOpen) {
        m_run = newReplay(settings);
        m_runInitials.reset();
    }
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
        m_shared.tableBrowsable = false;
        m_shared.tableAfterGame = false;
        show(Screen::HighScores);
        return;
    case Screen::HighScores:
        // A browsed table (after a game, from the menu) leads back to the title; in attract mode the
        // demo follows it.
        if (m_shared.tableBrowsable)
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
    if (m_runOpen) {
        if (static_cast<int64_t>(m_run->inputs.size()) < kMaxScoreRunSteps) {
            m_run->inputs.push_back(input.bits());
        } else { // bounded: a game this long is neither kept nor shared
            m_run.reset();
            m_runOpen = false;
            m_runNote = "this game ran past " + std::to_string(kMaxScoreRunSteps) +
                        " steps (three hours), so its run is not kept";
            std::fprintf(stderr, "voxel-invaders: warning: %s\n", m_runNote.c_str());
        }
    }
}

void GameFlow::stepPilot() {
    VOX_ASSERT(m_pilot != nullptr, "GameFlow::stepPilot: no demo is running");
    stepSession(m_pilot->decide(*m_simulation));
}

void GameFlow::enterGameOver() {
    if (m_runOpen) { // the run ends on the game's last step
        m_run->finalStateHash = m_simulation->stateHash();
        m_runOpen = false;
    }
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
    // The table follows every player game: its new row selected, and SHARE THIS GAME.
    if (playerSession()) {
        browseTable(true, m_lastRank);
        return;
    }
    toTitle();
}

void GameFlow::browseTable(bool afterGame, int32_t highlightedRank) {
    m_shared.tableBrowsable = true;
    m_shared.tableAfterGame = afterGame;
    m_shared.highlightedRank = highlightedRank;
    show(Screen::HighScores);
}

// --- WATCH and SHARE ----------------------------------------------------------------------------------

void GameFlow::watch(int32_t row) {
    m_watch.reset();
    m_watchNote.clear();
    m_watchRow = row;
    const std::vector<HighScore>& entries = m_highScores.entries();
    if (row < 0 || row >= static_cast<int32_t>(entries.size())) {
        m_watchNote = "NO SCORE IN THIS ROW";
    } else if (const HighScore& entry = entries[static_cast<size_t>(row)]; !entry.run) {
        m_watchNote = "NO RUN WAS KEPT FOR THIS SCORE";
    } else if (m_runStore == nullptr) {
        m_watchNote = "RUNS ARE NOT READ IN THIS RUN OF THE GAME";
    } else if (vox::Result<Replay> run = m_runStore->loadRun(entry); !run) {
        m_watchNote = run.error().message;
        m_verdicts[{entry.run->id, entry.run->player}] = false;
    } else {
        m_watch.emplace(std::move(run).value(), m_assets, runClaimOf(entry));
    }
    show(Screen::Watch);
}

void GameFlow::stepWatch() {
    if (!m_watch)
        return;
    const int64_t before = m_watch->stepsPlayed();
    m_watch->advanceFrame();
    m_stepped = m_watch->stepsPlayed() != before;
    if (m_watch->ended() && m_watch->verdict() && m_watchRow >= 0 &&
        m_watchRow < static_cast<int32_t>(m_highScores.entries().size())) {
        const HighScore& entry = m_highScores.entries()[static_cast<size_t>(m_watchRow)];
        if (entry.run)
            m_verdicts[{entry.run->id, entry.run->player}] = m_watch->verdict()->verified();
    }
}

void GameFlow::pauseWatch(bool paused) {
    if (m_watch)
        m_watch->setPaused(paused);
}

void GameFlow::changeWatchSpeed(int32_t direction) {
    if (!m_watch)
        return;
    const auto& speeds = RunPlayback::kSpeeds;
    const auto at = std::find(speeds.begin(), speeds.end(), m_watch->speed());
    const auto index = std::clamp<std::ptrdiff_t>((at - speeds.begin()) + direction, 0,
                                                  static_cast<std::ptrdiff_t>(speeds.size()) - 1);
    m_watch->setSpeed(speeds[static_cast<size_t>(index)]);
}

std::optional<bool> GameFlow::runVerified(const HighScore& entry) const {
    if (!entry.run)
        return std::nullopt;
    const auto found = m_verdicts.find({entry.run->id, entry.run->player});
    return found == m_verdicts.end() ? std::nullopt : std::optional<bool>(found->second);
}

void GameFlow::share() {
    m_sharedRun.reset();
    m_shareError.clear();
    m_shareReturn = m_screen;
    // While watching: the watched run; else the latest game's.
    const Replay* run = nullptr;
    std::string initials = "RUN";
    uint32_t score = 0;
    if (m_screen == Screen::Watch && m_watch) {
        run = &m_watch->replay();
        const RunBanner banner = m_watch->banner();
        initials = banner.initials.empty() ? initials : banner.initials;
        score = banner.score;
    } else if (m_run && !m_runOpen) {
        run = &*m_run;
        if (m_runInitials)
            initials.assign(m_runInitials->begin(), m_runInitials->end());
        for (int32_t p = 0; p < m_simulation->settings().players; ++p)
            score = std::max(score, static_cast<uint32_t>(m_simulation->player(p).score));
    }
    if (run == nullptr) {
        m_shareError = m_runNote.empty() ? "NO FINISHED GAME TO SHARE" : m_runNote;
    } else if (m_runStore == nullptr) {
        m_shareError = "RUNS ARE NOT SAVED IN THIS RUN OF THE GAME";
    } else if (vox::Result<SharedRun> shared = m_runStore->shareRun(*run, initials, score); !shared) {
        m_shareError = shared.error().message;
    } else {
        m_sharedRun = std::move(shared).value();
    }
    show(Screen::Share);
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
