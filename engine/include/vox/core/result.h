#pragma once
/// @file
/// `Result<T>`: the value of an operation that can fail for reasons outside the program's control
/// (a malformed file, a missing directory, an unsupported GPU). The error is a sentence for a person:
/// it names the file or flag and says what is wrong and, where possible, what to do about it.

#include "vox/core/assert.h"

#include <string>
#include <utility>
#include <variant>

namespace vox {

/// A failure described for a person, e.g. "assets/crate.vox: chunk XYZI at byte 64 overruns the file".
struct Error {
    std::string message; ///< Full sentence, no trailing newline.
};

/// Either a `T` or an `Error`. Check `ok()` (or `operator bool`) before `value()`.
template <class T>
class [[nodiscard]] Result {
public:
    /// Success.
    Result(T value) : m_state(std::in_place_index<0>, std::move(value)) {}
    /// Failure.
    Result(Error error) : m_state(std::in_place_index<1>, std::move(error)) {}

    /// True on success.
    [[nodiscard]] bool ok() const { return m_state.index() == 0; }
    /// True on success.
    explicit operator bool() const { return ok(); }

    /// The value; asserts on failure.
    [[nodiscard]] T& value() & {
        VOX_VERIFY(ok(), "Result::value() called on an error; check ok() first");
        return std::get<0>(m_state);
    }
    /// The value; asserts on failure.
    [[nodiscard]] const T& value() const& {
        VOX_VERIFY(ok(), "Result::value() called on an error; check ok() first");
        return std::get<0>(m_state);
    }
    /// Moves the value out; asserts on failure.
    [[nodiscard]] T&& value() && {
        VOX_VERIFY(ok(), "Result::value() called on an error; check ok() first");
        return std::get<0>(std::move(m_state));
    }
    /// The error; asserts on success.
    [[nodiscard]] const Error& error() const {
        VOX_VERIFY(!ok(), "Result::error() called on a success; check ok() first");
        return std::get<1>(m_state);
    }

private:
    std::variant<T, Error> m_state;
};

/// Success or an `Error`, with no value.
class [[nodiscard]] Status {
public:
    /// Success.
    Status() = default;
    /// Failure.
    Status(Error error) : m_error(std::move(error.message)), m_failed(true) {}

    /// True on success.
    [[nodiscard]] bool ok() const { return !m_failed; }
    /// True on success.
    explicit operator bool() const { return ok(); }
    /// The error; asserts on success.
    [[nodiscard]] Error error() const {
        VOX_VERIFY(m_failed, "Status::error() called on a success; check ok() first");
        return Error{m_error};
    }

private:
    std::string m_error;
    bool m_failed = false;
};

} // namespace vox
