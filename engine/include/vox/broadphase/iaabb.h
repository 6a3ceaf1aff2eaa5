#pragma once
/// @file
/// `IAABB`: what a game object implements to take part in the broadphase.

#include "vox/broadphase/aabb.h"

#include <glm/vec3.hpp>

namespace vox {

/// An object that can report its bounding box. The broadphase never owns objects and never keeps a pointer to
/// one: it reads the box (and velocity) when the object joins or moves, through the `createProxy` /
/// `moveProxy` overloads that take an `IAABB`.
class IAABB {
public:
    virtual ~IAABB() = default;

    /// The object's current tight box in world units.
    [[nodiscard]] virtual Aabb aabb() const = 0;

    /// The object's velocity in world units per second, used to stretch its fat box along the motion so that
    /// fast objects leave their fat box less often. Objects without a meaningful velocity keep the default 0.
    [[nodiscard]] virtual glm::vec3 velocity() const { return glm::vec3(0.0f); }

protected:
    /// For derived classes only: an `IAABB` is never made on its own.
    IAABB() = default;
    /// Derived objects stay copyable (the broadphase keeps no pointer to them).
    IAABB(const IAABB&) = default;
    /// Derived objects stay assignable.
    IAABB& operator=(const IAABB&) = default;
};

} // namespace vox
