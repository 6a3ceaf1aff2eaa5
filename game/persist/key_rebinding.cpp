#include "persist/key_rebinding.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <vector>

namespace invaders {

RebindResult rebindKey(KeyBindings& keys, Action action, vox::KeyBinding key) {
    VOX_ASSERT(isRebindable(action), "rebindKey: the action is not in kRebindableActions");
    RebindResult result{RebindKind::Bound, action, key, action};
    const auto holdsKey = [&key](const vox::KeyBinding& bound) { return bound == key; };
    std::vector<vox::KeyBinding> previous = keys[static_cast<size_t>(action)];
    std::erase_if(previous, holdsKey); // what the action can give back in a swap
    // Decide everything before changing anything, so a refusal leaves the keys as they were.
    for (Action other : kRebindableActions) {
        const std::vector<vox::KeyBinding>& otherKeys = keys[static_cast<size_t>(other)];
        if (other == action || std::none_of(otherKeys.begin(), otherKeys.end(), holdsKey))
            continue;
        const bool onlyKey = std::all_of(otherKeys.begin(), otherKeys.end(), holdsKey);
        if (onlyKey && previous.empty())
            return {RebindKind::Refused, action, key, other};
        result.kind = onlyKey ? RebindKind::Swapped : RebindKind::Moved;
        result.other = other;
    }
    for (Action other : kRebindableActions) {
        std::vector<vox::KeyBinding>& otherKeys = keys[static_cast<size_t>(other)];
        if (other == action || std::erase_if(otherKeys, holdsKey) == 0)
            continue;
        if (otherKeys.empty())
            otherKeys = previous;
    }
    keys[static_cast<size_t>(action)] = {key};
    return result;
}

void applyKeyBindings(const KeyBindings& keys, vox::ActionMap& actions) {
    for (Action action : kRebindableActions) {
        actions.clearKeys(action);
        for (const vox::KeyBinding& key : keys[static_cast<size_t>(action)])
            actions.bindKey(action, key);
    }
}

} // namespace invaders
