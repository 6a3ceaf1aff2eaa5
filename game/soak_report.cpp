#include "soak_report.h"

#include "sim/simulation.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace invaders {
namespace {

// Resident memory in kB: now (VmRSS) and the peak so far (VmHWM). Linux only; elsewhere, or when
// /proc is not mounted, both are absent.
struct ResidentMemory {
    std::optional<int64_t> currentKb;
    std::optional<int64_t> peakKb;
};

ResidentMemory residentMemory() {
    ResidentMemory memory;
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        const auto field = [&](const char* name) -> std::optional<int64_t> {
            if (line.rfind(name, 0) != 0)
                return std::nullopt;
            return std::strtoll(line.c_str() + std::strlen(name), nullptr, 10);
        };
        if (auto rss = field("VmRSS:"))
            memory.currentKb = rss;
        else if (auto peak = field("VmHWM:"))
            memory.peakKb = peak;
    }
    return memory;
}

std::string kilobytes(std::optional<int64_t> value) {
    return value ? std::to_string(*value) + " kB" : std::string("unknown");
}

void printMemory(uint64_t step) {
    const ResidentMemory memory = residentMemory();
    std::printf("soak: step %" PRIu64 ": rss %s, peak rss %s\n", step, kilobytes(memory.currentKb).c_str(),
                kilobytes(memory.peakKb).c_str());
    std::fflush(stdout);
}

} // namespace

std::optional<SoakReport> SoakReport::fromEnvironment() {
    const char* value = std::getenv("VOX_SOAK_REPORT");
    if (value == nullptr || std::strcmp(value, "1") != 0)
        return std::nullopt;
    return SoakReport();
}

vox::Status SoakReport::afterStep(uint64_t step, const Simulation* simulation) {
    if (step == kSoakFirstReportStep)
        printMemory(step);
    if (simulation == nullptr || (simulation == m_lastChecked && simulation->frame() == m_lastCheckedFrame))
        return {};
    // A new session's first turn started in its constructor, before any step.
    bool turnStarted = simulation != m_lastChecked;
    m_lastChecked = simulation;
    m_lastCheckedFrame = simulation->frame();
    for (const SimEvent& event : simulation->events()) {
        turnStarted = turnStarted || event.type == SimEventType::TurnStarted;
        m_wavesCleared += event.type == SimEventType::WaveCleared ? 1 : 0;
    }
    m_highestWave = std::max(m_highestWave, simulation->activePlayer().wave);
    if (!turnStarted)
        return {};
    ++m_turnStartsChecked;
    if (vox::Status valid = simulation->collisionWorld().tree().validate(); !valid) {
        return vox::Error{"soak: step " + std::to_string(step) + " (wave " +
                          std::to_string(simulation->activePlayer().wave) +
                          "): the broadphase tree is broken: " + valid.error().message};
    }
    return {};
}

void SoakReport::finish(uint64_t steps) const {
    printMemory(steps);
    std::printf("soak: tree validate() clean at all %" PRId64 " turn starts; %" PRId64
                " waves cleared, highest wave %d\n",
                m_turnStartsChecked, m_wavesCleared, m_highestWave);
    std::fflush(stdout);
}

} // namespace invaders
