#pragma once
/// @file
/// `Action` and `ActionState`: what the player wants, independent of which key or button said so.
///
/// The game reads actions, never SDL key codes, so keys can be rebound and recorded input replays on any
/// keyboard layout. `ActionMap` (action_map.h) turns SDL events into an `ActionState` per simulation step.

#include <cstdint>
#include <optional>
#include <string_view>

namespace vox {

/// A named player intent.
enum class Action : uint8_t {
    Left,               ///< Move left while held.
    Right,              ///< Move right while held.
    Fire,               ///< Shoot.
    Pause,              ///< Pause or resume.
    Start,              ///< Start a game / confirm.
    ToggleFullscreen,   ///< Switch between windowed and fullscreen.
    ToggleDebugOverlay, ///< Show or hide the debug overlay.
    Quit,               ///< Leave the game (also sent when the window closes or on Ctrl+C).
    // Menu navigation: the same meaning in every menu, on fixed keys that rebinding never takes away
    // (see action_map.h), so no binding can lock a player out of the menus.
    MenuUp,    ///< Move the menu selection up.
    MenuDown,  ///< Move the menu selection down.
    MenuLeft,  ///< Change the selected value down / move left.
    MenuRight, ///< Change the selected value up / move right.
    Confirm,   ///< Choose the selected entry.
    Back,      ///< Leave the menu (or cancel).
};

/// Number of `Action` values.
inline constexpr int kActionCount = 14;

/// "Left", "Fire", ...: the action's name as written in settings files and logs.
[[nodiscard]] std::string_view actionName(Action action);

/// The action called `name` (as `actionName()` writes it, case-sensitive), or nothing.
[[nodiscard]] std::optional<Action> actionFromName(std::string_view name);

/// Which actions went down, were down, and came up during one simulation step.
///
/// A tap that goes down and up between two steps still reads as pressed, held and released in one step,
/// so no input is lost at any frame rate.
struct ActionState {
    uint32_t pressedBits = 0;  ///< Bit `i`: action `i` went down this step.
    uint32_t heldBits = 0;     ///< Bit `i`: action `i` was down at some point this step.
    uint32_t releasedBits = 0; ///< Bit `i`: action `i` came up this step.

    /// True if `action` went down this step.
    [[nodiscard]] bool pressed(Action action) const { return (pressedBits & bit(action)) != 0; }
    /// True if `action` was down during this step.
    [[nodiscard]] bool held(Action action) const { return (heldBits & bit(action)) != 0; }
    /// True if `action` came up this step.
    [[nodiscard]] bool released(Action action) const { return (releasedBits & bit(action)) != 0; }

    /// The bit of `action` in the masks above.
    [[nodiscard]] static constexpr uint32_t bit(Action action) { return 1u << static_cast<uint32_t>(action); }

    friend bool operator==(const ActionState&, const ActionState&) = default;
};

} // namespace vox
