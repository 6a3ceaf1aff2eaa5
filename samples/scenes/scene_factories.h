#pragma once
/// @file
/// The factories of the scenes in this folder, one per file, for the registry (scene_registry.cpp).

#include "scene.h"

#include <memory>

namespace samples {

/// Tree tutorial: a small teaching tree built one step at a time (tree_tutorial_scene.cpp).
[[nodiscard]] std::unique_ptr<Scene> makeTreeTutorialScene(const SceneResources& resources);
/// Swarm: the benchmark's W2 workload in the engine's `DynamicAabbTree` (swarm_scene.cpp).
[[nodiscard]] std::unique_ptr<Scene> makeSwarmScene(const SceneResources& resources);
/// Rays: rays through the tree, then through voxel grids (rays_scene.cpp).
[[nodiscard]] std::unique_ptr<Scene> makeRaysScene(const SceneResources& resources);
/// Oriented boxes: the separating axis test, drawn (oriented_boxes_scene.cpp).
[[nodiscard]] std::unique_ptr<Scene> makeOrientedBoxesScene(const SceneResources& resources);
/// Design scale: 320 voxel models colliding and eroding in a kilometre-wide world (design_scale_scene.cpp).
[[nodiscard]] std::unique_ptr<Scene> makeDesignScaleScene(const SceneResources& resources);

} // namespace samples
