#include "broadphase/box_error.h"

#include "vox/broadphase/proxy_id.h"
#include "vox/core/assert.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace vox::detail {

Error invalidBoxError(const char* who, const Aabb& box) {
    bool finite = true;
    for (int axis = 0; axis < 3; ++axis)
        finite = finite && std::isfinite(box.min[axis]) && std::isfinite(box.max[axis]);
    const char* reason = finite
                             ? "min > max on some axis (build it with Aabb::fromCorners to sort the corners)"
                             : "a coordinate is NaN or infinite (check the object's transform)";
    char text[320];
    std::snprintf(text, sizeof text, "%s: box min (%g, %g, %g) max (%g, %g, %g) is invalid: %s", who,
                  static_cast<double>(box.min.x), static_cast<double>(box.min.y),
                  static_cast<double>(box.min.z), static_cast<double>(box.max.x),
                  static_cast<double>(box.max.y), static_cast<double>(box.max.z), reason);
    return Error{std::string(text)};
}

namespace {
void appendSentence(std::string& errors, const char* field, const char* value, const char* requirement) {
    if (!errors.empty())
        errors += ' ';
    errors += field;
    errors += " is ";
    errors += value;
    errors += "; it must be ";
    errors += requirement;
    errors += '.';
}
} // namespace

void appendSettingError(std::string& errors, const char* field, float value, const char* requirement) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", static_cast<double>(value));
    appendSentence(errors, field, text, requirement);
}

void appendSettingError(std::string& errors, const char* field, int32_t value, const char* requirement) {
    appendSentence(errors, field, std::to_string(value).c_str(), requirement);
}

void reportStaleProxy(const char* call, ProxyId id) {
    char text[256];
    if (id.isNull())
        std::snprintf(text, sizeof text, "%s: null ProxyId (never created, or already cleared)", call);
    else
        std::snprintf(text, sizeof text,
                      "%s: stale or unknown ProxyId {slot %d, generation %u} (destroyed, or from another "
                      "broadphase)",
                      call, id.index(), id.generation);
    reportMisuse("isValid(id)", text, __FILE__, __LINE__);
}

void reportStaleProxyFields(const char* call, int32_t index1, uint32_t generation) {
    reportStaleProxy(call, ProxyId{index1, generation});
}

} // namespace vox::detail
