#include "debris_pass.h"

#include "render_pass.h"

#include "vox/platform/gl_debug_scope.h"

#include <glm/common.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

namespace vox {
namespace {

int8_t snorm8(float value) {
    return static_cast<int8_t>(std::lround(std::clamp(value, -1.0f, 1.0f) * 127.0f));
}

} // namespace

Result<DebrisPass> DebrisPass::create(const std::filesystem::path& shaderDirectory) {
    Result<ShaderProgram> program = loadProgram(shaderDirectory, "debris.vert", "debris.frag");
    if (!program)
        return program.error();
    DebrisPass pass;
    pass.m_program = std::move(program).value();
    pass.m_instanceBuffer = StreamBuffer::create();
    pass.m_vertexArray = VertexArray::create();
    // Instances always start at the buffer's beginning: record their layout once.
    static constexpr std::array<InstanceAttribute, 4> kAttributes{{
        {0, 4, GL_FLOAT, AttributeKind::Float, offsetof(GpuDebris, position)}, // and size
        {1, 4, GL_UNSIGNED_BYTE, AttributeKind::Normalized, offsetof(GpuDebris, rgba)},
        {2, 1, GL_FLOAT, AttributeKind::Float, offsetof(GpuDebris, angle)},
        {3, 4, GL_BYTE, AttributeKind::Normalized, offsetof(GpuDebris, axisGlow)},
    }};
    pass.m_vertexArray.bind();
    pass.m_instanceBuffer.buffer().bind(GL_ARRAY_BUFFER);
    pointInstanceAttributes(kAttributes, sizeof(GpuDebris));
    glBindVertexArray(0);
    return pass;
}

void DebrisPass::add(const DebrisSystem& debris, float alpha) {
    const float edge = debris.settings().particleSize;
    const int32_t fadeSteps = debris.fadeSteps();
    for (const DebrisParticle& particle : debris.particles()) {
        const float size = edge * particle.sizeScale(fadeSteps);
        if (size <= 0.0f)
            continue;
        const glm::vec3 position = glm::mix(particle.previousPosition, particle.position, alpha);
        GpuDebris gpu{};
        gpu.position[0] = position.x;
        gpu.position[1] = position.y;
        gpu.position[2] = position.z;
        gpu.size = size;
        gpu.rgba = particle.rgba;
        gpu.angle = particle.previousAngle + (particle.angle - particle.previousAngle) * alpha;
        gpu.axisGlow[0] = snorm8(particle.spinAxis.x);
        gpu.axisGlow[1] = snorm8(particle.spinAxis.y);
        gpu.axisGlow[2] = snorm8(particle.spinAxis.z);
        gpu.axisGlow[3] = snorm8(particle.glow);
        m_instances.push_back(gpu);
    }
}

void DebrisPass::prepare(FrameStats& frame) {
    frame.bytesUploaded += static_cast<int64_t>(
        m_instanceBuffer.update(GL_ARRAY_BUFFER, m_instances.data(), m_instances.size() * sizeof(GpuDebris)));
    frame.particles = static_cast<int32_t>(m_instances.size());
}

void DebrisPass::draw(FrameStats& frame) const {
    if (m_instances.empty())
        return;
    GlDebugScope scope("debris");
    m_program.use();
    m_vertexArray.bind();
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 14, static_cast<GLsizei>(m_instances.size()));
    ++frame.drawCalls;
    frame.triangles += static_cast<int64_t>(m_instances.size()) * 12;
}

} // namespace vox
