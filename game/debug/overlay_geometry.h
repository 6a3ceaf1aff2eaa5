#pragma once
// The debug overlay's 3D lines for a game session: the broadphase tree (internal nodes by depth, fat and
// tight boxes), this step's candidate pairs as lines between box centres, and recent narrowphase contacts
// as voxel cubes that fade out. Built on the CPU into a `vox::LineBatch`, drawn in one call.

#include "debug/overlay_state.h"
#include "sim/simulation.h"

#include "vox/debug/line_batch.h"
#include "vox/debug/tree_view.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace invaders {

/// Contacts shown for a while after the step that found them.
class ContactTrail {
public:
    /// Steps a contact stays visible.
    static constexpr int32_t kLifetime = 40;

    /// Ages every contact by one step, drops the expired ones and adds `cells` (this step's) at age 0.
    void step(std::span<const glm::ivec3> cells);
    /// Forgets every contact.
    void clear() { m_contacts.clear(); }

    struct Contact {
        glm::ivec3 cell{0}; ///< World cell.
        int32_t age = 0;    ///< Steps since it was found.
    };
    /// The contacts shown, oldest first.
    [[nodiscard]] std::span<const Contact> contacts() const { return m_contacts; }

private:
    std::vector<Contact> m_contacts;
};

/// What `buildOverlayLines` added.
struct OverlayGeometryCounts {
    vox::TreeViewCounts tree; ///< Boxes of the tree, by kind.
    int32_t pairLines = 0;    ///< Candidate pairs drawn.
    int32_t contactBoxes = 0; ///< Contact voxels drawn.
};

/// Colours shared by the lines and the panel's legend (sRGB, straight alpha).
inline constexpr glm::vec4 kPairColor{1.0f, 0.35f, 0.55f, 0.95f};
inline constexpr glm::vec4 kContactColor{1.0f, 0.2f, 0.1f, 1.0f};

/// The tree-view settings `state` asks for.
[[nodiscard]] vox::TreeViewSettings treeViewSettings(const OverlayState& state);

/// Appends the layers `state` has on for `simulation` and `contacts` to `lines`; returns the counts.
OverlayGeometryCounts buildOverlayLines(const Simulation& simulation, const OverlayState& state,
                                        const ContactTrail& contacts, vox::LineBatch& lines);

} // namespace invaders
