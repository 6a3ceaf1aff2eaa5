// The colour-blind-safe palette: the sprites a player must tell apart (the three invader types, the four
// shots) stay apart in colour under simulated deuteranopia, protanopia and tritanopia (Machado, Oliveira and
// Fernandes 2009, full severity), every colour stands out on the night sky, and their shapes differ too, so
// colour is never the only cue.
#include "scene/color_blind_palette.h"

#include "sim/asset_loader.h"
#include "sim/game_assets.h"
#include "sim/sim_types.h"

#include "vox/voxel/palette.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace invaders {
namespace {

using Matrix = std::array<std::array<float, 3>, 3>;

struct Vision {
    const char* name;
    Matrix matrix; // linear RGB to the linear RGB seen
};

// Machado et al. 2009, severity 1.0.
const std::array<Vision, 4> kVisions = {{
    {"normal", {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}},
    {"protanopia",
     {{{0.152286f, 1.052583f, -0.204868f},
       {0.114503f, 0.786281f, 0.099216f},
       {-0.003882f, -0.048116f, 1.051998f}}}},
    {"deuteranopia",
     {{{0.367322f, 0.860646f, -0.227968f},
       {0.280085f, 0.672501f, 0.047413f},
       {-0.011820f, 0.042940f, 0.968881f}}}},
    {"tritanopia",
     {{{1.255528f, -0.076749f, -0.178779f},
       {-0.078411f, 0.930809f, 0.147602f},
       {0.004733f, 0.691367f, 0.303900f}}}},
}};

// Least CIE 1976 colour difference (ΔE*ab) between two sprites that must be told apart: 20 is well past a
// glance's "different colour" (2.3 is barely noticeable).
constexpr float kMinDifference = 20.0f;
// Least CIELAB lightness of a sprite colour: it stands out on the black sky under every vision.
constexpr float kMinLightness = 50.0f;

float srgbToLinear(uint32_t rgba, int shift) {
    const float c = static_cast<float>((rgba >> shift) & 0xFFu) / 255.0f;
    return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

// CIELAB (D65) of `rgba` as seen with `vision`.
std::array<float, 3> labSeen(uint32_t rgba, const Vision& vision) {
    const std::array<float, 3> linear = {srgbToLinear(rgba, 0), srgbToLinear(rgba, 8),
                                         srgbToLinear(rgba, 16)};
    std::array<float, 3> seen{};
    for (int i = 0; i < 3; ++i) {
        float sum = 0.0f;
        for (int j = 0; j < 3; ++j)
            sum += vision.matrix[i][j] * linear[j];
        seen[i] = std::clamp(sum, 0.0f, 1.0f);
    }
    const float x = (0.4124f * seen[0] + 0.3576f * seen[1] + 0.1805f * seen[2]) / 0.95047f;
    const float y = 0.2126f * seen[0] + 0.7152f * seen[1] + 0.0722f * seen[2];
    const float z = (0.0193f * seen[0] + 0.1192f * seen[1] + 0.9505f * seen[2]) / 1.08883f;
    const auto f = [](float t) { return t > 0.008856f ? std::cbrt(t) : 7.787f * t + 16.0f / 116.0f; };
    return {116.0f * f(y) - 16.0f, 500.0f * (f(x) - f(y)), 200.0f * (f(y) - f(z))};
}

float difference(const std::array<float, 3>& a, const std::array<float, 3>& b) {
    return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) +
                     (a[2] - b[2]) * (a[2] - b[2]));
}

struct Named {
    std::string name;
    uint32_t rgba;
};

void expectApartUnderEveryVision(const std::vector<Named>& colors) {
    for (const Vision& vision : kVisions) {
        for (size_t i = 0; i < colors.size(); ++i) {
            const std::array<float, 3> a = labSeen(colors[i].rgba, vision);
            EXPECT_GE(a[0], kMinLightness) << colors[i].name << " is too dark with " << vision.name;
            for (size_t j = i + 1; j < colors.size(); ++j) {
                const float apart = difference(a, labSeen(colors[j].rgba, vision));
                EXPECT_GE(apart, kMinDifference)
                    << colors[i].name << " and " << colors[j].name << " look alike with " << vision.name;
            }
        }
    }
}

TEST(ColorBlindPalette, InvaderTypesStayApartUnderEveryColourVision) {
    const ColorBlindPalette palette = colorBlindPalette();
    expectApartUnderEveryVision({{"octopus", palette.invaders[static_cast<size_t>(InvaderType::Octopus)]},
                                 {"crab", palette.invaders[static_cast<size_t>(InvaderType::Crab)]},
                                 {"squid", palette.invaders[static_cast<size_t>(InvaderType::Squid)]}});
}

TEST(ColorBlindPalette, ShotTypesStayApartUnderEveryColourVision) {
    const ColorBlindPalette palette = colorBlindPalette();
    expectApartUnderEveryVision(
        {{"player shot", palette.playerShot},
         {"rolling", palette.alienShots[static_cast<size_t>(AlienShotType::Rolling)]},
         {"plunger", palette.alienShots[static_cast<size_t>(AlienShotType::Plunger)]},
         {"squiggly", palette.alienShots[static_cast<size_t>(AlienShotType::Squiggly)]}});
}

// The check itself tells colours apart only when they are: red and green, the classic confusion, fail it
// with deuteranopia and protanopia though they pass with normal vision.
TEST(ColorBlindPalette, TheSimulationConfusesRedAndGreen) {
    const uint32_t red = vox::packRgba(180, 80, 60);
    const uint32_t green = vox::packRgba(110, 120, 60);
    EXPECT_GE(difference(labSeen(red, kVisions[0]), labSeen(green, kVisions[0])), kMinDifference);
    EXPECT_LT(difference(labSeen(red, kVisions[1]), labSeen(green, kVisions[1])), kMinDifference);
    EXPECT_LT(difference(labSeen(red, kVisions[2]), labSeen(green, kVisions[2])), kMinDifference);
}

// The x-y silhouette of `model`, bottom-aligned and centred in a `width` x `height` box.
std::vector<bool> silhouette(const vox::VoxelModel& model, int width, int height) {
    std::vector<bool> cells(static_cast<size_t>(width * height), false);
    const glm::ivec3 size = model.size();
    const int left = (width - size.x) / 2;
    for (int y = 0; y < size.y && y < height; ++y)
        for (int x = 0; x < size.x; ++x)
            for (int z = 0; z < size.z; ++z)
                if (model.filled({x, y, z}) && left + x >= 0 && left + x < width)
                    cells[static_cast<size_t>(y * width + left + x)] = true;
    return cells;
}

int differingCells(const std::vector<bool>& a, const std::vector<bool>& b) {
    int count = 0;
    for (size_t i = 0; i < a.size(); ++i)
        count += a[i] != b[i] ? 1 : 0;
    return count;
}

// Shapes differ as well as colours (the game's own models, assets/): every frame of each invader type
// differs from every frame of the others in at least 8 cells. Shots are told apart by their animation, as
// in the arcade: the cells each type's frames cover together (what the eye sees of a falling shot within a
// few steps) differ from every other type's, the player's included, in at least 3 of a shot's 3 x 8. (Single
// frames may coincide: the rolling shot's fourth and the plunger's third are both a stem with one bar.)
TEST(ColorBlindPalette, InvaderAndShotTypesDifferInShape) {
    vox::Result<GameAssets> loaded = loadGameAssets("assets");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const GameAssets& assets = loaded.value();
    for (size_t a = 0; a < 3; ++a)
        for (size_t b = a + 1; b < 3; ++b)
            for (const vox::VoxelModel& first : assets.invaders[a])
                for (const vox::VoxelModel& second : assets.invaders[b])
                    EXPECT_GE(differingCells(silhouette(first, 16, 16), silhouette(second, 16, 16)), 8)
                        << "invader types " << a << " and " << b;
    std::vector<std::vector<const vox::VoxelModel*>> shots(4);
    for (size_t type = 0; type < 3; ++type)
        for (const vox::VoxelModel& frame : assets.alienShots[type])
            shots[type].push_back(&frame);
    shots[3].push_back(&assets.playerShot);
    const auto animation = [&](size_t type) {
        std::vector<bool> cells(3 * 8, false);
        for (const vox::VoxelModel* frame : shots[type]) {
            const std::vector<bool> one = silhouette(*frame, 3, 8);
            for (size_t i = 0; i < cells.size(); ++i)
                cells[i] = cells[i] || one[i];
        }
        return cells;
    };
    for (size_t a = 0; a < shots.size(); ++a)
        for (size_t b = a + 1; b < shots.size(); ++b)
            EXPECT_GE(differingCells(animation(a), animation(b)), 3)
                << "shot animations " << a << " and " << b;
}

// Recolouring keeps the grid and turns the model's brightest colour into the target, darker colours into
// proportionally darker shades of it.
TEST(ColorBlindPalette, RecoloringKeepsTheShapeAndTheShading) {
    vox::VoxelModel model({2, 1, 1});
    vox::Palette palette = model.palette();
    palette[1] = vox::packRgba(200, 200, 200);
    palette[2] = vox::packRgba(100, 100, 100);
    model.setPalette(palette);
    model.set({0, 0, 0}, 1);
    model.set({1, 0, 0}, 2);
    const vox::VoxelModel changed = recolored(model, vox::packRgba(240, 120, 0));
    EXPECT_EQ(changed.size(), model.size());
    EXPECT_EQ(changed.colorIndex({0, 0, 0}), 1);
    EXPECT_EQ(changed.colorIndex({1, 0, 0}), 2);
    EXPECT_EQ(changed.rgba({0, 0, 0}), vox::packRgba(240, 120, 0));
    EXPECT_EQ(changed.rgba({1, 0, 0}), vox::packRgba(120, 60, 0));
}

} // namespace
} // namespace invaders
