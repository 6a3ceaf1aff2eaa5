#pragma once
/// @file
/// `TouchState`: the fingers on a touch screen, from SDL's finger events, for a game to map onto its own
/// controls (the engine names no buttons or zones).
///
/// Feed it every SDL event (`handleEvent`) as they arrive, read `fingers()` once per simulation step, then
/// call `endStep()`. A finger that goes down and up between two steps is still reported for one step, with
/// both `began` and `ended` set, so a quick tap is never lost at any frame rate.
///
/// Positions are SDL's: fractions of the window (or, in a browser, of the canvas), 0 at the left and top
/// edges, 1 at the right and bottom ones. Fingers are told apart by their touch device and finger id, so
/// two fingers (one moving, one firing) are two entries.
///
/// SDL also turns touches into mouse events (marked `SDL_TOUCH_MOUSEID`) for programs that know only the
/// mouse; `handleEvent` returns true for those as well, so a caller that skips the events it returns true
/// for handles each tap once.
///
///     vox::TouchState touch;
///     while (SDL_PollEvent(&event))
///         if (!touch.handleEvent(event))
///             handleOther(event);
///     for (const vox::Finger& finger : touch.fingers())
///         if (finger.position.x < 0.5f) ...
///     touch.endStep();

#include <SDL.h>

#include <glm/vec2.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace vox {

/// One finger on the screen (or one that left it since the last `TouchState::endStep()`).
struct Finger {
    int64_t device = 0;       ///< SDL's touch device id.
    int64_t id = 0;           ///< SDL's finger id, unique on its device while the finger is down.
    glm::vec2 position{0.0f}; ///< Latest position, fractions of the window (0..1, y down).
    glm::vec2 start{0.0f};    ///< Where it came down, same units.
    bool began = false;       ///< It came down since the last `endStep()`.
    bool ended = false;       ///< It left the screen since the last `endStep()` (gone after it).
};

/// See the file comment.
class TouchState {
public:
    /// Updates the fingers from one SDL event. Returns true for the events of a touch (finger down, motion,
    /// up) and for the mouse events SDL made from one (`SDL_TOUCH_MOUSEID`): the caller should not handle
    /// those again. Losing the window's focus ends every finger, so none sticks.
    bool handleEvent(const SDL_Event& event);
    /// The fingers down now or since the last `endStep()`, in the order they came down.
    [[nodiscard]] std::span<const Finger> fingers() const { return m_fingers; }
    /// Forgets the fingers that ended and clears every `began`: call once after each step read them.
    void endStep();
    /// Ends every finger (reported as ended until the next `endStep()`).
    void releaseAll();
    /// True once any finger has touched the screen (so a game shows its touch controls only on a device
    /// that has been touched).
    [[nodiscard]] bool everTouched() const { return m_everTouched; }

private:
    Finger* find(int64_t device, int64_t id);

    std::vector<Finger> m_fingers;
    bool m_everTouched = false;
};

} // namespace vox
