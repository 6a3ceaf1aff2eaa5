// vox-icon: draws the front of a voxel model as a square pixel-art icon (the game's application icon).
//
//     vox-icon MODEL.vox SIZE OUTPUT.png [--frame N]
//
// Each model column seen from the front becomes one square "pixel" of the icon, coloured like the
// frontmost voxel of that column (a detail sunk into the face, such as a mouth, darker by depth), scaled by
// the largest whole factor that leaves a margin, centred on a dark rounded tile: crisp at 16 x 16, the
// same picture at 512 x 512. Exit status: 0 done, 1 the model cannot be read or the PNG written, 2 bad
// command line.
#include "vox/voxel/vox_file.h"

#include <stb_image_write.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr int kMinSize = 16;
constexpr int kMaxSize = 1024;

struct Rgba {
    uint8_t r = 0, g = 0, b = 0, a = 0;
};

// The colour of the model seen from the front at column (x, y) (y up); alpha 0 where the column is empty.
Rgba frontColor(const vox::VoxelModel& model, int x, int y) {
    const glm::ivec3 size = model.size();
    for (int z = size.z - 1; z >= 0; --z) {
        const glm::ivec3 cell{x, y, z};
        if (!model.filled(cell))
            continue;
        const uint32_t packed = model.rgba(cell);
        const float shade = 1.0f - 0.25f * static_cast<float>(size.z - 1 - z); // sunk details are darker
        const auto channel = [&](int shift) {
            return static_cast<uint8_t>(
                std::clamp(static_cast<float>((packed >> shift) & 0xff) * shade, 0.0f, 255.0f));
        };
        return {channel(0), channel(8), channel(16), 255};
    }
    return {};
}

// True when pixel (x, y) of a size x size square lies inside the tile with corners rounded by `radius`.
bool insideRoundedTile(int x, int y, int size, int radius) {
    const auto distanceIn = [](int position, int extent, int r) {
        if (position < r)
            return r - position;
        if (position >= extent - r)
            return position - (extent - r - 1);
        return 0;
    };
    const int dx = distanceIn(x, size, radius);
    const int dy = distanceIn(y, size, radius);
    return dx * dx + dy * dy <= radius * radius;
}

int usage() {
    std::fputs("usage: vox-icon MODEL.vox SIZE OUTPUT.png [--frame N]   (SIZE 16..1024 pixels)\n", stderr);
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> arguments(argv + 1, argv + argc);
    int frame = 0;
    if (arguments.size() == 5 && arguments[3] == "--frame") {
        frame = std::atoi(arguments[4].c_str());
        arguments.resize(3);
    }
    if (arguments.size() != 3)
        return usage();
    const int size = std::atoi(arguments[1].c_str());
    if (size < kMinSize || size > kMaxSize)
        return usage();

    vox::Result<vox::VoxFile> file = vox::readVoxFile(arguments[0]);
    if (!file) {
        std::fprintf(stderr, "vox-icon: %s\n", file.error().message.c_str());
        return 1;
    }
    if (frame < 0 || frame >= static_cast<int>(file.value().models.size())) {
        std::fprintf(stderr, "vox-icon: %s has %zu frame(s); --frame %d is not one of them\n",
                     arguments[0].c_str(), file.value().models.size(), frame);
        return 1;
    }
    const vox::VoxelModel& model = file.value().models[static_cast<size_t>(frame)];
    const vox::VoxelBox bounds = model.bounds();
    if (bounds.empty()) {
        std::fprintf(stderr, "vox-icon: %s frame %d has no voxels\n", arguments[0].c_str(), frame);
        return 1;
    }
    const glm::ivec3 extent = bounds.size();

    // The tile fills the square but for a margin of 1/16; the model sits inside it with a border of at
    // least one model pixel, scaled by a whole factor (no blurred pixels).
    const int margin = size / 16;
    const int tile = size - 2 * margin;
    const int scale = std::max(1, tile / (std::max(extent.x, extent.y) + 2));
    const int left = (size - extent.x * scale) / 2;
    const int top = (size - extent.y * scale) / 2;
    const Rgba background{16, 20, 44, 255};
    const Rgba rim{58, 68, 120, 255};

    std::vector<uint8_t> pixels(static_cast<size_t>(size) * static_cast<size_t>(size) * 4, 0);
    const int rimWidth = std::max(1, size / 64);
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            Rgba color;
            const int tx = x - margin;
            const int ty = y - margin;
            if (tx >= 0 && ty >= 0 && tx < tile && ty < tile && insideRoundedTile(tx, ty, tile, tile / 8)) {
                // Outside the same tile inset by the rim's width (which is outside at its own edges, too).
                const bool onRim = !insideRoundedTile(tx - rimWidth, ty - rimWidth, tile - 2 * rimWidth,
                                                      std::max(1, tile / 8 - rimWidth));
                color = onRim ? rim : background;
            }
            const int mx = x - left;
            const int my = y - top;
            if (mx >= 0 && my >= 0 && mx < extent.x * scale && my < extent.y * scale) {
                // Image rows run top to bottom; model y runs up.
                const Rgba voxel =
                    frontColor(model, bounds.min.x + mx / scale, bounds.max.y - 1 - my / scale);
                if (voxel.a != 0)
                    color = voxel;
            }
            uint8_t* out =
                &pixels[(static_cast<size_t>(y) * static_cast<size_t>(size) + static_cast<size_t>(x)) * 4];
            out[0] = color.r;
            out[1] = color.g;
            out[2] = color.b;
            out[3] = color.a;
        }
    }
    if (stbi_write_png(arguments[2].c_str(), size, size, 4, pixels.data(), size * 4) == 0) {
        std::fprintf(stderr, "vox-icon: cannot write %s\n", arguments[2].c_str());
        return 1;
    }
    return 0;
}
