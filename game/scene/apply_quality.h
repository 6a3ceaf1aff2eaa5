#pragma once
// Applying a quality preset to the renderer: apart from quality.h, which stays free of GL and the renderer
// (the settings parser and its fuzzer use it).

#include "quality.h"

namespace vox {
class SceneRenderer;
}

namespace invaders {

/// Sets `renderer`'s multisampling and render scale to `preset`'s (cheap when nothing changed: the
/// renderer makes new framebuffers only for a new value).
void applyQuality(vox::SceneRenderer& renderer, const QualityPreset& preset);

} // namespace invaders
