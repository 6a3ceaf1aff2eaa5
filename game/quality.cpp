#include "quality.h"

#include "enum_names.h"

#include <algorithm>
#include <cmath>

namespace invaders {
namespace {

// LOW: multisampling off (on llvmpipe 4x costs about as much as the rest of the frame) and 65 % of the
// resolution each way (42 % of the pixels), upscaled linearly: edges soften a little, shots and
// silhouettes stay clear, and the HUD is drawn sharp on top. 65 %, not 70 %: that leaves the frame at
// 1280 x 720 on two cores a margin under 16.7 ms (docs/benchmarks.md, "Figures that were in source
// comments"). Sprites
// drawn by face direction: a software rasteriser shades vertices on the game's thread, and a third fewer
// of them is worth a few more draw calls.
constexpr QualityPreset kLow{1, 0.65f, true};
constexpr QualityPreset kHigh{4, 1.0f, false};

std::string percent(float scale) {
    return std::to_string(static_cast<int>(std::lround(scale * 100.0f))) + "%";
}

} // namespace

std::string_view qualityName(Quality quality) {
    return enumName(kQualityNames, quality);
}

std::optional<Quality> qualityFromName(std::string_view name) {
    return enumFromName<Quality>(kQualityNames, name);
}

QualityPreset qualityPreset(Quality level) {
    return level == Quality::Low ? kLow : kHigh;
}

ResolvedQuality resolveQuality(Quality quality, std::optional<float> renderScale, bool softwareRenderer) {
    ResolvedQuality resolved;
    resolved.automatic = quality == Quality::Auto;
    resolved.softwareRenderer = softwareRenderer;
    resolved.level = resolved.automatic ? (softwareRenderer ? Quality::Low : Quality::High) : quality;
    resolved.preset = qualityPreset(resolved.level);
    if (renderScale)
        resolved.preset.renderScale =
            std::clamp(*renderScale, kMinQualityRenderScale, kMaxQualityRenderScale);
    return resolved;
}

std::string qualityLabel(const ResolvedQuality& resolved) {
    const std::string level = resolved.level == Quality::Low ? "LOW" : "HIGH";
    if (!resolved.automatic)
        return level;
    return "AUTO (" + level + (resolved.softwareRenderer ? ": SOFTWARE RENDERER)" : ": GPU)");
}

std::string renderScaleLabel(std::optional<float> renderScale, const ResolvedQuality& resolved) {
    if (!renderScale)
        return "AUTO (" + percent(resolved.preset.renderScale) + ")";
    return percent(*renderScale);
}

std::optional<float> stepRenderScale(std::optional<float> renderScale, int32_t change) {
    // Positions: 0 is AUTO, 1.. the choices.
    constexpr int32_t kPositions = static_cast<int32_t>(kRenderScaleChoices.size()) + 1;
    int32_t position = 0;
    if (renderScale) {
        // The first choice at or above the value; a value between two moves to the neighbour it is between.
        const auto* at =
            std::lower_bound(kRenderScaleChoices.begin(), kRenderScaleChoices.end(), *renderScale - 1e-4f);
        position = static_cast<int32_t>(at - kRenderScaleChoices.begin()) + 1;
        const bool exact = at != kRenderScaleChoices.end() && std::abs(*at - *renderScale) < 1e-4f;
        if (!exact) {
            // Left goes to the choice below, Right to the one above: each one press away.
            if (change < 0)
                position -= 1;
            position = std::min(position, kPositions - 1);
            change = 0;
        }
    }
    position = ((position + change) % kPositions + kPositions) % kPositions;
    if (position == 0)
        return std::nullopt;
    return kRenderScaleChoices[static_cast<std::size_t>(position - 1)];
}

} // namespace invaders
