#include "vox/voxel/voxel_oriented_narrowphase.h"

#include "engine/geometry/intersection_reference.h"
#include "engine/voxel/random_poses.h"
#include "engine/voxel/test_models.h"
#include "vox/voxel/vox_file.h"
#include "vox/voxel/voxel_narrowphase.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>
#include <glm/matrix.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace {

using vox::VoxelBricks;
using vox::VoxelContact;
using vox::VoxelModel;
using vox::VoxelPose;

// Pairs of voxels whose verdict could change by moving a face this much (voxels) are left out of the
// comparison: the reference, which works from float poses, cannot say which side of the tolerance they lie.
constexpr double kMargin = 1e-3;

bool contactLess(const VoxelContact& p, const VoxelContact& q) {
    const auto key = [](const VoxelContact& c) {
        return std::array<int, 6>{c.cellA.z, c.cellA.y, c.cellA.x, c.cellB.z, c.cellB.y, c.cellB.x};
    };
    return key(p) < key(q);
}

void sortContacts(std::vector<VoxelContact>& contacts) {
    std::sort(contacts.begin(), contacts.end(), contactLess);
}

vox::Obb voxelBox(const VoxelPose& pose, glm::ivec3 cell) {
    return {pose.position + pose.rotation * (glm::vec3(cell) + 0.5f), glm::vec3(0.5f), pose.rotation};
}

// The reference: every pair of filled voxels whose centres are close enough for their cubes to meet (within
// the sum of the circumspheres' radii, sqrt(3)), each pair decided on its own by a different method (an
// edge of one cube clipped against the other, in double; tests/engine/geometry/intersection_reference.h),
// with the cubes shrunk and grown by kMargin: a pair still overlapping when shrunk interpenetrates by at
// least 2 kMargin (it touches); a pair apart when grown is apart. The rest are near touching.
struct ReferenceContacts {
    std::vector<VoxelContact> touching;
    std::vector<VoxelContact> nearTouching;
};

ReferenceContacts referenceContacts(const VoxelModel& a, const VoxelPose& poseA, const VoxelModel& b,
                                    const VoxelPose& poseB) {
    ReferenceContacts result;
    const glm::dmat3 toA = glm::inverse(glm::dmat3(poseA.rotation));
    const glm::ivec3 sizeB = b.size();
    const double reach = std::sqrt(3.0) * (1.0 + 2.0 * kMargin);
    for (int z = 0; z < sizeB.z; ++z)
        for (int y = 0; y < sizeB.y; ++y)
            for (int x = 0; x < sizeB.x; ++x) {
                const glm::ivec3 cellB(x, y, z);
                if (!b.filled(cellB))
                    continue;
                const glm::dvec3 world =
                    glm::dvec3(poseB.position) + glm::dmat3(poseB.rotation) * (glm::dvec3(cellB) + 0.5);
                const glm::dvec3 inA = toA * (world - glm::dvec3(poseA.position));
                // Clamped to A's grid, which also skips at once the cells of B far from it.
                const glm::ivec3 low = glm::max(glm::ivec3(glm::ceil(inA - 0.5 - reach)), glm::ivec3(0));
                const glm::ivec3 high =
                    glm::min(glm::ivec3(glm::floor(inA - 0.5 + reach)), a.size() - glm::ivec3(1));
                for (int az = low.z; az <= high.z; ++az)
                    for (int ay = low.y; ay <= high.y; ++ay)
                        for (int ax = low.x; ax <= high.x; ++ax) {
                            const glm::ivec3 cellA(ax, ay, az);
                            if (!a.filled(cellA))
                                continue;
                            const double distance = glm::length(glm::dvec3(cellA) + 0.5 - inA);
                            if (distance > reach)
                                continue;
                            // Inscribed spheres of the shrunk cubes overlapping: the shrunk cubes do.
                            if (distance < 1.0 - 2.0 * kMargin - 1e-6) {
                                result.touching.push_back({cellA, cellB});
                                continue;
                            }
                            bool overlapping = false;
                            if (!vox::testing::clearOfTouching(voxelBox(poseA, cellA), voxelBox(poseB, cellB),
                                                               kMargin, overlapping))
                                result.nearTouching.push_back({cellA, cellB});
                            else if (overlapping)
                                result.touching.push_back({cellA, cellB});
                        }
            }
    sortContacts(result.touching);
    sortContacts(result.nearTouching);
    return result;
}

struct PosedModel {
    std::string name;
    VoxelModel model;
    VoxelBricks bricks;
};

PosedModel posed(std::string name, VoxelModel model) {
    VoxelBricks bricks = VoxelBricks::build(model);
    return {std::move(name), std::move(model), std::move(bricks)};
}

std::string describe(const VoxelPose& pose) {
    const glm::quat q = glm::quat_cast(pose.rotation);
    return "position (" + std::to_string(pose.position.x) + ", " + std::to_string(pose.position.y) + ", " +
           std::to_string(pose.position.z) + "), rotation quaternion (" + std::to_string(q.w) + ", " +
           std::to_string(q.x) + ", " + std::to_string(q.y) + ", " + std::to_string(q.z) + ")";
}

// Tallies over a suite of random poses, reported as test properties.
struct Tally {
    int poses = 0;
    int touchingPoses = 0;
    int64_t touchingPairs = 0;
    int64_t nearTouchingPairs = 0;
    int undecidedPoses = 0; // no clear contact, some near-touching pairs: either verdict is right
};

// The oriented narrowphase against the reference at one pose: contacts equal up to near-touching pairs,
// the verdicts and the first contact consistent, and B against A the mirror of A against B.
void expectMatchesReference(const PosedModel& a, const PosedModel& b, const vox::testing::PosePair& poses,
                            Tally& tally) {
    SCOPED_TRACE(a.name + " at " + describe(poses.a) + " against " + b.name + " at " + describe(poses.b));
    const ReferenceContacts expected = referenceContacts(a.model, poses.a, b.model, poses.b);
    std::vector<VoxelContact> contacts;
    const int32_t count =
        vox::collectOrientedContacts(a.model, a.bricks, poses.a, b.model, b.bricks, poses.b, contacts);
    ASSERT_EQ(count, static_cast<int32_t>(contacts.size()));
    sortContacts(contacts);
    EXPECT_TRUE(std::adjacent_find(contacts.begin(), contacts.end()) == contacts.end()) << "a pair twice";

    std::vector<VoxelContact> missing;
    std::set_difference(expected.touching.begin(), expected.touching.end(), contacts.begin(), contacts.end(),
                        std::back_inserter(missing), contactLess);
    std::vector<VoxelContact> extra;
    std::set_difference(contacts.begin(), contacts.end(), expected.touching.begin(), expected.touching.end(),
                        std::back_inserter(extra), contactLess);
    std::vector<VoxelContact> wrong;
    std::set_difference(extra.begin(), extra.end(), expected.nearTouching.begin(),
                        expected.nearTouching.end(), std::back_inserter(wrong), contactLess);
    EXPECT_TRUE(missing.empty()) << missing.size() << " touching pairs missed, the first A ("
                                 << missing[0].cellA.x << ", " << missing[0].cellA.y << ", "
                                 << missing[0].cellA.z << ") B (" << missing[0].cellB.x << ", "
                                 << missing[0].cellB.y << ", " << missing[0].cellB.z << ")";
    EXPECT_TRUE(wrong.empty()) << wrong.size() << " pairs reported that do not touch, the first A ("
                               << wrong[0].cellA.x << ", " << wrong[0].cellA.y << ", " << wrong[0].cellA.z
                               << ") B (" << wrong[0].cellB.x << ", " << wrong[0].cellB.y << ", "
                               << wrong[0].cellB.z << ")";

    const bool overlapping =
        vox::orientedVoxelsOverlap(a.model, a.bricks, poses.a, b.model, b.bricks, poses.b);
    const std::optional<VoxelContact> first =
        vox::firstOrientedContact(a.model, a.bricks, poses.a, b.model, b.bricks, poses.b);
    EXPECT_EQ(overlapping, !contacts.empty());
    EXPECT_EQ(first.has_value(), overlapping);
    if (first) {
        EXPECT_TRUE(std::binary_search(contacts.begin(), contacts.end(), *first, contactLess));
    }
    if (!expected.touching.empty())
        EXPECT_TRUE(overlapping);
    else if (expected.nearTouching.empty())
        EXPECT_FALSE(overlapping);
    else
        ++tally.undecidedPoses;

    std::vector<VoxelContact> mirrored;
    vox::collectOrientedContacts(b.model, b.bricks, poses.b, a.model, a.bricks, poses.a, mirrored);
    for (VoxelContact& contact : mirrored)
        std::swap(contact.cellA, contact.cellB);
    sortContacts(mirrored);
    std::vector<VoxelContact> asymmetric;
    std::set_symmetric_difference(contacts.begin(), contacts.end(), mirrored.begin(), mirrored.end(),
                                  std::back_inserter(asymmetric), contactLess);
    // Only pairs at the tolerance may come out differently, by rounding.
    std::vector<VoxelContact> asymmetricClear;
    std::set_difference(asymmetric.begin(), asymmetric.end(), expected.nearTouching.begin(),
                        expected.nearTouching.end(), std::back_inserter(asymmetricClear), contactLess);
    EXPECT_TRUE(asymmetricClear.empty()) << asymmetricClear.size() << " pairs differ with A and B swapped";

    ++tally.poses;
    tally.touchingPoses += expected.touching.empty() ? 0 : 1;
    tally.touchingPairs += static_cast<int64_t>(expected.touching.size());
    tally.nearTouchingPairs += static_cast<int64_t>(expected.nearTouching.size());
}

void recordTally(const Tally& tally) {
    ::testing::Test::RecordProperty("poses", tally.poses);
    ::testing::Test::RecordProperty("touchingPoses", tally.touchingPoses);
    ::testing::Test::RecordProperty("touchingPairs", std::to_string(tally.touchingPairs));
    ::testing::Test::RecordProperty("nearTouchingPairsExcluded", std::to_string(tally.nearTouchingPairs));
    ::testing::Test::RecordProperty("undecidedPoses", tally.undecidedPoses);
    std::printf(
        "  %d poses, %d touching; %lld touching voxel pairs, %lld near-touching pairs excluded, %d poses "
        "undecided\n",
        tally.poses, tally.touchingPoses, static_cast<long long>(tally.touchingPairs),
        static_cast<long long>(tally.nearTouchingPairs), tally.undecidedPoses);
    // Both verdicts must be exercised.
    EXPECT_GT(tally.touchingPoses, tally.poses / 5);
    EXPECT_LT(tally.touchingPoses, tally.poses - tally.poses / 10);
}

void runRandomPoses(const std::vector<PosedModel>& models, uint64_t seed, int posesPerPair, bool withItself) {
    SCOPED_TRACE(testing::Message() << "seed 0x" << std::hex << seed);
    std::printf("  seed 0x%llx\n", static_cast<unsigned long long>(seed));
    vox::Rng rng(seed);
    Tally tally;
    for (size_t i = 0; i < models.size(); ++i)
        for (size_t j = withItself ? i : i + 1; j < models.size(); ++j)
            for (int pose = 0; pose < posesPerPair; ++pose) {
                const vox::testing::PosePair poses =
                    vox::testing::randomPosePair(rng, models[i].bricks.bounds(), models[j].bricks.bounds());
                expectMatchesReference(models[i], models[j], poses, tally);
                if (::testing::Test::HasFailure())
                    return;
            }
    recordTally(tally);
}

std::vector<PosedModel> gameModels() {
    std::vector<PosedModel> models;
    for (const char* name : {"invader_beetle", "invader_brute", "invader_jelly", "player", "saucer", "shield",
                             "shot_rolling", "shot_plunger"}) {
        const std::string path = std::string("assets/") + name + ".vox";
        vox::Result<vox::VoxFile> file = vox::readVoxFile(path);
        EXPECT_TRUE(file.ok()) << path << ": " << (file.ok() ? "" : file.error().message)
                               << " (run from the repository root)";
        if (file.ok())
            models.push_back(posed(name, std::move(file.value().models.at(0))));
    }
    return models;
}

TEST(OrientedVoxelNarrowphase, GameModelsAtRandomPosesMatchTheBruteForce) {
    const std::vector<PosedModel> models = gameModels();
    ASSERT_EQ(models.size(), 8u);
    runRandomPoses(models, 0x27A0001, 12, true);
}

TEST(OrientedVoxelNarrowphase, Shapes32AtRandomPosesMatchTheBruteForce) {
    vox::Rng shapes(0x27A0002);
    const std::vector<PosedModel> models = {
        posed("sphere32", vox::test::sphereModel(32)), posed("hollow32", vox::test::hollowBoxModel(32)),
        posed("noise32", vox::test::noiseModel(glm::ivec3(32), 0.3, 3, shapes))};
    runRandomPoses(models, 0x27A0003, 4, true);
}

TEST(OrientedVoxelNarrowphase, Shapes64AtRandomPosesMatchTheBruteForce) {
    vox::Rng shapes(0x27A0004);
    const std::vector<PosedModel> models = {
        posed("sphere64", vox::test::sphereModel(64)), posed("hollow64", vox::test::hollowBoxModel(64, 2)),
        posed("noise64", vox::test::noiseModel(glm::ivec3(64), 0.3, 3, shapes))};
    runRandomPoses(models, 0x27A0005, 2, true);
}

// The fast path of voxel_narrowphase.h gives what the oriented path gives on grid poses.
TEST(OrientedVoxelNarrowphase, GridPosesTakeTheBitRowPathAndAgreeWithTheOrientedOne) {
    const uint64_t seed = 0x27A0006;
    SCOPED_TRACE(testing::Message() << "seed 0x" << std::hex << seed);
    vox::Rng rng(seed);
    const PosedModel a = posed("noise a", vox::test::noiseModel({20, 13, 17}, 0.4, 2, rng));
    const PosedModel b = posed("noise b", vox::test::noiseModel({11, 19, 70}, 0.4, 2, rng));
    // A small turn, 8e-6 radian about a slanted axis: too large for the grid path (by gridOffsetBetween's
    // bound it could move a point by up to 150 cells x 7e-6, the largest entry it adds to the rotation),
    // yet moving no point of B (within 75 cells of its turning corner) by more than 6e-4 voxel, less than
    // the tolerance, so that no verdict changes.
    const glm::mat3 tilt =
        glm::mat3_cast(glm::angleAxis(8e-6f, glm::normalize(glm::vec3(1.0f, -2.0f, 0.5f))));
    int overlapping = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const glm::mat3 shared = vox::testing::randomRotation(rng);
        const glm::ivec3 offset(static_cast<int>(rng.below(34)) - 12, static_cast<int>(rng.below(34)) - 20,
                                static_cast<int>(rng.below(90)) - 72);
        const VoxelPose poseA{{rng.uniform(-5.0f, 5.0f), rng.uniform(-5.0f, 5.0f), rng.uniform(-5.0f, 5.0f)},
                              shared};
        const VoxelPose poseB{poseA.position + shared * glm::vec3(offset), shared};
        const VoxelPose tiltedB{poseA.position + shared * glm::vec3(offset), shared * tilt};

        const std::optional<glm::ivec3> gridOffset =
            vox::gridOffsetBetween(poseA, a.model.size(), poseB, b.model.size());
        ASSERT_TRUE(gridOffset.has_value()) << "trial " << trial;
        EXPECT_EQ(*gridOffset, offset);
        ASSERT_FALSE(vox::gridOffsetBetween(poseA, a.model.size(), tiltedB, b.model.size()).has_value());

        std::vector<glm::ivec3> cells;
        vox::collectOverlaps(a.model, glm::ivec3(0), b.model, offset, cells);
        std::vector<VoxelContact> expected;
        for (const glm::ivec3& cell : cells)
            expected.push_back({cell, cell - offset});
        sortContacts(expected);

        for (const VoxelPose& pose : {poseB, tiltedB}) {
            std::vector<VoxelContact> contacts;
            vox::collectOrientedContacts(a.model, a.bricks, poseA, b.model, b.bricks, pose, contacts);
            sortContacts(contacts);
            EXPECT_TRUE(contacts == expected)
                << "trial " << trial << (&pose == &poseB ? ", grid" : ", tilted") << ": " << contacts.size()
                << " contacts, expected " << expected.size();
            EXPECT_EQ(vox::orientedVoxelsOverlap(a.model, a.bricks, poseA, b.model, b.bricks, pose),
                      !expected.empty());
        }
        overlapping += expected.empty() ? 0 : 1;
        if (HasFailure())
            return;
    }
    EXPECT_GT(overlapping, 40);
    EXPECT_LT(overlapping, 160);
}

// Quarter turns have exact integer matrices: every cube of B lands exactly on a cell of A's grid, so the
// contacts are exactly the pairs of filled cells on the same place, face neighbours excluded.
TEST(OrientedVoxelNarrowphase, QuarterTurnsMatchCellsLandingOnTheSameCell) {
    const uint64_t seed = 0x27A0007;
    SCOPED_TRACE(testing::Message() << "seed 0x" << std::hex << seed);
    vox::Rng rng(seed);
    const PosedModel a = posed("noise a", vox::test::noiseModel({14, 9, 12}, 0.5, 2, rng));
    const PosedModel b = posed("noise b", vox::test::noiseModel({7, 15, 10}, 0.5, 2, rng));
    int overlapping = 0;
    for (int trial = 0; trial < 200; ++trial) {
        // A random signed permutation with determinant +1.
        glm::mat3 turn(0.0f); // entries 0 and +-1, exact in float
        int order[3] = {0, 1, 2};
        std::swap(order[0], order[rng.below(3)]);
        std::swap(order[1], order[1 + rng.below(2)]);
        for (int column = 0; column < 3; ++column)
            turn[column][order[column]] = rng.below(2) == 0 ? 1.0f : -1.0f;
        if (glm::determinant(turn) < 0.0f)
            turn[0] = -turn[0];
        const glm::ivec3 shift(static_cast<int>(rng.below(30)) - 15, static_cast<int>(rng.below(30)) - 15,
                               static_cast<int>(rng.below(30)) - 15);
        const VoxelPose poseA{};
        const VoxelPose poseB{glm::vec3(shift), turn};

        std::vector<VoxelContact> expected;
        for (int z = 0; z < b.model.size().z; ++z)
            for (int y = 0; y < b.model.size().y; ++y)
                for (int x = 0; x < b.model.size().x; ++x) {
                    if (!b.model.filled({x, y, z}))
                        continue;
                    // The cube [c, c + 1] turned: its lowest corner is the cell it covers.
                    const glm::ivec3 corner0 = shift + glm::ivec3(turn * glm::vec3(x, y, z));
                    const glm::ivec3 corner1 = shift + glm::ivec3(turn * glm::vec3(x + 1, y + 1, z + 1));
                    const glm::ivec3 cellA = glm::min(corner0, corner1);
                    if (a.model.filled(cellA))
                        expected.push_back({cellA, {x, y, z}});
                }
        sortContacts(expected);
        std::vector<VoxelContact> contacts;
        vox::collectOrientedContacts(a.model, a.bricks, poseA, b.model, b.bricks, poseB, contacts);
        sortContacts(contacts);
        ASSERT_TRUE(contacts == expected)
            << "trial " << trial << ": " << contacts.size() << " contacts, expected " << expected.size();
        overlapping += expected.empty() ? 0 : 1;
    }
    EXPECT_GT(overlapping, 40);
    EXPECT_LT(overlapping, 160);
}

// The tolerance: face neighbours at any rotation do not touch, voxels overlapping by twice it do, by half
// of it do not.
TEST(OrientedVoxelNarrowphase, VoxelsTouchWhenTheyInterpenetrateByMoreThanTheTolerance) {
    VoxelModel single(glm::ivec3(1));
    single.set({0, 0, 0}, 1);
    const VoxelBricks bricks = VoxelBricks::build(single);
    const glm::mat3 rotation =
        glm::mat3_cast(glm::angleAxis(0.9f, glm::normalize(glm::vec3(0.3f, 1.0f, -0.6f))));
    const VoxelPose poseA{{3.0f, 1.0f, -2.0f}, rotation};
    for (int axis = 0; axis < 3; ++axis)
        for (const float side : {-1.0f, 1.0f}) {
            const auto placed = [&](float distance) {
                return VoxelPose{poseA.position + rotation[axis] * (side * distance), rotation};
            };
            SCOPED_TRACE(testing::Message() << "axis " << axis << ", side " << side);
            EXPECT_FALSE(vox::orientedVoxelsOverlap(single, bricks, poseA, single, bricks, placed(1.0f)));
            EXPECT_TRUE(vox::orientedVoxelsOverlap(single, bricks, poseA, single, bricks,
                                                   placed(1.0f - 2.0f * vox::kVoxelPoseTolerance)));
            EXPECT_FALSE(vox::orientedVoxelsOverlap(single, bricks, poseA, single, bricks,
                                                    placed(1.0f - 0.5f * vox::kVoxelPoseTolerance)));
            EXPECT_FALSE(vox::orientedVoxelsOverlap(single, bricks, poseA, single, bricks, placed(1.5f)));
        }
    // Edge to edge, B turned 45 degrees about A's z axis and its edge pushed into A's by 2 tolerances.
    const glm::mat3 turned =
        rotation * glm::mat3_cast(glm::angleAxis(0.785398163f, glm::vec3(0.0f, 0.0f, 1.0f)));
    const float apart = 0.5f + 0.5f * std::sqrt(2.0f);
    const auto edgePose = [&](float distance) {
        // Centres on A's x axis; B's corner-most edge points at A's face.
        const glm::vec3 centerB = poseA.position + rotation * glm::vec3(0.5f) + rotation[0] * distance;
        return VoxelPose{centerB - turned * glm::vec3(0.5f), turned};
    };
    EXPECT_FALSE(vox::orientedVoxelsOverlap(single, bricks, poseA, single, bricks, edgePose(apart)));
    EXPECT_TRUE(vox::orientedVoxelsOverlap(single, bricks, poseA, single, bricks,
                                           edgePose(apart - 2.0f * vox::kVoxelPoseTolerance)));
    EXPECT_FALSE(vox::orientedVoxelsOverlap(single, bricks, poseA, single, bricks,
                                            edgePose(apart - 0.5f * vox::kVoxelPoseTolerance)));
}

TEST(OrientedVoxelNarrowphase, EmptyModelsTouchNothing) {
    const PosedModel empty = posed("empty", VoxelModel(glm::ivec3(5)));
    const PosedModel full = posed("full", vox::test::solidModel(glm::ivec3(5)));
    std::vector<VoxelContact> contacts;
    EXPECT_FALSE(vox::orientedVoxelsOverlap(empty.model, empty.bricks, {}, full.model, full.bricks, {}));
    EXPECT_EQ(
        vox::collectOrientedContacts(full.model, full.bricks, {}, empty.model, empty.bricks, {}, contacts),
        0);
    // The same solid model on itself: every cell against itself, none against a neighbour.
    const VoxelPose turned{{0.0f, 0.0f, 0.0f},
                           glm::mat3_cast(glm::angleAxis(0.3f, glm::vec3(0.0f, 1.0f, 0.0f)))};
    EXPECT_EQ(vox::collectOrientedContacts(full.model, full.bricks, turned, full.model, full.bricks, turned,
                                           contacts),
              125);
}

} // namespace
