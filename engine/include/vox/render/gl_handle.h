#pragma once
/// @file
/// `GlHandle`: the move-only owner of exactly one OpenGL object name. Every GPU object wrapper
/// (`Buffer`, `VertexArray`, `Texture`, ...) holds one, so copying is impossible, moving transfers
/// ownership and the destructor deletes the name. A default-constructed handle owns nothing (name 0).
///
/// To wrap another GL object type, write a traits struct with `static void destroy(GLuint name)` and hold
/// a `GlHandle<ThatTraits>`. Handles must be destroyed while their context is current (see `Window`).

#include "vox/platform/gl.h"

#include <utility>

namespace vox {

/// Owns one GL name; `Traits::destroy(name)` deletes it. See the file comment.
template <class Traits>
class GlHandle {
public:
    /// Owns nothing.
    GlHandle() = default;
    /// Takes ownership of `name` (0 means nothing).
    explicit GlHandle(GLuint name) : m_name(name) {}

    /// Takes over `other`'s name; `other` is left empty.
    GlHandle(GlHandle&& other) noexcept : m_name(std::exchange(other.m_name, 0)) {}
    /// Deletes the owned name, then takes over `other`'s.
    GlHandle& operator=(GlHandle&& other) noexcept {
        if (this != &other) {
            reset();
            m_name = std::exchange(other.m_name, 0);
        }
        return *this;
    }
    GlHandle(const GlHandle&) = delete;
    GlHandle& operator=(const GlHandle&) = delete;
    /// Deletes the owned name, if any.
    ~GlHandle() { reset(); }

    /// The GL name, 0 when empty. Still owned by this handle.
    [[nodiscard]] GLuint get() const { return m_name; }
    /// True when a name is owned.
    explicit operator bool() const { return m_name != 0; }
    /// Deletes the owned name, if any.
    void reset() {
        if (m_name != 0)
            Traits::destroy(m_name);
        m_name = 0;
    }

private:
    GLuint m_name = 0;
};

} // namespace vox
