#include "vox/core/assert.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace vox {
namespace {
// nullptr stands for the default handler, so that a static initialiser is not needed.
std::atomic<AssertHandler> g_handler{nullptr};
} // namespace

AssertHandler setAssertHandler(AssertHandler handler) noexcept {
    const AssertHandler previous = g_handler.exchange(handler, std::memory_order_acq_rel);
    return previous != nullptr ? previous : &defaultAssertHandler;
}

AssertHandler assertHandler() noexcept {
    const AssertHandler handler = g_handler.load(std::memory_order_acquire);
    return handler != nullptr ? handler : &defaultAssertHandler;
}

bool defaultAssertHandler(const char* expression, const char* message, const char* file, int line) {
    std::fprintf(stderr, "%s:%d: assertion '%s' failed: %s\n", file, line, expression, message);
    std::fflush(stderr);
    return true;
}

namespace detail {

void assertFailed(const char* expression, const char* message, const char* file, int line) {
    if (!assertHandler()(expression, message, file, line)) {
        // The handler asked to go on, but a broken invariant leaves nothing safe to go on with.
        std::fprintf(stderr, "%s:%d: assertion '%s' failed: %s (a broken invariant: aborting anyway)\n", file,
                     line, expression, message);
        std::fflush(stderr);
    }
    std::abort();
}

void reportMisuse(const char* expression, const char* message, const char* file, int line) {
    if (assertHandler()(expression, message, file, line))
        std::abort();
}

} // namespace detail
} // namespace vox
