#include "scene/playfield_camera.h"

#include <glm/common.hpp>
#include <glm/matrix.hpp>

#include <algorithm>

namespace invaders {

void PlayfieldCamera::step(const Simulation* simulation) {
    float target = 0.0f;
    if (simulation != nullptr && !m_flat && !m_reduceMotion) {
        // -1 at the cannon's left wall, +1 at its right wall.
        const float travel = static_cast<float>(arcade::kCannonMaxX - arcade::kCannonMinX);
        const float along =
            static_cast<float>(simulation->cannon().placement.x - arcade::kCannonMinX) / travel;
        target = std::clamp(along * 2.0f - 1.0f, -1.0f, 1.0f) * kMaxSwayDegrees;
    }
    // About a second to settle: a calm drift, never a jolt.
    m_sway = m_reduceMotion ? 0.0f : m_sway + (target - m_sway) * 0.04f;
}

vox::FramingSettings PlayfieldCamera::settings(bool swayed) const {
    vox::FramingSettings settings;
    settings.margin = 0.0f; // frame() places it between the HUD bands
    if (m_flat) {
        settings.tiltDegrees = 0.0f;
        settings.fieldOfViewDegrees = 8.0f; // nearly orthographic, as the arcade's screen
    } else {
        settings.tiltDegrees = 34.0f;
        settings.yawDegrees = swayed ? m_sway : 0.0f;
        settings.fieldOfViewDegrees = 24.0f;
    }
    return settings;
}

vox::Camera PlayfieldCamera::frame(glm::ivec2 size, int32_t hudLine, glm::vec2 shake, bool swayed) const {
    if (m_reduceMotion)
        shake = glm::vec2(0.0f);
    const vox::FramingSettings framing = settings(swayed);
    const glm::vec3 boxMin(kPlayfieldMin, -kPlayfieldHalfDepth);
    const glm::vec3 boxMax(kPlayfieldMax, kPlayfieldHalfDepth);
    const float aspect = static_cast<float>(size.x) / static_cast<float>(size.y);
    // Where the framed box lands is measured unshaken: the shake moves the picture, not the fit.
    const vox::Camera still = vox::frameBox(boxMin, boxMax, framing, aspect);
    vox::Camera camera =
        shake == glm::vec2(0.0f) ? still : vox::frameBox(boxMin, boxMax, framing, aspect, shake);
    glm::vec2 lo(1e9f);
    glm::vec2 hi(-1e9f);
    for (int i = 0; i < 8; ++i) {
        const glm::vec4 corner((i & 1) != 0 ? boxMax.x : boxMin.x, (i & 2) != 0 ? boxMax.y : boxMin.y,
                               (i & 4) != 0 ? boxMax.z : boxMin.z, 1.0f);
        const glm::vec4 clip = still.viewProjection() * corner;
        lo = glm::min(lo, glm::vec2(clip) / clip.w);
        hi = glm::max(hi, glm::vec2(clip) / clip.w);
    }
    // The room left between the bands, in NDC: label and value above (2.2 lines), the lives below (1.3
    // lines), a small margin at the sides.
    const float pixelsToNdc = 2.0f / static_cast<float>(size.y);
    const float top = 1.0f - 2.2f * static_cast<float>(hudLine) * pixelsToNdc;
    const float bottom = -1.0f + 1.3f * static_cast<float>(hudLine) * pixelsToNdc;
    const float side = 0.98f;
    const float scale = std::min((top - bottom) / (hi.y - lo.y), 2.0f * side / (hi.x - lo.x));
    const glm::vec2 shift(-scale * (lo.x + hi.x) * 0.5f,
                          (top + bottom) * 0.5f - scale * (lo.y + hi.y) * 0.5f);
    // ndc' = ndc * scale + shift, as a clip-space matrix.
    glm::mat4 place(1.0f);
    place[0][0] = scale;
    place[1][1] = scale;
    place[3][0] = shift.x;
    place[3][1] = shift.y;
    camera.projection = place * camera.projection;
    return camera;
}

ScreenRect playfieldScreenRect(const vox::Camera& camera, glm::ivec2 size) {
    return screenRectOf(camera, size, glm::vec3(kPlayfieldMin, 0.0f), glm::vec3(kPlayfieldMax, 0.0f));
}

ScreenRect screenRectOf(const vox::Camera& camera, glm::ivec2 size, glm::vec3 min, glm::vec3 max) {
    const glm::mat4 viewProjection = camera.viewProjection();
    glm::vec2 lo(1e9f);
    glm::vec2 hi(-1e9f);
    for (int i = 0; i < 8; ++i) {
        const glm::vec4 corner((i & 1) != 0 ? max.x : min.x, (i & 2) != 0 ? max.y : min.y,
                               (i & 4) != 0 ? max.z : min.z, 1.0f);
        const glm::vec4 clip = viewProjection * corner;
        const glm::vec2 ndc = glm::vec2(clip) / clip.w;
        lo = glm::min(lo, ndc);
        hi = glm::max(hi, ndc);
    }
    // NDC y grows upwards; screen rows downwards.
    const glm::vec2 screen(size);
    ScreenRect rect;
    rect.min = glm::ivec2(glm::floor(glm::vec2(lo.x + 1.0f, 1.0f - hi.y) * 0.5f * screen));
    rect.max = glm::ivec2(glm::ceil(glm::vec2(hi.x + 1.0f, 1.0f - lo.y) * 0.5f * screen));
    return rect;
}

glm::vec3 planePointAt(const vox::Camera& camera, glm::vec2 pixel, glm::ivec2 size) {
    const glm::vec2 ndc(2.0f * pixel.x / static_cast<float>(size.x) - 1.0f,
                        1.0f - 2.0f * pixel.y / static_cast<float>(size.y));
    const glm::mat4 inverse = glm::inverse(camera.viewProjection());
    const glm::vec4 nearClip = inverse * glm::vec4(ndc, -1.0f, 1.0f);
    const glm::vec4 farClip = inverse * glm::vec4(ndc, 1.0f, 1.0f);
    const glm::vec3 nearPoint = glm::vec3(nearClip) / nearClip.w;
    const glm::vec3 farPoint = glm::vec3(farClip) / farClip.w;
    const float t = nearPoint.z / (nearPoint.z - farPoint.z); // along the pixel's ray to z = 0
    return nearPoint + t * (farPoint - nearPoint);
}

} // namespace invaders
