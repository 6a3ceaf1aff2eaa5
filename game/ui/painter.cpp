#include "ui/painter.h"

#include "ui/theme.h"

namespace invaders::ui {

Painter::Painter(vox::SceneRenderer& renderer, glm::ivec2 size)
    : m_renderer(renderer), m_size(size), m_scale(renderer.hudPixelScale(size.y)) {}

int32_t Painter::lineHeight(int32_t textScale) const {
    return m_renderer.font().lineHeight() * m_scale * textScale;
}

glm::ivec2 Painter::measure(std::string_view text, int32_t textScale) const {
    return m_renderer.font().measure(text) * m_scale * textScale;
}

void Painter::text(std::string_view text, glm::ivec2 topLeft, const glm::vec4& color, int32_t textScale,
                   bool shadow) {
    vox::TextStyle style;
    style.anchor = glm::vec2(topLeft) / glm::vec2(m_size);
    style.pivot = glm::vec2(0.0f);
    style.scale = textScale;
    style.color = color;
    style.shadow = shadow;
    m_renderer.drawText(text, style);
    m_texts.push_back({std::string(text), topLeft, topLeft + measure(text, textScale), color, m_onBackdrop});
}

void Painter::rect(glm::ivec2 min, glm::ivec2 max, const glm::vec4& color) {
    m_renderer.drawRect(min, max, color);
}

void Painter::backdrop(glm::ivec2 min, glm::ivec2 max, bool border) {
    m_renderer.drawRect(min, max, theme::kBackdrop);
    if (border) {
        const int32_t w = theme::kBorderWidth * m_scale;
        m_renderer.drawRect(min, {max.x, min.y + w}, theme::kBorder);
        m_renderer.drawRect({min.x, max.y - w}, max, theme::kBorder);
        m_renderer.drawRect({min.x, min.y + w}, {min.x + w, max.y - w}, theme::kBorder);
        m_renderer.drawRect({max.x - w, min.y + w}, {max.x, max.y - w}, theme::kBorder);
    }
    m_onBackdrop = true;
}

void Painter::icon(const vox::VoxelModel& model, glm::ivec2 topLeft, int32_t voxelPixels) {
    const glm::ivec3 size = model.size();
    for (int32_t y = 0; y < size.y; ++y) {
        for (int32_t x = 0; x < size.x; ++x) {
            // The front-most voxel of the column seen from the viewer (+z), as the camera shows it.
            for (int32_t z = size.z - 1; z >= 0; --z) {
                if (!model.filled({x, y, z}))
                    continue;
                const uint32_t rgba = model.rgba({x, y, z});
                const glm::vec4 color(static_cast<float>(rgba & 0xFF) / 255.0f,
                                      static_cast<float>((rgba >> 8) & 0xFF) / 255.0f,
                                      static_cast<float>((rgba >> 16) & 0xFF) / 255.0f, 1.0f);
                // Model y grows upwards; the screen's downwards.
                const glm::ivec2 min = topLeft + glm::ivec2(x, size.y - 1 - y) * voxelPixels;
                m_renderer.drawRect(min, min + voxelPixels, color);
                break;
            }
        }
    }
}

} // namespace invaders::ui
