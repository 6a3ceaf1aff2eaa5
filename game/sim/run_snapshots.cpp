#include "sim/run_snapshots.h"

#include "sim/run_playback.h"

#include <algorithm>

namespace invaders {

RunSnapshots::RunSnapshots(const Replay& replay, const GameAssets& assets)
    : m_interval(intervalFor(static_cast<int64_t>(replay.inputs.size()))),
      m_scout(std::make_unique<Simulation>(replay.settings, assets)) {
    m_snapshots.reserve(replay.inputs.size() / static_cast<size_t>(m_interval) + 1);
    m_snapshots.push_back(m_scout->snapshot());
    if (replay.inputs.empty())
        m_scout.reset();
}

int64_t RunSnapshots::extend(const Replay& replay, int64_t budget) {
    const auto total = static_cast<int64_t>(replay.inputs.size());
    int64_t played = 0;
    while (m_scout != nullptr && played < budget) {
        m_scout->step(StepInput::fromBits(replay.inputs[static_cast<size_t>(m_scoutStep)]));
        ++m_scoutStep;
        ++played;
        if (!m_departureStep && checkChainLink(replay, m_scoutStep, *m_scout))
            m_departureStep = m_scoutStep;
        if (m_scoutStep % m_interval == 0)
            m_snapshots.push_back(m_scout->snapshot());
        if (m_scoutStep == total)
            m_scout.reset(); // every step is within an interval of a snapshot: the scout is done
    }
    return played;
}

int64_t RunSnapshots::restoreNearest(const Replay& replay, int64_t step, Simulation& simulation) {
    const int64_t target = std::clamp<int64_t>(step, 0, static_cast<int64_t>(replay.inputs.size()));
    const int64_t needed = target / m_interval * m_interval; // the snapshot to restore
    if (needed > reach())
        (void)extend(replay, needed - m_scoutStep); // the scout plays up to it
    const int64_t index = std::min(target / m_interval, static_cast<int64_t>(m_snapshots.size()) - 1);
    simulation.restore(m_snapshots[static_cast<size_t>(index)]);
    return index * m_interval;
}

} // namespace invaders
