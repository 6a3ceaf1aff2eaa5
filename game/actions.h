#pragma once
// `Action`: what the player can ask the game for, the names the settings file and logs use for them, and
// the default keys and buttons (`defaultActionMap`). The engine's `vox::ActionMap` turns SDL events into
// these by number (`vox::ActionId`): the values below are the actions' numbers and bits in a
// `vox::ActionState`. Recorded replays store the simulation's own input (sim/replay.h), not these bits.
//
// Default bindings:
// | action | keys | gamepad |
// | --- | --- | --- |
// | Left | Left arrow, A | D-pad left, left stick left |
// | Right | Right arrow, D | D-pad right, left stick right |
// | Fire | Space | A (south) |
// | Pause | P, Escape | Start |
// | Start | Enter, keypad Enter | Start |
// | ToggleFullscreen | F11, Alt+Enter | |
// | ToggleDebugOverlay | F3, ` (backquote, the key left of 1) | |
// | Quit | (window close, Ctrl+C) | |
// | MenuUp / MenuDown | Up / Down arrow, W / S | D-pad up / down, left stick up / down |
// | MenuLeft / MenuRight | Left / Right arrow, A / D | D-pad left / right, left stick left / right |
// | Confirm | Enter, keypad Enter, Space | A (south), Start |
// | Back | Escape, Backspace | B (east) |
// | MenuPageUp / MenuPageDown | Page Up / Page Down | LB / RB (shoulders) |
//
// The menu actions stay on these keys: the options menu rebinds the play actions (`kRebindableActions`,
// persist/settings.h) and leaves these alone, so no binding can lock a player out of the menus.

#include "vox/platform/action_map.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace invaders {

/// A named player intent; its value is its `vox::ActionId`.
enum class Action : uint8_t {
    Left,               ///< Move left while held.
    Right,              ///< Move right while held.
    Fire,               ///< Shoot.
    Pause,              ///< Pause or resume.
    Start,              ///< Start a game / confirm.
    ToggleFullscreen,   ///< Switch between windowed and fullscreen.
    ToggleDebugOverlay, ///< Show or hide the debug overlay.
    Quit,               ///< Leave the game (pressed when the window closes or on Ctrl+C).
    // Menu navigation: the same meaning in every menu, on fixed keys that rebinding never takes away.
    MenuUp,       ///< Move the menu selection up.
    MenuDown,     ///< Move the menu selection down.
    MenuLeft,     ///< Change the selected value down / move left.
    MenuRight,    ///< Change the selected value up / move right.
    Confirm,      ///< Choose the selected entry.
    Back,         ///< Leave the menu (or cancel).
    MenuPageUp,   ///< A big step back (WATCH: 30 seconds earlier in the run).
    MenuPageDown, ///< A big step on (WATCH: 30 seconds later).
};

/// Number of `Action` values.
inline constexpr int kActionCount = 16;
static_assert(kActionCount <= vox::kMaxActions, "every Action needs a bit in vox::ActionState");

/// "Left", "Fire", ...: the action's name as written in settings files (`key.Fire = Space`) and logs.
[[nodiscard]] std::string_view actionName(Action action);

/// The action called `name` (as `actionName()` writes it, case-sensitive), or nothing.
[[nodiscard]] std::optional<Action> actionFromName(std::string_view name);

/// A map with the default bindings listed in the file comment; a quit request presses `Action::Quit`.
[[nodiscard]] vox::ActionMap defaultActionMap();

} // namespace invaders
