#pragma once
/// @file
/// `MeshHandle`: names a voxel mesh held by a `SceneRenderer` (one model frame, uploaded once).

#include <cstdint>

namespace vox {

/// A mesh slot and the generation it had when the handle was made, so a handle to a removed mesh is
/// recognised as stale even when its slot is reused. The default handle (index 0) is null.
struct MeshHandle {
    uint32_t index = 0;      ///< Slot + 1; 0 = null.
    uint32_t generation = 0; ///< Slot generation at creation.

    /// True unless null.
    explicit operator bool() const { return index != 0; }
    /// Same slot and generation.
    friend bool operator==(const MeshHandle&, const MeshHandle&) = default;
};

} // namespace vox
