#include "vox/core/assert.h"

#include <cstdio>
#include <cstdlib>

namespace vox::detail {

void assertFailed(const char* expression, const char* message, const char* file, int line) {
    std::fprintf(stderr, "%s:%d: assertion '%s' failed: %s\n", file, line, expression, message);
    std::fflush(stderr);
    std::abort();
}

} // namespace vox::detail
