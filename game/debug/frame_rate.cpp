#include "debug/frame_rate.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace invaders {

void FrameRate::push(double milliseconds) {
    m_milliseconds.push(static_cast<float>(std::max(milliseconds, 0.0)));
}

double FrameRate::framesPerSecond() const {
    // Frames over the time they took, not the mean of per-frame rates: one slow frame weighs its length.
    double total = 0.0;
    for (int32_t age = 0; age < size(); ++age)
        total += static_cast<double>(m_milliseconds.latest(age));
    return total > 0.0 ? static_cast<double>(size()) * 1000.0 / total : 0.0;
}

double FrameRate::medianMilliseconds() const {
    if (size() == 0)
        return 0.0;
    std::vector<float> sorted(m_milliseconds.data(), m_milliseconds.data() + size());
    std::sort(sorted.begin(), sorted.end());
    const size_t middle = sorted.size() / 2;
    if (sorted.size() % 2 == 1)
        return static_cast<double>(sorted[middle]);
    return 0.5 * (static_cast<double>(sorted[middle - 1]) + static_cast<double>(sorted[middle]));
}

double FrameRate::maxMilliseconds() const {
    return static_cast<double>(m_milliseconds.max());
}

double FrameRate::latestMilliseconds() const {
    return size() > 0 ? static_cast<double>(m_milliseconds.latest()) : 0.0;
}

void FrameTimeLog::push(double milliseconds) {
    milliseconds = std::max(milliseconds, 0.0);
    if (m_warmUpLeft > 0.0) {
        m_warmUpLeft -= milliseconds;
        return;
    }
    m_milliseconds.push_back(static_cast<float>(milliseconds));
}

std::string FrameTimeLog::summary() const {
    if (m_milliseconds.empty())
        return "fps: no frames measured";
    std::vector<float> sorted = m_milliseconds;
    std::sort(sorted.begin(), sorted.end());
    double total = 0.0;
    for (float milliseconds : sorted)
        total += static_cast<double>(milliseconds);
    const auto at = [&sorted](double fraction) {
        return static_cast<double>(
            sorted[static_cast<size_t>(fraction * static_cast<double>(sorted.size() - 1))]);
    };
    char text[160];
    std::snprintf(text, sizeof text,
                  "fps: %zu frames in %.1f s: %.1f fps; frame time median %.1f ms, 95th percentile %.1f ms, "
                  "longest %.1f ms",
                  sorted.size(), total / 1000.0,
                  total > 0.0 ? static_cast<double>(sorted.size()) * 1000.0 / total : 0.0, at(0.5), at(0.95),
                  static_cast<double>(sorted.back()));
    return text;
}

std::string frameRateText(const FrameRate& rate) {
    if (rate.size() == 0)
        return "-- FPS  -- MS";
    char text[48];
    std::snprintf(text, sizeof text, "%.0f FPS  %.1f MS", rate.framesPerSecond(), rate.medianMilliseconds());
    return text;
}

} // namespace invaders
