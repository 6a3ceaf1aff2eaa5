#pragma once
// `SoakReport`: what a long unattended run checks and prints when the environment variable
// VOX_SOAK_REPORT is 1 (scripts/soak.sh, docs/robustness.md). It prints the process's resident memory
// (current and peak, from /proc/self/status) after the first minute of game time and at the end, so that
// growth shows, and checks the broadphase tree's `validate()` at the start of every turn: each new wave,
// each new ship and each new session.

#include "vox/core/result.h"

#include <cstdint>
#include <optional>

namespace invaders {

class Simulation;

/// The step after which the first memory figures are printed: one minute of game time at 60 Hz.
inline constexpr uint64_t kSoakFirstReportStep = 3600;

/// See the file comment. Lines go to stdout, each starting with "soak: ".
class SoakReport {
public:
    /// A report when VOX_SOAK_REPORT=1 is set; none otherwise.
    [[nodiscard]] static std::optional<SoakReport> fromEnvironment();

    /// Call after every step: `step` counts steps from 1, `simulation` is the session on screen (null
    /// when there is none). Validates the tree when a turn started; fails with the tree's error.
    [[nodiscard]] vox::Status afterStep(uint64_t step, const Simulation* simulation);
    /// Prints the memory figures and what was checked, after the last step (before the last frame is drawn,
    /// so that a headless run's one software-rendered frame does not count as growth).
    void finish(uint64_t steps) const;

private:
    SoakReport() = default;

    // The session and frame last looked at: a step that did not step the session (a pause) shows the same
    // events again, and a new session (a new address: the old one is alive while it is made) has started
    // its first turn.
    const Simulation* m_lastChecked = nullptr;
    int64_t m_lastCheckedFrame = -1;
    int64_t m_turnStartsChecked = 0;
    int64_t m_wavesCleared = 0;
    int32_t m_highestWave = 0;
};

} // namespace invaders
