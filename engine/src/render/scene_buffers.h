#pragma once
// SceneBuffers: where the 3D scene is drawn and how it reaches the target framebuffer. The renderer keeps
// its own depth: the scene is drawn into a buffer of its own, multisampled or at the render scale's size,
// and brought into the target by one blit or one draw, so the target needs no depth buffer.
//   samples > 1, scale 1, target an offscreen framebuffer: multisampled buffer -> resolve into the target
//   samples > 1, scale 1, target 0: multisampled buffer -> resolve into `scaled` -> blit into the window
//   samples > 1, scale < 1: multisampled buffer -> resolve into `scaled` -> upscale into the target
//   samples 1: `scaled` (with depth) -> copy (scale 1, nearest) or upscale (bilinear) into the target
// A multisample resolve cannot change the size in one blit, hence the middle step. Nor the format, on
// OpenGL ES 3.0 (WebGL2) and strict desktop drivers: the window's back buffer (framebuffer 0) may be RGB8
// or BGRA8 where the scene's buffers are RGBA8, so a resolve for the window goes through `scaled` too, and
// a plain blit, which converts, copies it on. The copy and the upscale are one draw of `scaled`'s texture
// (upscale.vert + upscale.frag): a full-screen textured rectangle into a target without depth, which
// Mesa's llvmpipe fills on its fast "linear" path (docs/renderer.md), where its blit is a general,
// unthreaded pass.

#include "vox/core/result.h"
#include "vox/platform/viewport.h"
#include "vox/render/frame_stats.h"
#include "vox/render/framebuffer.h"
#include "vox/render/renderbuffer.h"
#include "vox/render/shader_program.h"
#include "vox/render/texture.h"
#include "vox/render/vertex_array.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <filesystem>

namespace vox {

class SceneBuffers {
public:
    SceneBuffers() = default;
    // Loads upscale.vert + upscale.frag from `shaderDirectory`; makes no buffer before the first frame.
    [[nodiscard]] static Result<SceneBuffers> create(const std::filesystem::path& shaderDirectory);

    // Makes the buffers a scene of `sceneSize` pixels with `samples` samples needs for `target` (again
    // only when the size, the samples or the path changed; those no longer needed are freed), binds the
    // one the scene is drawn into and sets the viewport to the scene's size.
    void begin(glm::ivec2 sceneSize, int32_t samples, GLint target, const Viewport& viewport);
    // After the scene: brings it into the viewport of the target given to `begin` (the target may be
    // left bound for drawing only).
    void finish(FrameStats& frame);

private:
    // An offscreen buffer the 3D scene is drawn or resolved into: colour and, when drawn into, depth. The
    // colour is a renderbuffer when multisampled, else a texture (the copy into the target samples it):
    // stored in the order a software rasteriser copies fastest (Texture::createColorBuffer) when the scene
    // is drawn into it, GL_RGBA8 when it receives a multisample resolve, which OpenGL ES allows only
    // between identical formats.
    struct OffscreenBuffer {
        Framebuffer framebuffer;
        Renderbuffer color;   // samples > 1
        Texture colorTexture; // samples == 1
        Renderbuffer depth;
        glm::ivec2 size{0};
        int32_t samples = 0;
        GLint filter = GL_LINEAR; // colorTexture's

        // Makes the buffers again when the size, the samples or the need for depth changed.
        void ensure(glm::ivec2 wantedSize, int32_t wantedSamples, bool wantDepth);
        // Frees the GL objects (a setting no longer needs them).
        void release();
        // Sets colorTexture's filter if it differs (a state change, so not every frame).
        void useFilter(GLint wanted);
    };

    // Blits the scene from the bound read framebuffer into the target's viewport.
    void blitIntoTarget() const;

    ShaderProgram m_upscaleProgram;
    VertexArray m_emptyVertexArray; // the rectangle's vertices come from gl_VertexID
    OffscreenBuffer m_multisampled; // samples > 1: the scene is drawn here
    OffscreenBuffer m_scaled;       // the single-sample scene, drawn or resolved into (see above)
    // This frame's path (begin).
    glm::ivec2 m_sceneSize{0};
    GLint m_target = 0;
    Viewport m_viewport;
    bool m_multisample = false;
    bool m_scale = false;            // the scene is smaller than the viewport
    bool m_resolveForWindow = false; // a multisample resolve for the window goes through m_scaled
    bool m_draw = false;             // the picture reaches the target by a draw of m_scaled
};

} // namespace vox
