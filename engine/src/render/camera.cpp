#include "vox/render/camera.h"

#include "vox/core/assert.h"
#include "vox/core/rng.h"

#include <glm/ext/matrix_clip_space.hpp>
#include <glm/ext/matrix_transform.hpp>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>

namespace vox {

Camera frameBox(glm::vec3 boxMin, glm::vec3 boxMax, const FramingSettings& settings, float aspect,
                glm::vec2 shakeOffset) {
    VOX_ASSERT(aspect > 0.0f, "frameBox: aspect must be positive");
    VOX_ASSERT(boxMin.x < boxMax.x && boxMin.y < boxMax.y && boxMin.z <= boxMax.z,
               "frameBox: boxMin must lie below boxMax in x and y (and not above it in z)");
    VOX_ASSERT(settings.nearPlane > 0.0f && settings.farPlane > settings.nearPlane,
               "frameBox: need 0 < nearPlane < farPlane");
    const glm::vec3 centre = (boxMin + boxMax) * 0.5f;
    const float tilt = glm::radians(settings.tiltDegrees);
    const float yaw = glm::radians(settings.yawDegrees);
    // Tilted about x, then turned about y (positive yaw puts the camera to the right, looking left).
    const auto turn = [c = std::cos(yaw), s = std::sin(yaw)](glm::vec3 v) {
        return glm::vec3(c * v.x + s * v.z, v.y, -s * v.x + c * v.z);
    };
    const glm::vec3 forward = turn({0.0f, -std::sin(tilt), -std::cos(tilt)});
    const glm::vec3 up = turn({0.0f, std::cos(tilt), -std::sin(tilt)});
    const glm::vec3 right = turn({1.0f, 0.0f, 0.0f});

    std::array<glm::vec3, 8> corners;
    for (size_t i = 0; i < corners.size(); ++i) {
        corners[i] = glm::vec3((i & 1) != 0 ? boxMax.x : boxMin.x, (i & 2) != 0 ? boxMax.y : boxMin.y,
                               (i & 4) != 0 ? boxMax.z : boxMin.z);
    }
    // Back the camera off along -forward until every corner lies inside the nominal symmetric frustum:
    // a corner at offset p from the centre needs distance >= |p.right| / tanX - p.forward (same for y).
    const float tanY = std::tan(glm::radians(settings.fieldOfViewDegrees) * 0.5f);
    const float tanX = tanY * aspect;
    float distance = settings.nearPlane;
    for (const glm::vec3& corner : corners) {
        const glm::vec3 p = corner - centre;
        const float along = glm::dot(p, forward);
        distance = std::max(distance, std::abs(glm::dot(p, right)) / tanX - along);
        distance = std::max(distance, std::abs(glm::dot(p, up)) / tanY - along);
    }

    Camera camera;
    const glm::vec3 shake = right * shakeOffset.x + up * shakeOffset.y;
    camera.position = centre - forward * distance + shake;
    camera.view = glm::lookAt(camera.position, camera.position + forward, up);
    const glm::mat4 projection = glm::perspective(glm::radians(settings.fieldOfViewDegrees), aspect,
                                                  settings.nearPlane, settings.farPlane);

    // Fit: measure the box in normalised device coordinates (unshaken, so shaking moves the picture),
    // then shift and scale the image plane so the box is centred and fills the frame less the margin.
    const glm::mat4 unshakenViewProjection =
        projection * glm::lookAt(camera.position - shake, camera.position - shake + forward, up);
    glm::vec2 lo(1e9f);
    glm::vec2 hi(-1e9f);
    for (const glm::vec3& corner : corners) {
        const glm::vec4 clip = unshakenViewProjection * glm::vec4(corner, 1.0f);
        const glm::vec2 ndc = glm::vec2(clip) / clip.w;
        lo = glm::min(lo, ndc);
        hi = glm::max(hi, ndc);
    }
    const glm::vec2 middle = (lo + hi) * 0.5f;
    const glm::vec2 halfExtent = (hi - lo) * 0.5f;
    const float scale = (1.0f - settings.margin) / std::max(halfExtent.x, halfExtent.y);
    // ndc' = (ndc - middle) * scale as a clip-space matrix: x' = scale * x - scale * middle.x * w.
    glm::mat4 fit(1.0f);
    fit[0][0] = scale;
    fit[1][1] = scale;
    fit[3][0] = -scale * middle.x;
    fit[3][1] = -scale * middle.y;
    camera.projection = fit * projection;
    return camera;
}

Camera orbitCamera(glm::vec3 target, float distance, float yawRadians, float pitchRadians,
                   float fieldOfViewDegrees, float aspect) {
    VOX_ASSERT(distance > 0.0f && aspect > 0.0f, "orbitCamera: distance and aspect must be positive");
    const glm::vec3 offset(std::sin(yawRadians) * std::cos(pitchRadians), std::sin(pitchRadians),
                           std::cos(yawRadians) * std::cos(pitchRadians));
    Camera camera;
    camera.position = target + offset * distance;
    camera.view = glm::lookAt(camera.position, target, glm::vec3(0.0f, 1.0f, 0.0f));
    camera.projection =
        glm::perspective(glm::radians(fieldOfViewDegrees), aspect, distance * 0.05f, distance * 20.0f);
    return camera;
}

glm::vec2 cameraShake(float amplitude, double seconds, uint64_t seed) {
    if (amplitude <= 0.0f)
        return glm::vec2(0.0f);
    // Three sines per axis at unrelated frequencies (Hz) and seeded phases: smooth, never periodic in
    // practice, and bounded by the sum of their weights (1).
    Rng rng(seed);
    glm::vec2 offset(0.0f);
    constexpr std::array<double, 3> kFrequencies{13.0, 21.7, 34.1};
    constexpr std::array<float, 3> kWeights{0.5f, 0.3f, 0.2f};
    for (int axis = 0; axis < 2; ++axis) {
        for (size_t i = 0; i < kFrequencies.size(); ++i) {
            const double phase = rng.nextDouble() * 6.283185307179586;
            offset[axis] +=
                kWeights[i] *
                static_cast<float>(std::sin(seconds * kFrequencies[i] * 6.283185307179586 + phase));
        }
    }
    return offset * amplitude;
}

} // namespace vox
