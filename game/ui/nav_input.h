#pragma once
// `NavInput`: one step of menu input, the same meaning in every menu, read from the actions by `NavReader`.
//
// | meaning | keyboard (always) | also | gamepad |
// | --- | --- | --- | --- |
// | up / down | ↑ ↓, W S | | d-pad, left stick |
// | left / right (change a value) | ← →, A D | the keys bound to Move left / right | d-pad, left stick |
// | confirm | Enter, Space | the keys bound to Fire and Start | A, Start |
// | back | Esc, Backspace | the keys bound to Pause | B |
// | page up / down (a big step) | Page Up / Page Down | | LB / RB |
//
// The menu keys are fixed (`Action::MenuUp` ... `Back`, actions.h), so a bad binding can never lock a player
// out.
// A key that means both confirm and back (Fire rebound to Backspace) does what its fixed meaning says.
// Holding a direction repeats it, as menus do, after `kRepeatDelay` steps every `kRepeatInterval` steps.
// A key still down when a screen opens (`NavReader::waitForRelease`, called by the flow as the screen
// changes) does nothing there, neither press nor repeat, until it is released and pressed again: arrows
// and fire held through a game's end choose no initials, an Enter still down as WATCH opens pauses nothing.
// On a touch screen a tap is part of it too (`NavInput::tap`, handed over by `NavReader::tap`): a menu's
// rows answer it (ui.h).

#include "vox/platform/action.h"

#include <glm/vec2.hpp>

#include <array>
#include <cstdint>
#include <optional>

namespace invaders::ui {

/// Steps a direction must be held before it repeats.
inline constexpr int32_t kRepeatDelay = 24;
/// Steps between repeats after that.
inline constexpr int32_t kRepeatInterval = 6;

/// What the player asked of a menu this step.
struct NavInput {
    bool up = false;       ///< Move the selection up.
    bool down = false;     ///< Move the selection down.
    bool left = false;     ///< Change the value down / move left.
    bool right = false;    ///< Change the value up / move right.
    bool confirm = false;  ///< Choose.
    bool back = false;     ///< Leave or cancel.
    bool pageUp = false;   ///< A big step back (held: repeats).
    bool pageDown = false; ///< A big step on (held: repeats).
    /// A tap on a touch screen, in fractions of the screen (0..1, y down): a menu row there is chosen.
    std::optional<glm::vec2> tap = std::nullopt;

    /// True if any of the above.
    [[nodiscard]] bool any() const {
        return up || down || left || right || confirm || back || pageUp || pageDown || tap;
    }
};

/// Reads `NavInput` from each step's actions; keeps the hold-to-repeat counters.
class NavReader {
public:
    /// This step's menu input.
    [[nodiscard]] NavInput read(const vox::ActionState& input);
    /// A tap at `where` (fractions of the screen) for the next `read()`; a later tap before it replaces it.
    void tap(glm::vec2 where) { m_tap = where; }
    /// The keys (actions) down after the latest `read()` do nothing from now on, until each is released
    /// and pressed again: call it when a screen opens, so keys held from the one before stay there.
    void waitForRelease() { m_waitingBits = m_downBits; }

private:
    std::array<int32_t, 6> m_heldSteps{}; // up, down, left, right, page up, page down
    uint32_t m_downBits = 0;              // actions still down after the latest read
    uint32_t m_waitingBits = 0;           // actions held since waitForRelease, not released yet: ignored
    std::optional<glm::vec2> m_tap;
};

} // namespace invaders::ui
