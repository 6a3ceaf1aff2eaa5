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

// 9660 -> "9,660".
std::string withCommas(int64_t value) {
    std::string digits = std::to_string(value);
    for (auto at = static_cast<ptrdiff_t>(digits.size()) - 3; at > 0; at -= 3)
        digits.insert(static_cast<size_t>(at), 1, ',');
    return digits;
}

// 161 -> "2:41"; 3723 -> "1:02:03".
std::string clockText(int64_t seconds) {
    char text[32];
    if (seconds >= 3600)
        std::snprintf(text, sizeof text, "%" PRId64 ":%02d:%02d", seconds / 3600,
                      static_cast<int>(seconds / 60 % 60), static_cast<int>(seconds % 60));
    else
        std::snprintf(text, sizeof text, "%d:%02d", static_cast<int>(seconds / 60),
                      static_cast<int>(seconds % 60));
    return text;
}

constexpr const char* kWhy = "the recording is damaged or the rules changed";

// The sentence for a run whose final hash differs (`verdict.departure` set by judgeRun).
std::string finalHashProblem(const RunVerdict& verdict, const Replay& replay) {
    const std::string ends =
        "ends on state hash " + hex(verdict.finalHash) + ", not the recorded " + hex(replay.finalStateHash);
    if (replay.chain.digests.empty())
        return "the run " + ends + " (" + kWhy + "; it has no hash chain to say where it departs)";
    return "the replay " + verdict.departure->message + ", its last: it " + ends + " (" + kWhy + ")";
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
    if (!m_departure)
        m_departure = checkChainLink(m_replay, static_cast<int64_t>(m_step), *m_simulation);
    if (ended())
        m_verdict = judgeRun(*m_simulation, m_replay, m_claim, m_departure);
}

void RunPlayback::advanceFrame() {
    m_frameEvents.clear();
    m_frameDebris.clear();
    if (m_paused)
        return;
    if (m_slowdown > 1 && ++m_slowFrames % m_slowdown != 0)
        return;
    for (int32_t i = 0; i < m_speed && !ended(); ++i) {
        stepOnce();
        keepFrameEvents();
    }
}

void RunPlayback::keepFrameEvents() {
    // The simulation keeps one step's events and debris: copy them before the next step, the debris
    // ranges moved to where the copies lie.
    for (SimEvent event : m_simulation->events()) {
        const std::span<const DebrisVoxel> debris = m_simulation->debris(event);
        event.debrisBegin = static_cast<int32_t>(m_frameDebris.size());
        event.debrisCount = static_cast<int32_t>(debris.size());
        m_frameDebris.insert(m_frameDebris.end(), debris.begin(), debris.end());
        m_frameEvents.push_back(event);
    }
}

std::span<const DebrisVoxel> RunPlayback::frameDebris(const SimEvent& event) const {
    return std::span<const DebrisVoxel>(m_frameDebris)
        .subspan(static_cast<size_t>(event.debrisBegin), static_cast<size_t>(event.debrisCount));
}

void RunPlayback::playToEnd() {
    while (!ended())
        stepOnce();
}

bool RunPlayback::setSpeed(int32_t stepsPerFrame) {
    if (std::find(kSpeeds.begin(), kSpeeds.end(), stepsPerFrame) == kSpeeds.end())
        return false;
    m_speed = stepsPerFrame;
    m_slowdown = 1;
    return true;
}

bool RunPlayback::setSlowdown(int32_t framesPerStep) {
    if (std::find(kSlowdowns.begin(), kSlowdowns.end(), framesPerStep) == kSlowdowns.end())
        return false;
    m_slowdown = framesPerStep;
    m_slowFrames = 0;
    if (framesPerStep > 1)
        m_speed = 1;
    return true;
}

void RunPlayback::seek(int64_t step) {
    m_frameEvents.clear(); // a jump plays no step's events
    m_frameDebris.clear();
    const int64_t target = std::clamp<int64_t>(step, 0, totalSteps());
    const int64_t interval = RunSnapshots::intervalFor(totalSteps());
    const int64_t nearest = target / interval * interval;
    const auto current = static_cast<int64_t>(m_step);
    if (current > target || current < nearest) { // behind us, or a snapshot is nearer: restore it
        if (!m_snapshots)
            m_snapshots = std::make_unique<RunSnapshots>(m_replay, m_simulation->assets());
        m_step = static_cast<size_t>(m_snapshots->restoreNearest(m_replay, target, *m_simulation));
        noteScoutDeparture();
    }
    while (static_cast<int64_t>(m_step) < target)
        stepOnce();
    if (ended() && !m_verdict) // restored right at the end: no step played to judge it
        m_verdict = judgeRun(*m_simulation, m_replay, m_claim, m_departure);
}

void RunPlayback::noteScoutDeparture() {
    // The steps up to the restored one were played by the snapshots' scout, which checked their chain.
    const std::optional<int64_t> scouted = m_snapshots->departureStep();
    if (scouted && *scouted <= stepsPlayed() && (!m_departure || *scouted < m_departure->step))
        m_departure = departureAt(*scouted);
}

bool RunPlayback::stepForward() {
    m_frameEvents.clear();
    m_frameDebris.clear();
    if (ended())
        return false;
    stepOnce();
    keepFrameEvents(); // the step's sounds and debris, as a frame at 1x
    return true;
}

bool RunPlayback::stepBack() {
    if (m_step == 0)
        return false;
    seek(stepsPlayed() - 1);
    return true;
}

void RunPlayback::prepareSeeking(int64_t steps) {
    if (!m_snapshots)
        m_snapshots = std::make_unique<RunSnapshots>(m_replay, m_simulation->assets());
    (void)m_snapshots->extend(m_replay, steps);
}

void RunPlayback::cycleSpeed() {
    const auto current = std::find(kSpeeds.begin(), kSpeeds.end(), m_speed);
    m_speed = current + 1 == kSpeeds.end() ? kSpeeds.front() : *(current + 1);
    m_slowdown = 1;
}

RunBanner RunPlayback::banner() const {
    if (!m_claim)
        return {};
    return {std::string(m_claim->initials.begin(), m_claim->initials.end()), m_claim->score, m_claim->wave};
}

void recordStep(Replay& replay, StepInput input, const Simulation& simulation) {
    replay.inputs.push_back(input.bits());
    if (static_cast<int64_t>(replay.inputs.size()) % kChainSteps == 0)
        replay.chain.digests.push_back(replay.chain.digestOf(simulation.stateHash()));
}

RunDeparture departureAt(int64_t step) {
    const int64_t second = step / kChainSteps;
    return {step, second, "departs at " + clockText(second) + ", step " + withCommas(step)};
}

std::optional<RunDeparture> checkChainLink(const Replay& replay, int64_t stepsPlayed,
                                           const Simulation& simulation) {
    if (stepsPlayed <= 0 || stepsPlayed % kChainSteps != 0)
        return std::nullopt;
    const auto link = static_cast<size_t>(stepsPlayed / kChainSteps - 1);
    if (link >= replay.chain.digests.size() ||
        replay.chain.digestOf(simulation.stateHash()) == replay.chain.digests[link])
        return std::nullopt;
    return departureAt(stepsPlayed);
}

// "easy difficulty, 5 ships, the extra one at 1000": a board in a verdict's sentence.
std::string boardText(const BoardSettings& board) {
    return std::string(difficultyName(board.difficulty)) + " difficulty, " +
           std::to_string(board.startingShips) + " ships, the extra one at " +
           std::to_string(board.extraShipScore);
}

RunVerdict judgeRun(const Simulation& simulation, const Replay& replay, const std::optional<RunClaim>& claim,
                    const std::optional<RunDeparture>& departure) {
    RunVerdict verdict;
    verdict.finalHash = simulation.stateHash();
    verdict.hashMatches = verdict.finalHash == replay.finalStateHash;
    verdict.departure = departure;
    if (!departure && !verdict.hashMatches)
        verdict.departure = departureAt(static_cast<int64_t>(replay.inputs.size()));
    const int32_t player = claim ? claim->player : 0;
    if (player >= 0 && player < replay.settings.players) {
        verdict.finalScore = static_cast<uint32_t>(simulation.player(player).score);
        verdict.finalWave = simulation.player(player).wave;
    }
    if (claim) {
        verdict.claimMatches = player >= 0 && player < replay.settings.players &&
                               verdict.finalScore == claim->score && verdict.finalWave == claim->wave &&
                               (!claim->board || *claim->board == replay.settings.board());
    }
    if (departure) {
        verdict.problem =
            "the replay " + departure->message + ": its state there is not the recorded one (" + kWhy + ")";
    } else if (!verdict.hashMatches) {
        verdict.problem = finalHashProblem(verdict, replay);
    } else if (!verdict.claimMatches) {
        if (claim->board && *claim->board != replay.settings.board())
            verdict.problem = "the table says the score was made on " + boardText(*claim->board) +
                              ", but the run was played on " + boardText(replay.settings.board());
        else if (player < 0 || player >= replay.settings.players)
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
