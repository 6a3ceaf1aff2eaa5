#include "quality.h"

#include <gtest/gtest.h>

namespace {

using invaders::Quality;
using invaders::resolveQuality;

TEST(Quality, NamesRoundTrip) {
    for (const Quality quality : {Quality::Auto, Quality::Low, Quality::High})
        EXPECT_EQ(invaders::qualityFromName(invaders::qualityName(quality)), quality);
    EXPECT_FALSE(invaders::qualityFromName("medium").has_value());
    EXPECT_FALSE(invaders::qualityFromName("").has_value());
}

TEST(Quality, HighIsTodaysLookAndLowIsCheaper) {
    const invaders::QualityPreset high = invaders::qualityPreset(Quality::High);
    EXPECT_EQ(high.samples, 4);
    EXPECT_EQ(high.renderScale, 1.0f);
    EXPECT_FALSE(high.drawByFaceDirection) << "a GPU keeps one draw call per batch";
    const invaders::QualityPreset low = invaders::qualityPreset(Quality::Low);
    EXPECT_EQ(low.samples, 1);
    EXPECT_GE(low.renderScale, 0.6f);
    EXPECT_LT(low.renderScale, 1.0f);
    EXPECT_TRUE(low.drawByFaceDirection);
}

TEST(Quality, AutoIsLowOnASoftwareRasteriserAndHighOnAGpu) {
    const invaders::ResolvedQuality software = resolveQuality(Quality::Auto, std::nullopt, true);
    EXPECT_EQ(software.level, Quality::Low);
    EXPECT_TRUE(software.automatic);
    EXPECT_EQ(software.preset, invaders::qualityPreset(Quality::Low));
    EXPECT_EQ(invaders::qualityLabel(software), "AUTO (LOW: SOFTWARE RENDERER)");

    const invaders::ResolvedQuality gpu = resolveQuality(Quality::Auto, std::nullopt, false);
    EXPECT_EQ(gpu.level, Quality::High);
    EXPECT_EQ(gpu.preset, invaders::qualityPreset(Quality::High));
    EXPECT_EQ(invaders::qualityLabel(gpu), "AUTO (HIGH: GPU)");
}

TEST(Quality, AChosenLevelHoldsOnAnyDriver) {
    for (const bool software : {false, true}) {
        EXPECT_EQ(resolveQuality(Quality::High, std::nullopt, software).preset,
                  invaders::qualityPreset(Quality::High));
        EXPECT_EQ(resolveQuality(Quality::Low, std::nullopt, software).preset,
                  invaders::qualityPreset(Quality::Low));
        EXPECT_EQ(invaders::qualityLabel(resolveQuality(Quality::Low, std::nullopt, software)), "LOW");
        EXPECT_EQ(invaders::qualityLabel(resolveQuality(Quality::High, std::nullopt, software)), "HIGH");
    }
}

TEST(Quality, ARenderScaleOverridesTheLevelsOwnAndKeepsItsSamples) {
    const invaders::ResolvedQuality high = resolveQuality(Quality::High, 0.8f, true);
    EXPECT_EQ(high.preset.renderScale, 0.8f);
    EXPECT_EQ(high.preset.samples, 4);
    EXPECT_EQ(invaders::renderScaleLabel(0.8f, high), "80%");
    const invaders::ResolvedQuality low = resolveQuality(Quality::Auto, std::nullopt, true);
    EXPECT_EQ(invaders::renderScaleLabel(std::nullopt, low), "AUTO (65%)");
    EXPECT_EQ(invaders::renderScaleLabel(std::nullopt, resolveQuality(Quality::High, std::nullopt, true)),
              "AUTO (100%)");
    EXPECT_EQ(resolveQuality(Quality::Low, 0.1f, false).preset.renderScale, invaders::kMinQualityRenderScale);
}

TEST(Quality, RenderScaleStepsThroughAutoAndEveryChoiceBothWays) {
    std::optional<float> scale;
    std::vector<std::optional<float>> right;
    for (size_t i = 0; i <= invaders::kRenderScaleChoices.size(); ++i) {
        scale = invaders::stepRenderScale(scale, +1);
        right.push_back(scale);
    }
    ASSERT_EQ(right.size(), invaders::kRenderScaleChoices.size() + 1);
    for (size_t i = 0; i < invaders::kRenderScaleChoices.size(); ++i)
        EXPECT_EQ(right[i], invaders::kRenderScaleChoices[i]);
    EXPECT_FALSE(right.back().has_value()) << "after 100% comes AUTO again";
    EXPECT_EQ(invaders::stepRenderScale(std::nullopt, -1), 1.0f);
    EXPECT_FALSE(invaders::stepRenderScale(0.5f, -1).has_value());
    EXPECT_EQ(invaders::stepRenderScale(0.9f, -1), 0.8f);
    // A hand-written value between two choices goes to its neighbours.
    EXPECT_EQ(invaders::stepRenderScale(0.75f, -1), 0.7f);
    EXPECT_EQ(invaders::stepRenderScale(0.75f, +1), 0.8f);
    EXPECT_EQ(invaders::stepRenderScale(0.55f, -1), 0.5f);
}

} // namespace
