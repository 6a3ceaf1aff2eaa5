#pragma once
// Shared wording of the error every broadphase returns for a box it cannot store (and, in box_error.cpp,
// of the stale-handle report, declared in vox/broadphase/proxy_id.h).

#include "vox/broadphase/aabb.h"
#include "vox/core/result.h"

namespace vox::detail {

/// "<who>: box min (..) max (..) is invalid: <reason>; ..." for a box that fails `Aabb::isValid()`.
[[nodiscard]] Error invalidBoxError(const char* who, const Aabb& box);

} // namespace vox::detail
