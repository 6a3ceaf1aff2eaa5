#include "vox/render/scene_renderer.h"

#include "debris_pass.h"
#include "frame_uniforms.h"
#include "ground_pass.h"
#include "hud_pass.h"
#include "scene_buffers.h"
#include "sky_pass.h"
#include "sprite_pass.h"

#include "vox/core/assert.h"
#include "vox/platform/gl_debug_scope.h"
#include "vox/render/gpu_timer.h"

#include <glm/matrix.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

namespace vox {
namespace {

float clampRenderScale(float scale) {
    return std::isnan(scale) ? 1.0f : std::clamp(scale, kMinRenderScale, 1.0f);
}

glm::ivec2 sceneSizeFor(glm::ivec2 viewportSize, float scale) {
    if (scale >= 1.0f)
        return viewportSize;
    return glm::max(glm::ivec2(glm::round(glm::vec2(viewportSize) * scale)), glm::ivec2(1));
}

// Moves a pass's value out of `result` into `pass`; false (and `error` set) when it failed.
template <typename Pass>
bool take(Result<Pass> result, Pass& pass, Error& error) {
    if (!result) {
        error = result.error();
        return false;
    }
    pass = std::move(result).value();
    return true;
}

} // namespace

// The passes, in the order they draw, and the frame being recorded. Each pass owns its GL objects and
// draws itself; this orders them and holds what they share (settings, camera, viewport, statistics).
struct SceneRenderer::Impl {
    RendererSettings settings;
    FrameUniforms frameUniforms;
    SceneBuffers sceneBuffers;
    SpritePass sprites;
    DebrisPass debris;
    SkyPass sky;
    GroundPass ground;
    HudPass hud;
    GpuTimer gpuTimer;
    GLint targetFramebuffer = 0; // the framebuffer bound at beginFrame, where the frame ends up
    int32_t maxSamples = 1;      // the driver's GL_MAX_SAMPLES

    // The frame being recorded.
    bool inFrame = false;
    Camera camera;
    Viewport viewport;
    double seconds = 0.0;
    glm::ivec2 sceneSize{0}; // pixels
    std::chrono::steady_clock::time_point frameStart;
    FrameStats stats;
    FrameStats lastStats;

    // Builds every pass; the first error, if any.
    Status createPasses(const std::filesystem::path& shaderDirectory);
    // Everything before the first draw: uploads.
    void prepare(FrameStats& frame);
    // The 3D scene, into the buffer SceneBuffers bound.
    void drawScene(FrameStats& frame) const;
};

Status SceneRenderer::Impl::createPasses(const std::filesystem::path& shaderDirectory) {
    Error error;
    const bool created = take(SpritePass::create(shaderDirectory), sprites, error) &&
                         take(DebrisPass::create(shaderDirectory), debris, error) &&
                         take(GroundPass::create(shaderDirectory), ground, error) &&
                         take(HudPass::create(shaderDirectory), hud, error) &&
                         take(SceneBuffers::create(shaderDirectory), sceneBuffers, error) &&
                         take(SkyPass::create(shaderDirectory), sky, error);
    if (!created)
        return error;
    frameUniforms = FrameUniforms::create();
    return {};
}

void SceneRenderer::Impl::prepare(FrameStats& frame) {
    sceneSize = sceneSizeFor(glm::ivec2(viewport.width, viewport.height), settings.renderScale);
    frameUniforms.upload(camera, seconds, settings.look, sceneSize, viewport, frame);
    // The sky's gradient is copied texel for texel into the scene's buffer: its size, not the viewport's.
    sky.prepare(camera.viewProjection(), sceneSize, settings.look, frame);
    const glm::vec3 eye(glm::inverse(camera.view)[3]);
    sprites.prepare(eye, settings.drawByFaceDirection, frame);
    debris.prepare(frame);
}

void SceneRenderer::Impl::drawScene(FrameStats& frame) const {
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT); // to depth 1, GL's default (ES has no glClearDepth)
    sprites.draw(frame);
    debris.draw(frame);
    glDisable(GL_CULL_FACE);
    glDepthMask(GL_FALSE);
    // After the opaque geometry, on the far plane, so it only shades pixels nothing else covered.
    sky.draw(frame);
    // Blended over the sky where it fades out; nothing is drawn after it that needs its depth.
    ground.draw(settings.look, frame);
    glDepthMask(GL_TRUE);
    glDisable(GL_DEPTH_TEST);
}

Result<SceneRenderer> SceneRenderer::create(const std::filesystem::path& shaderDirectory,
                                            const RendererSettings& settings) {
    VOX_ASSERT(settings.samples >= 1 && settings.hudReferenceHeight >= 1 && settings.hudReferenceWidth >= 0,
               "RendererSettings out of range");
    auto impl = std::make_unique<Impl>();
    impl->settings = settings;
    GLint maxSamples = 1;
    glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);
    impl->maxSamples = std::max(1, static_cast<int32_t>(maxSamples));
    impl->settings.samples = std::clamp(settings.samples, 1, impl->maxSamples);
    impl->settings.renderScale = clampRenderScale(settings.renderScale);
    const Status created = impl->createPasses(shaderDirectory);
    if (!created.ok())
        return created.error();
    if (settings.gpuTiming)
        impl->gpuTimer = GpuTimer::create();
    return SceneRenderer(std::move(impl));
}

SceneRenderer::SceneRenderer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
SceneRenderer::SceneRenderer(SceneRenderer&&) noexcept = default;
SceneRenderer& SceneRenderer::operator=(SceneRenderer&&) noexcept = default;
SceneRenderer::~SceneRenderer() = default;

MeshHandle SceneRenderer::addMesh(const VoxelModel& model) {
    return m_impl->sprites.meshes().add(model);
}

void SceneRenderer::updateMesh(MeshHandle mesh, const VoxelModel& model) {
    m_impl->sprites.meshes().update(mesh, model);
}

void SceneRenderer::removeMesh(MeshHandle mesh) {
    m_impl->sprites.meshes().remove(mesh);
}

bool SceneRenderer::containsMesh(MeshHandle mesh) const {
    return m_impl->sprites.meshes().contains(mesh);
}

int32_t SceneRenderer::meshQuadCount(MeshHandle mesh) const {
    return m_impl->sprites.meshes().pendingQuadCount(mesh);
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
    impl.ground.clear();
    impl.hud.clear();
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
    impl.ground.addShadow(min, max);
}

void SceneRenderer::drawSprite(const SpriteInstance& sprite) {
    VOX_ASSERT(m_impl->inFrame, "SceneRenderer::drawSprite: call beginFrame first");
    VOX_ASSERT(m_impl->sprites.meshes().contains(sprite.mesh),
               "SceneRenderer::drawSprite: the mesh handle is null or stale");
    m_impl->sprites.add(sprite);
}

void SceneRenderer::drawDebris(const DebrisSystem& debris, float alpha) {
    VOX_ASSERT(m_impl->inFrame, "SceneRenderer::drawDebris: call beginFrame first");
    m_impl->debris.add(debris, alpha);
}

void SceneRenderer::drawText(std::string_view text, const TextStyle& style) {
    Impl& impl = *m_impl;
    VOX_ASSERT(impl.inFrame, "SceneRenderer::drawText: call beginFrame first");
    impl.hud.addText(text, style, glm::ivec2(impl.viewport.width, impl.viewport.height),
                     hudPixelScale({impl.viewport.width, impl.viewport.height}));
}

void SceneRenderer::drawRect(glm::ivec2 min, glm::ivec2 max, const glm::vec4& color) {
    VOX_ASSERT(m_impl->inFrame, "SceneRenderer::drawRect: call beginFrame first");
    m_impl->hud.addRect(min, max, color);
}

const BitmapFont& SceneRenderer::font() const {
    return m_impl->hud.font();
}

const FrameStats& SceneRenderer::endFrame() {
    Impl& impl = *m_impl;
    VOX_ASSERT(impl.inFrame, "SceneRenderer::endFrame: call beginFrame first");
    GlDebugScope scope("SceneRenderer::endFrame");
    FrameStats& frame = impl.stats;
    const auto prepareStart = std::chrono::steady_clock::now();
    impl.prepare(frame);
    const auto drawStart = std::chrono::steady_clock::now();
    frame.cpuPrepareMilliseconds =
        std::chrono::duration<double, std::milli>(drawStart - prepareStart).count();

    const GLint target = impl.targetFramebuffer;
    impl.gpuTimer.begin();
    impl.sceneBuffers.begin(impl.sceneSize, impl.settings.samples, target, impl.viewport);
    impl.drawScene(frame);
    impl.sceneBuffers.finish(frame);
    impl.hud.draw(target, impl.viewport, frame);
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

void SceneRenderer::setHudReferenceWidth(int32_t width) {
    m_impl->settings.hudReferenceWidth = std::max(0, width);
}

int32_t SceneRenderer::hudReferenceWidth() const {
    return m_impl->settings.hudReferenceWidth;
}

int32_t SceneRenderer::hudPixelScale(glm::ivec2 viewport) const {
    const RendererSettings& settings = m_impl->settings;
    int32_t scale = viewport.y / settings.hudReferenceHeight;
    if (settings.hudReferenceWidth > 0)
        scale = std::min(scale, viewport.x / settings.hudReferenceWidth);
    return std::max(1, scale);
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
