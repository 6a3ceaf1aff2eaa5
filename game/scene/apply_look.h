#pragma once
// Applying the accessibility and view settings to the scene: `applyLook` is the one call that makes them
// take effect, cheap when nothing changed, so it runs every frame and a changed option shows at once.
//
// - reduce motion: the camera neither sways nor shakes (PlayfieldCamera);
// - flashes off: explosions and a hit cannon keep steady colours (PlayfieldView);
// - colour-blind colours: the sprites and the ground line in color_blind_palette.h's palette (not in the
//   cabinet, whose picture is black and white under the gels);
// - large text: the HUD and menus' font pixels half as large again (the renderer's HUD reference height),
//   as far as the widest panel still fits the window's width (its reference width);
// - visible beat: the ground line and the light pulse with each march note (BeatLight's level);
// - cabinet: the upright cabinet of 1978: a black-and-white picture (monochrome surfaces) under the
//   overlay's coloured gels, a red band over the top of the playfield and the saucer's lane and a green
//   one over the shields and the cannon, with the moon of its backdrop in the sky. In the 3D view the gels
//   are coloured light falling on the voxels and the ground, with soft edges; in the flat view the flat
//   overlay, with hard ones. (The high-contrast HUD is the painter's: ui::Painter::setHighContrast.)

#include "persist/settings.h"
#include "scene/playfield_camera.h"
#include "scene/playfield_view.h"

#include "vox/render/scene_renderer.h"

#include <cstdint>
#include <optional>

namespace invaders {

/// The HUD reference height (vox::RendererSettings) with large text: font pixels of 3 screen pixels at
/// 720 lines where the default (360) gives 2.
inline constexpr int32_t kLargeTextHudReferenceHeight = 240;

/// The HUD reference width (vox::RendererSettings), either text size: the font pixels the widest panel (the
/// title's, its key hints) takes with a margin, so in a narrow or portrait window the HUD and menus' pixels
/// are no larger than lets it fit the width.
inline constexpr int32_t kHudReferenceWidth = 340;

/// The cabinet overlay's bands, world (= arcade) y, voxels. The red gel covers the top of the playfield
/// and the saucer's lane, the green one the cannon's foot to just above the shields. Derived from the
/// upright cabinet's overlay as photographed and as emulators' artwork draws it (screen rows 32-63 red,
/// 184-239 green, of 256 from the top); the reference notes give no rows.
inline constexpr float kCabinetRedBottom = static_cast<float>(arcade::kSaucerY - 16);
/// See `kCabinetRedBottom`.
inline constexpr float kCabinetRedTop = static_cast<float>(arcade::kSaucerY + 16);
/// See `kCabinetRedBottom`.
inline constexpr float kCabinetGreenBottom = static_cast<float>(arcade::kAlienShotFloor);
/// See `kCabinetRedBottom`.
inline constexpr float kCabinetGreenTop = static_cast<float>(arcade::kShieldY + arcade::kShieldHeight + 8);

/// The scene's look for `settings` (cabinet, flat or 3D) with the march beat at `beat` (0..1, BeatLight's
/// level; ignored unless `settings.visibleBeat`): the default look with the playfield's ground
/// (setPlayfieldGround), then the cabinet's gels, monochrome and moon, then the beat's pulse.
[[nodiscard]] vox::SceneLook playfieldLook(const Settings& settings, float beat = 0.0f);

/// The colour the HUD's reserve cannons take so they match the cannon in play (sRGB, vox::packRgba): the
/// green gel's in the cabinet, the colour-blind palette's cannon; none: the model's own colours.
[[nodiscard]] std::optional<uint32_t> lifeIconColor(const Settings& settings);

/// Applies every accessibility and view setting of `settings` at once: the renderer's look
/// (`playfieldLook`) and HUD size, the playfield's colours and flashes, the camera's motion.
void applyLook(const Settings& settings, float beat, vox::SceneRenderer& renderer, PlayfieldView& playfield,
               PlayfieldCamera& camera);

} // namespace invaders
