#include "sim/run_playback.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace invaders {
namespace {

std::string hex(uint64_t value) {
    char text[17];
    std::snprintf(text, sizeof text, "%016" PRIx64, value);
    return text;
}

} // namespace

RunPlayback::RunPlayback(Replay replay, const GameAssets& assets, std::optional<RunClaim> claim)
    : m_replay(std::move(replay)), m_claim(std::move(claim)),
      m_simulation(std::make_unique<Simulation>(m_replay.settings, assets)) {
    if (ended()) // a run of no steps ends where it starts
        m_verdict = judgeRun(*m_simulation, m_replay, m_claim);
}

void RunPlayback::stepOnce() {
    m_simulation->step(StepInput::fromBits(m_replay.inputs[m_step++]));
    if (ended())
        m_verdict = judgeRun(*m_simulation, m_replay, m_claim);
}

void RunPlayback::advanceFrame() {
    if (m_paused)
        return;
    for (int32_t i = 0; i < m_speed && !ended(); ++i)
        stepOnce();
}

void RunPlayback::playToEnd() {
    while (!ended())
        stepOnce();
}

bool RunPlayback::setSpeed(int32_t stepsPerFrame) {
    if (std::find(kSpeeds.begin(), kSpeeds.end(), stepsPerFrame) == kSpeeds.end())
        return false;
    m_speed = stepsPerFrame;
    return true;
}

void RunPlayback::cycleSpeed() {
    const auto current = std::find(kSpeeds.begin(), kSpeeds.end(), m_speed);
    m_speed = current + 1 == kSpeeds.end() ? kSpeeds.front() : *(current + 1);
}

RunBanner RunPlayback::banner() const {
    if (!m_claim)
        return {};
    return {std::string(m_claim->initials.begin(), m_claim->initials.end()), m_claim->score, m_claim->wave};
}

RunVerdict judgeRun(const Simulation& simulation, const Replay& replay,
                    const std::optional<RunClaim>& claim) {
    RunVerdict verdict;
    verdict.finalHash = simulation.stateHash();
    verdict.hashMatches = verdict.finalHash == replay.finalStateHash;
    const int32_t player = claim ? claim->player : 0;
    if (player >= 0 && player < replay.settings.players) {
        verdict.finalScore = static_cast<uint32_t>(simulation.player(player).score);
        verdict.finalWave = simulation.player(player).wave;
    }
    if (claim) {
        verdict.claimMatches = player >= 0 && player < replay.settings.players &&
                               verdict.finalScore == claim->score && verdict.finalWave == claim->wave;
    }
    if (!verdict.hashMatches) {
        verdict.problem = "the run ends on state hash " + hex(verdict.finalHash) + ", not the recorded " +
                          hex(replay.finalStateHash) + " (the recording is damaged or the rules changed)";
    } else if (!verdict.claimMatches) {
        if (player < 0 || player >= replay.settings.players)
            verdict.problem = "the entry is player " + std::to_string(player + 1) + "'s, but the run has " +
                              std::to_string(replay.settings.players) + " player(s)";
        else
            verdict.problem = "player " + std::to_string(player + 1) + " ends with " +
                              std::to_string(verdict.finalScore) + " points on wave " +
                              std::to_string(verdict.finalWave) + ", not the " +
                              std::to_string(claim->score) + " points on wave " +
                              std::to_string(claim->wave) + " the table says";
    }
    return verdict;
}

RunVerdict verifyRun(const Replay& replay, const GameAssets& assets, const std::optional<RunClaim>& claim) {
    RunPlayback playback(replay, assets, claim);
    playback.playToEnd();
    return *playback.verdict();
}

} // namespace invaders
