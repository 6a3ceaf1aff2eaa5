#pragma once
// Keys as the screens name them on key caps: "←", "SPACE", "ESC", "ALT+ENTER".

#include "actions.h"
#include "persist/settings.h"

#include "vox/platform/action.h"
#include "vox/platform/action_map.h"

#include <string>
#include <string_view>
#include <vector>

namespace invaders::ui {

/// `text` in capitals, as every screen writes (ASCII).
[[nodiscard]] std::string upperCase(std::string_view text);

/// `key` as a key cap shows it: arrows as arrows, a few long names shortened, the rest upper case.
[[nodiscard]] std::string keyCapName(const vox::KeyBinding& key);

/// The keys bound to `action` in `keys`, joined by " / " ("P / ESC"); "NONE" when it has none.
[[nodiscard]] std::string boundKeysText(const KeyBindings& keys, Action action);

/// The keys of Move left and Move right in pairs ("← → / A D"), for the controls line.
[[nodiscard]] std::string moveKeysText(const KeyBindings& keys);

} // namespace invaders::ui
