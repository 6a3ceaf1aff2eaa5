#include "hud_pass.h"

#include "render_pass.h"

#include "vox/platform/gl_debug_scope.h"
#include "vox/voxel/palette.h"

#include <array>
#include <cstddef>

namespace vox {

Result<HudPass> HudPass::create(const std::filesystem::path& shaderDirectory) {
    Result<ShaderProgram> program = loadProgram(shaderDirectory, "hud.vert", "hud.frag");
    if (!program)
        return program.error();
    HudPass pass;
    pass.m_program = std::move(program).value();
    pass.m_program.use();
    glUniform1i(pass.m_program.uniformLocation("uFont"), kFontUnit);
    pass.m_viewportSizeLocation = pass.m_program.uniformLocation("uViewportSize");
    glUseProgram(0);

    pass.m_font = BitmapFont::proggyClean();
    const glm::ivec2 atlasSize = pass.m_font.atlasSize();
    pass.m_fontTexture = Texture::create2D(atlasSize.x, atlasSize.y, GL_R8);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, atlasSize.x, atlasSize.y, GL_RED, GL_UNSIGNED_BYTE,
                    pass.m_font.atlas().data());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);

    pass.m_instanceBuffer = StreamBuffer::create();
    pass.m_vertexArray = VertexArray::create();
    // Instances always start at the buffer's beginning: record their layout once.
    static constexpr std::array<InstanceAttribute, 3> kAttributes{{
        {0, 4, GL_SHORT, AttributeKind::Integer, offsetof(GpuGlyph, screen)},
        {1, 4, GL_SHORT, AttributeKind::Integer, offsetof(GpuGlyph, atlas)},
        {2, 4, GL_UNSIGNED_BYTE, AttributeKind::Normalized, offsetof(GpuGlyph, rgba)},
    }};
    pass.m_vertexArray.bind();
    pass.m_instanceBuffer.buffer().bind(GL_ARRAY_BUFFER);
    pointInstanceAttributes(kAttributes, sizeof(GpuGlyph));
    glBindVertexArray(0);
    return pass;
}

void HudPass::addText(std::string_view text, const TextStyle& style, glm::ivec2 viewportSize,
                      int32_t pixelScale) {
    layoutText(m_font, text, style, viewportSize, pixelScale, m_quads);
}

void HudPass::addRect(glm::ivec2 min, glm::ivec2 max, const glm::vec4& color) {
    if (max.x <= min.x || max.y <= min.y)
        return;
    GlyphQuad quad;
    quad.screenMin = min;
    quad.screenMax = max;
    quad.atlasMin = m_font.solidTexel();
    quad.atlasMax = quad.atlasMin + 1;
    quad.rgba = packColor(color);
    m_quads.push_back(quad);
}

void HudPass::draw(GLint target, const Viewport& viewport, FrameStats& frame) {
    m_instances.resize(m_quads.size());
    for (size_t i = 0; i < m_quads.size(); ++i) {
        const GlyphQuad& quad = m_quads[i];
        GpuGlyph& gpu = m_instances[i];
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
        m_instanceBuffer.update(GL_ARRAY_BUFFER, m_instances.data(), m_instances.size() * sizeof(GpuGlyph)));
    frame.glyphs = static_cast<int32_t>(m_instances.size());
    if (m_instances.empty())
        return;
    GlDebugScope scope("hud");
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(target));
    glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    m_program.use();
    glUniform2f(m_viewportSizeLocation, static_cast<float>(viewport.width),
                static_cast<float>(viewport.height));
    m_fontTexture.bind(kFontUnit);
    m_vertexArray.bind();
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, static_cast<GLsizei>(m_instances.size())); // see hud.vert
    ++frame.drawCalls;
    frame.triangles += static_cast<int64_t>(m_instances.size()) * 2;
    glDisable(GL_BLEND);
}

} // namespace vox
