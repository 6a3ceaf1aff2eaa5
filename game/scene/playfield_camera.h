#pragma once
// `PlayfieldCamera`: how the game looks at its playfield. "3D" (the default) looks down at the voxels from
// above and a little to the side, so the tops and sides of invaders, shields and cannon show, and sways a
// few degrees after the cannon; "arcade flat" looks straight on with almost no perspective. Both frame the
// playfield (the ground line to above the saucer) as large as the window allows between a band for the
// scores above it and one for the lives below it (the arcade's layout), whatever the window's shape; the
// sway is part of the fit, so it never moves a border out of view.

#include "sim/arcade_rules.h"
#include "sim/simulation.h"

#include "vox/render/camera.h"

#include <glm/vec2.hpp>

namespace invaders {

/// The playfield's content, voxels: from a little below the ground line (the cannon's foot, y 32) to a
/// little above the saucer's lane, the arcade's whole width (224 voxels): the arcade's screen
/// (`arcade::kPlayfieldWidth` x `kPlayfieldHeight`) less the score and lives bands it drew in.
inline constexpr glm::vec2 kPlayfieldMin{0.0f, static_cast<float>(arcade::kCannonY - 4)};
/// See `kPlayfieldMin`.
inline constexpr glm::vec2 kPlayfieldMax{static_cast<float>(arcade::kPlayfieldWidth),
                                         static_cast<float>(arcade::kSaucerY + arcade::kSaucerHeight + 8)};
/// How deep the framed box is, voxels either side of z = 0: the sprites' depth, so the 3D view keeps
/// their near faces in the frame.
inline constexpr float kPlayfieldHalfDepth = 4.0f;

/// A rectangle of screen pixels, origin top-left, `max` exclusive.
struct ScreenRect {
    glm::ivec2 min{0};
    glm::ivec2 max{0};
};

/// See the file comment.
class PlayfieldCamera {
public:
    /// Most the 3D view turns after the cannon, degrees either way.
    static constexpr float kMaxSwayDegrees = 2.5f;

    /// The view: 3D or arcade flat.
    void setFlat(bool flat) { m_flat = flat; }
    /// Reduced motion (Settings::reduceMotion): no sway (it stops at once) and `frame` ignores the shake.
    void setReduceMotion(bool reduce) {
        m_reduceMotion = reduce;
        if (reduce)
            m_sway = 0.0f;
    }
    /// Follows `simulation`'s cannon one step (call when the session stepped); none: back to the centre.
    void step(const Simulation* simulation);
    /// The camera for a `size` pixel viewport whose HUD lines are `hudLine` pixels high, shaken by `shake`
    /// voxels (none with reduced motion). `swayed` false: as if the sway were 0 (where the HUD goes, so it
    /// stays put).
    [[nodiscard]] vox::Camera frame(glm::ivec2 size, int32_t hudLine, glm::vec2 shake = glm::vec2(0.0f),
                                    bool swayed = true) const;
    /// The framing `frame` uses for the playfield's box (`kPlayfieldMin`, `kPlayfieldMax`,
    /// `kPlayfieldHalfDepth`), for tests.
    [[nodiscard]] vox::FramingSettings settings(bool swayed = true) const;
    /// The current sway, degrees.
    [[nodiscard]] float swayDegrees() const { return m_sway; }

private:
    bool m_flat = false;
    bool m_reduceMotion = false;
    float m_sway = 0.0f;
};

/// Where the playfield's content (`kPlayfieldMin` to `kPlayfieldMax` at z = 0) lands on a `size` pixel
/// screen seen by `camera`: the HUD sits beside it.
[[nodiscard]] ScreenRect playfieldScreenRect(const vox::Camera& camera, glm::ivec2 size);

/// The screen rectangle the world box `min`..`max` (voxels, in front of `camera`) covers on a `size`
/// pixel screen: the bounds of its corners, seen by `camera`.
[[nodiscard]] ScreenRect screenRectOf(const vox::Camera& camera, glm::ivec2 size, glm::vec3 min,
                                      glm::vec3 max);

/// The point of the plane z = 0 that `camera` shows at `pixel` (origin top-left) of a `size` pixel screen:
/// where something drawn at z = 0 must be to appear there. The camera must not look along the plane.
[[nodiscard]] glm::vec3 planePointAt(const vox::Camera& camera, glm::vec2 pixel, glm::ivec2 size);

} // namespace invaders
