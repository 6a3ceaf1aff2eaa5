#pragma once
// StreamBuffer: a GL buffer rewritten from memory every frame, but only when its contents change, so a
// frame in which nothing moved uploads nothing. Keeps a copy of what it last uploaded to compare with.

#include "vox/render/buffer.h"

#include <cstddef>
#include <cstring>
#include <vector>

namespace vox {

class StreamBuffer {
public:
    static StreamBuffer create() {
        StreamBuffer stream;
        stream.m_buffer = Buffer::create();
        return stream;
    }

    // Makes the buffer hold exactly `byteCount` bytes of `data`; returns the bytes uploaded (0 when they
    // equal what the buffer already holds). Leaves the buffer bound to `target`.
    size_t update(GLenum target, const void* data, size_t byteCount) {
        m_buffer.bind(target);
        if (byteCount == m_shadow.size() &&
            (byteCount == 0 || std::memcmp(data, m_shadow.data(), byteCount) == 0))
            return 0;
        const auto* bytes = static_cast<const std::byte*>(data);
        m_shadow.assign(bytes, bytes + byteCount);
        if (byteCount == 0)
            return 0;
        // Orphan the old storage rather than overwrite it, so the driver never waits for draws that
        // still read last frame's contents; grow geometrically to keep reallocations rare.
        if (byteCount > m_capacity)
            m_capacity = byteCount + byteCount / 2;
        glBufferData(target, static_cast<GLsizeiptr>(m_capacity), nullptr, GL_STREAM_DRAW);
        glBufferSubData(target, 0, static_cast<GLsizeiptr>(byteCount), data);
        return byteCount;
    }

    [[nodiscard]] const Buffer& buffer() const { return m_buffer; }

private:
    Buffer m_buffer;
    std::vector<std::byte> m_shadow;
    size_t m_capacity = 0;
};

} // namespace vox
