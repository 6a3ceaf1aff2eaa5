// Misuse of the calls that take poses and brick hierarchies (issue 33): a pose that is not a rotation and a
// translation, and bricks that do not describe their model, are reported to the assert handler in every
// build (this suite builds Release in CI) and answer "no contact".

#include "vox/voxel/voxel_bricks.h"
#include "vox/voxel/voxel_oriented_narrowphase.h"
#include "vox/voxel/voxel_pose.h"

#include "engine/core/assert_capture.h"
#include "engine/geometry/random_boxes.h"
#include "engine/voxel/test_models.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include <limits>
#include <string>
#include <vector>

namespace {

using vox::VoxelBricks;
using vox::VoxelContact;
using vox::VoxelModel;
using vox::VoxelPose;
using vox::test::AssertCapture;

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

/// Poses that are not `isValid()`, each with a part of the message that says why.
struct BadPose {
    VoxelPose pose;
    const char* why;
};

std::vector<BadPose> badPoses() {
    const glm::mat3 turn = glm::mat3_cast(glm::angleAxis(0.7f, glm::normalize(glm::vec3(1.0f, 2.0f, 3.0f))));
    glm::mat3 shear(1.0f);
    shear[1][0] = 0.2f;
    glm::mat3 nanEntry = turn;
    nanEntry[2][1] = kNan;
    return {
        {{glm::vec3(0.0f), glm::mat3(2.0f)}, "not orthonormal"},
        {{glm::vec3(0.0f), turn * 1.001f}, "not orthonormal"},
        {{glm::vec3(0.0f), turn * shear}, "not orthonormal"},
        {{glm::vec3(0.0f), glm::mat3(0.0f)}, "not orthonormal"},
        {{glm::vec3(0.0f),
          glm::mat3(glm::vec3(1.0f, 0.0f, 0.0f), glm::vec3(0.0f, 1.0f, 0.0f), glm::vec3(0.0f, 0.0f, -1.0f))},
         "mirror"},
        {{glm::vec3(0.0f), -turn}, "mirror"},
        {{glm::vec3(0.0f), nanEntry}, "NaN or infinite entry"},
        {{glm::vec3(1.0f, kNan, 0.0f), turn}, "position (1, nan, 0) is not finite"},
        {{glm::vec3(kInf, 0.0f, 0.0f), glm::mat3(1.0f)}, "position (inf, 0, 0) is not finite"},
    };
}

TEST(VoxelPose, RotationsAndTranslationsAreValid) {
    EXPECT_TRUE(VoxelPose{}.isValid());
    EXPECT_TRUE((VoxelPose{glm::vec3(-1e6f, 3.5f, 1e6f), glm::mat3(1.0f)}.isValid()));
    vox::Rng rng(0x3305);
    SCOPED_TRACE("seed 0x3305");
    for (int i = 0; i < 1000; ++i)
        EXPECT_TRUE((
            VoxelPose{glm::vec3(rng.uniform(-100.0f, 100.0f)), vox::testing::randomRotation(rng)}.isValid()));
    // Quarter turns, and drift within the tolerance.
    EXPECT_TRUE(
        (VoxelPose{glm::vec3(0.0f), glm::mat3(glm::vec3(0, 1, 0), glm::vec3(-1, 0, 0), glm::vec3(0, 0, 1))}
             .isValid()));
    EXPECT_TRUE(
        (VoxelPose{glm::vec3(0.0f), glm::mat3(1.0f + 0.25f * VoxelPose::kRotationTolerance)}.isValid()));
}

TEST(VoxelPose, ScaleShearMirrorsAndNonFiniteValuesAreInvalid) {
    for (const BadPose& bad : badPoses()) {
        SCOPED_TRACE(bad.why);
        EXPECT_FALSE(bad.pose.isValid());
    }
    EXPECT_FALSE(
        (VoxelPose{glm::vec3(0.0f), glm::mat3(1.0f + 2.0f * VoxelPose::kRotationTolerance)}.isValid()));
}

TEST(VoxelPose, EveryNarrowphaseCallReportsABadPoseAndAnswersNoContact) {
    // Two solid models at the same place touch everywhere; a bad pose of either must not answer otherwise
    // silently (2 x identity used to answer "no overlap" here without a word).
    const VoxelModel model = vox::test::solidModel(glm::ivec3(6));
    const VoxelBricks bricks = VoxelBricks::build(model);
    const VoxelPose good;
    ASSERT_TRUE(vox::orientedVoxelsOverlap(model, bricks, good, model, bricks, good));
    for (const BadPose& bad : badPoses()) {
        for (const bool badIsA : {true, false}) {
            SCOPED_TRACE(std::string(bad.why) + (badIsA ? " as poseA" : " as poseB"));
            const VoxelPose& poseA = badIsA ? bad.pose : good;
            const VoxelPose& poseB = badIsA ? good : bad.pose;
            const std::string argument = badIsA ? "poseA" : "poseB";
            AssertCapture capture;
            EXPECT_FALSE(vox::orientedVoxelsOverlap(model, bricks, poseA, model, bricks, poseB));
            EXPECT_FALSE(vox::firstOrientedContact(model, bricks, poseA, model, bricks, poseB).has_value());
            std::vector<VoxelContact> contacts(3);
            EXPECT_EQ(vox::collectOrientedContacts(model, bricks, poseA, model, bricks, poseB, contacts), 0);
            EXPECT_EQ(contacts.size(), 3u);
            EXPECT_FALSE(vox::gridOffsetBetween(poseA, model.size(), poseB, model.size()).has_value());
            const std::vector<vox::test::AssertReport>& reports = AssertCapture::reports();
            ASSERT_EQ(reports.size(), 4u);
            const char* calls[] = {"orientedVoxelsOverlap", "firstOrientedContact", "collectOrientedContacts",
                                   "gridOffsetBetween"};
            for (size_t k = 0; k < reports.size(); ++k) {
                const std::string& message = reports[k].message;
                EXPECT_EQ(
                    message.rfind(std::string(calls[k]) + ": " + argument + " is not a valid VoxelPose", 0),
                    0u)
                    << message;
                EXPECT_TRUE(contains(message, bad.why)) << message;
                EXPECT_TRUE(contains(message, "glm::mat3_cast")) << message;
            }
        }
    }
}

TEST(VoxelPose, WorldBoxReportsABadPoseAndKeepsTheIdentityRotation) {
    const VoxelModel model = vox::test::solidModel(glm::ivec3(4, 2, 6));
    const VoxelBricks bricks = VoxelBricks::build(model);
    AssertCapture capture;
    const vox::Obb box = bricks.worldBox(VoxelPose{glm::vec3(10.0f, 0.0f, 0.0f), glm::mat3(2.0f)});
    ASSERT_EQ(AssertCapture::reports().size(), 1u);
    EXPECT_TRUE(contains(AssertCapture::reports()[0].message,
                         "VoxelBricks::worldBox: pose is not a valid VoxelPose"));
    EXPECT_EQ(box.rotation, glm::mat3(1.0f));
    EXPECT_EQ(box.center, glm::vec3(12.0f, 1.0f, 3.0f));
    EXPECT_EQ(box.halfExtents, glm::vec3(2.0f, 1.0f, 3.0f));
}

TEST(VoxelPose, TheDefaultHandlerAbortsOnABadPoseInEveryBuild) {
    const VoxelModel model = vox::test::solidModel(glm::ivec3(3));
    const VoxelBricks bricks = VoxelBricks::build(model);
    EXPECT_DEATH((void)vox::orientedVoxelsOverlap(model, bricks, {}, model, bricks,
                                                  {glm::vec3(0.0f), glm::mat3(2.0f)}),
                 "orientedVoxelsOverlap: poseB is not a valid VoxelPose");
}

TEST(VoxelBricks, FingerprintFollowsTheFilledCellsNotTheirColours) {
    VoxelModel model(glm::ivec3(9, 5, 7));
    EXPECT_EQ(model.occupancyFingerprint(), 0u);
    model.set({1, 2, 3}, 5);
    const uint64_t one = model.occupancyFingerprint();
    EXPECT_NE(one, 0u);
    model.set({1, 2, 3}, 9); // another colour: the same cells
    EXPECT_EQ(model.occupancyFingerprint(), one);
    model.set({4, 0, 6}, 1);
    EXPECT_NE(model.occupancyFingerprint(), one);
    model.set({4, 0, 6}, 0);
    EXPECT_EQ(model.occupancyFingerprint(), one);
    // The same cells filled in another order.
    VoxelModel other(glm::ivec3(9, 5, 7));
    other.set({4, 0, 6}, 2);
    other.set({1, 2, 3}, 2);
    other.set({4, 0, 6}, 0);
    EXPECT_EQ(other.occupancyFingerprint(), one);
}

TEST(VoxelBricks, MatchOnlyTheModelTheyWereBuiltFromAsItIsNow) {
    VoxelModel model = vox::test::sphereModel(8);
    const VoxelBricks bricks = VoxelBricks::build(model);
    EXPECT_TRUE(bricks.matches(model));
    EXPECT_TRUE(bricks.matches(VoxelModel(model))); // a copy has the same cells
    // Another model of the same size and voxel count: caught by the fingerprint.
    VoxelModel moved = model;
    const glm::ivec3 filled(4, 4, 0);
    ASSERT_TRUE(moved.filled(filled));
    moved.set(filled, 0);
    moved.set({0, 0, 0}, 1);
    ASSERT_EQ(moved.voxelCount(), model.voxelCount());
    EXPECT_FALSE(bricks.matches(moved));
    EXPECT_FALSE(bricks.matches(vox::test::checkerboardModel(glm::ivec3(8))));
    EXPECT_FALSE(bricks.matches(vox::test::sphereModel(9)));
    // A change of the model itself, until the bricks are built again.
    model.set(filled, 0);
    EXPECT_FALSE(bricks.matches(model));
    EXPECT_TRUE(VoxelBricks::build(model).matches(model));
}

TEST(VoxelBricks, TheNarrowphaseReportsBricksOfAnotherModelAndAnswersNoContact) {
    const VoxelModel sphere = vox::test::sphereModel(8);
    const VoxelModel solid = vox::test::solidModel(glm::ivec3(8));
    const VoxelBricks sphereBricks = VoxelBricks::build(sphere);
    const VoxelBricks solidBricks = VoxelBricks::build(solid);
    const VoxelPose turned{glm::vec3(2.0f, 1.0f, 0.5f),
                           glm::mat3_cast(glm::angleAxis(0.4f, glm::vec3(0, 0, 1)))};
    ASSERT_TRUE(vox::orientedVoxelsOverlap(sphere, sphereBricks, {}, sphere, sphereBricks, turned));
    for (const bool swapA : {true, false}) {
        SCOPED_TRACE(swapA ? "bricksA of another model" : "bricksB of another model");
        const VoxelBricks& bricksA = swapA ? solidBricks : sphereBricks;
        const VoxelBricks& bricksB = swapA ? sphereBricks : solidBricks;
        AssertCapture capture;
        EXPECT_FALSE(vox::orientedVoxelsOverlap(sphere, bricksA, {}, sphere, bricksB, turned));
        EXPECT_FALSE(vox::firstOrientedContact(sphere, bricksA, {}, sphere, bricksB, turned).has_value());
        std::vector<VoxelContact> contacts;
        EXPECT_EQ(vox::collectOrientedContacts(sphere, bricksA, {}, sphere, bricksB, turned, contacts), 0);
        EXPECT_TRUE(contacts.empty());
        ASSERT_EQ(AssertCapture::reports().size(), 3u);
        for (const vox::test::AssertReport& report : AssertCapture::reports()) {
            const std::string wrong =
                swapA ? "bricksA were not built from model a" : "bricksB were not built from model b";
            EXPECT_TRUE(contains(report.message, wrong)) << report.message;
            EXPECT_TRUE(contains(report.message, "VoxelBricks::build(model)")) << report.message;
            EXPECT_TRUE(contains(report.message, "8x8x8 model with 512 filled voxels")) << report.message;
        }
    }
}

TEST(VoxelBricks, TheNarrowphaseReportsBricksLeftBehindByAChangeThatKeepsTheCount) {
    VoxelModel model = vox::test::solidModel(glm::ivec3(4));
    const VoxelBricks bricks = VoxelBricks::build(model);
    model.set({0, 0, 0}, 0); // emptied and filled again (in another colour): the same cells
    model.set({0, 0, 0}, 3);
    EXPECT_TRUE(bricks.matches(model));
    // One cell emptied and another filled after the build: the size and voxel count alone would not see it.
    VoxelModel swapped = vox::test::solidModel(glm::ivec3(4));
    swapped.set({3, 3, 3}, 0);
    const VoxelBricks swappedBricks = VoxelBricks::build(swapped);
    swapped.set({3, 3, 3}, 1);
    swapped.set({0, 0, 0}, 0);
    ASSERT_EQ(swapped.voxelCount(), swappedBricks.voxelCount());
    AssertCapture capture;
    EXPECT_FALSE(vox::orientedVoxelsOverlap(model, bricks, {}, swapped, swappedBricks, {}));
    ASSERT_EQ(AssertCapture::reports().size(), 1u);
    EXPECT_TRUE(contains(AssertCapture::reports()[0].message, "bricksB were not built from model b"));
}

TEST(VoxelBricks, TheDefaultHandlerAbortsOnBricksOfAnotherModelInEveryBuild) {
    const VoxelModel a = vox::test::solidModel(glm::ivec3(3));
    const VoxelModel b = vox::test::sphereModel(6);
    const VoxelBricks bricksA = VoxelBricks::build(a);
    EXPECT_DEATH((void)vox::orientedVoxelsOverlap(a, bricksA, {}, b, bricksA, {}),
                 "orientedVoxelsOverlap: bricksB were not built from model b");
}

} // namespace
