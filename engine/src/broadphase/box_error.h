#pragma once
// Shared wording of the error every broadphase returns for a box it cannot store.

#include "vox/broadphase/aabb.h"
#include "vox/core/result.h"

namespace vox::detail {

/// "<who>: box min (..) max (..) is invalid: <reason>; ..." for a box that fails `Aabb::isValid()`.
[[nodiscard]] Error invalidBoxError(const char* who, const Aabb& box);

} // namespace vox::detail
