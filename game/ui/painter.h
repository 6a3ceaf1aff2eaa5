#pragma once
// `Painter`: where the widgets draw: text, solid rectangles and voxel-model icons on whole screen pixels,
// over the 3D scene, through `vox::SceneRenderer`'s HUD layer. Sizes are in font pixels, scaled like
// the HUD font (`scale()` screen pixels each), so a layout holds at every window size.
//
// It remembers every text it drew, with its box and colour, for the tests that measure contrast on the
// rendered frame.

#include "vox/render/scene_renderer.h"
#include "vox/voxel/voxel_model.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace invaders::ui {

/// A text as drawn: what, where (screen pixels, max exclusive) and in which colour.
struct DrawnText {
    std::string text;        ///< UTF-8.
    glm::ivec2 min{0};       ///< Top-left pixel of its box.
    glm::ivec2 max{0};       ///< One past its bottom-right pixel.
    glm::vec4 color{1};      ///< sRGB with opacity.
    bool onBackdrop = false; ///< Drawn inside a panel or bar (the contrast tests measure these).
};

/// A box on the screen, pixels: `min` its top-left, `max` one past its bottom-right.
struct ScreenBox {
    glm::ivec2 min{0}; ///< Top-left pixel.
    glm::ivec2 max{0}; ///< One past the bottom-right pixel.
    /// True when the boxes share a pixel.
    [[nodiscard]] bool intersects(const ScreenBox& other) const {
        return min.x < other.max.x && other.min.x < max.x && min.y < other.max.y && other.min.y < max.y;
    }
};

/// What a frame's layout is made of, as drawn: the panels and bars, and what they must keep clear of.
struct FrameLayout {
    std::vector<ScreenBox> backdrops; ///< Every panel and bar (`Painter::backdrop`), in drawing order.
    std::vector<ScreenBox> keptClear; ///< What panels and bars must not cover (the HUD, the logo).
};

/// Draws the UI of one frame; see the file comment.
class Painter {
public:
    /// Draws with `renderer` (between its beginFrame and endFrame) on a `size` pixel viewport.
    Painter(vox::SceneRenderer& renderer, glm::ivec2 size);

    /// The viewport, pixels.
    [[nodiscard]] glm::ivec2 size() const { return m_size; }
    /// Screen pixels per font pixel.
    [[nodiscard]] int32_t scale() const { return m_scale; }
    /// Height of one line of text at `textScale`, screen pixels.
    [[nodiscard]] int32_t lineHeight(int32_t textScale = 1) const;
    /// Size of `text` at `textScale`, screen pixels.
    [[nodiscard]] glm::ivec2 measure(std::string_view text, int32_t textScale = 1) const;

    /// Draws `text` with its box's top-left at `topLeft` (screen pixels). `shadow`: a dark copy one font
    /// pixel down-right (for text over the scene; off on solid bars).
    void text(std::string_view text, glm::ivec2 topLeft, const glm::vec4& color, int32_t textScale = 1,
              bool shadow = true);
    /// A solid rectangle, `min` to one past `max`, screen pixels.
    void rect(glm::ivec2 min, glm::ivec2 max, const glm::vec4& color);
    /// A backdrop: a translucent dark box with a thin border; text drawn inside it until `endBackdrop()` is
    /// marked as on a backdrop.
    void backdrop(glm::ivec2 min, glm::ivec2 max, bool border = true);
    /// Ends the region of the last `backdrop()`.
    void endBackdrop() { m_onBackdrop = false; }
    /// The front face of `model` (its x-y silhouette, nearest voxel colours) as an icon, each voxel
    /// `voxelPixels` screen pixels, top-left at `topLeft`.
    void icon(const vox::VoxelModel& model, glm::ivec2 topLeft, int32_t voxelPixels);

    /// Marks `box` as something the panels and bars drawn after must not cover (the logo); `Ui` lays them
    /// out around it.
    void keepClear(const ScreenBox& box) { m_layout.keptClear.push_back(box); }
    /// From now until the matching `endKeepClear()` (they nest), what is drawn (text, rectangles, icons) is
    /// kept clear of, as with `keepClear` (the HUD, the hi-score).
    void beginKeepClear() { ++m_keepingClear; }
    /// See `beginKeepClear`.
    void endKeepClear() { m_keepingClear = std::max(m_keepingClear - 1, 0); }
    /// The frame's layout so far: the backdrops drawn and what is kept clear.
    [[nodiscard]] const FrameLayout& layout() const { return m_layout; }
    /// Hands the layout over (the painter forgets it), as `takeTexts`.
    [[nodiscard]] FrameLayout takeLayout() { return std::move(m_layout); }

    /// High contrast (Settings::highContrastHud): from now on every text is drawn in white (black where it
    /// was dark), without a shadow, and counts as on a backdrop; over the scene it gets a solid box of the
    /// opposite brightness (in a backdrop, or without a shadow, on a solid fill, it is on one already);
    /// backdrops are opaque black with a white border; light opaque rectangles (the selection bar, key caps)
    /// white.
    void setHighContrast(bool enabled) { m_highContrast = enabled; }

    /// Every text drawn so far.
    [[nodiscard]] const std::vector<DrawnText>& texts() const { return m_texts; }
    /// Hands the texts drawn so far over (the painter forgets them): no copy per frame.
    [[nodiscard]] std::vector<DrawnText> takeTexts() { return std::move(m_texts); }

private:
    void highContrastText(std::string_view text, glm::ivec2 topLeft, const glm::vec4& color,
                          int32_t textScale, bool paper);

    vox::SceneRenderer& m_renderer;
    glm::ivec2 m_size;
    int32_t m_scale;
    bool m_onBackdrop = false;
    bool m_highContrast = false;
    int32_t m_keepingClear = 0; // beginKeepClear calls not ended yet
    std::vector<DrawnText> m_texts;
    FrameLayout m_layout;
};

} // namespace invaders::ui
