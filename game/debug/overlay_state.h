#pragma once
// `OverlayState`: what the debug overlay shows and whether it holds the simulation, driven by the
// `ToggleDebugOverlay` action (F3 or the backquote key) and the panel's controls. No GL: testable alone.

#include "actions.h"

#include "vox/platform/action.h"

#include <cstdint>

namespace invaders {

/// The overlay's layers; each has a checkbox in the panel.
struct OverlayLayers {
    bool internalNodes = true; ///< Internal nodes of the tree, coloured by depth.
    bool fatBoxes = true;      ///< Each proxy's fat box.
    bool tightBoxes = true;    ///< Each object's tight box.
    bool staticTree = true;    ///< The shields' tree (static proxies).
    bool pairs = true;         ///< This step's candidate pairs, as lines between box centres.
    bool contacts = true;      ///< Narrowphase contacts, as voxels that fade out.
    bool panel = true;         ///< The statistics panel.
};

/// See the file comment.
class OverlayState {
public:
    /// Hidden, or shown when `shown` (--debug-overlay).
    explicit OverlayState(bool shown = false) : m_shown(shown) {}

    /// Applies one step's actions: `ToggleDebugOverlay` shows or hides the overlay.
    void applyInput(const vox::ActionState& input) {
        if (input.pressed(Action::ToggleDebugOverlay))
            m_shown = !m_shown;
    }
    /// Whether the scene may run a step now: always while hidden or running; while paused, only once per
    /// `requestStep()`.
    [[nodiscard]] bool takeStep() {
        if (!m_shown || !m_paused)
            return true;
        const bool step = m_stepRequested;
        m_stepRequested = false;
        return step;
    }
    /// Lets exactly one step through while paused.
    void requestStep() { m_stepRequested = true; }

    /// True while the overlay is shown.
    [[nodiscard]] bool shown() const { return m_shown; }
    /// Shows or hides the overlay.
    void setShown(bool shown) { m_shown = shown; }
    /// True while the overlay holds the simulation (only effective while shown).
    [[nodiscard]] bool paused() const { return m_paused; }
    /// Holds or releases the simulation.
    void setPaused(bool paused) { m_paused = paused; }

    OverlayLayers layers;  ///< What is drawn.
    int32_t minDepth = 0;  ///< Internal nodes shallower than this are hidden.
    int32_t maxDepth = 32; ///< Internal nodes deeper than this are hidden.

private:
    bool m_shown = false;
    bool m_paused = false;
    bool m_stepRequested = false;
};

} // namespace invaders
