#pragma once
// Applying a quality preset to the renderer: apart from quality.h, which stays free of GL and the renderer
// (the settings parser and its fuzzer use it).

#include "quality.h"

#include "vox/render/scene_renderer.h"

namespace invaders {

/// Sets `renderer`'s multisampling and render scale to `preset`'s (cheap when nothing changed: the
/// renderer makes new framebuffers only for a new value).
void applyQuality(vox::SceneRenderer& renderer, const QualityPreset& preset);

/// The settings the game's renderers are made with (the quality preset is applied after): no GPU timer,
/// which nothing in the game reads and which slows a software rasteriser (RendererSettings::gpuTiming).
[[nodiscard]] vox::RendererSettings gameRendererSettings();

} // namespace invaders
