#include "ui/painter.h"

#include "ui/theme.h"

namespace invaders::ui {

Painter::Painter(vox::SceneRenderer& renderer, glm::ivec2 size)
    : m_renderer(renderer), m_size(size), m_scale(renderer.hudPixelScale(size)) {}

int32_t Painter::lineHeight(int32_t textScale) const {
    return m_renderer.font().lineHeight() * m_scale * textScale;
}

glm::ivec2 Painter::measure(std::string_view text, int32_t textScale) const {
    return m_renderer.font().measure(text) * m_scale * textScale;
}

namespace {

// Perceived brightness of an sRGB colour, 0..1 (Rec. 709 weights on the encoded values: enough to tell
// light text from dark).
float brightness(const glm::vec4& color) {
    return 0.2126f * color.r + 0.7152f * color.g + 0.0722f * color.b;
}

} // namespace

void Painter::text(std::string_view text, glm::ivec2 topLeft, const glm::vec4& color, int32_t textScale,
                   bool shadow) {
    if (m_highContrast) {
        highContrastText(text, topLeft, color, textScale, shadow);
        return;
    }
    vox::TextStyle style;
    style.anchor = glm::vec2(topLeft) / glm::vec2(m_size);
    style.pivot = glm::vec2(0.0f);
    style.scale = textScale;
    style.color = color;
    style.shadow = shadow;
    m_renderer.drawText(text, style);
    m_texts.push_back({std::string(text), topLeft, topLeft + measure(text, textScale), color, m_onBackdrop});
    if (m_keepingClear > 0)
        keepClear({topLeft, topLeft + measure(text, textScale)});
}

void Painter::highContrastText(std::string_view text, glm::ivec2 topLeft, const glm::vec4& color,
                               int32_t textScale, bool paper) {
    const bool dark = brightness(color) < 0.5f;
    const glm::vec4 ink = dark ? glm::vec4(0.0f, 0.0f, 0.0f, 1.0f) : glm::vec4(1.0f);
    const glm::ivec2 size = measure(text, textScale);
    const glm::ivec2 pad(m_scale);
    // Only over the scene: in a backdrop (opaque black here), or on a fill of its own (text without a
    // shadow: a selection bar, a key cap), the ground is already the opposite of the ink, and a box would
    // stick out of the fill's edges or into the selection bar of the row above.
    if (paper && !m_onBackdrop) {
        m_renderer.drawRect(topLeft - pad, topLeft + size + pad,
                            dark ? glm::vec4(1.0f) : glm::vec4(0.0f, 0.0f, 0.0f, 1.0f));
    }
    vox::TextStyle style;
    style.anchor = glm::vec2(topLeft) / glm::vec2(m_size);
    style.pivot = glm::vec2(0.0f);
    style.scale = textScale;
    style.color = ink;
    style.shadow = false;
    m_renderer.drawText(text, style);
    m_texts.push_back({std::string(text), topLeft, topLeft + size, ink, true});
    if (m_keepingClear > 0)
        keepClear({topLeft - pad, topLeft + size + pad});
}

void Painter::rect(glm::ivec2 min, glm::ivec2 max, const glm::vec4& color) {
    // High contrast: light fills (the selection bar, key caps) white, under their black text.
    const bool whiten = m_highContrast && color.a >= 1.0f && brightness(color) >= 0.5f;
    m_renderer.drawRect(min, max, whiten ? glm::vec4(1.0f) : color);
    if (m_keepingClear > 0)
        keepClear({min, max});
}

void Painter::backdrop(glm::ivec2 min, glm::ivec2 max, bool border) {
    m_renderer.drawRect(min, max, m_highContrast ? glm::vec4(0.0f, 0.0f, 0.0f, 1.0f) : theme::kBackdrop);
    if (border) {
        const int32_t w = theme::kBorderWidth * m_scale;
        const glm::vec4 edge = m_highContrast ? glm::vec4(1.0f) : theme::kBorder;
        m_renderer.drawRect(min, {max.x, min.y + w}, edge);
        m_renderer.drawRect({min.x, max.y - w}, max, edge);
        m_renderer.drawRect({min.x, min.y + w}, {min.x + w, max.y - w}, edge);
        m_renderer.drawRect({max.x - w, min.y + w}, {max.x, max.y - w}, edge);
    }
    m_onBackdrop = true;
    m_layout.backdrops.push_back({min, max});
}

void Painter::icon(const vox::VoxelModel& model, glm::ivec2 topLeft, int32_t voxelPixels) {
    const glm::ivec3 size = model.size();
    if (m_keepingClear > 0)
        keepClear({topLeft, topLeft + glm::ivec2(size.x, size.y) * voxelPixels});
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
