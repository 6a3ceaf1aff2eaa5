#pragma once
/// @file
/// `SceneRenderer`: draws a voxel scene: lit voxel sprites, debris, the ground and the sky, and a HUD layer
/// of text and rectangles over it (what the HUD says and where is the game's).
///
/// ## A frame
///
///     // once, with a current GL 3.3 context:
///     vox::Result<vox::SceneRenderer> created = vox::SceneRenderer::create("shaders");
///     vox::SceneRenderer& renderer = created.value();
///     vox::MeshHandle crate = renderer.addMesh(crateModel);          // meshed and uploaded once
///
///     // every frame, into the bound framebuffer (e.g. a `RenderTarget`):
///     const vox::Camera camera = vox::frameBox(levelMin, levelMax, {}, 16.0f / 9.0f); // the level in view
///     renderer.beginFrame(camera, vox::Viewport{0, 0, 1280, 720});
///     renderer.drawSprite({.mesh = crate, .position = {40.5f, 180.0f, 0.0f}});
///     renderer.drawDebris(debris, alpha);
///     renderer.drawText("READY", vox::TextStyle{});                  // centred, in the built-in font
///     const vox::FrameStats& stats = renderer.endFrame();           // all GL work happens here
///
/// `draw*` calls only record; `endFrame()` uploads what changed and issues the commands. Sprites are
/// drawn with at most one draw call per batch of meshes of similar size (all instances of any number of
/// models in one batch share a draw), so a full game scene takes about ten draw calls however many
/// sprites it has. A frame in which nothing changed uploads 0 bytes; changing one model uploads only
/// its quads.
///
/// ## Look
/// Lighting is linear: a directional key light from the upper left front, a cool fill from the right,
/// hemisphere ambient (sky above, ground bounce below) darkened by the mesher's per-vertex ambient
/// occlusion, soft contact shadows on the ground (`drawGroundShadow`), a little fog, and a vignette; the
/// result is tone-mapped and encoded to sRGB in the shader (the framebuffer stores sRGB values, so a
/// screenshot reads back exactly what was shown). Palette colours are sRGB and decoded before lighting. The
/// 3D scene is drawn with multisampling and resolved into the target; the HUD is drawn after, on whole
/// pixels.
///
/// ## Resolution: multisampling and render scale
/// Two settings trade the 3D scene's sharpness for speed, which matters most on a software rasteriser
/// (Mesa's llvmpipe shades every pixel on the CPU): `RendererSettings::samples` (multisampling; 4 smooths
/// edges, 1 turns it off) and `RendererSettings::renderScale` (the scene's resolution as a fraction of the
/// viewport's: 0.75 shades 56 % of the pixels). Below 1 the scene (sky, ground, sprites, debris) is drawn
/// into an internal buffer of the scaled size (resolved first when multisampled) and stretched over the
/// viewport with linear filtering; the HUD (text and rectangles) is always drawn after, at the full
/// resolution, so text stays crisp at any scale. At scale 1, samples 4 draws into a multisampled buffer
/// resolved into the target, and samples 1 into an internal buffer copied into it. The renderer keeps its
/// own depth buffers: the target needs none (and on Mesa's llvmpipe it should have none, see
/// `WindowSettings::depthBuffer`).
///
///     renderer.setSamples(1);           // e.g. from an options menu, between frames
///     renderer.setRenderScale(0.75f);   // the next endFrame() makes new buffers; meshes stay
///
/// Both may change between any two frames: only the scene's framebuffers are made again, at the next
/// `endFrame()`; meshes, shaders and buffers stay, and the draw calls are the same but for one: the upscale
/// or copy of the internal buffer, at a scale below 1 or with a single sample.
///
/// ## Coordinates
/// World units are voxels: x right, y up, z towards the viewer (see camera.h). HUD coordinates are
/// fractions of the viewport (see `TextStyle`) or pixels from its top-left corner (`drawRect`).
///
/// ## GL state
/// `endFrame()` sets the state it needs and leaves depth testing, blending and face culling disabled,
/// no program, vertex array or texture bound, and the target framebuffer bound. Destroy the renderer
/// while its context is current.

#include "vox/core/result.h"
#include "vox/platform/viewport.h"
#include "vox/render/bitmap_font.h"
#include "vox/render/camera.h"
#include "vox/render/frame_stats.h"
#include "vox/render/mesh_handle.h"
#include "vox/voxel/voxel_model.h"

#include <glm/gtc/quaternion.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace vox {

class DebrisSystem;

/// The light floor of the default `SceneLook`: a face of any direction, with its ambient occlusion open,
/// receives at least this much light in each of red, green and blue, i.e. shows at least 35 % of its
/// (linear) palette colour, against about 1.78 (178 %) for a face turned to the key light: a lighting ratio
/// of at most 5:1, so no face of any colour goes black on the side away from the key. The tightest crease
/// (occlusion 0.30) keeps 0.30 of it. Ground ambient (from below) and the bounce light (opposite the key)
/// carry that side; tested by `SceneRendererTest.NoFaceIsDarkerThanTheLightFloor`.
inline constexpr float kLightFloor = 0.35f;

/// A horizontal band of coloured light, as if the light reaching the scene passed through a coloured filter
/// (a gel) covering the heights `minY` to `maxY`: everything lit there (voxel sprites, debris, the ground)
/// is multiplied by `color`. Outside every band the light is unchanged.
struct LightBand {
    float minY = 0.0f;     ///< Bottom of the band, world y, voxels.
    float maxY = 0.0f;     ///< Top of the band, world y, voxels; not above `minY`: no band (the default).
    float feather = 1.0f;  ///< Width of each soft edge, centred on `minY` and `maxY`, voxels (at least 0.01).
    glm::vec3 color{1.0f}; ///< Linear RGB multiplier, 0..1 each.
};

/// A round body painted into the sky behind everything (a moon, a planet), shaded as a sphere lit from the
/// upper left with a scatter of craters. Fixed on the screen: it does not turn with the camera.
struct SkyDisc {
    glm::vec2 centre{0.5f, 0.3f}; ///< Viewport fractions from the bottom-left (0, 0) to the top-right (1, 1).
    float radius = 0.0f;          ///< Fraction of the viewport's height; 0: no disc (the default).
    glm::vec3 color{0.5f, 0.5f, 0.52f};                                  ///< Linear albedo of its lit side.
    [[nodiscard]] bool operator==(const SkyDisc& other) const = default; ///< Same values.
};

/// Lighting and atmosphere. Colours are linear RGB (not sRGB); intensities may exceed 1. The defaults keep
/// every face above `kLightFloor`.
struct SceneLook {
    glm::vec3 toLight{-0.42f, 0.72f, 0.56f};      ///< Towards the key light (normalised when used).
    glm::vec3 lightColor{1.55f, 1.42f, 1.25f};    ///< Key light, warm.
    glm::vec3 toFill{0.8f, 0.1f, -0.4f};          ///< Towards the fill (rim) light from the right.
    glm::vec3 fillColor{0.10f, 0.16f, 0.34f};     ///< Fill light, cool.
    glm::vec3 skyAmbient{0.24f, 0.27f, 0.42f};    ///< Ambient from above.
    glm::vec3 groundAmbient{0.20f, 0.19f, 0.20f}; ///< Ambient from below.
    /// Bounce light from the side opposite the key, wrapped (full on a face turned straight away from the
    /// key, half across the terminator, none on a face turned to the key), warm grey: the light the scene
    /// sends back, which keeps the shadow side's shape and colours.
    glm::vec3 bounceColor{0.36f, 0.34f, 0.30f};
    glm::vec3 backgroundTop{0.002f, 0.002f, 0.008f};    ///< Sky at the top of the screen.
    glm::vec3 backgroundHorizon{0.012f, 0.014f, 0.04f}; ///< Sky at the bottom of the screen; fog.
    glm::vec3 groundColor{0.018f, 0.02f, 0.034f};       ///< Ground plane albedo.
    /// Colour of a line glowing on the ground along x at z = 0 (a thin bright core and a soft glow), from
    /// `groundLineX.x` to `groundLineX.y`: e.g. the front edge of a stage the sprites stand behind.
    glm::vec3 groundLineColor{0.15f, 0.9f, 0.25f};
    /// World x where the ground's line starts and ends, voxels; each end fades over 2 voxels either side.
    /// No line when the end is not past the start (the default).
    glm::vec2 groundLineX{0.0f, 0.0f};
    /// The part of the ground drawn at full opacity: world (x, z) from `groundStageMin` to `groundStageMax`,
    /// voxels. Beyond it the ground fades out smoothly over `groundStageFade` (x, z) voxels, so the sky
    /// shows around and behind it; nothing of the plane is drawn farther out. The default is centred on the
    /// origin, where a model viewer puts its model.
    glm::vec2 groundStageMin{-200.0f, -200.0f};
    glm::vec2 groundStageMax{200.0f, 200.0f};  ///< See `groundStageMin`; at least `groundStageMin`.
    glm::vec2 groundStageFade{200.0f, 200.0f}; ///< See `groundStageMin`; 0: a hard edge.
    float groundHeight = 0.0f;  ///< y of the ground plane (keep equal to DebrisSettings::groundHeight).
    float fogStart = 700.0f;    ///< Distance from the camera where fog begins, voxels.
    float fogDensity = 0.0011f; ///< Per voxel beyond `fogStart`; 0: no fog.
    float vignette = 0.35f;     ///< Darkening of the corners, 0..1.
    float groundShadowStrength = 0.6f; ///< Darkening at the middle of a contact shadow, 0..1.
    float exposure = 1.0f;             ///< Multiplies the light before tone mapping.
    float stars = 1.0f;                ///< Star brightness, 0: none.
    bool drawGround = true;            ///< Draw the ground plane.
    /// Coloured light by height (see `LightBand`); bands may overlap (their colours multiply). None by
    /// default.
    std::array<LightBand, 2> lightBands{};
    /// 0..1: how far the surface colours of sprites and debris are turned to grey (their brightest channel,
    /// as a black-and-white screen shows them) before lighting; 0: full colour (the default).
    float monochrome = 0.0f;
    SkyDisc skyDisc; ///< A round body in the sky; none by default.
};

/// Smallest `RendererSettings::renderScale`: below it the scene is too blurred to play.
inline constexpr float kMinRenderScale = 0.25f;

/// How the renderer is built.
struct RendererSettings {
    /// Multisampling of the 3D scene, samples per pixel; 1 turns it off. Clamped to the driver's
    /// GL_MAX_SAMPLES. Change it later with `SceneRenderer::setSamples`.
    int32_t samples = 4;
    /// The 3D scene's resolution as a fraction of the viewport's, in each direction: 1 full, 0.5 a quarter
    /// of the pixels, upscaled with linear filtering (the HUD stays sharp). Clamped to
    /// [kMinRenderScale, 1]. Change it later with `SceneRenderer::setRenderScale`.
    float renderScale = 1.0f;
    int32_t hudReferenceHeight = 360; ///< Font pixels are max(1, viewport height / this) screen pixels.
    /// With a width: font pixels are also at most viewport width / this screen pixels (so a line this many
    /// font pixels wide fits a narrow, portrait window); 0: the width does not limit them.
    int32_t hudReferenceWidth = 0;
    SceneLook look; ///< Initial look; change it any time with `look()`.
    /// Draw each sprite batch once per face direction (+x, -x, ... of the models) that some instance in
    /// it can face the camera with, leaving out the others: about a third fewer vertices for a camera
    /// in front of and above the sprites, the same picture, up to 6 draw calls per batch instead of 1.
    /// For software rasterisers, where vertex work runs on the CPU; on a GPU the extra draw calls cost
    /// more than the vertices. Change it later with `SceneRenderer::setDrawByFaceDirection`.
    bool drawByFaceDirection = false;
    /// Measure each frame's GPU time with timer queries (`FrameStats::gpuMilliseconds`). Off when nothing
    /// reads it: on Mesa's llvmpipe an open query keeps every tile off its fast path for full-screen
    /// copies, which the render-scale upscale takes otherwise (docs/renderer.md).
    bool gpuTiming = true;
};

/// One drawn copy of a mesh.
///
/// The model's cell (0, 0, 0) minimum corner, shifted back by half the model's depth, is its *pivot*:
/// `position` puts the pivot in the world, and rotation and scale turn about it. So a sprite drawn at
/// (x, y, 0) covers x .. x + width and y .. y + height, centred on z = 0, like a 2D sprite whose
/// bottom-left pixel is at (x, y). See `spriteOrigin()`.
struct SpriteInstance {
    MeshHandle mesh{};                          ///< What to draw (from `addMesh`).
    glm::vec3 position{0.0f};                   ///< World position of the pivot, voxels (may be fractional).
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f}; ///< About the pivot.
    float scale = 1.0f;                         ///< Uniform, about the pivot.
    glm::vec3 tint{1.0f};                       ///< Multiplies the palette colours, 0..1 each.
    float flash = 0.0f;                         ///< 0..1: blend towards glowing white (a hit).
};

/// World position of the minimum corner of cell (0, 0, 0) of a model of `modelSize` drawn unrotated at
/// unit scale at `position` (see `SpriteInstance`): where `DebrisSystem::spawn` wants the model.
[[nodiscard]] inline glm::vec3 spriteOrigin(glm::vec3 position, glm::ivec3 modelSize) {
    return position - glm::vec3(0.0f, 0.0f, static_cast<float>(modelSize.z) * 0.5f);
}

/// Draws the game; see the file comment.
class SceneRenderer {
public:
    /// Builds the shaders found in `shaderDirectory` (sprite.vert + voxel.frag, debris.*, ground.*, sky.*,
    /// fullscreen.vert + sky_gradient.frag, upscale.*, hud.*) and the GL objects. Needs a current GL 3.3 core
    /// context. Fails with the shader compiler's messages (naming file and line) or a missing file.
    [[nodiscard]] static Result<SceneRenderer> create(const std::filesystem::path& shaderDirectory,
                                                      const RendererSettings& settings = {});

    /// Takes over `other`'s GL objects and meshes (their handles stay valid); `other` is left empty.
    SceneRenderer(SceneRenderer&& other) noexcept;
    /// Takes over `other`'s GL objects and meshes, releasing this one's.
    SceneRenderer& operator=(SceneRenderer&& other) noexcept;
    ~SceneRenderer();

    /// Meshes `model` (greedy, with ambient occlusion) and keeps it for drawing; uploaded at the next
    /// `endFrame()`. Call once per model frame at load time, not per frame.
    [[nodiscard]] MeshHandle addMesh(const VoxelModel& model);
    /// Re-meshes `mesh` from `model` (e.g. after erosion); only this mesh is uploaded again, once, at the
    /// next `endFrame()` however often it changed in between.
    void updateMesh(MeshHandle mesh, const VoxelModel& model);
    /// Forgets `mesh`; its handle becomes stale. Its GPU space is reused.
    void removeMesh(MeshHandle mesh);
    /// True when `mesh` is a live handle of this renderer.
    [[nodiscard]] bool containsMesh(MeshHandle mesh) const;
    /// Quads of `mesh`'s latest model (two triangles each).
    [[nodiscard]] int32_t meshQuadCount(MeshHandle mesh) const;

    /// Starts a frame seen by `camera`, drawn into `viewport` of the framebuffer bound when
    /// `endFrame()` runs. `seconds` animates the sky (twinkling stars); pass a fixed value for
    /// reproducible images.
    void beginFrame(const Camera& camera, const Viewport& viewport, double seconds = 0.0);
    /// Records one sprite. `sprite.mesh` must be live.
    void drawSprite(const SpriteInstance& sprite);
    /// Records every particle of `debris`, `alpha` (0..1) of the way from its previous step to its
    /// latest (pass the fixed-step clock's blend factor).
    void drawDebris(const DebrisSystem& debris, float alpha);
    /// Most ground shadows a frame draws; later ones are dropped.
    static constexpr int32_t kMaxGroundShadows = 8;
    /// Records a soft contact shadow on the ground plane under an object whose footprint is the rectangle
    /// `min`..`max` (world x and z, voxels), darkening the ground by `SceneLook::groundShadowStrength`.
    /// Gives objects above the ground a place in depth. At most `kMaxGroundShadows` a frame.
    void drawGroundShadow(glm::vec2 min, glm::vec2 max);
    /// Records a line (or lines, split at '\n') of HUD text (UTF-8) in the built-in pixel font.
    void drawText(std::string_view text, const TextStyle& style);
    /// Records a solid HUD rectangle from pixel `min` to one past `max` (origin at the viewport's top-left),
    /// `color` sRGB with opacity. HUD rectangles and text are drawn in the order recorded, so a backdrop
    /// recorded before its text lies under it.
    void drawRect(glm::ivec2 min, glm::ivec2 max, const glm::vec4& color);
    /// The HUD's pixel font, to measure text before placing it.
    [[nodiscard]] const BitmapFont& font() const;
    /// Uploads what changed, issues every command of the frame and returns its statistics. Does not wait
    /// for the GPU.
    const FrameStats& endFrame();

    /// Statistics of the last finished frame.
    [[nodiscard]] const FrameStats& lastFrameStats() const;
    /// The lighting and atmosphere, to read or change between frames.
    [[nodiscard]] SceneLook& look();
    /// Screen pixels per font pixel for a viewport of `viewport` pixels (width, height): at least 1,
    /// height / `hudReferenceHeight`, and no more than width / `hudReferenceWidth` when that is set.
    [[nodiscard]] int32_t hudPixelScale(glm::ivec2 viewport) const;
    /// Sets `RendererSettings::hudReferenceHeight` (smaller: larger HUD text), at least 1, from the next
    /// frame. Call between frames.
    void setHudReferenceHeight(int32_t height);
    /// The HUD's reference height in effect.
    [[nodiscard]] int32_t hudReferenceHeight() const;
    /// Sets `RendererSettings::hudReferenceWidth` (0 or less: the width does not limit the HUD's pixels),
    /// from the next frame. Call between frames.
    void setHudReferenceWidth(int32_t width);
    /// The HUD's reference width in effect (0: none).
    [[nodiscard]] int32_t hudReferenceWidth() const;

    /// Sets the multisampling of the 3D scene from the next `endFrame()` (see "Resolution" in the file
    /// comment): 1 turns it off; clamped to [1, GL_MAX_SAMPLES]. Only the scene's framebuffers are made
    /// again, and only when the value changes. Call between frames.
    void setSamples(int32_t samples);
    /// Samples per pixel of the 3D scene in effect (after clamping).
    [[nodiscard]] int32_t samples() const;
    /// Sets the 3D scene's resolution as a fraction of the viewport's from the next `endFrame()`; clamped
    /// to [kMinRenderScale, 1] (NaN counts as 1). Only the scene's framebuffers are made again. Call
    /// between frames.
    void setRenderScale(float scale);
    /// The render scale in effect (after clamping).
    [[nodiscard]] float renderScale() const;
    /// Sets `RendererSettings::drawByFaceDirection` from the next `endFrame()`. Call between frames.
    void setDrawByFaceDirection(bool enabled);
    /// Whether sprite batches are drawn by face direction.
    [[nodiscard]] bool drawByFaceDirection() const;
    /// Size in pixels of the 3D scene drawn for a viewport of `viewportSize` at the current render scale:
    /// each side scaled and rounded, at least 1.
    [[nodiscard]] glm::ivec2 sceneSize(glm::ivec2 viewportSize) const;

private:
    struct Impl;
    explicit SceneRenderer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace vox
