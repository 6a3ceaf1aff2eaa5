#pragma once
/// @file
/// `LineRenderer`: draws a `LineBatch` with one `glDrawArrays(GL_LINES)`, over whatever is in the bound
/// framebuffer: depth testing off, alpha blended, one pixel wide. For debug views (the broadphase tree,
/// pairs, contacts), which must stay readable on top of the scene rather than hide behind it.

#include "vox/core/result.h"
#include "vox/debug/line_batch.h"
#include "vox/platform/viewport.h"
#include "vox/render/buffer.h"
#include "vox/render/shader_program.h"
#include "vox/render/vertex_array.h"

#include <glm/mat4x4.hpp>

#include <cstdint>
#include <filesystem>

namespace vox {

/// Draws line batches; see the file comment. Move-only; destroy it while its GL context is current.
class LineRenderer {
public:
    /// Builds `debug_line.vert` + `debug_line.frag` from `shaderDirectory`. Needs a current GL 3.3 core
    /// or ES 3.0 context. Fails with the compiler's messages or the missing file.
    [[nodiscard]] static Result<LineRenderer> create(const std::filesystem::path& shaderDirectory);

    /// Uploads `lines` and draws them into `viewport` of the bound framebuffer, seen through
    /// `viewProjection`, every colour's alpha multiplied by `opacity`. Returns the draw calls issued: 1, or
    /// 0 for an empty batch (which touches no GL state). Leaves blending and depth testing disabled and no
    /// program or vertex array bound.
    int32_t draw(const LineBatch& lines, const glm::mat4& viewProjection, const Viewport& viewport,
                 float opacity = 1.0f);

private:
    LineRenderer(ShaderProgram program, Buffer vertices, VertexArray layout);

    ShaderProgram m_program;
    GLint m_viewProjectionLocation = -1; // looked up once: a per-frame lookup stalls threaded drivers
    GLint m_opacityLocation = -1;
    Buffer m_vertices;
    VertexArray m_layout;
    size_t m_capacityBytes = 0;
};

} // namespace vox
