// vox-assets: turns the ASCII voxel designs in assets/src/*.txt into the game's .vox files.
//
//     vox-assets SOURCE_DIR OUTPUT_DIR          writes OUTPUT_DIR/NAME.vox for every SOURCE_DIR/NAME.txt
//     vox-assets --check SOURCE_DIR OUTPUT_DIR  exits 1 if any .vox is missing or differs from its design
//
// Exit status: 0 done, 1 a design has an error or (--check) an asset is stale, 2 bad command line.
#include "ascii_voxels.h"

#include "vox/voxel/vox_file.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

std::vector<uint8_t> readBytes(const std::filesystem::path& path) {
    std::ifstream stream(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> arguments(argv + 1, argv + argc);
    const bool check = !arguments.empty() && arguments[0] == "--check";
    if (check)
        arguments.erase(arguments.begin());
    if (arguments.size() != 2) {
        std::fputs("usage: vox-assets [--check] SOURCE_DIR OUTPUT_DIR\n", stderr);
        return 2;
    }
    const std::filesystem::path sourceDirectory = arguments[0];
    const std::filesystem::path outputDirectory = arguments[1];
    std::error_code error;
    std::vector<std::filesystem::path> designs;
    for (const auto& entry : std::filesystem::directory_iterator(sourceDirectory, error)) {
        if (entry.path().extension() == ".txt")
            designs.push_back(entry.path());
    }
    if (error) {
        std::fprintf(stderr, "vox-assets: cannot list %s: %s\n", sourceDirectory.c_str(),
                     error.message().c_str());
        return 1;
    }
    std::sort(designs.begin(), designs.end());
    int failures = 0;
    for (const std::filesystem::path& design : designs) {
        vox::Result<vox::VoxFile> file = invaders::readAsciiVoxels(design);
        if (!file) {
            std::fprintf(stderr, "vox-assets: %s\n", file.error().message.c_str());
            ++failures;
            continue;
        }
        const std::filesystem::path output = outputDirectory / design.stem().replace_extension(".vox");
        const std::vector<uint8_t> bytes = vox::encodeVox(file.value());
        if (check) {
            if (readBytes(output) != bytes) {
                std::fprintf(
                    stderr, "vox-assets: %s is missing or out of date with %s; run vox-assets %s %s\n",
                    output.c_str(), design.c_str(), sourceDirectory.c_str(), outputDirectory.c_str());
                ++failures;
            }
            continue;
        }
        if (vox::Status status = vox::writeVoxFile(output, file.value()); !status) {
            std::fprintf(stderr, "vox-assets: %s\n", status.error().message.c_str());
            ++failures;
            continue;
        }
        std::printf("%s -> %s (%zu frame%s)\n", design.c_str(), output.c_str(), file.value().models.size(),
                    file.value().models.size() == 1 ? "" : "s");
    }
    if (designs.empty()) {
        std::fprintf(stderr, "vox-assets: no .txt designs in %s\n", sourceDirectory.c_str());
        return 1;
    }
    return failures == 0 ? 0 : 1;
}
