// Cameras: frameBox fits the caller's box at any aspect ratio, centred, with the margin; the tilt shows the
// tops of things; shakes are bounded and reproducible; orbit cameras look at their target.

#include "vox/render/camera.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>
#include <gtest/gtest.h>

#include <array>

namespace {

struct NdcBounds {
    glm::vec2 lo{1e9f};
    glm::vec2 hi{-1e9f};
};

// A box taller than wide, as a board seen from the front.
constexpr glm::vec3 kBoxMin{0.0f, 0.0f, -8.0f};
constexpr glm::vec3 kBoxMax{224.0f, 256.0f, 8.0f};

NdcBounds project(const vox::Camera& camera) {
    NdcBounds bounds;
    for (int i = 0; i < 8; ++i) {
        const glm::vec3 corner((i & 1) ? kBoxMax.x : kBoxMin.x, (i & 2) ? kBoxMax.y : kBoxMin.y,
                               (i & 4) ? kBoxMax.z : kBoxMin.z);
        const glm::vec4 clip = camera.viewProjection() * glm::vec4(corner, 1.0f);
        EXPECT_GT(clip.w, 0.0f);
        bounds.lo = glm::min(bounds.lo, glm::vec2(clip) / clip.w);
        bounds.hi = glm::max(bounds.hi, glm::vec2(clip) / clip.w);
    }
    return bounds;
}

TEST(CameraTest, TheBoxFitsCentredAtEveryAspect) {
    const vox::FramingSettings settings;
    for (float aspect : {0.5f, kBoxMax.x / kBoxMax.y, 1.0f, 4.0f / 3.0f, 16.0f / 9.0f, 21.0f / 9.0f, 4.0f}) {
        SCOPED_TRACE(aspect);
        const NdcBounds bounds = project(vox::frameBox(kBoxMin, kBoxMax, settings, aspect));
        const float limit = 1.0f - settings.margin;
        EXPECT_GE(bounds.lo.x, -limit - 1e-4f);
        EXPECT_GE(bounds.lo.y, -limit - 1e-4f);
        EXPECT_LE(bounds.hi.x, limit + 1e-4f);
        EXPECT_LE(bounds.hi.y, limit + 1e-4f);
        EXPECT_NEAR(bounds.lo.x + bounds.hi.x, 0.0f, 1e-4f); // centred
        EXPECT_NEAR(bounds.lo.y + bounds.hi.y, 0.0f, 1e-4f);
        // As large as fits: touching the margin on one axis.
        EXPECT_NEAR(std::max(bounds.hi.x, bounds.hi.y), limit, 1e-4f);
    }
}

TEST(CameraTest, TiltLooksDownOnTheBox) {
    for (float tilt : {10.0f, 28.0f, 45.0f}) {
        SCOPED_TRACE(tilt);
        vox::FramingSettings settings;
        settings.tiltDegrees = tilt;
        const vox::Camera camera = vox::frameBox(kBoxMin, kBoxMax, settings, 16.0f / 9.0f);
        const glm::vec3 toCentre = glm::normalize((kBoxMin + kBoxMax) * 0.5f - camera.position);
        EXPECT_NEAR(glm::degrees(std::asin(-toCentre.y)), tilt, 0.01f);
        EXPECT_GT(camera.position.z, 0.0f);
    }
}

TEST(CameraTest, ShakeIsBoundedReproducibleAndZeroWhenOff) {
    EXPECT_EQ(vox::cameraShake(0.0f, 1.25, 3), glm::vec2(0.0f));
    float largest = 0.0f;
    for (int i = 0; i < 600; ++i) {
        const double t = i / 60.0;
        const glm::vec2 shake = vox::cameraShake(2.0f, t, 5);
        EXPECT_EQ(shake, vox::cameraShake(2.0f, t, 5));
        EXPECT_LE(std::abs(shake.x), 2.0f + 1e-5f);
        EXPECT_LE(std::abs(shake.y), 2.0f + 1e-5f);
        largest = std::max(largest, std::abs(shake.x));
    }
    EXPECT_GT(largest, 0.5f); // it does move
    EXPECT_NE(vox::cameraShake(2.0f, 0.5, 5), vox::cameraShake(2.0f, 0.5, 6));
}

TEST(CameraTest, ShakeMovesThePictureNotTheFraming) {
    const vox::FramingSettings settings;
    const vox::Camera still = vox::frameBox(kBoxMin, kBoxMax, settings, 1.5f);
    const vox::Camera shaken = vox::frameBox(kBoxMin, kBoxMax, settings, 1.5f, {3.0f, 0.0f});
    EXPECT_EQ(still.projection, shaken.projection);
    EXPECT_NEAR(shaken.position.x - still.position.x, 3.0f, 1e-4f);
}

TEST(CameraTest, OrbitCameraLooksAtItsTarget) {
    const glm::vec3 target(5.0f, 2.0f, -1.0f);
    for (float yaw : {0.0f, 1.0f, 3.0f}) {
        const vox::Camera camera = vox::orbitCamera(target, 40.0f, yaw, 0.3f, 35.0f, 1.5f);
        EXPECT_NEAR(glm::length(camera.position - target), 40.0f, 1e-3f);
        const glm::vec4 clip = camera.viewProjection() * glm::vec4(target, 1.0f);
        EXPECT_NEAR(clip.x / clip.w, 0.0f, 1e-5f);
        EXPECT_NEAR(clip.y / clip.w, 0.0f, 1e-5f);
        EXPECT_GT(camera.position.y, target.y);
    }
}

} // namespace
