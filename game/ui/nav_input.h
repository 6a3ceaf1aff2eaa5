#pragma once
// `NavInput`: one step of menu input, the same meaning in every menu, read from the actions by `NavReader`.
//
// | meaning | keyboard (always) | also | gamepad |
// | --- | --- | --- | --- |
// | up / down | ↑ ↓, W S | | d-pad, left stick |
// | left / right (change a value) | ← →, A D | the keys bound to Move left / right | d-pad, left stick |
// | confirm | Enter, Space | the keys bound to Fire and Start | A, Start |
// | back | Esc, Backspace | the keys bound to Pause | B |
//
// The menu keys are fixed (`Action::MenuUp` ... `Back`, actions.h), so a bad binding can never lock a player
// out.
// A key that means both confirm and back (Fire rebound to Backspace) does what its fixed meaning says.
// Holding a direction repeats it, as menus do, after `kRepeatDelay` steps every `kRepeatInterval` steps.

#include "vox/platform/action.h"

#include <array>
#include <cstdint>

namespace invaders::ui {

/// Steps a direction must be held before it repeats.
inline constexpr int32_t kRepeatDelay = 24;
/// Steps between repeats after that.
inline constexpr int32_t kRepeatInterval = 6;

/// What the player asked of a menu this step.
struct NavInput {
    bool up = false;      ///< Move the selection up.
    bool down = false;    ///< Move the selection down.
    bool left = false;    ///< Change the value down / move left.
    bool right = false;   ///< Change the value up / move right.
    bool confirm = false; ///< Choose.
    bool back = false;    ///< Leave or cancel.

    /// True if any of the above.
    [[nodiscard]] bool any() const { return up || down || left || right || confirm || back; }
};

/// Reads `NavInput` from each step's actions; keeps the hold-to-repeat counters.
class NavReader {
public:
    /// This step's menu input.
    [[nodiscard]] NavInput read(const vox::ActionState& input);

private:
    std::array<int32_t, 4> m_heldSteps{}; // up, down, left, right
};

} // namespace invaders::ui
