#pragma once
/// @file
/// Assertions for programmer errors (broken invariants, misuse of an API), and the handler they report to.
///
/// Recoverable failures (a bad file, a missing device) are reported through `vox::Result`, never through
/// these. `VOX_ASSERT` is active in debug builds and whenever `VOX_ENABLE_ASSERTS` is defined; `VOX_VERIFY`
/// is always active. Misuse that an API documents a fallback for (a stale `ProxyId` given to a broadphase)
/// is reported to the handler in every build, whatever `NDEBUG` the caller compiles with.
///
/// The assert handler (like Box2D's `b2SetAssertFcn`). Every failure, of either kind, calls the handler with
/// the failed expression, a message saying what the caller did wrong, and the engine's source file and line
/// that found it; the strings are valid during the call only. What happens next depends on what it does:
/// - returns true: the program aborts (`std::abort`), whatever failed.
/// - returns false: for misuse with a documented fallback, the call takes that fallback and returns (a
///   broadphase's stale-handle check: the call does nothing and returns false, 0 or an empty box). For a
///   broken invariant (`VOX_VERIFY`, `VOX_ASSERT`) there is no way on: the program still aborts, after one
///   line on stderr saying so.
/// - throws: the exception leaves the failing engine call, which has changed nothing yet where it has a
///   fallback. The engine itself never throws: this is for tests (`EXPECT_THROW`) and tools. A failure in a
///   `noexcept` function then ends in `std::terminate`.
///
/// The default handler prints "file:line: assertion 'expression' failed: message" to stderr and returns
/// true. Thread safety: the handler is stored atomically, so `setAssertHandler` may race with failures on
/// other threads (each failure calls either the old or the new handler); the handler itself may be called
/// from several threads at once and must cope with that.

namespace vox {

/// Receives every assertion failure: the expression that failed, what the caller did wrong, and the engine
/// source file and line that found it (strings valid during the call only). Returns true to abort, false to
/// take the fallback the failing API documents (ignored for broken invariants, which abort); may throw.
using AssertHandler = bool (*)(const char* expression, const char* message, const char* file, int line);

/// Installs `handler` for every thread; nullptr restores the default one. Returns the handler installed
/// before (never nullptr), so that a scope can put it back.
AssertHandler setAssertHandler(AssertHandler handler) noexcept;

/// The handler installed now (the default one when none was set); never nullptr.
[[nodiscard]] AssertHandler assertHandler() noexcept;

/// The default handler: prints "file:line: assertion 'expression' failed: message" to stderr, returns true.
bool defaultAssertHandler(const char* expression, const char* message, const char* file, int line);

} // namespace vox

namespace vox::detail {
/// A broken invariant: calls the assert handler, then aborts if it returned (it may throw instead).
[[noreturn]] void assertFailed(const char* expression, const char* message, const char* file, int line);
/// Misuse with a documented fallback: calls the assert handler; returns when it returned false (the caller
/// then takes its fallback), aborts when it returned true (it may throw instead).
void reportMisuse(const char* expression, const char* message, const char* file, int line);
} // namespace vox::detail

/// Always-on check: reports a failure naming the expression and the call site, then aborts.
#define VOX_VERIFY(condition, message)                                                                       \
    do {                                                                                                     \
        if (!(condition)) [[unlikely]]                                                                       \
            ::vox::detail::assertFailed(#condition, message, __FILE__, __LINE__);                            \
    } while (false)

#if !defined(NDEBUG) || defined(VOX_ENABLE_ASSERTS)
/// Debug-only check of an invariant; compiled out of Release builds. Never in an engine header's inline
/// code: its meaning would depend on the flags of whoever includes the header.
#define VOX_ASSERT(condition, message) VOX_VERIFY(condition, message)
/// 1 where `VOX_ASSERT` checks (debug builds, or `VOX_ENABLE_ASSERTS`), 0 where it compiles to nothing.
#define VOX_ASSERTS_ENABLED 1
#else
#define VOX_ASSERT(condition, message)                                                                       \
    do {                                                                                                     \
        (void)sizeof(condition);                                                                             \
    } while (false)
#define VOX_ASSERTS_ENABLED 0
#endif
