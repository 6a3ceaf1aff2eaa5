#include "vox/render/image.h"

#include "vox/core/assert.h"

#include "vox/platform/gl.h"
#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace vox {
namespace {

void appendBytes(void* context, void* data, int size) {
    auto* bytes = static_cast<std::vector<uint8_t>*>(context);
    const auto* begin = static_cast<const uint8_t*>(data);
    bytes->insert(bytes->end(), begin, begin + size);
}

struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
};

} // namespace

const uint8_t* Image::pixel(int x, int y) const {
    VOX_ASSERT(x >= 0 && x < width && y >= 0 && y < height, "Image::pixel: coordinates out of bounds");
    return rgba.data() + (static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 4;
}

bool Image::isUniform() const {
    if (rgba.size() < 4)
        return true;
    for (size_t i = 4; i < rgba.size(); i += 4) {
        if (std::memcmp(rgba.data(), rgba.data() + i, 4) != 0)
            return false;
    }
    return true;
}

Image readPixels(int x, int y, int width, int height) {
    VOX_ASSERT(width > 0 && height > 0, "readPixels: width and height must be positive");
    Image image;
    image.width = width;
    image.height = height;
    image.rgba.resize(static_cast<size_t>(width) * static_cast<size_t>(height) * 4);
    // Mesa 22's llvmpipe was seen returning the previous frame from a texture-backed framebuffer after a
    // blit and a swap; finishing first makes read-back exact everywhere, at a cost only screenshots pay.
    glFinish();
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(x, y, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
    // GL returns the bottom row first.
    const size_t rowBytes = static_cast<size_t>(width) * 4;
    for (int top = 0, bottom = height - 1; top < bottom; ++top, --bottom) {
        std::swap_ranges(image.rgba.begin() + static_cast<std::ptrdiff_t>(top * rowBytes),
                         image.rgba.begin() + static_cast<std::ptrdiff_t>((top + 1) * rowBytes),
                         image.rgba.begin() + static_cast<std::ptrdiff_t>(bottom * rowBytes));
    }
    return image;
}

Status writePng(const Image& image, const std::filesystem::path& path) {
    VOX_ASSERT(image.rgba.size() == static_cast<size_t>(image.width) * static_cast<size_t>(image.height) * 4,
               "writePng: pixel data does not match width x height");
    std::vector<uint8_t> png;
    if (image.width <= 0 || image.height <= 0 ||
        stbi_write_png_to_func(appendBytes, &png, image.width, image.height, 4, image.rgba.data(),
                               image.width * 4) == 0) {
        return Error{"cannot encode " + path.string() + " as PNG (image is " + std::to_string(image.width) +
                     "x" + std::to_string(image.height) + ")"};
    }
    // Write through stdio rather than stb's own writer, so the error can say why (errno).
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.string().c_str(), "wb"));
    if (!file)
        return Error{"cannot write " + path.string() + ": " + std::strerror(errno)};
    if (std::fwrite(png.data(), 1, png.size(), file.get()) != png.size() || std::fflush(file.get()) != 0)
        return Error{"cannot write " + path.string() + ": " + std::strerror(errno)};
    return {};
}

Result<Image> readPng(const std::filesystem::path& path) {
    int width = 0;
    int height = 0;
    int channels = 0;
    stbi_uc* pixels = stbi_load(path.string().c_str(), &width, &height, &channels, 4);
    if (pixels == nullptr)
        return Error{"cannot read image " + path.string() + ": " + stbi_failure_reason()};
    Image image;
    image.width = width;
    image.height = height;
    image.rgba.assign(pixels, pixels + static_cast<size_t>(width) * static_cast<size_t>(height) * 4);
    stbi_image_free(pixels);
    return image;
}

} // namespace vox
