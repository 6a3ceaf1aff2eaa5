#include "vox/render/texel_array.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <string>

namespace vox {
namespace {

GLenum internalFormatFor(int components) {
    return components == 4 ? GL_RGBA32UI : GL_RG32UI;
}

int32_t rowsFor(int32_t count) {
    return std::max<int32_t>(1, (count + TexelArray::kWidth - 1) / TexelArray::kWidth);
}

} // namespace

TexelArray TexelArray::create(int components, int32_t capacity) {
    VOX_ASSERT(components == 2 || components == 4, "TexelArray: 2 or 4 components per element");
    VOX_ASSERT(capacity >= 0, "TexelArray: negative capacity");
    TexelArray array;
    array.m_components = components;
    array.m_rows = rowsFor(capacity);
    array.m_contents.assign(static_cast<size_t>(array.capacity()) * static_cast<size_t>(components), 0u);
    // Made from the (zero) contents: a new texture's texels are undefined on GPU drivers.
    array.m_texture =
        Texture::create2D(kWidth, array.m_rows, internalFormatFor(components), array.m_contents.data());
    return array;
}

int64_t TexelArray::reserve(int32_t count) {
    if (count <= capacity())
        return 0;
    GLint maxSize = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
    int32_t rows = m_rows;
    while (rows * kWidth < count)
        rows *= 2;
    rows = std::min(rows, static_cast<int32_t>(maxSize));
    VOX_VERIFY(static_cast<int64_t>(rows) * kWidth >= count,
               ("TexelArray: " + std::to_string(count) + " elements need more rows of " +
                std::to_string(kWidth) + " texels than this GPU's largest texture has (" +
                std::to_string(maxSize) + ")")
                   .c_str());
    m_rows = rows;
    m_contents.resize(static_cast<size_t>(capacity()) * static_cast<size_t>(m_components), 0u);
    // The whole new texture from the contents, zeros past what was written included: a new texture's
    // texels are undefined on GPU drivers (Mesa happens to clear them).
    m_texture = Texture::create2D(kWidth, m_rows, internalFormatFor(m_components), m_contents.data());
    return static_cast<int64_t>(m_contents.size() * sizeof(uint32_t));
}

int64_t TexelArray::write(int32_t first, std::span<const uint32_t> values) {
    VOX_ASSERT(values.size() % static_cast<size_t>(m_components) == 0,
               "TexelArray::write: a whole number of elements");
    const auto count = static_cast<int32_t>(values.size() / static_cast<size_t>(m_components));
    VOX_VERIFY(first >= 0 && first + count <= capacity(),
               "TexelArray::write: past the capacity; reserve first");
    if (count == 0)
        return 0;
    std::copy(values.begin(), values.end(),
              m_contents.begin() + static_cast<std::ptrdiff_t>(first) * m_components);
    m_used = std::max(m_used, first + count);
    upload(first, count);
    return static_cast<int64_t>(values.size_bytes());
}

void TexelArray::upload(int32_t first, int32_t count) {
    if (count <= 0)
        return;
    m_texture.bind(0);
    const Texture::UploadFormat format = Texture::uploadFormatOf(internalFormatFor(m_components));
    const auto rectangle = [&](int32_t element, int32_t width, int32_t rows) {
        glTexSubImage2D(GL_TEXTURE_2D, 0, element % kWidth, element / kWidth, width, rows, format.format,
                        format.type, m_contents.data() + static_cast<size_t>(element) * m_components);
    };
    // Rows of 8 or 16-byte texels are 4-byte aligned, GL's default unpack alignment.
    const int32_t end = first + count;
    if (first % kWidth != 0) {
        const int32_t head = std::min(end, (first / kWidth + 1) * kWidth) - first;
        rectangle(first, head, 1);
        first += head;
    }
    if (const int32_t rows = (end - first) / kWidth; rows > 0) {
        rectangle(first, kWidth, rows);
        first += rows * kWidth;
    }
    if (first < end)
        rectangle(first, end - first, 1);
}

} // namespace vox
