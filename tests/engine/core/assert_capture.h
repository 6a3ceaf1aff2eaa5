#pragma once
// Test helpers around the assert handler (vox/core/assert.h): a scope that records every report and lets
// the failing call take its documented fallback, and a handler that throws.

#include "vox/core/assert.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace vox::test {

/// One call of the assert handler, its strings copied.
struct AssertReport {
    std::string expression;
    std::string message;
    std::string file;
    int line = 0;
};

/// While alive, the assert handler records every report and returns false (the caller takes its
/// fallback); the destructor puts the previous handler back. One at a time (the reports are global, as the
/// handler is a plain function pointer).
class AssertCapture {
public:
    AssertCapture() : m_previous(setAssertHandler(&record)) { reports().clear(); }
    ~AssertCapture() { setAssertHandler(m_previous); }
    AssertCapture(const AssertCapture&) = delete;
    AssertCapture& operator=(const AssertCapture&) = delete;

    /// The reports since the scope began, oldest first.
    [[nodiscard]] static std::vector<AssertReport>& reports() {
        static std::vector<AssertReport> all;
        return all;
    }

private:
    static bool record(const char* expression, const char* message, const char* file, int line) {
        reports().push_back({expression, message, file, line});
        return false;
    }
    AssertHandler m_previous;
};

/// What `throwingHandler` throws: the report's message.
struct AssertThrown : std::logic_error {
    using std::logic_error::logic_error;
};

/// A handler that throws `AssertThrown` with the message, for `EXPECT_THROW`.
inline bool throwingHandler(const char*, const char* message, const char*, int) {
    throw AssertThrown(message);
}

/// While alive, `handler` is installed; the destructor puts the previous one back.
class ScopedAssertHandler {
public:
    explicit ScopedAssertHandler(AssertHandler handler) : m_previous(setAssertHandler(handler)) {}
    ~ScopedAssertHandler() { setAssertHandler(m_previous); }
    ScopedAssertHandler(const ScopedAssertHandler&) = delete;
    ScopedAssertHandler& operator=(const ScopedAssertHandler&) = delete;

private:
    AssertHandler m_previous;
};

} // namespace vox::test
