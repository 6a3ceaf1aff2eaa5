#include "ground_pass.h"

#include "render_pass.h"

#include "vox/platform/gl_debug_scope.h"

#include <glm/common.hpp>
#include <glm/gtc/type_ptr.hpp>

#include <algorithm>

namespace vox {

GroundStage groundStage(const SceneLook& look) {
    const glm::vec2 max = glm::max(look.groundStageMax, look.groundStageMin);
    return {(look.groundStageMin + max) * 0.5f, (max - look.groundStageMin) * 0.5f,
            glm::max(look.groundStageFade, glm::vec2(1e-3f))};
}

Result<GroundPass> GroundPass::create(const std::filesystem::path& shaderDirectory) {
    Result<ShaderProgram> program = loadProgram(shaderDirectory, "ground.vert", "ground.frag");
    if (!program)
        return program.error();
    GroundPass pass;
    pass.m_program = std::move(program).value();
    pass.m_rectangleLocation = pass.m_program.uniformLocation("uRectangle");
    pass.m_shadowsLocation = pass.m_program.uniformLocation("uShadows");
    pass.m_shadowStrengthLocation = pass.m_program.uniformLocation("uShadowStrength");
    pass.m_emptyVertexArray = VertexArray::create();
    return pass;
}

void GroundPass::addShadow(glm::vec2 min, glm::vec2 max) {
    if (m_shadowCount >= SceneRenderer::kMaxGroundShadows)
        return;
    m_shadows[static_cast<size_t>(m_shadowCount++)] = glm::vec4(min, max);
}

void GroundPass::draw(const SceneLook& look, FrameStats& frame) const {
    if (!look.drawGround)
        return;
    // Blended over the sky where it fades out; nothing is drawn after it that needs its depth.
    GlDebugScope scope("ground");
    glEnable(GL_BLEND);
    // Colour blended; alpha kept at the sky's 1: a frame is opaque (screenshots, a browser's canvas).
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
    m_program.use();
    const GroundStage stage = groundStage(look); // the plane: as far as it fades out
    const glm::vec2 reach = stage.halfSize + stage.fade;
    const glm::vec4 rectangle(stage.centre - reach, stage.centre + reach);
    glUniform4fv(m_rectangleLocation, 1, glm::value_ptr(rectangle));
    glUniform4fv(m_shadowsLocation, SceneRenderer::kMaxGroundShadows, glm::value_ptr(m_shadows[0]));
    glUniform1f(m_shadowStrengthLocation, std::clamp(look.groundShadowStrength, 0.0f, 1.0f));
    m_emptyVertexArray.bind();
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 1 + m_shadowCount);
    ++frame.drawCalls;
    frame.triangles += 2 * (1 + static_cast<int64_t>(m_shadowCount));
    glDisable(GL_BLEND);
}

} // namespace vox
