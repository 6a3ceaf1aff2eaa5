#include "scene.h"

#include <glm/gtc/matrix_inverse.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

namespace samples {

std::optional<glm::vec2> SceneView::project(const glm::vec3& world) const {
    const glm::vec4 clip = camera.viewProjection() * glm::vec4(world, 1.0f);
    if (clip.w <= 1e-4f)
        return std::nullopt;
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return glm::vec2((ndc.x * 0.5f + 0.5f) * static_cast<float>(size.x),
                     (0.5f - ndc.y * 0.5f) * static_cast<float>(size.y));
}

vox::Ray SceneView::rayThrough(const glm::vec2& pixel) const {
    const glm::mat4 inverse = glm::inverse(camera.viewProjection());
    const glm::vec2 ndc(2.0f * pixel.x / static_cast<float>(size.x) - 1.0f,
                        1.0f - 2.0f * pixel.y / static_cast<float>(size.y));
    const glm::vec4 nearPoint = inverse * glm::vec4(ndc, -1.0f, 1.0f);
    const glm::vec4 farPoint = inverse * glm::vec4(ndc, 1.0f, 1.0f);
    const glm::vec3 from = glm::vec3(nearPoint) / nearPoint.w;
    const glm::vec3 to = glm::vec3(farPoint) / farPoint.w;
    return vox::Ray{from, to - from, 1.0f};
}

} // namespace samples
