#pragma once
/// @file
/// `FrameStats`: what one frame of `SceneRenderer` cost, counted by the renderer itself.

#include <cstdint>
#include <optional>

namespace vox {

/// Counters of one frame, from `beginFrame()` to the end of `endFrame()`.
struct FrameStats {
    int32_t drawCalls = 0;        ///< glDraw* calls issued (clears and the multisample resolve are not).
    int64_t triangles = 0;        ///< Triangles of real geometry submitted (padding in batches excluded).
    int64_t paddedTriangles = 0;  ///< Triangles the sprite batches submit beyond `triangles`: smaller meshes
                                  ///< padded to their batch's largest (degenerate, but vertex-shaded).
    int64_t bytesUploaded = 0;    ///< Bytes sent from memory to GL buffers and textures this frame.
    int32_t sprites = 0;          ///< Sprite instances drawn.
    int32_t spriteBatches = 0;    ///< Draw calls that drew sprites.
    int32_t meshesUploaded = 0;   ///< Meshes (re)uploaded: new or changed models.
    int32_t particles = 0;        ///< Debris particles drawn.
    int32_t glyphs = 0;           ///< HUD glyph quads drawn, shadows included.
    double cpuMilliseconds = 0.0; ///< Wall time from `beginFrame()` to the end of `endFrame()` (record
                                  ///< the frame in one go); the renderer never waits for the GPU.
    double cpuPrepareMilliseconds = 0.0;   ///< Part of `cpuMilliseconds` spent in `endFrame()` before the
                                           ///< first draw: flushing meshes, building and uploading instances.
                                           ///< The rest is the driver executing the draw calls (on llvmpipe
                                           ///< that includes vertex shading, which a GPU does on its own).
    std::optional<double> gpuMilliseconds; ///< GPU time of a recent frame (GL timer queries lag by a frame
                                           ///< or two); empty until the first result arrives, and always
                                           ///< on OpenGL ES, which has no timer queries.
};

} // namespace vox
