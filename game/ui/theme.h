#pragma once
// The look every screen shares: colours (sRGB with opacity) and spacing (in font pixels, which the painter
// scales with the window). Text on a backdrop keeps a WCAG 2 contrast of at least 4.5:1 (tested on
// rendered frames: tests/game/ui/contrast_test.cpp).

#include <glm/vec4.hpp>

#include <cstdint>

namespace invaders::ui::theme {

inline constexpr glm::vec4 kBackdrop{0.015f, 0.02f, 0.05f, 0.86f}; ///< Behind every text over the playfield.
inline constexpr glm::vec4 kBorder{0.22f, 0.55f, 0.32f, 1.0f};     ///< Panel outline.
inline constexpr glm::vec4 kTitle{0.5f, 1.0f, 0.6f, 1.0f};         ///< Panel titles, the logo.
inline constexpr glm::vec4 kText{0.93f, 0.95f, 1.0f, 1.0f};        ///< Ordinary text and entries.
inline constexpr glm::vec4 kMuted{0.66f, 0.72f, 0.9f, 1.0f};       ///< Labels, explanations.
inline constexpr glm::vec4 kAccent{0.5f, 1.0f, 0.6f, 1.0f};        ///< Prompts, values of note.
inline constexpr glm::vec4 kWarning{1.0f, 0.65f, 0.45f, 1.0f};     ///< Refusals ("VSYNC NOT AVAILABLE").
inline constexpr glm::vec4 kSelectedBar{0.5f, 1.0f, 0.6f, 1.0f};   ///< Behind the selected entry.
inline constexpr glm::vec4 kSelectedText{0.02f, 0.05f, 0.04f, 1.0f}; ///< The selected entry's text.
inline constexpr glm::vec4 kKeyCap{0.86f, 0.89f, 0.96f, 1.0f};       ///< A key's chip in the hints.
inline constexpr glm::vec4 kKeyCapText{0.03f, 0.04f, 0.08f, 1.0f};   ///< A key's name on its chip.

inline constexpr int32_t kPadding = 8; ///< Inside a panel's border.
inline constexpr int32_t kRowGap = 3;  ///< Between a panel's rows.
inline constexpr int32_t kBorderWidth = 1;

} // namespace invaders::ui::theme
