#include "scene_registry.h"

#include "scenes/scene_factories.h"

#include <array>

namespace samples {
namespace {

const std::array kScenes{
    SceneEntry{"tree-tutorial", "Tree tutorial",
               "Insert, move, remove: the sibling search, the new branch, refits and rotations",
               makeTreeTutorialScene},
    SceneEntry{"swarm", "Swarm", "1,000 to 100,000 moving boxes in the engine's tree: depth, pairs, time",
               makeSwarmScene},
    SceneEntry{"design-scale", "Design scale",
               "320 voxel models, 1.5 million voxels, a kilometre: posed voxel collisions, erosion, culling",
               makeDesignScaleScene},
    SceneEntry{"rays", "Rays", "Rays through the tree's fat boxes, then cell by cell through voxel models",
               makeRaysScene},
    SceneEntry{"oriented-boxes", "Oriented boxes",
               "Drag and turn boxes and polygons: the separating axis and both shadows on it",
               makeOrientedBoxesScene},
};

} // namespace

std::span<const SceneEntry> sceneEntries() {
    return kScenes;
}

const SceneEntry* findScene(std::string_view name) {
    for (const SceneEntry& entry : kScenes)
        if (entry.create != nullptr && name == entry.name)
            return &entry;
    return nullptr;
}

} // namespace samples
