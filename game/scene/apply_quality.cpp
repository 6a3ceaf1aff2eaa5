#include "scene/apply_quality.h"

#include "vox/render/scene_renderer.h"

namespace invaders {

void applyQuality(vox::SceneRenderer& renderer, const QualityPreset& preset) {
    if (renderer.samples() != preset.samples)
        renderer.setSamples(preset.samples);
    if (renderer.renderScale() != preset.renderScale)
        renderer.setRenderScale(preset.renderScale);
    renderer.setDrawByFaceDirection(preset.drawByFaceDirection);
}

} // namespace invaders
