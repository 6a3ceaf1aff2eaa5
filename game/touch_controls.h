#pragma once
// `TouchControls`: the game's on-screen controls for a touch screen, as pure functions of the fingers.
//
// In a game (`TouchMode::Play`) the bottom three quarters of the screen are zones: the left half moves the
// cannon (a finger left of its middle holds Left, right of it Right: slide between them to turn), the right
// half holds Fire, and a button at the top right pauses. What a finger does is decided where it came down,
// so a thumb that wanders off its zone keeps doing it; two fingers move and fire at once.
//
// On every other screen (`TouchMode::Menu`) a bar of buttons along the bottom presses the menu keys (← ↑ ↓ →
// on the left, BACK and OK on the right), and a tap anywhere else is handed to the menu, whose rows answer
// it (ui::NavInput::tap): tapping a row chooses it.
//
// Everything is in fractions of the game's screen (0..1, y down): the layout holds at any size, and
// `toScreenFraction` maps SDL's window fractions through the letterbox.

#include "actions.h"
#include "screens/screens.h"
#include "ui/painter.h"

#include "vox/platform/touch_state.h"
#include "vox/platform/viewport.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace invaders {

/// A rectangle in fractions of the screen, `min` inclusive, `max` exclusive.
struct TouchBox {
    glm::vec2 min{0.0f}; ///< Top-left.
    glm::vec2 max{0.0f}; ///< Bottom-right.
    /// True when `point` lies inside.
    [[nodiscard]] bool contains(glm::vec2 point) const {
        return point.x >= min.x && point.y >= min.y && point.x < max.x && point.y < max.y;
    }
};

/// Which set of controls a screen gets.
enum class TouchMode : uint8_t {
    Play, ///< Move zones, fire zone, pause button.
    Menu, ///< The menu keys' bar; taps go to the menu.
};

/// `Play` for a game being played, `Menu` for every other screen.
[[nodiscard]] TouchMode touchModeFor(Screen screen);

/// One on-screen control: the area a finger must come down in, the box drawn for it, its label and the
/// action it holds while that finger is down.
struct TouchButton {
    TouchBox zone;          ///< Where a finger takes it.
    TouchBox drawn;         ///< What is drawn (inside `zone`).
    std::string_view label; ///< On the drawn box.
    Action action;          ///< Held while the finger is down.
};

/// The controls of `mode`, the first that contains a finger taking it. In `Play` the first two are the
/// move zones (Left, Right), whose finger follows its current position (see the file comment).
[[nodiscard]] std::span<const TouchButton> touchButtons(TouchMode mode);

/// A finger may drift this far (a fraction of the screen's height) between down and up and still tap.
inline constexpr float kTapSlop = 0.04f;

/// What the fingers ask for in one step.
struct TouchRequest {
    uint32_t heldBits = 0;  ///< `vox::ActionState` bits of the actions fingers hold (or held and lifted).
    uint32_t beganBits = 0; ///< Those of fingers that came down this step (a press, even if held before).
    uint32_t stillBits = 0; ///< Those of fingers still down after this step.
    std::optional<glm::vec2> tap; ///< Menus: where a finger tapped outside every button (screen fractions).
};

/// What `fingers` (positions already in screen fractions, see `toScreenFraction`) ask for in `mode`.
[[nodiscard]] TouchRequest readFingers(std::span<const vox::Finger> fingers, TouchMode mode);

/// A position in fractions of the window (SDL's finger coordinates) in fractions of the game's screen,
/// drawn at `viewport` (letterboxed, origin bottom-left) of a `drawableWidth` x `drawableHeight` window.
/// Outside the screen gives values outside 0..1; an empty viewport gives the position unchanged.
[[nodiscard]] glm::vec2 toScreenFraction(glm::vec2 window, int drawableWidth, int drawableHeight,
                                         const vox::Viewport& viewport);

/// Draws the controls of `mode` with `painter`, translucent, the buttons held in `heldBits` lit.
void drawTouchControls(ui::Painter& painter, TouchMode mode, uint32_t heldBits);

} // namespace invaders
