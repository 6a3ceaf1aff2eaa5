#pragma once
/// @file
/// The scene list: every sample's command-line name, title and factory, in the panel's order. Adding a
/// scene is one line here and one file in scenes/.

#include "scene.h"

#include <memory>
#include <span>
#include <string_view>

namespace samples {

/// One entry of the scene list.
struct SceneEntry {
    const char* name;    ///< For `--scene`: lower case, dashes.
    const char* title;   ///< For the panel.
    const char* summary; ///< What it teaches, one line.
    /// Makes the scene; null for a scene not available yet (shown greyed out, not listed by `--list`).
    std::unique_ptr<Scene> (*create)(const SceneResources& resources);
    const char* unavailableReason = ""; ///< Why `create` is null.
};

/// Every scene, in the panel's order.
[[nodiscard]] std::span<const SceneEntry> sceneEntries();
/// The available scene called `name`; null when there is none.
[[nodiscard]] const SceneEntry* findScene(std::string_view name);

} // namespace samples
