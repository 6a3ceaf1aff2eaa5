#pragma once
// Rebinding one action to one key, as the options menu's controls screen does it, and applying the
// settings' keys to a live `vox::ActionMap`.
//
// The rules (the documented choice): the chosen key becomes the action's only key. A key belongs to one
// action, so if another action had it, it moves: that action loses it. If that leaves the other action
// with no key at all, the two swap: it takes the keys the rebound action had. An action never ends up
// with no key, so the menus stay usable whatever the player does.

#include "actions.h"
#include "persist/settings.h"

#include "vox/platform/action.h"
#include "vox/platform/action_map.h"

#include <cstdint>

namespace invaders {

/// What `rebindKey` did with the key.
enum class RebindKind : uint8_t {
    Bound,   ///< The key was free (or already the action's): it is now the action's only key.
    Moved,   ///< `other` had the key and keeps its other keys.
    Swapped, ///< `other` had only this key: it took the rebound action's previous keys.
    Refused, ///< `other` had only this key and the action had none to give back: nothing changed.
};

/// The outcome of one `rebindKey`, for the message the controls screen shows.
struct RebindResult {
    RebindKind kind = RebindKind::Bound; ///< What happened.
    Action action = Action::Fire;        ///< The action rebound.
    vox::KeyBinding key;                 ///< The key it was given.
    Action other = Action::Fire;         ///< The action the key was taken from (Moved, Swapped, Refused).
};

/// Makes `key` the only key of `action` (which must be rebindable, asserted) following the rules in the
/// file comment. Only rebindable actions' keys are read or changed.
RebindResult rebindKey(KeyBindings& keys, Action action, vox::KeyBinding key);

/// Replaces the keys of every rebindable action in `actions` by those of `keys`; gamepad bindings and
/// keys held right now are kept (a held key still releases what it pressed).
void applyKeyBindings(const KeyBindings& keys, vox::ActionMap& actions);

} // namespace invaders
