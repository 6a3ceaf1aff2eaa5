// TreeSettings and GridSettings (issue 33): every value out of its documented range is an error naming the
// field and the value, from `validate()` and `create`; the constructors report it to the assert handler in
// every build (this suite builds Release in CI) and fall back to the default for each bad field.

#include "vox/broadphase/brute_force_broadphase.h"
#include "vox/broadphase/dynamic_aabb_tree.h"
#include "vox/broadphase/grid_broadphase.h"
#include "vox/core/rng.h"

#include "engine/core/assert_capture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace {

using vox::Aabb;
using vox::GridSettings;
using vox::ProxyId;
using vox::TreeSettings;
using vox::test::AssertCapture;

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

/// One bad value of one field: how to set it, the field's name and the value as the message prints it.
template <class Settings>
struct BadValue {
    void (*apply)(Settings&);
    const char* field;
    const char* printed;
};

const std::vector<BadValue<TreeSettings>>& badTreeValues() {
    static const std::vector<BadValue<TreeSettings>> values{
        {[](TreeSettings& s) { s.margin = -1.0f; }, "TreeSettings::margin", "-1"},
        {[](TreeSettings& s) { s.margin = -1e-6f; }, "TreeSettings::margin", "-1e-06"},
        {[](TreeSettings& s) { s.margin = kNan; }, "TreeSettings::margin", "nan"},
        {[](TreeSettings& s) { s.margin = kInf; }, "TreeSettings::margin", "inf"},
        {[](TreeSettings& s) { s.margin = -kInf; }, "TreeSettings::margin", "-inf"},
        {[](TreeSettings& s) { s.margin = 2e15f; }, "TreeSettings::margin", "2e+15"},
        {[](TreeSettings& s) { s.predictionFactor = -0.5f; }, "TreeSettings::predictionFactor", "-0.5"},
        {[](TreeSettings& s) { s.predictionFactor = kNan; }, "TreeSettings::predictionFactor", "nan"},
        {[](TreeSettings& s) { s.predictionFactor = kInf; }, "TreeSettings::predictionFactor", "inf"},
        {[](TreeSettings& s) { s.predictionFactor = 2e6f; }, "TreeSettings::predictionFactor", "2e+06"},
        {[](TreeSettings& s) { s.stepSeconds = 0.0f; }, "TreeSettings::stepSeconds", "0"},
        {[](TreeSettings& s) { s.stepSeconds = -0.25f; }, "TreeSettings::stepSeconds", "-0.25"},
        {[](TreeSettings& s) { s.stepSeconds = kNan; }, "TreeSettings::stepSeconds", "nan"},
        {[](TreeSettings& s) { s.stepSeconds = kInf; }, "TreeSettings::stepSeconds", "inf"},
        {[](TreeSettings& s) { s.steadyDoublings = -1; }, "TreeSettings::steadyDoublings", "-1"},
        {[](TreeSettings& s) { s.steadyDoublings = 9; }, "TreeSettings::steadyDoublings", "9"},
        {[](TreeSettings& s) { s.steadyDoublings = std::numeric_limits<int32_t>::max(); },
         "TreeSettings::steadyDoublings", "2147483647"},
        {[](TreeSettings& s) { s.steadyDoublings = std::numeric_limits<int32_t>::min(); },
         "TreeSettings::steadyDoublings", "-2147483648"},
        {[](TreeSettings& s) { s.steadyMarginScale = -0.1f; }, "TreeSettings::steadyMarginScale", "-0.1"},
        {[](TreeSettings& s) { s.steadyMarginScale = 1.5f; }, "TreeSettings::steadyMarginScale", "1.5"},
        {[](TreeSettings& s) { s.steadyMarginScale = kNan; }, "TreeSettings::steadyMarginScale", "nan"},
        {[](TreeSettings& s) { s.steadyMarginScale = kInf; }, "TreeSettings::steadyMarginScale", "inf"},
        {[](TreeSettings& s) { s.gridMode = static_cast<vox::TreeGridMode>(7); }, "TreeSettings::gridMode",
         "7"},
    };
    return values;
}

const std::vector<BadValue<GridSettings>>& badGridValues() {
    static const std::vector<BadValue<GridSettings>> values{
        {[](GridSettings& s) { s.cellSize = 0.0f; }, "GridSettings::cellSize", "0"},
        {[](GridSettings& s) { s.cellSize = -2.0f; }, "GridSettings::cellSize", "-2"},
        {[](GridSettings& s) { s.cellSize = kNan; }, "GridSettings::cellSize", "nan"},
        {[](GridSettings& s) { s.cellSize = kInf; }, "GridSettings::cellSize", "inf"},
        {[](GridSettings& s) { s.maxCellsPerProxy = 0; }, "GridSettings::maxCellsPerProxy", "0"},
        {[](GridSettings& s) { s.maxCellsPerProxy = -5; }, "GridSettings::maxCellsPerProxy", "-5"},
        {[](GridSettings& s) { s.maxCellsPerRay = 0; }, "GridSettings::maxCellsPerRay", "0"},
        {[](GridSettings& s) { s.maxCellsPerRay = std::numeric_limits<int32_t>::min(); },
         "GridSettings::maxCellsPerRay", "-2147483648"},
    };
    return values;
}

/// "<field> is <value>;": the start of the sentence about one bad field.
std::string sentenceFor(const char* field, const char* printed) {
    return std::string(field) + " is " + printed + "; it must be ";
}

/// A few boxes moved for a few steps in `broadphase` and in a brute force: the pairs must be the same.
template <class Broadphase>
void expectSamePairsAsBruteForce(Broadphase& broadphase) {
    vox::BruteForceBroadphase reference;
    vox::Rng rng(0x33);
    SCOPED_TRACE("seed 0x33");
    std::vector<ProxyId> ids, referenceIds;
    std::vector<glm::vec3> centres;
    for (uint64_t i = 0; i < 40; ++i) {
        centres.emplace_back(rng.uniform(0.0f, 12.0f), rng.uniform(0.0f, 12.0f), rng.uniform(0.0f, 12.0f));
        const Aabb box{centres.back() - 0.6f, centres.back() + 0.6f};
        ids.push_back(broadphase.createProxy(box, i).value());
        referenceIds.push_back(reference.createProxy(box, i).value());
    }
    for (int step = 0; step < 30; ++step) {
        for (size_t i = 0; i < ids.size(); ++i) {
            const glm::vec3 move(rng.uniform(-0.3f, 0.3f), rng.uniform(-0.3f, 0.3f),
                                 rng.uniform(-0.3f, 0.3f));
            centres[i] += move;
            const Aabb box{centres[i] - 0.6f, centres[i] + 0.6f};
            ASSERT_TRUE(broadphase.moveProxy(ids[i], box, move));
            ASSERT_TRUE(reference.moveProxy(referenceIds[i], box, move));
        }
        const auto pairs = [](auto& bp) {
            std::vector<uint64_t> keys;
            bp.updatePairs([&](ProxyId, ProxyId, uint64_t a, uint64_t b) {
                keys.push_back(std::min(a, b) << 32 | std::max(a, b));
            });
            std::sort(keys.begin(), keys.end());
            return keys;
        };
        ASSERT_EQ(pairs(broadphase), pairs(reference)) << "step " << step;
    }
}

TEST(TreeSettings, DefaultsAndTheEndsOfEveryRangeAreValid) {
    EXPECT_TRUE(TreeSettings{}.validate().ok());
    for (const TreeSettings& settings :
         {TreeSettings{
              .margin = 0.0f, .predictionFactor = 0.0f, .steadyDoublings = 0, .steadyMarginScale = 0.0f},
          TreeSettings{.margin = TreeSettings::kMaxMargin,
          .predictionFactor = TreeSettings::kMaxPredictionFactor,
          .stepSeconds = 1e-9f,
          .steadyDoublings = TreeSettings::kMaxSteadyDoublings,
          .steadyMarginScale = 1.0f}}) {
        const vox::Status status = settings.validate();
        EXPECT_TRUE(status.ok()) << status.error().message;
        EXPECT_TRUE(vox::DynamicAabbTree::create(settings).ok());
    }
}

TEST(TreeSettings, EveryBadValueOfEveryFieldIsAnErrorNamingTheFieldAndTheValue) {
    for (const auto& bad : badTreeValues()) {
        TreeSettings settings;
        bad.apply(settings);
        const std::string expected = sentenceFor(bad.field, bad.printed);
        SCOPED_TRACE(expected);
        const vox::Status status = settings.validate();
        ASSERT_FALSE(status.ok());
        EXPECT_EQ(status.error().message.rfind(expected, 0), 0u) << status.error().message;
        const vox::Result<vox::DynamicAabbTree> tree = vox::DynamicAabbTree::create(settings);
        ASSERT_FALSE(tree.ok());
        EXPECT_EQ(tree.error().message, status.error().message);
    }
}

TEST(TreeSettings, TheMessageSaysTheAllowedRange) {
    const vox::Status status = TreeSettings{.margin = -1.0f}.validate();
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().message,
              "TreeSettings::margin is -1; it must be finite, >= 0 and <= 1e+15 (world units).");
}

TEST(TreeSettings, SeveralBadFieldsAreAllNamed) {
    const vox::Status status =
        TreeSettings{.margin = kNan, .stepSeconds = 0.0f, .steadyDoublings = 12}.validate();
    ASSERT_FALSE(status.ok());
    const std::string& message = status.error().message;
    EXPECT_NE(message.find("TreeSettings::margin is nan"), std::string::npos) << message;
    EXPECT_NE(message.find("TreeSettings::stepSeconds is 0"), std::string::npos) << message;
    EXPECT_NE(message.find("TreeSettings::steadyDoublings is 12"), std::string::npos) << message;
    EXPECT_EQ(message.find("predictionFactor"), std::string::npos) << message;
}

TEST(TreeSettings, TheConstructorReportsEveryBadValueToTheHandlerAndFallsBackToTheDefault) {
    const TreeSettings defaults;
    for (const auto& bad : badTreeValues()) {
        TreeSettings settings{.margin = 0.5f,
                              .predictionFactor = 3.0f,
                              .stepSeconds = 0.01f,
                              .steadyDoublings = 2,
                              .steadyMarginScale = 0.5f};
        bad.apply(settings);
        SCOPED_TRACE(sentenceFor(bad.field, bad.printed));
        AssertCapture capture;
        const vox::DynamicAabbTree tree(settings);
        ASSERT_EQ(AssertCapture::reports().size(), 1u);
        const std::string& message = AssertCapture::reports()[0].message;
        EXPECT_NE(message.find(sentenceFor(bad.field, bad.printed)), std::string::npos) << message;
        EXPECT_NE(message.find("default"), std::string::npos) << message;
        // The bad field takes its default; the others are kept.
        const TreeSettings& used = tree.settings();
        EXPECT_TRUE(used.validate().ok());
        const std::string field = bad.field;
        EXPECT_EQ(used.margin, field == "TreeSettings::margin" ? defaults.margin : 0.5f);
        EXPECT_EQ(used.predictionFactor,
                  field == "TreeSettings::predictionFactor" ? defaults.predictionFactor : 3.0f);
        EXPECT_EQ(used.stepSeconds, field == "TreeSettings::stepSeconds" ? defaults.stepSeconds : 0.01f);
        EXPECT_EQ(used.steadyDoublings,
                  field == "TreeSettings::steadyDoublings" ? defaults.steadyDoublings : 2);
        EXPECT_EQ(used.steadyMarginScale,
                  field == "TreeSettings::steadyMarginScale" ? defaults.steadyMarginScale : 0.5f);
    }
}

TEST(TreeSettings, ValidSettingsReportNothing) {
    AssertCapture capture;
    const vox::DynamicAabbTree tree(TreeSettings{.margin = 0.0f, .predictionFactor = 0.0f});
    EXPECT_TRUE(AssertCapture::reports().empty());
}

TEST(TreeSettings, TheFallbackTreeFindsTheSamePairsAsABruteForce) {
    AssertCapture capture;
    vox::DynamicAabbTree tree(TreeSettings{.margin = kNan,
                                           .predictionFactor = -kInf,
                                           .stepSeconds = 0.0f,
                                           .steadyDoublings = 40,
                                           .steadyMarginScale = 7.0f});
    EXPECT_EQ(AssertCapture::reports().size(), 1u);
    expectSamePairsAsBruteForce(tree);
    const vox::Status status = tree.validate();
    EXPECT_TRUE(status.ok()) << status.error().message;
}

TEST(TreeSettings, TheDefaultHandlerAbortsInEveryBuild) {
    // This suite builds Release in CI: the report must not depend on NDEBUG.
    EXPECT_DEATH(vox::DynamicAabbTree(TreeSettings{.margin = -1.0f}),
                 "TreeSettings::margin is -1; it must be finite");
}

TEST(TreeSettings, TheReportNamesTheEngineSourceRelativeToTheRepository) {
    AssertCapture capture;
    const vox::DynamicAabbTree tree(TreeSettings{.stepSeconds = -1.0f});
    ASSERT_EQ(AssertCapture::reports().size(), 1u);
    const std::string& file = AssertCapture::reports()[0].file;
    EXPECT_NE(file.front(), '/') << file;
    EXPECT_EQ(file.find(VOX_TEST_SOURCE_DIR), std::string::npos) << file;
    EXPECT_TRUE(file.ends_with("engine/src/broadphase/dynamic_aabb_tree.cpp")) << file;
}

TEST(GridSettings, DefaultsAndTheEndsOfEveryRangeAreValid) {
    EXPECT_TRUE(GridSettings{}.validate().ok());
    const GridSettings smallest{1e-6f, 1, 1};
    const vox::Status status = smallest.validate();
    EXPECT_TRUE(status.ok()) << status.error().message;
    EXPECT_TRUE(vox::GridBroadphase::create(smallest).ok());
}

TEST(GridSettings, EveryBadValueOfEveryFieldIsAnErrorNamingTheFieldAndTheValue) {
    for (const auto& bad : badGridValues()) {
        GridSettings settings;
        bad.apply(settings);
        const std::string expected = sentenceFor(bad.field, bad.printed);
        SCOPED_TRACE(expected);
        const vox::Status status = settings.validate();
        ASSERT_FALSE(status.ok());
        EXPECT_EQ(status.error().message.rfind(expected, 0), 0u) << status.error().message;
        const vox::Result<vox::GridBroadphase> grid = vox::GridBroadphase::create(settings);
        ASSERT_FALSE(grid.ok());
        EXPECT_EQ(grid.error().message, status.error().message);
    }
    const vox::Status cellSize = GridSettings{.cellSize = 0.0f}.validate();
    ASSERT_FALSE(cellSize.ok());
    EXPECT_EQ(cellSize.error().message,
              "GridSettings::cellSize is 0; it must be finite and > 0 (world units).");
}

TEST(GridSettings, TheConstructorReportsEveryBadValueToTheHandlerAndFallsBackToTheDefault) {
    for (const auto& bad : badGridValues()) {
        GridSettings settings{1.5f, 27, 256};
        bad.apply(settings);
        SCOPED_TRACE(sentenceFor(bad.field, bad.printed));
        AssertCapture capture;
        vox::GridBroadphase grid(settings);
        ASSERT_EQ(AssertCapture::reports().size(), 1u);
        const std::string& message = AssertCapture::reports()[0].message;
        EXPECT_NE(message.find(sentenceFor(bad.field, bad.printed)), std::string::npos) << message;
        expectSamePairsAsBruteForce(grid);
        EXPECT_EQ(AssertCapture::reports().size(), 1u);
    }
}

TEST(GridSettings, TheDefaultHandlerAbortsInEveryBuild) {
    EXPECT_DEATH(vox::GridBroadphase(GridSettings{.cellSize = kNan}), "GridSettings::cellSize is nan");
}

} // namespace
