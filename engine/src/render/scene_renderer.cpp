#include "vox/render/scene_renderer.h"

#include "mesh_store.h"
#include "sky.h"
#include "stream_buffer.h"

#include "vox/core/assert.h"
#include "vox/platform/gl_debug_scope.h"
#include "vox/render/debris.h"
#include "vox/render/framebuffer.h"
#include "vox/render/gpu_timer.h"
#include "vox/render/renderbuffer.h"
#include "vox/render/shader_program.h"
#include "vox/render/texture.h"
#include "vox/render/vertex_array.h"
#include "vox/voxel/palette.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/matrix.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace vox {
namespace {

// Texture units.
constexpr int kQuadUnit = 0;
constexpr int kMeshUnit = 1;
constexpr int kPaletteUnit = 2;
constexpr int kFontUnit = 3;
constexpr int kSceneUnit = 5; // the upscale pass's source (Sky::kGradientUnit is 4)
constexpr GLuint kFrameBlockBinding = 0;

// The ground's line (SceneLook::groundLineX) fades in and out over this many voxels either side of its ends.
constexpr float kGroundLineEndFade = 2.0f;

// The ground's stage (SceneLook::groundStageMin, Max, Fade) made safe to divide by: its size not negative,
// a hard edge a fade over a thousandth of a voxel.
struct GroundStage {
    glm::vec2 centre;   // x, z
    glm::vec2 halfSize; // opaque within this of the centre
    glm::vec2 fade;     // fading out over this beyond
};

GroundStage groundStage(const SceneLook& look) {
    const glm::vec2 max = glm::max(look.groundStageMax, look.groundStageMin);
    return {(look.groundStageMin + max) * 0.5f, (max - look.groundStageMin) * 0.5f,
            glm::max(look.groundStageFade, glm::vec2(1e-3f))};
}

// Per-instance data of a sprite, as sprite.vert reads it (44 bytes). The mesh is named by its slot in the
// mesh records, so rewriting a mesh leaves its instances' bytes alone.
struct GpuSprite {
    float translation[3];
    float scale;
    float rotation[4]; // x, y, z, w
    uint32_t meshSlot;
    uint32_t tint; // RGBA8, linear multiplier
    float flash;
};
static_assert(sizeof(GpuSprite) == 44);

// Per-instance data of a debris cube, as debris.vert reads it (28 bytes).
struct GpuDebris {
    float position[3];
    float size;
    uint32_t rgba; // sRGB
    float angle;
    int8_t axisGlow[4]; // snorm: axis xyz, heat
};
static_assert(sizeof(GpuDebris) == 28);

// Per-instance data of a HUD glyph, as hud.vert reads it (20 bytes).
struct GpuGlyph {
    int16_t screen[4];
    int16_t atlas[4];
    uint32_t rgba;
};
static_assert(sizeof(GpuGlyph) == 20);

// The std140 uniform block of frame.glsl.
struct FrameBlock {
    glm::mat4 viewProjection;
    glm::mat4 inverseViewProjection;
    glm::vec4 cameraPosition;
    glm::vec4 toLight;
    glm::vec4 lightColor;
    glm::vec4 toFill;
    glm::vec4 fillColor;
    glm::vec4 skyAmbient;
    glm::vec4 groundAmbient;
    glm::vec4 bounceColor;
    glm::vec4 backgroundTop;
    glm::vec4 backgroundHorizon;
    glm::vec4 groundColor;
    glm::vec4 groundLineColor;
    glm::vec4 viewport;
    glm::vec4 params;
    glm::vec4 params2;
    glm::vec4 vignette;
    glm::vec4 groundLine;
    glm::vec4 groundStage;
    glm::vec4 groundStageReach;
    glm::vec4 lightBands[2];
    glm::vec4 lightBandColors[2];
    glm::vec4 skyDisc;
    glm::vec4 skyDiscColor;
};

uint8_t unorm8(float value) {
    return static_cast<uint8_t>(std::lround(std::clamp(value, 0.0f, 1.0f) * 255.0f));
}

int8_t snorm8(float value) {
    return static_cast<int8_t>(std::lround(std::clamp(value, -1.0f, 1.0f) * 127.0f));
}

// Sprite batches: meshes whose reserved capacities round up to the same power of two share a draw call,
// each instance padded to the batch's largest mesh. Batching by capacity rather than by quad count keeps
// a mesh in its batch (and its instances' bytes unchanged) while erosion rewrites it within its slack.
constexpr int kBatchCount = 33;
int batchOf(const MeshStore::Mesh& mesh) {
    return static_cast<int>(std::bit_width(static_cast<uint32_t>(mesh.capacity - 1)));
}

Result<ShaderProgram> loadProgram(const std::filesystem::path& directory, const char* vertex,
                                  const char* fragment) {
    Result<ShaderProgram> program = ShaderProgram::load(directory / vertex, directory / fragment);
    if (!program)
        return Error{"cannot build the " + std::string(vertex) + " + " + fragment +
                     " shaders: " + program.error().message};
    const GLuint name = program.value().name();
    const GLuint block = glGetUniformBlockIndex(name, "Frame");
    if (block != GL_INVALID_INDEX)
        glUniformBlockBinding(name, block, kFrameBlockBinding);
    return program;
}

// Points instance attribute `index` at `offset` bytes into the bound GL_ARRAY_BUFFER: floats, normalised
// integers or pure integers.
enum class AttributeKind { Float, Normalized, Integer };
void instanceAttribute(GLuint index, GLint components, GLenum type, AttributeKind kind, GLsizei stride,
                       size_t offset) {
    glEnableVertexAttribArray(index);
    const void* pointer = reinterpret_cast<const void*>(offset);
    if (kind == AttributeKind::Integer)
        glVertexAttribIPointer(index, components, type, stride, pointer);
    else
        glVertexAttribPointer(index, components, type, kind == AttributeKind::Normalized ? GL_TRUE : GL_FALSE,
                              stride, pointer);
    glVertexAttribDivisor(index, 1);
}

float clampRenderScale(float scale) {
    return std::isnan(scale) ? 1.0f : std::clamp(scale, kMinRenderScale, 1.0f);
}

glm::ivec2 sceneSizeFor(glm::ivec2 viewportSize, float scale) {
    if (scale >= 1.0f)
        return viewportSize;
    return glm::max(glm::ivec2(glm::round(glm::vec2(viewportSize) * scale)), glm::ivec2(1));
}

// An offscreen buffer the 3D scene is drawn or resolved into: colour and, when drawn into, depth. The colour
// is a renderbuffer when multisampled, else a texture (the copy into the target samples it): stored in the
// order a software rasteriser copies fastest (Texture::createColorBuffer) when the scene is drawn into it,
// GL_RGBA8 when it receives a multisample resolve, which OpenGL ES allows only between identical formats.
struct SceneBuffer {
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

} // namespace

struct SceneRenderer::Impl {
    RendererSettings settings;
    MeshStore meshes;
    BitmapFont font;
    Texture fontTexture;
    ShaderProgram spriteProgram;
    ShaderProgram debrisProgram;
    ShaderProgram groundProgram;
    ShaderProgram hudProgram;
    ShaderProgram upscaleProgram;
    StreamBuffer frameBlock;
    StreamBuffer spriteInstances;
    StreamBuffer debrisInstances;
    StreamBuffer glyphInstances;
    Buffer quadIndices;
    int32_t indexedQuads = 0; // quads the index buffer covers
    VertexArray spriteVertexArray;
    VertexArray debrisVertexArray;
    VertexArray glyphVertexArray;
    VertexArray emptyVertexArray;
    Sky sky;
    GpuTimer gpuTimer;
    GLint targetFramebuffer = 0;        // the framebuffer bound at beginFrame, where the frame ends up
    GLint hudViewportSizeLocation = -1; // looked up once: per-frame lookups stall threaded drivers
    int32_t maxSamples = 1;             // the driver's GL_MAX_SAMPLES
    SceneBuffer multisampled;           // samples > 1: the scene is drawn here
    SceneBuffer scaled;                 // render scale < 1: the scene at its size, upscaled into the target
    glm::ivec2 sceneSize{0};            // this frame's scene size, pixels

    // The frame being recorded.
    bool inFrame = false;
    Camera camera;
    Viewport viewport;
    double seconds = 0.0;
    std::chrono::steady_clock::time_point frameStart;
    std::vector<SpriteInstance> sprites;
    std::vector<GpuDebris> debris;
    std::vector<GlyphQuad> glyphs;
    std::array<glm::vec4, kMaxGroundShadows> groundShadows{}; // x min, z min, x max, z max
    int32_t groundShadowCount = 0;
    GLint groundRectangleLocation = -1;
    GLint groundShadowsLocation = -1;
    GLint groundShadowStrengthLocation = -1;
    // Scratch, kept to avoid allocating every frame.
    std::vector<GpuSprite> gpuSprites;
    std::vector<GpuGlyph> gpuGlyphs;
    // Instances are drawn in groups: a batch (by quad count) and, when drawing by face direction, the set
    // of directions the instance can face the camera with (bit d for FaceDirection d), so a group's draws
    // take exactly the directions its instances can show. Indexed by batch * directionSets + set, where
    // directionSets is 64 when drawing by face direction and 1 (the set 0) otherwise.
    struct SpriteGroup {
        int32_t start = 0;                          // first instance in gpuSprites
        int32_t size = 0;                           // instances
        int32_t maxQuads = 0;                       // the largest mesh's quads
        std::array<int32_t, 6> maxDirectionQuads{}; // by face direction: the largest run facing each way
    };
    static constexpr size_t kDirectionSets = 64;
    std::vector<SpriteGroup> groups;
    // Per entry of `sprites`: its instance record (unsorted) and group, or kNoGroup (no quads).
    static constexpr uint16_t kNoGroup = 0xffff;
    std::vector<GpuSprite> spriteRecords;
    std::vector<uint16_t> spriteGroups;
    std::vector<int32_t> groupCursor; // scratch for the counting sort
    GLint spriteDirectionLocation = -1;
    FrameStats stats;
    FrameStats lastStats;

    void ensureIndices(int32_t quads, FrameStats& frame);
    void drawSceneInto(GLint target, FrameStats& frame);
    void buildSprites(FrameStats& frame);
    void uploadFrameBlock(FrameStats& frame);
    void drawScene(FrameStats& frame);
    void drawHud(FrameStats& frame);
};

void SceneRenderer::Impl::ensureIndices(int32_t quads, FrameStats& frame) {
    if (quads <= indexedQuads)
        return;
    const int32_t count = std::max(quads, std::max(indexedQuads * 2, 1024));
    std::vector<uint32_t> indices(static_cast<size_t>(count) * 6);
    for (int32_t quad = 0; quad < count; ++quad) {
        const uint32_t base = static_cast<uint32_t>(quad) * 4;
        const std::array<uint32_t, 6> pattern{base, base + 1, base + 2, base, base + 2, base + 3};
        std::copy(pattern.begin(), pattern.end(), indices.begin() + static_cast<std::ptrdiff_t>(quad) * 6);
    }
    spriteVertexArray.bind();
    quadIndices.upload(GL_ELEMENT_ARRAY_BUFFER, std::span<const uint32_t>(indices));
    indexedQuads = count;
    frame.bytesUploaded += static_cast<int64_t>(indices.size() * sizeof(uint32_t));
}

void SceneBuffer::ensure(glm::ivec2 wantedSize, int32_t wantedSamples, bool wantDepth) {
    if (wantedSize == size && wantedSamples == samples && wantDepth == (depth.name() != 0) &&
        framebuffer.name() != 0)
        return;
    if (wantedSamples > 1) {
        color = Renderbuffer::create(wantedSize.x, wantedSize.y, GL_RGBA8, wantedSamples);
        colorTexture = Texture{};
    } else {
        colorTexture = wantDepth ? Texture::createColorBuffer(wantedSize.x, wantedSize.y)
                                 : Texture::create2D(wantedSize.x, wantedSize.y, GL_RGBA8); // bilinear
        filter = GL_LINEAR;
        color = Renderbuffer{};
    }
    depth = wantDepth ? Renderbuffer::create(wantedSize.x, wantedSize.y, GL_DEPTH24_STENCIL8, wantedSamples)
                      : Renderbuffer{};
    framebuffer = Framebuffer::create();
    framebuffer.bind();
    if (wantedSamples > 1)
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color.name());
    else
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colorTexture.name(), 0);
    if (wantDepth)
        framebuffer.attachDepthStencil(depth);
    const Status complete = framebuffer.checkComplete();
    VOX_VERIFY(complete.ok(), "SceneRenderer: the driver refused the scene's framebuffer; set "
                              "RendererSettings::samples to 1 and renderScale to 1");
    size = wantedSize;
    samples = wantedSamples;
}

void SceneBuffer::release() {
    if (framebuffer.name() != 0)
        *this = SceneBuffer{};
}

void SceneBuffer::useFilter(GLint wanted) {
    if (filter == wanted)
        return;
    colorTexture.setFilter(wanted);
    filter = wanted;
}

// Draws the scene into `target`'s viewport through the renderer's own buffers, which hold the depth: the
// target needs none, and is only written, by one blit or one draw.
//   samples > 1, scale 1, target an offscreen framebuffer: multisampled buffer -> resolve into the target
//   samples > 1, scale 1, target 0: multisampled buffer -> resolve into `scaled` -> blit into the window
//   samples > 1, scale < 1: multisampled buffer -> resolve into `scaled` -> upscale into the target
//   samples 1: `scaled` (with depth) -> copy (scale 1, nearest) or upscale (bilinear) into the target
// A multisample resolve cannot change the size in one blit, hence the middle step. Nor the format, on
// OpenGL ES 3.0 (WebGL2) and strict desktop drivers: the window's back buffer (framebuffer 0) may be RGB8
// or BGRA8 where the scene's buffers are RGBA8, so a resolve for the window goes through `scaled` too, and
// a plain blit, which converts, copies it on. The copy and the upscale are one draw of `scaled`'s texture
// (upscale.frag): a full-screen textured rectangle into a target without depth, which Mesa's llvmpipe
// fills on its fast "linear" path (docs/renderer.md), where its blit is a general, unthreaded pass.
void SceneRenderer::Impl::drawSceneInto(GLint target, FrameStats& frame) {
    const glm::ivec2 full(viewport.width, viewport.height);
    const bool multisample = settings.samples > 1;
    const bool scale = sceneSize != full;
    const bool resolveForWindow = multisample && !scale && target == 0;
    const bool draw = !multisample || scale; // the picture reaches the target by a draw of `scaled`
    if (multisample)
        multisampled.ensure(sceneSize, settings.samples, true);
    else
        multisampled.release();
    if (draw || resolveForWindow)
        scaled.ensure(sceneSize, 1, !multisample);
    else
        scaled.release();
    // A scissor left on (an overlay's last clip) would clip the clears, passes and blits.
    glDisable(GL_SCISSOR_TEST);
    // After both: making a buffer binds it, and the scene is drawn into the first of the chain.
    (multisample ? multisampled : scaled).framebuffer.bind();
    glViewport(0, 0, sceneSize.x, sceneSize.y);
    drawScene(frame);
    if (multisample) {
        GlDebugScope resolve("multisample resolve");
        glBindFramebuffer(GL_READ_FRAMEBUFFER, multisampled.framebuffer.name());
        if (draw || resolveForWindow) {
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, scaled.framebuffer.name());
            glBlitFramebuffer(0, 0, sceneSize.x, sceneSize.y, 0, 0, sceneSize.x, sceneSize.y,
                              GL_COLOR_BUFFER_BIT, GL_NEAREST);
        } else {
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(target));
            glBlitFramebuffer(0, 0, sceneSize.x, sceneSize.y, viewport.x, viewport.y,
                              viewport.x + viewport.width, viewport.y + viewport.height, GL_COLOR_BUFFER_BIT,
                              GL_NEAREST);
        }
    }
    if (resolveForWindow) {
        GlDebugScope copy("copy into the window");
        glBindFramebuffer(GL_READ_FRAMEBUFFER, scaled.framebuffer.name());
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(target));
        glBlitFramebuffer(0, 0, sceneSize.x, sceneSize.y, viewport.x, viewport.y, viewport.x + viewport.width,
                          viewport.y + viewport.height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    }
    if (draw) {
        GlDebugScope upscale(scale ? "render scale upscale" : "copy into the target");
        glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(target));
        glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
        upscaleProgram.use();
        scaled.colorTexture.bind(kSceneUnit);
        // Texel for pixel at scale 1: nearest is exact there, and the cheaper fetch.
        scaled.useFilter(scale ? GL_LINEAR : GL_NEAREST);
        emptyVertexArray.bind();
        glDrawArrays(GL_TRIANGLES, 0, 6);
        ++frame.drawCalls;
        frame.triangles += 2;
    }
}

namespace {

// The model-space face directions (FaceDirection order) whose faces can face a camera at `eye`, as bits:
// +a faces lie on planes a = 1..size, -a faces on a = 0..size - 1, so with the eye at e in model cells,
// +a faces can face it only if e.a > 0 and -a faces only if e.a < size.a (conservative by a cell).
uint8_t visibleDirections(const glm::vec3& eye, const glm::vec3& translation, const glm::quat& rotation,
                          float scale, glm::ivec3 size) {
    const glm::vec3 local = glm::conjugate(rotation) * (eye - translation) / scale;
    uint8_t bits = 0;
    for (int axis = 0; axis < 3; ++axis) {
        if (local[axis] > 0.0f)
            bits |= static_cast<uint8_t>(1u << (2 * axis));
        if (local[axis] < static_cast<float>(size[axis]))
            bits |= static_cast<uint8_t>(1u << (2 * axis + 1));
    }
    return bits;
}

} // namespace

void SceneRenderer::Impl::buildSprites(FrameStats& frame) {
    // Counting sort into groups (batch by quad count, then direction set); instances of one mesh stay
    // together in submission order.
    const bool byDirection = settings.drawByFaceDirection;
    const size_t directionSets = byDirection ? kDirectionSets : 1;
    groups.assign(static_cast<size_t>(kBatchCount) * directionSets, SpriteGroup{});
    const glm::vec3 eye(glm::inverse(camera.view)[3]);
    spriteRecords.resize(sprites.size());
    spriteGroups.assign(sprites.size(), kNoGroup);
    for (size_t i = 0; i < sprites.size(); ++i) {
        const SpriteInstance& sprite = sprites[i];
        const MeshStore::Mesh& mesh = meshes.mesh(sprite.mesh);
        if (mesh.quadCount == 0)
            continue;
        // The pivot is cell (0, 0, depth / 2); fold it into the translation so the shader does
        // translation + rotate(scale * cell).
        const glm::vec3 pivot(0.0f, 0.0f, static_cast<float>(mesh.size.z) * 0.5f);
        const glm::quat rotation = glm::normalize(sprite.rotation);
        const glm::vec3 translation = sprite.position - rotation * (pivot * sprite.scale);
        GpuSprite& gpu = spriteRecords[i];
        gpu.translation[0] = translation.x;
        gpu.translation[1] = translation.y;
        gpu.translation[2] = translation.z;
        gpu.scale = sprite.scale;
        gpu.rotation[0] = rotation.x;
        gpu.rotation[1] = rotation.y;
        gpu.rotation[2] = rotation.z;
        gpu.rotation[3] = rotation.w;
        gpu.meshSlot = MeshStore::slotOf(sprite.mesh);
        gpu.tint = packRgba(unorm8(sprite.tint.r), unorm8(sprite.tint.g), unorm8(sprite.tint.b), 255);
        gpu.flash = std::clamp(sprite.flash, 0.0f, 1.0f);

        const uint8_t directions =
            byDirection ? visibleDirections(eye, translation, rotation, sprite.scale, mesh.size) : 0;
        const size_t index = static_cast<size_t>(batchOf(mesh)) * directionSets + directions;
        spriteGroups[i] = static_cast<uint16_t>(index);
        SpriteGroup& group = groups[index];
        ++group.size;
        group.maxQuads = std::max(group.maxQuads, mesh.quadCount);
        if (byDirection)
            for (int d = 0; d < 6; ++d)
                group.maxDirectionQuads[static_cast<size_t>(d)] =
                    std::max(group.maxDirectionQuads[static_cast<size_t>(d)], mesh.directionCount(d));
    }
    int32_t total = 0;
    groupCursor.resize(groups.size());
    for (size_t index = 0; index < groups.size(); ++index) {
        groups[index].start = total;
        groupCursor[index] = total;
        total += groups[index].size;
    }
    gpuSprites.resize(static_cast<size_t>(total));
    for (size_t i = 0; i < sprites.size(); ++i) {
        if (spriteGroups[i] == kNoGroup)
            continue;
        gpuSprites[static_cast<size_t>(groupCursor[spriteGroups[i]]++)] = spriteRecords[i];
        const MeshStore::Mesh& mesh = meshes.mesh(sprites[i].mesh);
        const SpriteGroup& group = groups[spriteGroups[i]];
        if (byDirection) {
            // What the group's draws submit for this instance: its quads in each direction it can show.
            const size_t directions = spriteGroups[i] % kDirectionSets;
            for (int d = 0; d < 6; ++d) {
                if ((directions & (size_t{1} << d)) == 0)
                    continue;
                const int32_t quads = mesh.directionCount(d);
                frame.triangles += int64_t{2} * quads;
                frame.paddedTriangles +=
                    int64_t{2} * (group.maxDirectionQuads[static_cast<size_t>(d)] - quads);
            }
        } else {
            frame.triangles += int64_t{2} * mesh.quadCount;
            frame.paddedTriangles += int64_t{2} * (group.maxQuads - mesh.quadCount);
        }
    }
    frame.sprites = total;
    frame.bytesUploaded += static_cast<int64_t>(
        spriteInstances.update(GL_ARRAY_BUFFER, gpuSprites.data(), gpuSprites.size() * sizeof(GpuSprite)));
    int32_t largest = 0;
    for (const SpriteGroup& group : groups)
        largest = std::max(largest, group.maxQuads);
    ensureIndices(largest, frame);
}

void SceneRenderer::Impl::uploadFrameBlock(FrameStats& frame) {
    const SceneLook& look = settings.look;
    FrameBlock block{};
    block.viewProjection = camera.viewProjection();
    block.inverseViewProjection = glm::inverse(block.viewProjection);
    block.cameraPosition = glm::vec4(camera.position, static_cast<float>(seconds));
    block.toLight = glm::vec4(glm::normalize(look.toLight), 0.0f);
    block.lightColor = glm::vec4(look.lightColor, 0.0f);
    block.toFill = glm::vec4(glm::normalize(look.toFill), 0.0f);
    block.fillColor = glm::vec4(look.fillColor, 0.0f);
    block.skyAmbient = glm::vec4(look.skyAmbient, 0.0f);
    block.groundAmbient = glm::vec4(look.groundAmbient, 0.0f);
    block.bounceColor = glm::vec4(look.bounceColor, 0.0f);
    block.backgroundTop = glm::vec4(look.backgroundTop, 0.0f);
    block.backgroundHorizon = glm::vec4(look.backgroundHorizon, 0.0f);
    block.groundColor = glm::vec4(look.groundColor, 0.0f);
    block.groundLineColor = glm::vec4(look.groundLineColor, 0.0f);
    // Where the scene's pixels are in the framebuffer it is drawn into (the vignette's frame).
    block.viewport = glm::vec4(0.0f, 0.0f, static_cast<float>(sceneSize.x), static_cast<float>(sceneSize.y));
    block.params = glm::vec4(look.groundHeight, look.fogDensity, look.vignette, look.exposure);
    const float scenePixelsPerPixel =
        static_cast<float>(sceneSize.y) / static_cast<float>(std::max(1, viewport.height));
    block.params2 =
        glm::vec4(look.fogStart, look.stars, scenePixelsPerPixel, std::clamp(look.monochrome, 0.0f, 1.0f));
    // voxel_shading.glsl's lightBandFilter(): inside = clamp(y x + y', 0, 1) * clamp(z - y x, 0, 1), edges
    // ramping over the feather centred on minY and maxY; all 0 (no band): inside 0, the light unchanged.
    for (size_t i = 0; i < look.lightBands.size(); ++i) {
        const LightBand& band = look.lightBands[i];
        if (band.maxY <= band.minY)
            continue;
        const float scale = 1.0f / std::max(band.feather, 0.01f);
        block.lightBands[i] = glm::vec4(scale, 0.5f - band.minY * scale, 0.5f + band.maxY * scale, 0.0f);
        block.lightBandColors[i] = glm::vec4(glm::clamp(band.color, 0.0f, 1.0f), 0.0f);
    }
    block.skyDisc = glm::vec4(look.skyDisc.centre, std::max(look.skyDisc.radius, 0.0f), 0.0f);
    block.skyDiscColor = glm::vec4(look.skyDisc.color, 0.0f);
    // finish.glsl's vignette: uv = (pixel - origin) / size - 0.5 scaled by sqrt(1.6 / 0.6), so that
    // |scaled uv|^2 - 0.25 = (1.6 |uv|^2 - 0.15) / 0.6, smoothstep(0.15, 0.75, 1.6 |uv|^2)'s ramp.
    const float rampScale = std::sqrt(1.6f / 0.6f);
    const glm::vec2 origin(block.viewport.x, block.viewport.y);
    const glm::vec2 size(block.viewport.z, block.viewport.w);
    block.vignette = glm::vec4(rampScale / size, (-origin / size - 0.5f) * rampScale);
    // ground.frag's fadeOut(): 1 within a half size of a centre, 0 a fade further out, as a scale (1 / the
    // fade) and a reach (the scale times half the size plus the fade), so that the shader needs no division.
    if (look.groundLineX.y > look.groundLineX.x) {
        const float scale = 1.0f / (2.0f * kGroundLineEndFade);
        const float halfLength = (look.groundLineX.y - look.groundLineX.x) * 0.5f;
        block.groundLine = glm::vec4((look.groundLineX.x + look.groundLineX.y) * 0.5f, scale,
                                     (halfLength + kGroundLineEndFade) * scale, 0.0f);
    } // else all 0: no line
    const GroundStage stage = groundStage(look);
    block.groundStage = glm::vec4(stage.centre, 1.0f / stage.fade);
    block.groundStageReach = glm::vec4((stage.halfSize + stage.fade) / stage.fade, 0.0f, 0.0f);
    frame.bytesUploaded += static_cast<int64_t>(frameBlock.update(GL_UNIFORM_BUFFER, &block, sizeof(block)));
    glBindBufferBase(GL_UNIFORM_BUFFER, kFrameBlockBinding, frameBlock.buffer().name());
}

void SceneRenderer::Impl::drawScene(FrameStats& frame) {
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT); // to depth 1, GL's default (ES has no glClearDepth)

    if (!gpuSprites.empty()) {
        GlDebugScope scope("sprites");
        spriteProgram.use();
        meshes.bind(kQuadUnit, kMeshUnit, kPaletteUnit);
        spriteVertexArray.bind();
        spriteInstances.buffer().bind(GL_ARRAY_BUFFER);
        constexpr GLsizei stride = sizeof(GpuSprite);
        for (size_t index = 0; index < groups.size(); ++index) {
            const SpriteGroup& group = groups[index];
            const int32_t count = group.size;
            if (count == 0)
                continue;
            // GL 3.3 has no base instance: point the instance attributes at this group instead.
            const size_t base = static_cast<size_t>(group.start) * sizeof(GpuSprite);
            instanceAttribute(0, 4, GL_FLOAT, AttributeKind::Float, stride,
                              base + offsetof(GpuSprite, translation));
            instanceAttribute(1, 4, GL_FLOAT, AttributeKind::Float, stride,
                              base + offsetof(GpuSprite, rotation));
            instanceAttribute(2, 1, GL_UNSIGNED_INT, AttributeKind::Integer, stride,
                              base + offsetof(GpuSprite, meshSlot));
            instanceAttribute(3, 4, GL_UNSIGNED_BYTE, AttributeKind::Normalized, stride,
                              base + offsetof(GpuSprite, tint));
            instanceAttribute(4, 1, GL_FLOAT, AttributeKind::Float, stride,
                              base + offsetof(GpuSprite, flash));
            if (!settings.drawByFaceDirection) {
                glDrawElementsInstanced(GL_TRIANGLES, group.maxQuads * 6, GL_UNSIGNED_INT, nullptr, count);
                ++frame.drawCalls;
                ++frame.spriteBatches;
                continue;
            }
            const size_t directions = index % kDirectionSets; // byDirection: 64 sets per batch
            for (int d = 0; d < 6; ++d) {
                const int32_t quads = group.maxDirectionQuads[static_cast<size_t>(d)];
                if ((directions & (size_t{1} << d)) == 0 || quads == 0)
                    continue;
                glUniform1i(spriteDirectionLocation, d);
                glDrawElementsInstanced(GL_TRIANGLES, quads * 6, GL_UNSIGNED_INT, nullptr, count);
                ++frame.drawCalls;
                ++frame.spriteBatches;
            }
        }
        if (settings.drawByFaceDirection)
            glUniform1i(spriteDirectionLocation, -1);
    }

    if (!debris.empty()) {
        GlDebugScope scope("debris");
        debrisProgram.use();
        debrisVertexArray.bind();
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 14, static_cast<GLsizei>(debris.size()));
        ++frame.drawCalls;
        frame.triangles += static_cast<int64_t>(debris.size()) * 12;
    }

    glDisable(GL_CULL_FACE);
    emptyVertexArray.bind();
    glDepthMask(GL_FALSE);
    // After the opaque geometry, on the far plane, so it only shades pixels nothing else covered.
    sky.draw(frame);
    emptyVertexArray.bind();
    if (settings.look.drawGround) {
        // Blended over the sky where it fades out; nothing is drawn after it that needs its depth.
        GlDebugScope scope("ground");
        glEnable(GL_BLEND);
        // Colour blended; alpha kept at the sky's 1: a frame is opaque (screenshots, a browser's canvas).
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
        groundProgram.use();
        const GroundStage stage = groundStage(settings.look); // the plane: as far as it fades out
        const glm::vec2 reach = stage.halfSize + stage.fade;
        const glm::vec4 rectangle(stage.centre - reach, stage.centre + reach);
        glUniform4fv(groundRectangleLocation, 1, glm::value_ptr(rectangle));
        // One instanced draw: the ground, then a rectangle per contact shadow darkening it. (A loop over the
        // footprints in the ground's shader costs a software rasteriser more per pixel than the whole rest
        // of the ground, even with no shadows.)
        glUniform4fv(groundShadowsLocation, kMaxGroundShadows, glm::value_ptr(groundShadows[0]));
        glUniform1f(groundShadowStrengthLocation, std::clamp(settings.look.groundShadowStrength, 0.0f, 1.0f));
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 1 + groundShadowCount);
        ++frame.drawCalls;
        frame.triangles += 2 * (1 + static_cast<int64_t>(groundShadowCount));
        glDisable(GL_BLEND);
    }
    glDepthMask(GL_TRUE);
    glDisable(GL_DEPTH_TEST);
}

void SceneRenderer::Impl::drawHud(FrameStats& frame) {
    gpuGlyphs.resize(glyphs.size());
    for (size_t i = 0; i < glyphs.size(); ++i) {
        const GlyphQuad& quad = glyphs[i];
        GpuGlyph& gpu = gpuGlyphs[i];
        gpu.screen[0] = static_cast<int16_t>(quad.screenMin.x);
        gpu.screen[1] = static_cast<int16_t>(quad.screenMin.y);
        gpu.screen[2] = static_cast<int16_t>(quad.screenMax.x);
        gpu.screen[3] = static_cast<int16_t>(quad.screenMax.y);
        gpu.atlas[0] = static_cast<int16_t>(quad.atlasMin.x);
        gpu.atlas[1] = static_cast<int16_t>(quad.atlasMin.y);
        gpu.atlas[2] = static_cast<int16_t>(quad.atlasMax.x);
        gpu.atlas[3] = static_cast<int16_t>(quad.atlasMax.y);
        gpu.rgba = quad.rgba;
    }
    frame.bytesUploaded += static_cast<int64_t>(
        glyphInstances.update(GL_ARRAY_BUFFER, gpuGlyphs.data(), gpuGlyphs.size() * sizeof(GpuGlyph)));
    frame.glyphs = static_cast<int32_t>(gpuGlyphs.size());
    if (gpuGlyphs.empty())
        return;
    GlDebugScope scope("hud");
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(targetFramebuffer));
    glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    hudProgram.use();
    glUniform2f(hudViewportSizeLocation, static_cast<float>(viewport.width),
                static_cast<float>(viewport.height));
    fontTexture.bind(kFontUnit);
    glyphVertexArray.bind();
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, static_cast<GLsizei>(gpuGlyphs.size())); // see hud.vert
    ++frame.drawCalls;
    frame.triangles += static_cast<int64_t>(gpuGlyphs.size()) * 2;
    glDisable(GL_BLEND);
}

Result<SceneRenderer> SceneRenderer::create(const std::filesystem::path& shaderDirectory,
                                            const RendererSettings& settings) {
    VOX_ASSERT(settings.samples >= 1 && settings.hudReferenceHeight >= 1, "RendererSettings out of range");
    auto impl = std::make_unique<Impl>();
    impl->settings = settings;
    GLint maxSamples = 1;
    glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);
    impl->maxSamples = std::max(1, static_cast<int32_t>(maxSamples));
    impl->settings.samples = std::clamp(settings.samples, 1, impl->maxSamples);
    impl->settings.renderScale = clampRenderScale(settings.renderScale);

    struct ProgramFiles {
        ShaderProgram* program;
        const char* vertex;
        const char* fragment;
    };
    Sky::Programs skyPrograms;
    const std::array<ProgramFiles, 7> programs{{
        {&impl->spriteProgram, "sprite.vert", "voxel.frag"},
        {&impl->debrisProgram, "debris.vert", "debris.frag"},
        {&impl->groundProgram, "ground.vert", "ground.frag"},
        {&impl->hudProgram, "hud.vert", "hud.frag"},
        {&impl->upscaleProgram, "upscale.vert", "upscale.frag"},
        {&skyPrograms.gradient, "fullscreen.vert", "sky_gradient.frag"},
        {&skyPrograms.sky, "sky.vert", "sky.frag"},
    }};
    for (const ProgramFiles& files : programs) {
        Result<ShaderProgram> program = loadProgram(shaderDirectory, files.vertex, files.fragment);
        if (!program)
            return program.error();
        *files.program = std::move(program).value();
    }
    impl->spriteProgram.use();
    impl->spriteProgram.set("uQuads", kQuadUnit);
    impl->spriteProgram.set("uMeshes", kMeshUnit);
    impl->spriteProgram.set("uPalettes", kPaletteUnit);
    impl->spriteDirectionLocation = impl->spriteProgram.uniformLocation("uDirection");
    glUniform1i(impl->spriteDirectionLocation, -1); // all of a mesh's quads, unless drawing by direction
    impl->groundProgram.use();
    impl->groundRectangleLocation = impl->groundProgram.uniformLocation("uRectangle");
    impl->groundShadowsLocation = impl->groundProgram.uniformLocation("uShadows");
    impl->groundShadowStrengthLocation = impl->groundProgram.uniformLocation("uShadowStrength");
    impl->sky = Sky::create(std::move(skyPrograms));
    impl->hudProgram.use();
    impl->hudProgram.set("uFont", kFontUnit);
    impl->upscaleProgram.use();
    impl->upscaleProgram.set("uScene", kSceneUnit);
    impl->hudViewportSizeLocation = impl->hudProgram.uniformLocation("uViewportSize");
    glUseProgram(0);

    impl->meshes = MeshStore::create();
    impl->font = BitmapFont::proggyClean();
    const glm::ivec2 atlasSize = impl->font.atlasSize();
    impl->fontTexture = Texture::create2D(atlasSize.x, atlasSize.y, GL_R8);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, atlasSize.x, atlasSize.y, GL_RED, GL_UNSIGNED_BYTE,
                    impl->font.atlas().data());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);

    impl->frameBlock = StreamBuffer::create();
    impl->spriteInstances = StreamBuffer::create();
    impl->debrisInstances = StreamBuffer::create();
    impl->glyphInstances = StreamBuffer::create();
    impl->quadIndices = Buffer::create();
    impl->spriteVertexArray = VertexArray::create();
    impl->debrisVertexArray = VertexArray::create();
    impl->glyphVertexArray = VertexArray::create();
    impl->emptyVertexArray = VertexArray::create();

    // Debris and glyph instances always start at the buffer's beginning: record their layout once.
    impl->debrisVertexArray.bind();
    impl->debrisInstances.buffer().bind(GL_ARRAY_BUFFER);
    constexpr GLsizei debrisStride = sizeof(GpuDebris);
    instanceAttribute(0, 4, GL_FLOAT, AttributeKind::Float, debrisStride, offsetof(GpuDebris, position));
    instanceAttribute(1, 4, GL_UNSIGNED_BYTE, AttributeKind::Normalized, debrisStride,
                      offsetof(GpuDebris, rgba));
    instanceAttribute(2, 1, GL_FLOAT, AttributeKind::Float, debrisStride, offsetof(GpuDebris, angle));
    instanceAttribute(3, 4, GL_BYTE, AttributeKind::Normalized, debrisStride, offsetof(GpuDebris, axisGlow));
    impl->glyphVertexArray.bind();
    impl->glyphInstances.buffer().bind(GL_ARRAY_BUFFER);
    constexpr GLsizei glyphStride = sizeof(GpuGlyph);
    instanceAttribute(0, 4, GL_SHORT, AttributeKind::Integer, glyphStride, offsetof(GpuGlyph, screen));
    instanceAttribute(1, 4, GL_SHORT, AttributeKind::Integer, glyphStride, offsetof(GpuGlyph, atlas));
    instanceAttribute(2, 4, GL_UNSIGNED_BYTE, AttributeKind::Normalized, glyphStride,
                      offsetof(GpuGlyph, rgba));
    glBindVertexArray(0);

    if (settings.gpuTiming)
        impl->gpuTimer = GpuTimer::create();
    return SceneRenderer(std::move(impl));
}

SceneRenderer::SceneRenderer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
SceneRenderer::SceneRenderer(SceneRenderer&&) noexcept = default;
SceneRenderer& SceneRenderer::operator=(SceneRenderer&&) noexcept = default;
SceneRenderer::~SceneRenderer() = default;

MeshHandle SceneRenderer::addMesh(const VoxelModel& model) {
    return m_impl->meshes.add(model);
}

void SceneRenderer::updateMesh(MeshHandle mesh, const VoxelModel& model) {
    m_impl->meshes.update(mesh, model);
}

void SceneRenderer::removeMesh(MeshHandle mesh) {
    m_impl->meshes.remove(mesh);
}

bool SceneRenderer::containsMesh(MeshHandle mesh) const {
    return m_impl->meshes.contains(mesh);
}

int32_t SceneRenderer::meshQuadCount(MeshHandle mesh) const {
    return m_impl->meshes.pendingQuadCount(mesh);
}

void SceneRenderer::beginFrame(const Camera& camera, const Viewport& viewport, double seconds) {
    Impl& impl = *m_impl;
    VOX_ASSERT(!impl.inFrame, "SceneRenderer::beginFrame: the previous frame was not ended");
    VOX_ASSERT(viewport.width > 0 && viewport.height > 0, "SceneRenderer::beginFrame: empty viewport");
    impl.frameStart = std::chrono::steady_clock::now();
    impl.inFrame = true;
    impl.camera = camera;
    impl.viewport = viewport;
    impl.seconds = seconds;
    impl.sprites.clear();
    impl.debris.clear();
    impl.glyphs.clear();
    impl.groundShadowCount = 0;
    impl.stats = FrameStats{};
    // Everything that reads state back from the driver happens here, before any of this frame's commands:
    // with a threaded driver (Mesa's glthread) a read-back waits for every queued command, so a read in
    // endFrame would make the game's thread wait for the whole frame's vertex work.
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &impl.targetFramebuffer);
    impl.stats.gpuMilliseconds = impl.gpuTimer.latestMilliseconds();
}

void SceneRenderer::drawGroundShadow(glm::vec2 min, glm::vec2 max) {
    Impl& impl = *m_impl;
    VOX_ASSERT(impl.inFrame, "SceneRenderer::drawGroundShadow: call beginFrame first");
    if (impl.groundShadowCount >= kMaxGroundShadows)
        return;
    impl.groundShadows[static_cast<size_t>(impl.groundShadowCount++)] = glm::vec4(min, max);
}

void SceneRenderer::drawSprite(const SpriteInstance& sprite) {
    VOX_ASSERT(m_impl->inFrame, "SceneRenderer::drawSprite: call beginFrame first");
    VOX_ASSERT(m_impl->meshes.contains(sprite.mesh),
               "SceneRenderer::drawSprite: the mesh handle is null or stale");
    m_impl->sprites.push_back(sprite);
}

void SceneRenderer::drawDebris(const DebrisSystem& debris, float alpha) {
    Impl& impl = *m_impl;
    VOX_ASSERT(impl.inFrame, "SceneRenderer::drawDebris: call beginFrame first");
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
        impl.debris.push_back(gpu);
    }
}

void SceneRenderer::drawText(std::string_view text, const TextStyle& style) {
    Impl& impl = *m_impl;
    VOX_ASSERT(impl.inFrame, "SceneRenderer::drawText: call beginFrame first");
    layoutText(impl.font, text, style, glm::ivec2(impl.viewport.width, impl.viewport.height),
               hudPixelScale(impl.viewport.height), impl.glyphs);
}

void SceneRenderer::drawRect(glm::ivec2 min, glm::ivec2 max, const glm::vec4& color) {
    Impl& impl = *m_impl;
    VOX_ASSERT(impl.inFrame, "SceneRenderer::drawRect: call beginFrame first");
    if (max.x <= min.x || max.y <= min.y)
        return;
    GlyphQuad quad;
    quad.screenMin = min;
    quad.screenMax = max;
    quad.atlasMin = impl.font.solidTexel();
    quad.atlasMax = quad.atlasMin + 1;
    quad.rgba = packColor(color);
    impl.glyphs.push_back(quad);
}

const BitmapFont& SceneRenderer::font() const {
    return m_impl->font;
}

const FrameStats& SceneRenderer::endFrame() {
    Impl& impl = *m_impl;
    VOX_ASSERT(impl.inFrame, "SceneRenderer::endFrame: call beginFrame first");
    GlDebugScope scope("SceneRenderer::endFrame");
    FrameStats& frame = impl.stats;
    const auto prepareStart = std::chrono::steady_clock::now();
    const GLint target = impl.targetFramebuffer;

    const MeshStore::FlushResult flushed = impl.meshes.flush();
    frame.bytesUploaded += flushed.bytes;
    frame.meshesUploaded = flushed.meshes;
    impl.sceneSize =
        sceneSizeFor(glm::ivec2(impl.viewport.width, impl.viewport.height), impl.settings.renderScale);
    impl.uploadFrameBlock(frame);
    // The sky's gradient is copied texel for texel into the scene's buffer: its size, not the viewport's.
    impl.sky.prepare(impl.camera.viewProjection(), impl.sceneSize, impl.settings.look, frame);
    impl.buildSprites(frame);
    frame.bytesUploaded += static_cast<int64_t>(impl.debrisInstances.update(
        GL_ARRAY_BUFFER, impl.debris.data(), impl.debris.size() * sizeof(GpuDebris)));
    frame.particles = static_cast<int32_t>(impl.debris.size());

    const auto drawStart = std::chrono::steady_clock::now();
    frame.cpuPrepareMilliseconds =
        std::chrono::duration<double, std::milli>(drawStart - prepareStart).count();
    impl.gpuTimer.begin();
    impl.drawSceneInto(target, frame);
    impl.drawHud(frame);
    impl.gpuTimer.end();

    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(target));
    glBindVertexArray(0);
    glUseProgram(0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, 0);

    frame.cpuMilliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - impl.frameStart).count();
    impl.inFrame = false;
    impl.lastStats = frame;
    return impl.lastStats;
}

const FrameStats& SceneRenderer::lastFrameStats() const {
    return m_impl->lastStats;
}

SceneLook& SceneRenderer::look() {
    return m_impl->settings.look;
}

void SceneRenderer::setHudReferenceHeight(int32_t height) {
    m_impl->settings.hudReferenceHeight = std::max(1, height);
}

int32_t SceneRenderer::hudReferenceHeight() const {
    return m_impl->settings.hudReferenceHeight;
}

int32_t SceneRenderer::hudPixelScale(int32_t height) const {
    return std::max(1, height / m_impl->settings.hudReferenceHeight);
}

void SceneRenderer::setSamples(int32_t samples) {
    VOX_ASSERT(!m_impl->inFrame, "SceneRenderer::setSamples: call between frames");
    m_impl->settings.samples = std::clamp(samples, 1, m_impl->maxSamples);
}

int32_t SceneRenderer::samples() const {
    return m_impl->settings.samples;
}

void SceneRenderer::setDrawByFaceDirection(bool enabled) {
    VOX_ASSERT(!m_impl->inFrame, "SceneRenderer::setDrawByFaceDirection: call between frames");
    m_impl->settings.drawByFaceDirection = enabled;
}

bool SceneRenderer::drawByFaceDirection() const {
    return m_impl->settings.drawByFaceDirection;
}

void SceneRenderer::setRenderScale(float scale) {
    VOX_ASSERT(!m_impl->inFrame, "SceneRenderer::setRenderScale: call between frames");
    m_impl->settings.renderScale = clampRenderScale(scale);
}

float SceneRenderer::renderScale() const {
    return m_impl->settings.renderScale;
}

glm::ivec2 SceneRenderer::sceneSize(glm::ivec2 viewportSize) const {
    return sceneSizeFor(viewportSize, m_impl->settings.renderScale);
}

} // namespace vox
