#pragma once
// Golden-image comparison for rendering tests.
//
// `matchesGolden(image, "name")` compares a rendered image with tests/golden/name.png. Images match when
// both tolerances hold (differences are per channel, 0..255, over R, G and B):
//   - the mean absolute difference is at most `meanTolerance`, and
//   - at most `outlierFraction` of the pixels differ by more than `pixelTolerance` in some channel.
// So a few edge pixels may move (rasterisation differences), but a shifted, recoloured or missing object
// fails. On failure the actual image and a difference image (differences amplified x4, outliers in
// magenta) are written to the build tree and their paths printed.
//
// Regenerate after an intended change of the look: `VOX_UPDATE_GOLDEN=1 ctest -R Golden` (from the build
// folder), then look at every changed PNG before committing it (tests/golden/README.md).
//
// The goldens are desktop renders. On an OpenGL ES context (VOX_GL=es: CTest's "gles." runs of the same
// tests) a render is compared with the same golden and never replaces it, also with VOX_UPDATE_GOLDEN; and
// it is always written to the build tree as NAME.es.png, to look at.

#include "vox/platform/gl_dialect.h"
#include "vox/render/image.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#ifndef VOX_TEST_OUTPUT_DIR
#error "VOX_TEST_OUTPUT_DIR must name a folder in the build tree (tests/CMakeLists.txt)"
#endif

namespace vox::test {

struct GoldenTolerance {
    double meanTolerance = 1.0;     // mean absolute difference, 0..255
    int pixelTolerance = 24;        // a pixel is an outlier beyond this in any channel
    double outlierFraction = 0.002; // fraction of pixels allowed to be outliers
};

inline bool updatingGoldens() {
    const char* update = std::getenv("VOX_UPDATE_GOLDEN");
    return update != nullptr && *update != '\0' && std::string(update) != "0";
}

inline ::testing::AssertionResult matchesGolden(const Image& actual, const std::string& name,
                                                const GoldenTolerance& tolerance = {}) {
    const std::filesystem::path golden = std::filesystem::path("tests/golden") / (name + ".png");
    const bool es = currentGlDialect() == GlDialect::Es;
    if (updatingGoldens() && !es) {
        if (Status status = writePng(actual, golden); !status)
            return ::testing::AssertionFailure() << status.error().message;
        std::printf("updated %s\n", golden.c_str());
        return ::testing::AssertionSuccess();
    }
    const std::filesystem::path outputDirectory = VOX_TEST_OUTPUT_DIR;
    std::filesystem::create_directories(outputDirectory);
    const std::filesystem::path actualPath = outputDirectory / (name + ".actual.png");
    const std::filesystem::path diffPath = outputDirectory / (name + ".diff.png");
    if (es)
        (void)writePng(actual, outputDirectory / (name + ".es.png"));
    const auto failWithActual = [&](const std::string& why) {
        (void)writePng(actual, actualPath);
        return ::testing::AssertionFailure() << why << "; actual image: " << actualPath.string()
                                             << " (VOX_UPDATE_GOLDEN=1 regenerates the golden images)";
    };
    Result<Image> expected = readPng(golden);
    if (!expected)
        return failWithActual(expected.error().message);
    const Image& reference = expected.value();
    if (reference.width != actual.width || reference.height != actual.height) {
        return failWithActual(golden.string() + " is " + std::to_string(reference.width) + "x" +
                              std::to_string(reference.height) + ", the render " +
                              std::to_string(actual.width) + "x" + std::to_string(actual.height));
    }
    Image diff{actual.width, actual.height, std::vector<uint8_t>(actual.rgba.size(), 255)};
    double total = 0.0;
    int64_t outliers = 0;
    int largest = 0;
    for (size_t pixel = 0; pixel < actual.rgba.size(); pixel += 4) {
        int worst = 0;
        for (size_t channel = 0; channel < 3; ++channel) {
            const int difference = std::abs(static_cast<int>(actual.rgba[pixel + channel]) -
                                            static_cast<int>(reference.rgba[pixel + channel]));
            total += difference;
            worst = std::max(worst, difference);
            diff.rgba[pixel + channel] = static_cast<uint8_t>(std::min(255, difference * 4));
        }
        largest = std::max(largest, worst);
        if (worst > tolerance.pixelTolerance) {
            ++outliers;
            diff.rgba[pixel] = 255;
            diff.rgba[pixel + 1] = 0;
            diff.rgba[pixel + 2] = 255;
        }
    }
    const double pixels = static_cast<double>(actual.width) * actual.height;
    const double mean = total / (pixels * 3.0);
    const double outlierFraction = static_cast<double>(outliers) / pixels;
    if (es) // how far the ES render is from the desktop golden, for the log
        std::printf("%s on OpenGL ES: mean difference %.4f, %lld pixels off by more than %d, largest %d\n",
                    name.c_str(), mean, static_cast<long long>(outliers), tolerance.pixelTolerance, largest);
    if (mean <= tolerance.meanTolerance && outlierFraction <= tolerance.outlierFraction)
        return ::testing::AssertionSuccess()
               << name << ": mean difference " << mean << ", largest " << largest;
    (void)writePng(diff, diffPath);
    return failWithActual(
        name + " differs from " + golden.string() + ": mean difference " + std::to_string(mean) +
        " (allowed " + std::to_string(tolerance.meanTolerance) + "), " + std::to_string(outliers) +
        " pixels off by more than " + std::to_string(tolerance.pixelTolerance) + " (allowed " +
        std::to_string(static_cast<int64_t>(tolerance.outlierFraction * pixels)) + "), largest " +
        std::to_string(largest) + "; difference image: " + diffPath.string());
}

} // namespace vox::test
