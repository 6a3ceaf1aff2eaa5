#include "touch_controls.h"

#include "ui/theme.h"
#include "ui/ui.h"

#include <array>
#include <cmath>

namespace invaders {
namespace {

// Play: below the HUD's line, the left half moves, the right half fires; the pause button sits above the
// fire zone, clear of the score. The move buttons are drawn at the far left, over the edge of the
// playfield rather than the shields, above the lives; the split between Left and Right is between them.
constexpr float kZonesTop = 0.25f;
constexpr float kMoveSplit = 0.125f; // a move finger left of this holds Left, right of it Right
constexpr float kButtonsTop = 0.74f;
constexpr float kButtonsBottom = 0.91f; // above the lives and the hint bar
const std::array<TouchButton, 4> kPlayButtons = {{
    {{{0.0f, kZonesTop}, {kMoveSplit, 1.0f}},
     {{0.01f, kButtonsTop}, {0.115f, kButtonsBottom}},
     "←",
     Action::Left},
    {{{kMoveSplit, kZonesTop}, {0.5f, 1.0f}},
     {{0.135f, kButtonsTop}, {0.24f, kButtonsBottom}},
     "→",
     Action::Right},
    {{{0.86f, 0.1f}, {1.0f, kZonesTop}}, {{0.89f, 0.12f}, {0.98f, 0.22f}}, ui::kTouchPause, Action::Pause},
    {{{0.5f, kZonesTop}, {1.0f, 1.0f}},
     {{0.83f, kButtonsTop}, {0.98f, kButtonsBottom}},
     "FIRE",
     Action::Fire},
}};

// Menus: the menu keys along the bottom, between the panels (centred, at most 0.24 to 0.76 of the width)
// and the HUD's bottom line (lives, hint bars), the zone a little larger than the key drawn.
constexpr float kBarTop = 0.8f;
constexpr float kBarBottom = 0.925f;
constexpr TouchButton menuKey(float left, float width, std::string_view label, Action action) {
    return {{{left - 0.0025f, kBarTop - 0.02f}, {left + width + 0.0025f, 1.0f}},
            {{left, kBarTop}, {left + width, kBarBottom}},
            label,
            action};
}
const std::array<TouchButton, 6> kMenuButtons = {{
    menuKey(0.01f, 0.05f, "←", Action::MenuLeft),
    menuKey(0.065f, 0.05f, "↑", Action::MenuUp),
    menuKey(0.12f, 0.05f, "↓", Action::MenuDown),
    menuKey(0.175f, 0.05f, "→", Action::MenuRight),
    menuKey(0.775f, 0.095f, ui::kTouchBack, Action::Back), // the hints name them so (ui.h)
    menuKey(0.875f, 0.11f, ui::kTouchConfirm, Action::Confirm),
}};

const TouchButton* buttonAt(glm::vec2 point, TouchMode mode) {
    for (const TouchButton& button : touchButtons(mode))
        if (button.zone.contains(point))
            return &button;
    return nullptr;
}

} // namespace

TouchMode touchModeFor(Screen screen) {
    return screen == Screen::Playing ? TouchMode::Play : TouchMode::Menu;
}

std::span<const TouchButton> touchButtons(TouchMode mode) {
    if (mode == TouchMode::Play)
        return kPlayButtons;
    return kMenuButtons;
}

TouchRequest readFingers(std::span<const vox::Finger> fingers, TouchMode mode) {
    TouchRequest request;
    for (const vox::Finger& finger : fingers) {
        const TouchButton* button = buttonAt(finger.start, mode);
        if (button == nullptr) {
            // Not on a control: in a menu, a tap (down and up close together) for the menu's rows.
            const bool still = std::abs(finger.position.x - finger.start.x) <= kTapSlop &&
                               std::abs(finger.position.y - finger.start.y) <= kTapSlop;
            if (mode == TouchMode::Menu && finger.ended && still)
                request.tap = finger.start;
            continue;
        }
        Action action = button->action;
        if (action == Action::Left || action == Action::Right) // a move finger follows where it is now
            action = finger.position.x < kMoveSplit ? Action::Left : Action::Right;
        const uint32_t bit = vox::ActionState::bit(action);
        request.heldBits |= bit;
        request.beganBits |= finger.began ? bit : 0;
        request.stillBits |= finger.ended ? 0 : bit;
    }
    return request;
}

glm::vec2 toScreenFraction(glm::vec2 window, int drawableWidth, int drawableHeight,
                           const vox::Viewport& viewport) {
    if (viewport.width <= 0 || viewport.height <= 0)
        return window;
    // The viewport's y counts from the bottom; the fingers' from the top.
    const float top = static_cast<float>(drawableHeight - viewport.y - viewport.height);
    const glm::vec2 pixels =
        window * glm::vec2(static_cast<float>(drawableWidth), static_cast<float>(drawableHeight));
    return (pixels - glm::vec2(static_cast<float>(viewport.x), top)) /
           glm::vec2(static_cast<float>(viewport.width), static_cast<float>(viewport.height));
}

void drawTouchControls(ui::Painter& painter, TouchMode mode, uint32_t heldBits) {
    // Translucent, so the playfield shows through; a held control lights up.
    constexpr glm::vec4 kFill{0.015f, 0.02f, 0.05f, 0.45f};
    constexpr glm::vec4 kHeldFill{0.5f, 1.0f, 0.6f, 0.35f};
    constexpr glm::vec4 kOutline{0.5f, 1.0f, 0.6f, 0.6f};
    const glm::vec2 size(painter.size());
    const int32_t border = ui::theme::kBorderWidth * painter.scale();
    for (const TouchButton& button : touchButtons(mode)) {
        const glm::ivec2 min(glm::round(button.drawn.min * size));
        const glm::ivec2 max(glm::round(button.drawn.max * size));
        const bool held = (heldBits & vox::ActionState::bit(button.action)) != 0;
        painter.rect(min, max, held ? kHeldFill : kFill);
        painter.rect(min, {max.x, min.y + border}, kOutline);
        painter.rect({min.x, max.y - border}, max, kOutline);
        painter.rect({min.x, min.y + border}, {min.x + border, max.y - border}, kOutline);
        painter.rect({max.x - border, min.y + border}, {max.x, max.y - border}, kOutline);
        // Arrows and the play controls large; the menu's words (BACK, OK) at the menus' own size.
        const bool arrow = static_cast<unsigned char>(button.label.front()) >= 0x80; // not ASCII: ← ↑ ↓ →
        const bool word = mode == TouchMode::Menu && !arrow;
        const int32_t textScale = word ? 1 : 2;
        const glm::ivec2 label = painter.measure(button.label, textScale);
        painter.text(button.label, (min + max - label) / 2, ui::theme::kText, textScale);
    }
}

} // namespace invaders
