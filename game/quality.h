#pragma once
// `Quality`: how much drawing work the game asks of the renderer: the QUALITY and RENDER SCALE options,
// what each level means (`QualityPreset`) and what AUTO picks on this machine (`resolveQuality`).
//
// HIGH is the full look (4x multisampling, full resolution). LOW reaches 60 frames per second at
// 1280 x 720 on a software rasteriser (Mesa's llvmpipe on two cores) and still looks good: no
// multisampling and the 3D scene at 65 % resolution, upscaled; the HUD and menus stay sharp. AUTO is LOW
// on a software rasteriser (see vox/render/software_rasterizer.h) and HIGH on a GPU. RENDER SCALE AUTO
// takes the level's scale; a percentage overrides it at either level.
//
// To make LOW cheaper still, add a field to `QualityPreset` (default: HIGH's behaviour), set it in LOW's
// row in quality.cpp and apply it in `applyQuality` (scene/apply_quality.cpp): everything that resolves or
// shows the options follows.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace invaders {

/// The QUALITY option.
enum class Quality : uint8_t {
    Auto, ///< LOW on a software rasteriser, HIGH on a GPU (the default).
    Low,  ///< Fast enough for a software rasteriser.
    High, ///< The full look.
};

/// "auto", "low", "high": as written in the settings file and taken by --quality.
/// The settings file's names of the levels, indexed by `Quality`.
inline constexpr std::array<std::string_view, 3> kQualityNames = {"auto", "low", "high"};
[[nodiscard]] std::string_view qualityName(Quality quality);
/// The quality called `name` (as `qualityName()` writes it), or nothing.
[[nodiscard]] std::optional<Quality> qualityFromName(std::string_view name);

/// What a quality level asks of the renderer.
struct QualityPreset {
    int32_t samples = 4;      ///< Multisampling of the 3D scene (vox::RendererSettings::samples).
    float renderScale = 1.0f; ///< The 3D scene's resolution (vox::RendererSettings::renderScale).
    /// Sprite batches drawn once per visible face direction (vox::RendererSettings::drawByFaceDirection):
    /// fewer vertices for a CPU's vertex stage, more draw calls.
    bool drawByFaceDirection = false;

    [[nodiscard]] bool operator==(const QualityPreset&) const = default;
};

/// The preset of `level`, Low or High (Auto is resolved first, see `resolveQuality`).
[[nodiscard]] QualityPreset qualityPreset(Quality level);

/// Smallest and largest RENDER SCALE the settings file accepts (other numbers are clamped).
inline constexpr float kMinQualityRenderScale = 0.5f;
inline constexpr float kMaxQualityRenderScale = 1.0f;
/// The RENDER SCALE values the options menu steps through after AUTO (the file may hold others in range).
inline constexpr std::array<float, 6> kRenderScaleChoices = {0.5f, 0.6f, 0.7f, 0.8f, 0.9f, 1.0f};

/// The quality in effect: the options resolved on this machine.
struct ResolvedQuality {
    Quality level = Quality::High; ///< Low or High, never Auto.
    bool automatic = false;        ///< QUALITY is AUTO.
    bool softwareRenderer = false; ///< The driver is a software rasteriser.
    QualityPreset preset;          ///< `level`'s preset with the RENDER SCALE option applied.
};

/// Resolves the QUALITY option `quality` and the RENDER SCALE option `renderScale` (none: AUTO, the
/// level's own) on a machine whose driver is (`softwareRenderer`) or is not a software rasteriser.
[[nodiscard]] ResolvedQuality resolveQuality(Quality quality, std::optional<float> renderScale,
                                             bool softwareRenderer);

/// What the options menu shows for QUALITY: "LOW", "HIGH", "AUTO (LOW: SOFTWARE RENDERER)", "AUTO (HIGH:
/// GPU)".
[[nodiscard]] std::string qualityLabel(const ResolvedQuality& resolved);
/// What the options menu shows for RENDER SCALE: "AUTO (65%)", "AUTO (100%)", "80%".
[[nodiscard]] std::string renderScaleLabel(std::optional<float> renderScale, const ResolvedQuality& resolved);
/// The RENDER SCALE after pressing Left (`change` -1) or Right (+1) from `renderScale`: AUTO, then
/// `kRenderScaleChoices` in order, wrapping around; a value between two choices moves to the neighbour.
[[nodiscard]] std::optional<float> stepRenderScale(std::optional<float> renderScale, int32_t change);

} // namespace invaders
