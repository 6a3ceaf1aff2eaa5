#include "vox/platform/action.h"

#include <array>

namespace vox {
namespace {

constexpr std::array<std::string_view, kActionCount> kActionNames = {
    "Left", "Right",  "Fire",     "Pause",    "Start",     "ToggleFullscreen", "ToggleDebugOverlay",
    "Quit", "MenuUp", "MenuDown", "MenuLeft", "MenuRight", "Confirm",          "Back",
};
static_assert(static_cast<int>(Action::Back) + 1 == kActionCount, "kActionNames must list every Action");

} // namespace

std::string_view actionName(Action action) {
    return kActionNames[static_cast<size_t>(action)];
}

std::optional<Action> actionFromName(std::string_view name) {
    for (size_t i = 0; i < kActionNames.size(); ++i) {
        if (kActionNames[i] == name)
            return static_cast<Action>(i);
    }
    return std::nullopt;
}

} // namespace vox
