#include "vox/debug/stats_history.h"

#include "vox/core/assert.h"

#include <algorithm>

namespace vox {

StatsHistory::StatsHistory(int32_t capacity) : m_values(static_cast<size_t>(std::max(capacity, 1)), 0.0f) {}

void StatsHistory::push(float value) {
    m_values[static_cast<size_t>(m_next)] = value;
    m_next = (m_next + 1) % capacity();
    m_size = std::min(m_size + 1, capacity());
}

void StatsHistory::clear() {
    m_next = 0;
    m_size = 0;
}

float StatsHistory::latest(int32_t age) const {
    VOX_ASSERT(age >= 0 && age < m_size, "StatsHistory::latest: age must be below size()");
    const int32_t index = ((m_next - 1 - age) % capacity() + capacity()) % capacity();
    return m_values[static_cast<size_t>(index)];
}

float StatsHistory::mean() const {
    if (m_size == 0)
        return 0.0f;
    double sum = 0.0;
    for (int32_t i = 0; i < m_size; ++i)
        sum += m_values[static_cast<size_t>(i)]; // the held values are the first m_size slots, or all
    return static_cast<float>(sum / m_size);
}

float StatsHistory::max() const {
    if (m_size == 0)
        return 0.0f;
    return *std::max_element(m_values.begin(), m_values.begin() + m_size);
}

} // namespace vox
