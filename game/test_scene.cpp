#include "test_scene.h"

#include "vox/core/rng.h"

#include <epoxy/gl.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat4x4.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <span>

namespace invaders {
namespace {

struct Vertex {
    glm::vec3 position;
    glm::vec3 normal;
};

constexpr int kColumns = 5;
constexpr int kRows = 3;
constexpr float kGroundHalfSize = 60.0f;
constexpr float kYawPerStep = 0.02f; // radians per step while Left / Right is held
const glm::vec3 kFogColor(0.020f, 0.026f, 0.050f);
const glm::vec3 kCameraPosition(0.0f, 6.5f, 13.0f);

// A unit cube centred on the origin (36 vertices with face normals) followed by the ground quad at y = 0.
std::vector<Vertex> buildMesh() {
    std::vector<Vertex> vertices;
    const std::array<glm::vec3, 6> normals = {glm::vec3(1, 0, 0),  glm::vec3(-1, 0, 0), glm::vec3(0, 1, 0),
                                              glm::vec3(0, -1, 0), glm::vec3(0, 0, 1),  glm::vec3(0, 0, -1)};
    for (const glm::vec3& n : normals) {
        // Two axes spanning the face, ordered so the triangles wind counter-clockwise seen from outside.
        const glm::vec3 u = glm::vec3(n.y, n.z, n.x);
        const glm::vec3 v = glm::cross(n, u);
        const glm::vec3 centre = n * 0.5f;
        const glm::vec3 corners[4] = {centre - 0.5f * u - 0.5f * v, centre + 0.5f * u - 0.5f * v,
                                      centre + 0.5f * u + 0.5f * v, centre - 0.5f * u + 0.5f * v};
        for (int index : {0, 1, 2, 0, 2, 3})
            vertices.push_back({corners[index], n});
    }
    const float s = kGroundHalfSize;
    const glm::vec3 up(0, 1, 0);
    for (const glm::vec3& corner : {glm::vec3(-s, 0, s), glm::vec3(s, 0, s), glm::vec3(s, 0, -s),
                                    glm::vec3(-s, 0, s), glm::vec3(s, 0, -s), glm::vec3(-s, 0, -s)})
        vertices.push_back({corner, up});
    return vertices;
}

glm::vec3 hueToLinearColor(float hue) {
    const float red = std::clamp(std::abs(hue * 6.0f - 3.0f) - 1.0f, 0.0f, 1.0f);
    const float green = std::clamp(2.0f - std::abs(hue * 6.0f - 2.0f), 0.0f, 1.0f);
    const float blue = std::clamp(2.0f - std::abs(hue * 6.0f - 4.0f), 0.0f, 1.0f);
    return glm::mix(glm::vec3(0.15f), glm::vec3(red, green, blue), 0.8f); // desaturated a little
}

float linearToSrgb(float value) {
    return value <= 0.0031308f ? value * 12.92f : 1.055f * std::pow(value, 1.0f / 2.4f) - 0.055f;
}

} // namespace

vox::Result<TestScene> TestScene::create(const std::filesystem::path& shaderDirectory, uint64_t seed) {
    TestScene scene;
    auto program = vox::ShaderProgram::load(shaderDirectory / "scene.vert", shaderDirectory / "scene.frag");
    if (!program)
        return program.error();
    scene.m_program = std::move(program).value();

    const std::vector<Vertex> vertices = buildMesh();
    scene.m_vertices = vox::Buffer::create();
    scene.m_vertices.upload(GL_ARRAY_BUFFER, std::span<const Vertex>(vertices));
    scene.m_vertexArray = vox::VertexArray::create();
    scene.m_vertexArray.setFloatAttribute(0, scene.m_vertices, 3, sizeof(Vertex), offsetof(Vertex, position));
    scene.m_vertexArray.setFloatAttribute(1, scene.m_vertices, 3, sizeof(Vertex), offsetof(Vertex, normal));

    vox::Rng rng(seed);
    for (int row = 0; row < kRows; ++row) {
        for (int column = 0; column < kColumns; ++column) {
            const glm::vec3 position((static_cast<float>(column) - (kColumns - 1) * 0.5f) * 1.9f,
                                     1.2f + static_cast<float>(row) * 1.7f, -static_cast<float>(row) * 0.8f);
            scene.m_cubes.push_back(
                {position, hueToLinearColor(rng.uniform(0.0f, 1.0f)), rng.uniform(0.01f, 0.05f)});
        }
    }
    return scene;
}

void TestScene::step(const vox::ActionState& input) {
    m_previousSpin = m_spin;
    m_previousYaw = m_yaw;
    if (input.pressed(vox::Action::Pause))
        m_paused = !m_paused;
    if (m_paused)
        return;
    m_spin += 1.0f;
    if (input.held(vox::Action::Left))
        m_yaw -= kYawPerStep;
    if (input.held(vox::Action::Right))
        m_yaw += kYawPerStep;
}

void TestScene::render(int width, int height, double alpha) const {
    const auto blend = static_cast<float>(alpha);
    const float spin = glm::mix(m_previousSpin, m_spin, blend);
    const float yaw = glm::mix(m_previousYaw, m_yaw, blend);

    glClearColor(linearToSrgb(kFogColor.r), linearToSrgb(kFogColor.g), linearToSrgb(kFogColor.b), 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glEnable(GL_CULL_FACE);

    const float aspect = static_cast<float>(width) / static_cast<float>(height);
    const glm::mat4 projection = glm::perspective(glm::radians(45.0f), aspect, 0.1f, 100.0f);
    const glm::mat4 view = glm::lookAt(kCameraPosition, glm::vec3(0.0f, 2.2f, 0.0f), glm::vec3(0, 1, 0));

    m_program.use();
    m_program.set("uViewProjection", projection * view);
    m_program.set("uToLight", glm::normalize(glm::vec3(-0.45f, 1.0f, 0.6f)));
    m_program.set("uLightColor", glm::vec3(1.0f, 0.95f, 0.85f));
    m_program.set("uCameraPosition", kCameraPosition);
    m_program.set("uFogColor", kFogColor);
    m_vertexArray.bind();

    m_program.set("uModel", glm::mat4(1.0f));
    m_program.set("uAlbedo", glm::vec3(0.35f, 0.37f, 0.40f));
    m_program.set("uChecker", 1);
    glDrawArrays(GL_TRIANGLES, 36, 6);

    m_program.set("uChecker", 0);
    const glm::mat4 formation = glm::rotate(glm::mat4(1.0f), yaw, glm::vec3(0, 1, 0));
    for (const Cube& cube : m_cubes) {
        glm::mat4 model = glm::translate(formation, cube.position);
        model = glm::rotate(model, spin * cube.spinPerStep, glm::vec3(0, 1, 0));
        model = glm::rotate(model, 0.35f, glm::vec3(1, 0, 0));
        m_program.set("uModel", model);
        m_program.set("uAlbedo", cube.albedo);
        glDrawArrays(GL_TRIANGLES, 0, 36);
    }
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
}

} // namespace invaders
