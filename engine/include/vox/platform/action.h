#pragma once
/// @file
/// `ActionId` and `ActionState`: what the player wants, independent of which key or button said so.
///
/// The engine names no actions: a game numbers its own, usually with a scoped enum of its own
/// (`enum class Action : uint8_t { Jump, Crouch, ... }`), whose values convert to `ActionId`, and names
/// them itself where names are needed (settings files, logs). Code reads actions, never SDL key codes, so
/// keys can be rebound and recorded input replays on any keyboard layout. `ActionMap` (action_map.h) turns
/// SDL events into an `ActionState` per simulation step.

#include <cstdint>
#include <type_traits>

namespace vox {

/// Most actions an `ActionMap` tells apart: one bit each in `ActionState`'s masks.
inline constexpr int kMaxActions = 32;

/// A scoped enum (`enum class`), whose values a game may use as `ActionId`s. Unscoped enums (SDL's key and
/// button codes) are left out so that they never pass for actions by mistake.
template <class Enum>
concept ScopedEnum = std::is_enum_v<Enum> && !std::is_convertible_v<Enum, int>;

/// An action's number, 0 .. `kMaxActions` - 1: its bit in `ActionState`'s masks. Made from a value of
/// the game's own action enum (implicitly: `state.pressed(Action::Jump)`) or from a number (explicitly).
struct ActionId {
    uint8_t index = 0; ///< 0 .. kMaxActions - 1.

    /// Action number 0.
    constexpr ActionId() = default;
    /// Action number `number` (keep it below `kMaxActions`).
    constexpr explicit ActionId(uint8_t number) : index(number) {}
    /// The action the game numbers `action`: its underlying value. Implicit, so the game's own enum
    /// values read as actions wherever the engine takes one.
    template <ScopedEnum Enum>
    constexpr ActionId(Enum action) : index(static_cast<uint8_t>(action)) {}

    /// The same action number.
    friend constexpr bool operator==(ActionId, ActionId) = default;
};

/// Which actions went down, were down, and came up during one simulation step.
///
/// A tap that goes down and up between two steps still reads as pressed, held and released in one step,
/// so no input is lost at any frame rate.
struct ActionState {
    uint32_t pressedBits = 0;  ///< Bit `i`: action `i` went down this step.
    uint32_t heldBits = 0;     ///< Bit `i`: action `i` was down at some point this step.
    uint32_t releasedBits = 0; ///< Bit `i`: action `i` came up this step.

    /// True if `action` went down this step.
    [[nodiscard]] bool pressed(ActionId action) const { return (pressedBits & bit(action)) != 0; }
    /// True if `action` was down during this step.
    [[nodiscard]] bool held(ActionId action) const { return (heldBits & bit(action)) != 0; }
    /// True if `action` came up this step.
    [[nodiscard]] bool released(ActionId action) const { return (releasedBits & bit(action)) != 0; }

    /// The bit of `action` in the masks above.
    [[nodiscard]] static constexpr uint32_t bit(ActionId action) { return 1u << action.index; }

    /// The same three masks.
    friend bool operator==(const ActionState&, const ActionState&) = default;
};

} // namespace vox
