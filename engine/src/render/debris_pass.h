#pragma once
// DebrisPass: the debris particles (DebrisSystem), each a small spinning cube, in one instanced draw
// (debris.vert + debris.frag): 14 vertices of a triangle strip, no vertex buffer, a 28-byte instance.

#include "stream_buffer.h"

#include "vox/core/result.h"
#include "vox/render/debris.h"
#include "vox/render/frame_stats.h"
#include "vox/render/shader_program.h"
#include "vox/render/vertex_array.h"

#include <cstdint>
#include <filesystem>
#include <vector>

namespace vox {

class DebrisPass {
public:
    DebrisPass() = default;
    // Loads debris.vert + debris.frag from `shaderDirectory` and makes the pass's GL objects.
    [[nodiscard]] static Result<DebrisPass> create(const std::filesystem::path& shaderDirectory);

    // Forgets the last frame's particles.
    void clear() { m_instances.clear(); }
    // Records every visible particle of `debris`, `alpha` (0..1) of the way from its previous step to its
    // latest.
    void add(const DebrisSystem& debris, float alpha);
    // Uploads the particles (nothing when they equal the last frame's).
    void prepare(FrameStats& frame);
    // Inside the scene pass, with depth testing and face culling on: draws them.
    void draw(FrameStats& frame) const;

private:
    // Per-instance data of a debris cube, as debris.vert reads it (28 bytes).
    struct GpuDebris {
        float position[3];
        float size;
        uint32_t rgba; // sRGB
        float angle;
        int8_t axisGlow[4]; // snorm: axis xyz, heat
    };
    static_assert(sizeof(GpuDebris) == 28);

    ShaderProgram m_program;
    StreamBuffer m_instanceBuffer;
    VertexArray m_vertexArray;
    std::vector<GpuDebris> m_instances; // the frame's
};

} // namespace vox
