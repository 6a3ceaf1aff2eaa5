#include "sim/game_assets.h"

#include "vox/voxel/palette.h"

#include <string>
#include <string_view>

namespace invaders {
namespace {

// Palette indices of the built-in models.
enum Color : uint8_t { White = 1, Green = 2, Red = 3, Magenta = 4, Cyan = 5, Yellow = 6, Orange = 7 };

vox::Palette builtinPalette() {
    vox::Palette palette = vox::magicaVoxelDefaultPalette();
    palette[White] = vox::packRgba(235, 235, 240);
    palette[Green] = vox::packRgba(60, 230, 90);
    palette[Red] = vox::packRgba(240, 60, 60);
    palette[Magenta] = vox::packRgba(220, 80, 230);
    palette[Cyan] = vox::packRgba(70, 210, 240);
    palette[Yellow] = vox::packRgba(250, 220, 70);
    palette[Orange] = vox::packRgba(250, 150, 50);
    return palette;
}

// A model from rows of text, top row first: '#' is a voxel of `color` through all `depth` layers, '+' a
// voxel only in the middle layers (a relief), anything else empty.
vox::VoxelModel fromRows(std::initializer_list<std::string_view> rows, int32_t depth, uint8_t color) {
    const int32_t height = static_cast<int32_t>(rows.size());
    const int32_t width = static_cast<int32_t>(rows.begin()->size());
    vox::VoxelModel model({width, height, depth});
    model.setPalette(builtinPalette());
    int32_t y = height - 1;
    for (std::string_view row : rows) {
        for (int32_t x = 0; x < width && x < static_cast<int32_t>(row.size()); ++x) {
            for (int32_t z = 0; z < depth; ++z) {
                const bool middle = z > 0 && z < depth - 1;
                if (row[static_cast<size_t>(x)] == '#' || (row[static_cast<size_t>(x)] == '+' && middle))
                    model.set({x, y, z}, color);
            }
        }
        --y;
    }
    return model;
}

vox::Status checkFits(const vox::VoxelModel& model, std::string_view name, int32_t width, int32_t height) {
    const glm::ivec3 size = model.size();
    if (model.voxelCount() == 0) {
        return vox::Error{std::string(name) + " has no voxels; every game model needs at least one"};
    }
    if (size.x > width || size.y > height) {
        return vox::Error{std::string(name) + " is " + std::to_string(size.x) + " x " +
                          std::to_string(size.y) + " voxels; it must fit in " + std::to_string(width) +
                          " x " + std::to_string(height)};
    }
    return {};
}

} // namespace

GameAssets builtinGameAssets() {
    constexpr int32_t kDepth = 4;
    GameAssets assets;
    assets.invaders[static_cast<size_t>(InvaderType::Octopus)] = {
        fromRows({"....####....", ".##########.", "############", "###..##..###", "############",
                  "..###..###..", ".##..##..##.", "##........##"},
                 kDepth, Cyan),
        fromRows({"....####....", ".##########.", "############", "###..##..###", "############",
                  "...##..##...", "..##.##.##..", "...##..##..."},
                 kDepth, Cyan)};
    assets.invaders[static_cast<size_t>(InvaderType::Crab)] = {
        fromRows({"..#.....#..", "#..#...#..#", "#.#######.#", "###.###.###", "###########", ".#########.",
                  "..#.....#..", ".#.......#."},
                 kDepth, Magenta),
        fromRows({"..#.....#..", "...#...#...", "..#######..", ".##.###.##.", "###########", "#.#######.#",
                  "#.#.....#.#", "...##.##..."},
                 kDepth, Magenta)};
    assets.invaders[static_cast<size_t>(InvaderType::Squid)] = {
        fromRows(
            {"...##...", "..####..", ".######.", "##.##.##", "########", "..#..#..", ".#.##.#.", "#.#..#.#"},
            kDepth, Yellow),
        fromRows(
            {"...##...", "..####..", ".######.", "##.##.##", "########", ".#.##.#.", "#......#", ".#....#."},
            kDepth, Yellow)};
    assets.cannon = fromRows({".......#.......", "......###......", "....#######....", "..###########..",
                              ".#############.", "###############", "###############", "##.##.....##.##"},
                             kDepth, Green);
    assets.saucer = fromRows({".....######.....", "...##########...", "..############..", ".##.##.##.##.##.",
                              "################", "..###..##..###..", "...#........#..."},
                             kDepth, Red);
    assets.playerShot = fromRows({"#", "#", "#", "#"}, 2, White);
    assets.alienShots[static_cast<size_t>(AlienShotType::Rolling)] = {
        fromRows({".#.", ".#.", ".#.", ".##", ".#.", "##.", ".#.", ".#."}, 2, White),
        fromRows({".#.", ".#.", "##.", ".#.", ".##", ".#.", ".#.", ".#."}, 2, White),
        fromRows({".#.", "##.", ".#.", ".##", ".#.", ".#.", ".#.", ".#."}, 2, White),
        fromRows({".#.", ".#.", ".##", ".#.", "##.", ".#.", ".#.", ".#."}, 2, White)};
    assets.alienShots[static_cast<size_t>(AlienShotType::Plunger)] = {
        fromRows({"###", ".#.", ".#.", ".#.", ".#.", ".#.", ".#.", ".#."}, 2, White),
        fromRows({".#.", ".#.", "###", ".#.", ".#.", ".#.", ".#.", ".#."}, 2, White),
        fromRows({".#.", ".#.", ".#.", ".#.", "###", ".#.", ".#.", ".#."}, 2, White),
        fromRows({".#.", ".#.", ".#.", ".#.", ".#.", ".#.", "###", ".#."}, 2, White)};
    assets.alienShots[static_cast<size_t>(AlienShotType::Squiggly)] = {
        fromRows({"#..", ".#.", "..#", ".#.", "#..", ".#.", "..#", ".#."}, 2, Orange),
        fromRows({".#.", "..#", ".#.", "#..", ".#.", "..#", ".#.", "#.."}, 2, Orange),
        fromRows({"..#", ".#.", "#..", ".#.", "..#", ".#.", "#..", ".#."}, 2, Orange),
        fromRows({".#.", "#..", ".#.", "..#", ".#.", "#..", ".#.", "..#"}, 2, Orange)};
    assets.shield = fromRows({"....##############....", "...################...", "..##################..",
                              ".####################.", "######################", "######################",
                              "######################", "######################", "######################",
                              "######################", "######################", "######################",
                              "#######........#######", "######..........######", "######..........######",
                              "######..........######"},
                             kDepth, Green);
    // The stencils are shapes, not sprites: only their silhouettes matter (see extrudeSilhouette).
    assets.playerShotExplosion = fromRows(
        {"#..#..#.", "..####..", ".######.", "########", ".######.", "..####..", ".#.##.#.", "#..#...#"}, 1,
        White);
    assets.alienShotExplosion =
        fromRows({"#.#..#", ".####.", "######", ".####.", "#.##.#", ".#..#."}, 1, White);
    assets.invaderExplosion = fromRows({"....#...#....", ".#...#.#...#.", "..#.......#..", "...#.....#...",
                                        "##.........##", "...#.....#...", "..#..#.#..#..", ".#..#...#..#."},
                                       2, White);
    return assets;
}

vox::Status validateGameAssets(const GameAssets& assets) {
    const char* const typeNames[] = {"octopus invader", "crab invader", "squid invader"};
    const char* const shotNames[] = {"rolling shot", "plunger shot", "squiggly shot"};
    for (size_t type = 0; type < 3; ++type) {
        for (size_t frame = 0; frame < 2; ++frame) {
            const std::string name = std::string(typeNames[type]) + " frame " + std::to_string(frame);
            if (vox::Status status = checkFits(assets.invaders[type][frame], name, 16, 16); !status)
                return status;
        }
        for (size_t frame = 0; frame < 4; ++frame) {
            const std::string name = std::string(shotNames[type]) + " frame " + std::to_string(frame);
            if (vox::Status status = checkFits(assets.alienShots[type][frame], name, 3, 8); !status)
                return status;
        }
    }
    struct Box {
        const vox::VoxelModel& model;
        const char* name;
        int32_t width;
        int32_t height;
    };
    const Box boxes[] = {{assets.cannon, "cannon", 16, 8},
                         {assets.saucer, "saucer", 24, 8},
                         {assets.playerShot, "player shot", 1, 8},
                         {assets.shield, "shield", 22, 16},
                         {assets.playerShotExplosion, "player shot explosion", 16, 16},
                         {assets.alienShotExplosion, "invader shot explosion", 16, 16},
                         {assets.invaderExplosion, "invader explosion", 16, 16}};
    for (const Box& box : boxes)
        if (vox::Status status = checkFits(box.model, box.name, box.width, box.height); !status)
            return status;
    return {};
}

vox::VoxelModel extrudeSilhouette(const vox::VoxelModel& model, int32_t depth) {
    const glm::ivec3 size = model.size();
    vox::VoxelModel extruded({size.x, size.y, depth});
    for (int32_t y = 0; y < size.y; ++y)
        for (int32_t x = 0; x < size.x; ++x)
            for (int32_t z = 0; z < size.z; ++z)
                if (model.filled({x, y, z})) {
                    for (int32_t layer = 0; layer < depth; ++layer)
                        extruded.set({x, y, layer}, 1);
                    break;
                }
    return extruded;
}

} // namespace invaders
