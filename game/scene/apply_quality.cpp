#include "scene/apply_quality.h"

namespace invaders {

void applyQuality(vox::SceneRenderer& renderer, const QualityPreset& preset) {
    if (renderer.samples() != preset.samples)
        renderer.setSamples(preset.samples);
    if (renderer.renderScale() != preset.renderScale)
        renderer.setRenderScale(preset.renderScale);
    renderer.setDrawByFaceDirection(preset.drawByFaceDirection);
}

vox::RendererSettings gameRendererSettings() {
    vox::RendererSettings settings;
    settings.gpuTiming = false;
    return settings;
}

} // namespace invaders
