#pragma once
// `TouchInput`: the game's touch screen input, between SDL and the flow. It keeps the fingers
// (`vox::TouchState`), maps them each step onto actions and menu taps (touch_controls.h) merged with the
// keys' actions, tells the flow when a finger came down (`GameFlow::touched`: its `inputDevice`, which the
// hints follow too), and draws the on-screen controls while the flow's last input is touch: only after the
// first touch (a desktop without a touch screen never sees them), hidden again once a key or a controller
// button is pressed, back at the next touch.
//
// With the environment variable VOX_TOUCH_TRACE set (in a browser: `Module.voxTouchTrace`, the page's
// `?touch-trace`), it prints what a test needs to check a game played by touch: a line per step in which a
// finger came or went or the screen changed, and every 30 steps while a finger is down ("touch-trace: step
// 812 screen Playing fingers 2 held Right,Fire cannon-x 96 shots 3"; the state after the step before), and
// each screen's texts, the controls' labels included, with their boxes in fractions of the screen once it
// was drawn ("touch-trace: text 0.4531 0.5514 0.5469 0.5736 1 PLAYER"), so a test can tap what the player
// sees.

#include "game_flow.h"
#include "touch_controls.h"
#include "ui/painter.h"

#include "vox/platform/action.h"
#include "vox/platform/touch_state.h"
#include "vox/platform/window.h"

#include <SDL.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace invaders {

/// One step of touch input: the actions the fingers hold (with their edges) and a tap for the menu.
struct TouchStep {
    vox::ActionState actions;     ///< Pressed, held and released as `vox::ActionMap` reports them.
    std::optional<glm::vec2> tap; ///< Fractions of the screen; give it to `GameFlow::tapped`.
    bool touched = false;         ///< A finger came down; tell `GameFlow::touched`.
};

/// Both inputs at once: an action pressed, held or released by either is so in the result.
[[nodiscard]] vox::ActionState combineActions(const vox::ActionState& a, const vox::ActionState& b);

/// See the file comment.
class TouchInput {
public:
    /// Tracing as VOX_TOUCH_TRACE (or the page) asks.
    TouchInput();

    /// Updates from one SDL event. `drawable` and `aspect`: the window's size in pixels and the game's
    /// aspect (width / height), through which the game's screen is letterboxed. True for a touch's events
    /// (and the mouse events SDL made from them): the caller should not handle them again.
    bool handleEvent(const SDL_Event& event, vox::PixelSize drawable, double aspect);
    /// This step's touch input on `screen`; call once per simulation step.
    [[nodiscard]] TouchStep takeStep(Screen screen);
    /// The app's step: `keys` with this step's touch actions, the tap and the touch handed to `game`, the
    /// trace printed. `Game` is a `GameScene` or a `GameFlow` (anything with `tapped(glm::vec2)` and
    /// `touched()`).
    template <class Game>
    [[nodiscard]] vox::ActionState step(const vox::ActionState& keys, Game& game, const GameFlow& flow) {
        trace(flow);
        const TouchStep touch = takeStep(flow.screen());
        if (touch.touched)
            game.touched();
        if (touch.tap)
            game.tapped(*touch.tap);
        return combineActions(keys, touch.actions);
    }
    /// True while the on-screen controls of `flow` show: its latest input was a touch.
    [[nodiscard]] static bool visible(const GameFlow& flow) {
        return flow.inputDevice() == ui::InputDevice::Touch;
    }
    /// Draws the controls of `flow`'s screen (while `visible`) over the frame `painter` draws; traces its
    /// texts.
    void draw(ui::Painter& painter, const GameFlow& flow);

private:
    void trace(const GameFlow& flow);

    vox::TouchState m_state;
    vox::PixelSize m_drawable;
    double m_aspect = 0.0;
    uint32_t m_heldBits = 0;       // held in the latest step (drawn lit)
    uint32_t m_stillBits = 0;      // held by fingers still down after it
    bool m_fingersChanged = false; // a finger came or went since the last trace
    // A finger belongs to the controls it came down on: one still down when the screen's mode changes (the
    // finger that paused, a Fire still held at game over) does nothing on the new screen, even as it lifts.
    struct Owner {
        int64_t device = 0;
        int64_t id = 0;
        TouchMode mode = TouchMode::Menu;
    };
    std::vector<Owner> m_owners; // every finger down, with the mode of the step it came down before
    // Tracing (VOX_TOUCH_TRACE).
    bool m_tracing = false;
    uint64_t m_steps = 0;
    uint64_t m_shotsFired = 0;
    std::optional<Screen> m_tracedScreen;
    std::optional<Screen> m_textsTracedScreen;
};

} // namespace invaders
