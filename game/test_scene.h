#pragma once
// A small lit scene that stands in for the game's renderer until it lands: a formation of coloured cubes
// turning above a checkered ground under a sun. It shows the platform layer's pieces working together:
// shaders loaded from shaders/ with #include, per-step simulation from actions, interpolated rendering.

#include "vox/core/result.h"
#include "vox/platform/action.h"
#include "vox/render/buffer.h"
#include "vox/render/shader_program.h"
#include "vox/render/vertex_array.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <filesystem>
#include <vector>

namespace invaders {

/// The placeholder scene. Needs a current GL 3.3 context; destroy it before the window.
class TestScene {
public:
    /// Loads scene.vert / scene.frag from `shaderDirectory` and builds the meshes; cube colours and
    /// spin rates come from `seed`.
    [[nodiscard]] static vox::Result<TestScene> create(const std::filesystem::path& shaderDirectory,
                                                       uint64_t seed);

    /// Advances one fixed step: cubes turn unless paused; Pause toggles, Left/Right turn the formation.
    void step(const vox::ActionState& input);

    /// Draws into the bound framebuffer, which is `width` x `height` pixels, blending the last two steps
    /// by `alpha` in [0, 1] (1: the latest step).
    void render(int width, int height, double alpha) const;

private:
    struct Cube {
        glm::vec3 position;
        glm::vec3 albedo;
        float spinPerStep; // radians
    };

    vox::ShaderProgram m_program;
    vox::Buffer m_vertices;
    vox::VertexArray m_vertexArray;
    std::vector<Cube> m_cubes;
    // Simulation state, kept for the previous and the current step so rendering can interpolate.
    float m_spin = 0.0f;
    float m_previousSpin = 0.0f;
    float m_yaw = 0.0f;
    float m_previousYaw = 0.0f;
    bool m_paused = false;
};

} // namespace invaders
