#pragma once
/// @file
/// Assertions for programmer errors (broken invariants, misuse of an API).
///
/// Recoverable failures (a bad file, a missing device) are reported through `vox::Result`, never through
/// these macros. `VOX_ASSERT` is active in debug builds and whenever `VOX_ENABLE_ASSERTS` is defined;
/// `VOX_VERIFY` is always active.

namespace vox::detail {
/// Prints "file:line: assertion 'expr' failed: message" to stderr and aborts.
[[noreturn]] void assertFailed(const char* expression, const char* message, const char* file, int line);
} // namespace vox::detail

/// Always-on check: aborts with a message naming the expression and the call site.
#define VOX_VERIFY(condition, message)                                                                       \
    do {                                                                                                     \
        if (!(condition)) [[unlikely]]                                                                       \
            ::vox::detail::assertFailed(#condition, message, __FILE__, __LINE__);                            \
    } while (false)

#if !defined(NDEBUG) || defined(VOX_ENABLE_ASSERTS)
/// Debug-only check of an invariant; compiled out of Release builds.
#define VOX_ASSERT(condition, message) VOX_VERIFY(condition, message)
#define VOX_ASSERTS_ENABLED 1
#else
#define VOX_ASSERT(condition, message)                                                                       \
    do {                                                                                                     \
        (void)sizeof(condition);                                                                             \
    } while (false)
#define VOX_ASSERTS_ENABLED 0
#endif
