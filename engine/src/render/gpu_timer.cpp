#include "vox/render/gpu_timer.h"

#include "vox/core/assert.h"
#include "vox/platform/gl_dialect.h"

namespace vox {

GpuTimer GpuTimer::create() {
    GpuTimer timer;
    if (!hasTimerQueries(currentGlDialect()))
        return timer; // no queries: begin() and end() do nothing, latestMilliseconds() stays empty
    for (Query& query : timer.m_queries)
        query = Query::create();
    return timer;
}

void GpuTimer::begin() {
    VOX_ASSERT(!m_timing, "GpuTimer::begin: called twice without end()");
    if (!m_queries[0].name())
        return;
    if (m_inFlight[static_cast<size_t>(m_next)])
        return; // the whole ring is in flight: skip this frame rather than stall
    glBeginQuery(GL_TIME_ELAPSED, m_queries[static_cast<size_t>(m_next)].name());
    m_timing = true;
}

void GpuTimer::end() {
    if (!m_timing)
        return;
    glEndQuery(GL_TIME_ELAPSED);
    m_inFlight[static_cast<size_t>(m_next)] = true;
    m_next = (m_next + 1) % kRingSize;
    m_timing = false;
}

std::optional<double> GpuTimer::latestMilliseconds() {
    // Results arrive in submission order, so stop at the first that is not ready.
    while (m_inFlight[static_cast<size_t>(m_oldest)]) {
        const GLuint name = m_queries[static_cast<size_t>(m_oldest)].name();
        GLint available = GL_FALSE;
        glGetQueryObjectiv(name, GL_QUERY_RESULT_AVAILABLE, &available);
        if (available == GL_FALSE)
            break;
        GLuint64 nanoseconds = 0;
        glGetQueryObjectui64v(name, GL_QUERY_RESULT, &nanoseconds);
        m_latest = static_cast<double>(nanoseconds) * 1e-6;
        m_inFlight[static_cast<size_t>(m_oldest)] = false;
        m_oldest = (m_oldest + 1) % kRingSize;
    }
    return m_latest;
}

} // namespace vox
