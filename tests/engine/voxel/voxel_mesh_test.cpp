#include "vox/voxel/voxel_mesh.h"

#include "engine/voxel/test_models.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

namespace {

using vox::FaceDirection;
using vox::VoxelModel;

const glm::ivec3 kNormals[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

glm::ivec3 axisVector(int axis) {
    glm::ivec3 v(0);
    v[axis] = 1;
    return v;
}

// A unit face: the filled cell it belongs to and its direction.
using Face = std::tuple<int, int, int, int>;

struct FaceInfo {
    uint8_t color = 0;
    std::array<int, 4> ao{};
};

// Brute force, one voxel at a time: every visible face with its colour and corner occlusion.
std::map<Face, FaceInfo> referenceFaces(const VoxelModel& model) {
    std::map<Face, FaceInfo> faces;
    const glm::ivec3 s = model.size();
    for (int z = 0; z < s.z; ++z)
        for (int y = 0; y < s.y; ++y)
            for (int x = 0; x < s.x; ++x) {
                const glm::ivec3 cell(x, y, z);
                if (!model.filled(cell))
                    continue;
                for (int d = 0; d < 6; ++d) {
                    const glm::ivec3 front = cell + kNormals[d];
                    if (model.filled(front))
                        continue;
                    const vox::FaceAxes axes = vox::faceAxes(static_cast<FaceDirection>(d));
                    const glm::ivec3 u = axisVector(axes.u), v = axisVector(axes.v);
                    const int cornerSigns[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
                    FaceInfo info;
                    info.color = model.colorIndex(cell);
                    for (int k = 0; k < 4; ++k) {
                        const int side1 = model.filled(front + cornerSigns[k][0] * u) ? 1 : 0;
                        const int side2 = model.filled(front + cornerSigns[k][1] * v) ? 1 : 0;
                        const int corner =
                            model.filled(front + cornerSigns[k][0] * u + cornerSigns[k][1] * v) ? 1 : 0;
                        info.ao[static_cast<size_t>(k)] = side1 && side2 ? 0 : 3 - side1 - side2 - corner;
                    }
                    faces[{x, y, z, d}] = info;
                }
            }
    return faces;
}

// Expands every quad into unit faces and checks that each is a visible face of the reference, covered
// once, with the right colour and with occlusion equal to the quad's bilinear interpolation.
void expectCoversExactly(const VoxelModel& model, const vox::VoxelMesh& mesh, bool checkOcclusion) {
    const std::map<Face, FaceInfo> reference = referenceFaces(model);
    std::map<Face, int> covered;
    for (const vox::PackedQuad& quad : mesh.quads) {
        const vox::QuadFields q = vox::unpackQuad(quad);
        const int d = static_cast<int>(q.direction);
        const vox::FaceAxes axes = vox::faceAxes(q.direction);
        const glm::ivec3 u = axisVector(axes.u), v = axisVector(axes.v);
        const glm::ivec3 inward = d % 2 == 0 ? -kNormals[d] : glm::ivec3(0);
        for (int j = 0; j < q.height; ++j)
            for (int i = 0; i < q.width; ++i) {
                const glm::ivec3 cell = q.origin + inward + i * u + j * v;
                const Face face{cell.x, cell.y, cell.z, d};
                ++covered[face];
                const auto it = reference.find(face);
                ASSERT_NE(it, reference.end()) << "quad covers a hidden or empty face at " << cell.x << ","
                                               << cell.y << "," << cell.z << " dir " << d;
                EXPECT_EQ(it->second.color, q.colorIndex);
                if (!checkOcclusion)
                    continue;
                const int corners[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
                for (int k = 0; k < 4; ++k) {
                    const double s = static_cast<double>(i + corners[k][0]) / q.width;
                    const double t = static_cast<double>(j + corners[k][1]) / q.height;
                    const auto& a = q.ambientOcclusion;
                    const double bilinear =
                        a[0] * (1 - s) * (1 - t) + a[1] * s * (1 - t) + a[2] * s * t + a[3] * (1 - s) * t;
                    EXPECT_NEAR(bilinear, it->second.ao[static_cast<size_t>(k)], 1e-9)
                        << "corner " << k << " of face " << cell.x << "," << cell.y << "," << cell.z
                        << " dir " << d;
                }
            }
    }
    EXPECT_EQ(covered.size(), reference.size()) << "some visible faces are not covered";
    for (const auto& [face, count] : covered)
        EXPECT_EQ(count, 1) << "a face is covered by " << count << " quads";
}

// A plain greedy mesher, cell by cell through VoxelModel::filled(), with the rules voxel_mesh.h documents:
// per direction and plane, the key of every visible face (palette index and corner occlusion); rows in
// order, u in order, each quad grown along u over faces with its key, then along v over rows whose faces
// under it all carry that key, each way only where the occlusion allows merging. The mesher must give
// exactly these quads, whatever its bit tricks.
std::vector<vox::PackedQuad> referenceGreedyQuads(const VoxelModel& model, bool greedy) {
    const std::map<Face, FaceInfo> faces = referenceFaces(model);
    std::vector<vox::PackedQuad> quads;
    for (int d = 0; d < 6; ++d) {
        const vox::FaceAxes axes = vox::faceAxes(static_cast<FaceDirection>(d));
        const int width = model.size()[axes.u], height = model.size()[axes.v];
        for (int plane = 0; plane < model.size()[axes.normal]; ++plane) {
            // Per face of the plane: -1 when there is none (or it is taken), else its key.
            std::vector<int> keys(static_cast<size_t>(width * height), -1);
            const auto at = [&](int u, int v) -> int& { return keys[static_cast<size_t>(v * width + u)]; };
            const auto cellAt = [&](int u, int v) {
                glm::ivec3 cell(0);
                cell[axes.normal] = plane;
                cell[axes.u] = u;
                cell[axes.v] = v;
                return cell;
            };
            for (int v = 0; v < height; ++v)
                for (int u = 0; u < width; ++u) {
                    const glm::ivec3 cell = cellAt(u, v);
                    const auto it = faces.find({cell.x, cell.y, cell.z, d});
                    if (it == faces.end())
                        continue;
                    int ao = 0;
                    for (int k = 0; k < 4; ++k)
                        ao |= it->second.ao[static_cast<size_t>(k)] << (2 * k);
                    at(u, v) = it->second.color | ao << 8;
                }
            for (int v = 0; v < height; ++v)
                for (int u = 0; u < width; ++u) {
                    const int key = at(u, v);
                    if (key < 0)
                        continue;
                    const int c0 = (key >> 8) & 3, c1 = (key >> 10) & 3, c2 = (key >> 12) & 3,
                              c3 = (key >> 14) & 3;
                    int u1 = u + 1, v1 = v + 1;
                    if (greedy && c0 == c1 && c3 == c2)
                        while (u1 < width && at(u1, v) == key)
                            ++u1;
                    const auto rowCarries = [&](int row) {
                        for (int i = u; i < u1; ++i)
                            if (at(i, row) != key)
                                return false;
                        return true;
                    };
                    if (greedy && c0 == c3 && c1 == c2)
                        while (v1 < height && rowCarries(v1))
                            ++v1;
                    for (int j = v; j < v1; ++j)
                        for (int i = u; i < u1; ++i)
                            at(i, j) = -1;
                    vox::QuadFields q;
                    q.origin = cellAt(u, v);
                    q.origin[axes.normal] += d % 2 == 0 ? 1 : 0;
                    q.width = u1 - u;
                    q.height = v1 - v;
                    q.direction = static_cast<FaceDirection>(d);
                    q.colorIndex = static_cast<uint8_t>(key & 255);
                    for (int k = 0; k < 4; ++k)
                        q.ambientOcclusion[static_cast<size_t>(k)] =
                            static_cast<uint8_t>((key >> (8 + 2 * k)) & 3);
                    quads.push_back(vox::packQuad(q));
                }
        }
    }
    return quads;
}

std::vector<vox::PackedQuad> sorted(std::vector<vox::PackedQuad> quads) {
    std::sort(quads.begin(), quads.end(),
              [](vox::PackedQuad a, vox::PackedQuad b) { return a.lo != b.lo ? a.lo < b.lo : a.hi < b.hi; });
    return quads;
}

TEST(VoxelMesh, PackUnpackRoundTripsExtremeFields) {
    vox::QuadFields f;
    f.origin = {256, 0, 255};
    f.width = 256;
    f.height = 1;
    f.direction = FaceDirection::NegZ;
    f.colorIndex = 255;
    f.ambientOcclusion = {0, 1, 2, 3};
    const vox::QuadFields back = vox::unpackQuad(vox::packQuad(f));
    EXPECT_EQ(back.origin, f.origin);
    EXPECT_EQ(back.width, 256);
    EXPECT_EQ(back.height, 1);
    EXPECT_EQ(back.direction, FaceDirection::NegZ);
    EXPECT_EQ(back.colorIndex, 255);
    EXPECT_EQ(back.ambientOcclusion, f.ambientOcclusion);
    // Documented layout: direction in bits 27-29 of lo, palette index in bits 16-23 of hi.
    const vox::PackedQuad packed = vox::packQuad(f);
    EXPECT_EQ((packed.lo >> 27) & 7u, 5u);
    EXPECT_EQ((packed.hi >> 16) & 255u, 255u);
    EXPECT_EQ(packed.hi >> 24, 0b11100100u);
}

TEST(VoxelMesh, SolidBlockIsSixQuads) {
    const VoxelModel block = vox::test::solidModel(glm::ivec3(8));
    const vox::VoxelMesh mesh = vox::meshVoxelModel(block);
    EXPECT_EQ(mesh.quads.size(), 6u);
    expectCoversExactly(block, mesh, true);
    for (const vox::PackedQuad& quad : mesh.quads) {
        const vox::QuadFields q = vox::unpackQuad(quad);
        EXPECT_EQ(q.width, 8);
        EXPECT_EQ(q.height, 8);
        EXPECT_EQ(q.ambientOcclusion, (std::array<uint8_t, 4>{3, 3, 3, 3}));
    }
    EXPECT_EQ(vox::meshVoxelModel(block, {.greedy = false}).quads.size(), 6u * 64u);
}

TEST(VoxelMesh, CheckerboardCannotMerge) {
    const VoxelModel board = vox::test::checkerboardModel(glm::ivec3(8));
    const vox::VoxelMesh mesh = vox::meshVoxelModel(board);
    // Every filled cell is isolated: all six faces visible, no two coplanar faces share an edge.
    EXPECT_EQ(mesh.quads.size(), 6u * static_cast<size_t>(board.voxelCount()));
    expectCoversExactly(board, mesh, true);
}

TEST(VoxelMesh, SphereGreedyCoversTheCulledFacesWithFarFewerQuads) {
    const VoxelModel sphere = vox::test::sphereModel(32);
    const vox::VoxelMesh culled = vox::meshVoxelModel(sphere, {.greedy = false});
    const vox::VoxelMesh greedy = vox::meshVoxelModel(sphere);
    const vox::VoxelMesh flat = vox::meshVoxelModel(sphere, {.greedy = true, .ambientOcclusion = false});
    EXPECT_EQ(culled.quads.size(), referenceFaces(sphere).size());
    expectCoversExactly(sphere, culled, true);
    expectCoversExactly(sphere, greedy, true);
    expectCoversExactly(sphere, flat, false);
    RecordProperty("culled", static_cast<int>(culled.quads.size()));
    RecordProperty("greedy", static_cast<int>(greedy.quads.size()));
    RecordProperty("greedyWithoutOcclusion", static_cast<int>(flat.quads.size()));
    // A voxel sphere's faces lie in thin rings, and exact occlusion forbids merging across its steps.
    EXPECT_LT(greedy.quads.size() * 5, culled.quads.size() * 4);
    EXPECT_LT(flat.quads.size() * 2, culled.quads.size());
    EXPECT_LE(flat.quads.size(), greedy.quads.size());
}

TEST(VoxelMesh, DifferentColoursDoNotMerge) {
    VoxelModel bar(glm::ivec3(4, 1, 1));
    bar.set({0, 0, 0}, 1);
    bar.set({1, 0, 0}, 1);
    bar.set({2, 0, 0}, 2);
    bar.set({3, 0, 0}, 2);
    const vox::VoxelMesh mesh = vox::meshVoxelModel(bar);
    // +x and -x: one face each; +-y and +-z: one quad per colour.
    EXPECT_EQ(mesh.quads.size(), 10u);
    expectCoversExactly(bar, mesh, true);
}

TEST(VoxelMesh, RandomModelsMatchTheBruteForceFaces) {
    const uint64_t seed = 20240601;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    vox::VoxelMesher greedy, culled({.greedy = false});
    vox::VoxelMesh mesh;
    for (int trial = 0; trial < 60; ++trial) {
        SCOPED_TRACE(testing::Message() << "trial " << trial);
        // Widths past 64 and 128 exercise rows and columns of several words.
        const glm::ivec3 size(1 + static_cast<int>(rng.below(trial % 4 == 0 ? 140 : 12)),
                              1 + static_cast<int>(rng.below(trial % 4 == 1 ? 140 : 12)),
                              1 + static_cast<int>(rng.below(10)));
        const VoxelModel model =
            vox::test::noiseModel(size, rng.nextDouble(), 1 + static_cast<int>(rng.below(3)), rng);
        greedy.mesh(model, mesh);
        expectCoversExactly(model, mesh, true);
        culled.mesh(model, mesh);
        expectCoversExactly(model, mesh, true);
    }
}

TEST(VoxelMesh, RowsOfSixtyFourAndSixtyFiveCellsMatchTheBruteForceFaces) {
    // 64 is the longest row the one-word path takes; 65 the shortest of the general path.
    const uint64_t seed = 64;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    for (const glm::ivec3 size :
         {glm::ivec3(64, 4, 3), glm::ivec3(65, 64, 2), glm::ivec3(3, 64, 65), glm::ivec3(2, 65, 64)}) {
        const VoxelModel model = vox::test::noiseModel(size, 0.6, 2, rng);
        expectCoversExactly(model, vox::meshVoxelModel(model), true);
        expectCoversExactly(model, vox::meshVoxelModel(model, {.greedy = false}), true);
        expectCoversExactly(vox::test::solidModel(size), vox::meshVoxelModel(vox::test::solidModel(size)),
                            true);
    }
}

TEST(VoxelMesh, GreedyQuadsEqualThoseOfAPlainReferenceMesher) {
    const uint64_t seed = 20261121;
    SCOPED_TRACE(testing::Message() << "seed " << seed);
    vox::Rng rng(seed);
    vox::VoxelMesher greedy, culled({.greedy = false});
    vox::VoxelMesh mesh;
    std::vector<VoxelModel> models = {vox::test::sphereModel(24),
                                      vox::test::solidModel(glm::ivec3(64, 5, 3))};
    for (int trial = 0; trial < 40; ++trial) {
        // Rows of up to 64 cells (the one-word path, 64 itself wrapping the occlusion code's rotation) and
        // longer ones (the multi-word path), dense and sparse, one to three colours.
        const int longAxis = trial % 4;
        glm::ivec3 size(1 + static_cast<int>(rng.below(12)), 1 + static_cast<int>(rng.below(12)),
                        1 + static_cast<int>(rng.below(8)));
        if (longAxis < 3)
            size[longAxis] = trial % 3 == 0 ? 64 : 1 + static_cast<int>(rng.below(80));
        models.push_back(vox::test::noiseModel(size, 0.3 + 0.6 * rng.nextDouble(),
                                               1 + static_cast<int>(rng.below(3)), rng));
    }
    for (size_t i = 0; i < models.size(); ++i) {
        const VoxelModel& model = models[i];
        SCOPED_TRACE(testing::Message() << "model " << i << ", " << model.size().x << " x " << model.size().y
                                        << " x " << model.size().z);
        greedy.mesh(model, mesh);
        EXPECT_EQ(sorted(mesh.quads), sorted(referenceGreedyQuads(model, true)));
        culled.mesh(model, mesh);
        EXPECT_EQ(sorted(mesh.quads), sorted(referenceGreedyQuads(model, false)));
    }
}

TEST(VoxelMesh, EmptyModelHasNoQuads) {
    const VoxelModel empty(glm::ivec3(5, 6, 7));
    EXPECT_TRUE(vox::meshVoxelModel(empty).quads.empty());
}

} // namespace
