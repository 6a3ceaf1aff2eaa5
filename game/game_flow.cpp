#include "game_flow.h"

#include "vox/core/assert.h"

#include <utility>

namespace invaders {

GameFlow::GameFlow(const FlowSettings& settings, const GameAssets& assets, HighScoreTable highScores)
    : m_session({settings.seed, settings.record, settings.replay}, assets), m_runs(std::move(highScores)),
      m_options(settings.options) {
    m_shared.demoOnly = settings.demo;
    m_shared.display.vsync = m_options.vsync;
    m_shared.display.fullscreen = m_options.fullscreen;
    if (settings.replay)
        show(Screen::Replay);
    else if (settings.demo)
        startDemo();
    else
        show(Screen::Title);
    updateSelectedItem();
}

// --- Stepping and drawing -----------------------------------------------------------------------------

void GameFlow::step(const vox::ActionState& input) {
    m_session.beginStep();
    m_runs.beginStep();
    ++m_shared.screenFrames;
    const ui::NavInput nav = m_nav.read(input);
    ui::Ui ui = ui::Ui::stepping(nav);
    // The screen is handed what it reads const, the options to edit and what it may step; what should
    // happen next comes back, and only here does the screen change.
    const StepContext stepContext{context(m_options), m_session, m_runs};
    const Screen before = m_screen;
    carryOut(current().step(stepContext, ui, input));
    if (m_screen != before || m_shared.screenFrames == 0) // a screen opened: keys still down do nothing there
        m_nav.waitForRelease();
    updateSelectedItem();
    m_shared.pendingKey.reset(); // raw presses are for the step they came before, never a later screen
    m_shared.pendingButton = false;
}

void GameFlow::updateSelectedItem() {
    // Which entry is selected now, on whatever screen this step ended: a layout with no input tells (and
    // chooses nothing, so its transition is none).
    ui::Ui probe = ui::Ui::stepping({});
    Settings scratch = m_options;
    const Transition chosen = current().layout(context(scratch), probe);
    VOX_ASSERT(chosen.isNone(), "a layout without input chose an entry");
    m_selectedItem = probe.selectedLabel();
}

void GameFlow::drawUi(ui::Ui& ui) {
    VOX_ASSERT(ui.isDrawing(), "GameFlow::drawUi takes a drawing Ui");
    // A drawing Ui never reports a choice; a copy of the options makes sure a frame changes none.
    Settings scratch = m_options;
    const Transition chosen = current().layout(context(scratch), ui);
    VOX_ASSERT(chosen.isNone(), "a drawn layout chose an entry");
}

Scenery GameFlow::scenery() const {
    Scenery scenery = current().scenery();
    // The options and the screens they open are drawn over the game they were opened from (paused, a
    // demo), frozen, so a change of look shows on it at once; over anything else, the sky.
    if (isOptionsPage(m_screen) && screens()[m_optionsReturn].scenery() == Scenery::Playfield)
        scenery = Scenery::Playfield;
    return scenery == Scenery::Playfield && simulation() == nullptr ? Scenery::Sky : scenery;
}

const Simulation* GameFlow::simulation() const {
    if (m_screen == Screen::Watch)
        return m_runs.watchedRun() != nullptr ? &m_runs.watchedRun()->simulation() : nullptr;
    return m_session.simulation();
}

bool GameFlow::sessionStepped() const {
    return m_session.stepped() || m_runs.watchStepped();
}

std::optional<ShownInput> GameFlow::shownInput() const {
    const Simulation* shown = simulation();
    if (shown == nullptr)
        return std::nullopt;
    if (m_screen == Screen::Watch)
        return ShownInput{m_runs.watchedRun()->lastInput(), shown->currentPlayer()};
    if (m_screen == Screen::Playing && m_options.showInputs)
        return ShownInput{m_session.lastInput(), shown->currentPlayer()};
    return std::nullopt;
}

std::span<const SimEvent> GameFlow::events() const {
    if (!sessionStepped())
        return {};
    // WATCH at 2x and 4x plays several steps a frame: the events of all of them.
    if (m_screen == Screen::Watch) {
        const RunPlayback* watched = m_runs.watchedRun();
        return watched != nullptr ? watched->frameEvents() : std::span<const SimEvent>();
    }
    const Simulation* shown = simulation();
    return shown != nullptr ? shown->events() : std::span<const SimEvent>();
}

std::span<const DebrisVoxel> GameFlow::debris(const SimEvent& event) const {
    if (m_screen == Screen::Watch) {
        const RunPlayback* watched = m_runs.watchedRun();
        return watched != nullptr ? watched->frameDebris(event) : std::span<const DebrisVoxel>();
    }
    const Simulation* shown = simulation();
    return shown != nullptr ? shown->debris(event) : std::span<const DebrisVoxel>();
}

// --- Keys ---------------------------------------------------------------------------------------------

void GameFlow::keyPressed(SDL_Scancode key) {
    if (!m_shared.pendingKey)
        m_shared.pendingKey = key;
    m_shared.inputDevice = ui::InputDevice::Keyboard;
}

void GameFlow::buttonPressed() {
    m_shared.pendingButton = true;
    m_shared.inputDevice = ui::InputDevice::Gamepad;
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
        m_runs.watch(next.row, m_session.assets());
        show(Screen::Watch);
        return;
    case Kind::Share:
        m_shared.shareReturn = m_screen;
        m_runs.share(m_session, m_screen == Screen::Watch);
        show(Screen::Share);
        return;
    case Kind::StopWatching: // the table as it was left: the same row selected
        m_runs.stopWatching();
        m_screen = Screen::HighScores;
        return;
    }
}

void GameFlow::show(Screen screen) {
    m_screen = screen;
    m_shared.screenFrames = 0;
    current().enter();
}

void GameFlow::startGame(int32_t players) {
    m_session.startGame(players, m_options.board());
    show(Screen::Playing);
}

void GameFlow::startDemo() {
    m_session.startDemo();
    show(Screen::Demo);
}

void GameFlow::toTitle() {
    if (m_shared.demoOnly) // --demo never shows the title: the next demo game starts
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

void GameFlow::enterGameOver() {
    m_session.endGame();
    const Simulation& simulation = *m_session.simulation();
    m_initialsQueue.clear();
    for (int32_t p = 0; p < simulation.settings().players; ++p)
        if (m_runs.highScores().qualifies(static_cast<uint32_t>(simulation.player(p).score)))
            m_initialsQueue.push_back(p);
    m_lastRank = -1;
    show(Screen::GameOver);
}

void GameFlow::afterGameOver() {
    if (!m_initialsQueue.empty()) {
        m_shared.initialsPlayer = m_initialsQueue.front();
        m_initialsQueue.erase(m_initialsQueue.begin());
        show(Screen::EnterInitials);
        return;
    }
    // The table follows every player game: its new row selected, and SHARE THIS GAME.
    if (m_session.playerSession()) {
        browseTable(true, m_lastRank);
        return;
    }
    toTitle();
}

void GameFlow::submitInitials(const std::array<char, 3>& initials) {
    const int32_t player = m_shared.initialsPlayer;
    const PlayerState& state = m_session.simulation()->player(player);
    HighScore entry;
    entry.initials = initials;
    entry.score = static_cast<uint32_t>(state.score);
    entry.wave = state.wave;
    entry.board = m_session.simulation()->settings().board();
    m_session.nameRun(initials);
    if (const std::optional<int> rank = m_runs.enter(entry, m_session, player))
        m_lastRank = *rank;
    afterGameOver();
}

void GameFlow::browseTable(bool afterGame, int32_t highlightedRank) {
    m_shared.tableBrowsable = true;
    m_shared.tableAfterGame = afterGame;
    m_shared.highlightedRank = highlightedRank;
    show(Screen::HighScores);
}

} // namespace invaders
