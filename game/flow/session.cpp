#include "flow/session.h"

#include "persist/score_runs.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <cstdio>

namespace invaders {

Session::Session(SessionSettings settings, const GameAssets& assets)
    : m_settings(std::move(settings)), m_assets(assets) {
    if (m_settings.replay)
        m_simulation = std::make_unique<Simulation>(m_settings.replay->settings, m_assets);
}

void Session::startGame(int32_t players, const BoardSettings& board) {
    start(false, players, board);
}

void Session::startDemo() {
    start(true, 1, BoardSettings{}); // the attract demo plays the arcade's board, whatever the options say
}

void Session::start(bool demo, int32_t players, const BoardSettings& board) {
    if (m_recordingOpen) { // the recorded session ends here
        m_recordingHash = m_simulation->stateHash();
        m_recordingOpen = false;
    }
    const SimSettings settings = SimSettings::on(board, m_settings.seed + m_sessions, players);
    ++m_sessions;
    m_simulation = std::make_unique<Simulation>(settings, m_assets);
    m_lastInput = {};
    m_pilot = demo ? std::make_unique<AutoPlayer>(settings.seed) : nullptr;
    // Every player game is recorded, to keep it if it enters the table and to SHARE it.
    m_runOpen = !demo;
    if (m_runOpen) {
        m_run = newReplay(settings);
        m_runInitials.reset();
    }
    if (m_settings.record && !m_recording) {
        m_recording = newReplay(settings);
        m_recordingOpen = true;
    }
}

void Session::endGame() {
    if (m_runOpen) { // the run ends on the game's last step
        m_run->finalStateHash = m_simulation->stateHash();
        m_runOpen = false;
    }
}

void Session::nameRun(const std::array<char, 3>& initials) {
    if (!m_runInitials)
        m_runInitials = initials;
}

void Session::step(const StepInput& input) {
    m_simulation->step(input);
    m_stepped = true;
    m_lastInput = input;
    if (m_recordingOpen)
        recordStep(*m_recording, input, *m_simulation);
    if (!m_runOpen)
        return;
    if (static_cast<int64_t>(m_run->inputs.size()) < kMaxScoreRunSteps) {
        recordStep(*m_run, input, *m_simulation);
    } else { // bounded: a game this long is neither kept nor shared
        m_run.reset();
        m_runOpen = false;
        m_runNote = "this game ran past " + std::to_string(kMaxScoreRunSteps) +
                    " steps (three hours), so its run is not kept";
        std::fprintf(stderr, "voxel-invaders: warning: %s\n", m_runNote.c_str());
    }
}

void Session::stepPlayer(const StepInput& input) {
    VOX_ASSERT(m_simulation != nullptr, "Session::stepPlayer: no session was started");
    step(input);
}

void Session::stepPilot() {
    VOX_ASSERT(m_pilot != nullptr, "Session::stepPilot: no demo is running");
    step(m_pilot->decide(*m_simulation));
}

bool Session::stepReplay() {
    VOX_ASSERT(m_settings.replay.has_value(), "Session::stepReplay: not a replay");
    const std::vector<uint8_t>& inputs = m_settings.replay->inputs;
    if (m_replayStep < inputs.size()) {
        step(StepInput::fromBits(inputs[m_replayStep++]));
        if (!m_replayDeparture)
            m_replayDeparture =
                checkChainLink(*m_settings.replay, static_cast<int64_t>(m_replayStep), *m_simulation);
    }
    return m_replayStep < inputs.size();
}

std::span<const SimEvent> Session::events() const {
    return m_stepped && m_simulation != nullptr ? m_simulation->events() : std::span<const SimEvent>();
}

uint32_t Session::bestScore() const {
    uint32_t best = 0;
    if (playerSession())
        for (int32_t p = 0; p < m_simulation->settings().players; ++p)
            best = std::max(best, static_cast<uint32_t>(m_simulation->player(p).score));
    return best;
}

std::optional<Replay> Session::recording() const {
    if (!m_recording)
        return std::nullopt;
    Replay replay = *m_recording;
    replay.finalStateHash = m_recordingOpen ? m_simulation->stateHash() : m_recordingHash;
    return replay;
}

bool Session::replayMatched() const {
    return m_settings.replay && m_simulation && m_replayStep == m_settings.replay->inputs.size() &&
           !m_replayDeparture && m_simulation->stateHash() == m_settings.replay->finalStateHash;
}

uint32_t hiScore(const HighScoreTable& table, const Session& session) {
    return std::max(table.bestScore(), session.bestScore());
}

} // namespace invaders
