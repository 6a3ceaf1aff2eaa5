#pragma once
// Shared wording of the error every broadphase returns for a box it cannot store, of the errors about their
// settings (and, in box_error.cpp, of the stale-handle report, declared in vox/broadphase/proxy_id.h).

#include "vox/broadphase/aabb.h"
#include "vox/core/result.h"

#include <cstdint>
#include <string>

namespace vox::detail {

/// "<who>: box min (..) max (..) is invalid: <reason>; ..." for a box that fails `Aabb::isValid()`.
[[nodiscard]] Error invalidBoxError(const char* who, const Aabb& box);

/// Appends "<field> is <value>; it must be <requirement>." to `errors` (a space first when not empty): one
/// sentence per bad field of a settings struct.
void appendSettingError(std::string& errors, const char* field, float value, const char* requirement);
/// The same for an integer field.
void appendSettingError(std::string& errors, const char* field, int32_t value, const char* requirement);

} // namespace vox::detail
