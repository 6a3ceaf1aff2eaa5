#include "scene/apply_look.h"

#include "scene/apply_quality.h"
#include "scene/color_blind_palette.h"

#include "vox/voxel/palette.h"

#include <algorithm>

namespace invaders {
namespace {

// The gels' colours (linear light through them): a deep red and a bright green, as the cellophane shows a
// white pixel.
constexpr glm::vec3 kRedGel{1.0f, 0.13f, 0.1f};
constexpr glm::vec3 kGreenGel{0.12f, 1.0f, 0.2f};
// The gels' edges: soft light in the 3D view, the overlay's cut edge in the flat one.
constexpr float kLightFeather = 8.0f;
constexpr float kOverlayFeather = 0.6f;
// How much the beat brightens the ground line and the key light at its peak.
constexpr float kBeatLinePulse = 3.0f;
constexpr float kBeatLightPulse = 0.25f;

} // namespace

vox::SceneLook playfieldLook(const Settings& settings, float beat) {
    vox::SceneLook look;
    setPlayfieldGround(look);
    if (settings.colorBlindColors && !settings.cabinet) // the cabinet keeps its own picture (applyLook)
        look.groundLineColor = colorBlindPalette().groundLine;
    if (settings.cabinet) {
        const float feather = settings.flatView ? kOverlayFeather : kLightFeather;
        look.lightBands[0] = {kCabinetRedBottom, kCabinetRedTop, feather, kRedGel};
        look.lightBands[1] = {kCabinetGreenBottom, kCabinetGreenTop, feather, kGreenGel};
        look.monochrome = 1.0f;
        look.exposure = 1.2f; // a lit pixel of the black-and-white monitor is a bright white
        look.stars = 0.6f;
        // The backdrop's moon: high on the right in the 3D view, where the sky shows behind the rack; a
        // planet rising from the bottom in the flat view, as the cabinet's painted surface behind the mirror.
        // Dim, so the sprites in front of it keep their contrast.
        look.skyDisc.centre = settings.flatView ? glm::vec2(0.5f, -0.6f) : glm::vec2(0.82f, 0.8f);
        look.skyDisc.radius = settings.flatView ? 0.8f : 0.16f;
        look.skyDisc.color = glm::vec3(0.11f, 0.105f, 0.12f);
    }
    if (settings.visibleBeat) {
        const float pulse = std::clamp(beat, 0.0f, 1.0f);
        look.groundLineColor *= 1.0f + kBeatLinePulse * pulse;
        look.lightColor *= 1.0f + kBeatLightPulse * pulse;
    }
    return look;
}

std::optional<uint32_t> lifeIconColor(const Settings& settings) {
    if (settings.cabinet)
        return vox::packRgba(97, 255, 124); // a white cannon under the green gel, as the renderer shows it
    if (settings.colorBlindColors)
        return colorBlindPalette().cannon;
    return std::nullopt;
}

void applyLook(const Settings& settings, float beat, vox::SceneRenderer& renderer, PlayfieldView& playfield,
               PlayfieldCamera& camera) {
    renderer.look() = playfieldLook(settings, beat);
    renderer.setHudReferenceHeight(settings.largeText ? kLargeTextHudReferenceHeight
                                                      : gameRendererSettings().hudReferenceHeight);
    renderer.setHudReferenceWidth(kHudReferenceWidth);
    // The cabinet's picture is black and white: the palette's darker colours would only dim it there (its
    // bluish-green cannon turned a dark grey under the green gel, hard to find on the ground).
    playfield.setColorBlindColors(renderer, settings.colorBlindColors && !settings.cabinet);
    playfield.setFlashes(settings.flashes);
    camera.setReduceMotion(settings.reduceMotion);
}

} // namespace invaders
