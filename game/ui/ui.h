#pragma once
// `Ui`: the widgets every screen is made of, in the immediate-mode style of Dear ImGui: a screen describes
// itself with one call per widget, every step and every frame, and the same description serves both:
//
//     Transition PauseScreen::layout(const ScreenContext& context, ui::Ui& ui) {
//         Transition next;
//         ui.beginPanel("PAUSED", {0.5f, 0.5f}, &m_menu);
//         if (ui.button("RESUME"))
//             next = Transition::show(Screen::Playing);
//         ui.hints({ui::kHintSelect, ui::kHintChoose, {"ESC", "RESUME", "B", ui::kTouchBack}});
//         ui.endPanel();
//         return next;
//     }
//
// A `Ui::stepping` Ui reads one step's `NavInput` and draws nothing: `button` returns true when the
// player confirmed it, `option` says which way its value should change, and `endPanel` moves the selection
// (Up/Down, wrapping). A `Ui::drawing` Ui reads no input: it lays the panel out and draws it with a
// `Painter`, a translucent backdrop behind every text, the selected row on a bright bar, hints as key caps
// (naming the keys, the controller's buttons or the touch screen's controls: whichever the player used last).
// So adding a menu entry is one line in one screen's file.
//
// Menus answer taps too (a touch screen): drawing a panel with a menu writes where each selectable row was
// drawn into its `MenuState`, and a stepping Ui whose `NavInput::tap` falls in one of those boxes selects
// that row and confirms it (an option changes by +1, as Confirm does).

#include "ui/nav_input.h"
#include "ui/painter.h"
#include "ui/theme.h"

#include <glm/vec2.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace invaders::ui {

/// A rectangle in fractions of the screen (0..1, y down), `min` inclusive, `max` exclusive.
struct HitBox {
    glm::vec2 min{0.0f}; ///< Top-left.
    glm::vec2 max{0.0f}; ///< Bottom-right.
    /// True when `point` lies inside.
    [[nodiscard]] bool contains(glm::vec2 point) const {
        return point.x >= min.x && point.y >= min.y && point.x < max.x && point.y < max.y;
    }
};

/// Which row of a menu is selected; kept by the screen between steps.
struct MenuState {
    int32_t selected = 0; ///< Index among the selectable rows.
    /// Where each selectable row was last drawn (by a drawing Ui), for taps; empty before the first frame,
    /// and an empty box for a row scrolled out of view.
    std::vector<HitBox> rowBoxes;
};

/// The selectable row of `menu` that `tap` (fractions of the screen) falls in, as last drawn; -1: none.
[[nodiscard]] int32_t tappedRow(const MenuState& menu, glm::vec2 tap);

/// Where the player's latest input came from: the hints name that device's keys, buttons or controls.
enum class InputDevice : uint8_t {
    Keyboard, ///< Keys (also before any input).
    Gamepad,  ///< A controller: its buttons (A, B, START).
    Touch,    ///< A touch screen: its on-screen controls (OK, BACK, II) and gestures (a tap).
};

/// The touch screen's controls and gestures as the hints name them; touch_controls.cpp labels its buttons
/// with the same words, so a hint names what the player sees.
inline constexpr std::string_view kTouchConfirm = "OK";
/// See `kTouchConfirm`.
inline constexpr std::string_view kTouchBack = "BACK";
/// See `kTouchConfirm`: the pause button over the playfield.
inline constexpr std::string_view kTouchPause = "II";
/// See `kTouchConfirm`: a tap anywhere off the controls (the attract screens start a game).
inline constexpr std::string_view kTouchTap = "TAP";
/// See `kTouchConfirm`: in a game, a finger on the left half of the screen moves the cannon...
inline constexpr std::string_view kTouchMove = "LEFT SIDE";
/// ... and one on the right half fires.
inline constexpr std::string_view kTouchFire = "RIGHT SIDE";

/// One hint: the keys (on a key cap) and what they do, e.g. {"ENTER", "CHOOSE", "A", kTouchConfirm}.
struct Hint {
    std::string keys;           ///< Key names as shown ("↑↓", "ESC"); empty: `action` alone, as a label.
    std::string_view action;    ///< What they do.
    std::string_view padKeys{}; ///< The controller's buttons for it ("A", "START"), shown instead of `keys`
                                ///< while a controller is the player's last input; empty: `keys` there too
                                ///< (the arrows, which are the d-pad's).
    /// The touch screen's control or gesture for it (`kTouchConfirm`, `kTouchTap`...), shown instead of
    /// `keys` while touch is the player's last input; empty: `keys` there too (the arrows, which the touch
    /// screen's menu bar has).
    std::string_view touchKeys{};
};

/// The hints every menu shows (the fixed menu keys, which always work).
inline const Hint kHintSelect{"↑↓", "SELECT"};
/// See `kHintSelect`.
inline const Hint kHintChange{"←→", "CHANGE"};
/// See `kHintSelect`.
inline const Hint kHintChoose{"ENTER", "CHOOSE", "A", kTouchConfirm};
/// See `kHintSelect`.
inline const Hint kHintBack{"ESC", "BACK", "B", kTouchBack};
/// The attract screens' hints: Confirm (or, on a touch screen, a tap anywhere) plays...
inline const Hint kHintPlay{"ENTER", "PLAY", "A", kTouchTap};
/// ... and Back opens the options.
inline const Hint kHintOptions{"ESC", "OPTIONS", "B", kTouchBack};

/// See the file comment.
class Ui {
public:
    /// A Ui that reads `input` and draws nothing.
    [[nodiscard]] static Ui stepping(const NavInput& input);
    /// A Ui that draws with `painter` and reads no input; `tick` (steps) animates nothing but the cursor.
    /// `device`: where the player's last input came from; the hints name its keys, buttons or controls.
    [[nodiscard]] static Ui drawing(Painter& painter, int64_t tick,
                                    InputDevice device = InputDevice::Keyboard);

    /// True for a drawing Ui.
    [[nodiscard]] bool isDrawing() const { return m_painter != nullptr; }
    /// This step's menu input (nothing while drawing).
    [[nodiscard]] const NavInput& nav() const { return m_nav; }
    /// The painter of a drawing Ui; null while stepping.
    [[nodiscard]] Painter* painter() const { return m_painter; }
    /// Where the player's last input came from (the keyboard while stepping), for a text that names keys.
    [[nodiscard]] InputDevice device() const { return m_device; }
    /// Steps since the game started, for animations.
    [[nodiscard]] int64_t tick() const { return m_tick; }

    /// Starts a panel: a box with `title` (may be empty), centred on `centre` (fractions of the screen),
    /// kept inside the screen and off what is kept clear (`Painter::keepClear`: the HUD, the logo), above or
    /// below it; taller than the room left, its rows scroll to keep the selected one in view (the hints
    /// stay). With `menu`, its buttons and options are selectable.
    void beginPanel(std::string_view title, glm::vec2 centre, MenuState* menu = nullptr);
    /// A selectable row; true when the player confirmed it this step.
    bool button(std::string_view label);
    /// A selectable row with a value on the right that Left/Right do not change; true when confirmed.
    bool button(std::string_view label, std::string_view value);
    /// A selectable row with a value on the right (drawn "← value →" when selected); returns -1 or +1 when
    /// the player asked to change it this step (Left / Right; Confirm counts as +1), else 0.
    int32_t option(std::string_view label, std::string_view value);
    /// A row of text that cannot be selected. `highlighted` puts it on the selection bar.
    void text(std::string_view text, const glm::vec4& color = theme::kText, int32_t scale = 1,
              bool highlighted = false);
    /// Big letters in boxes, the one at `cursor` on the selection bar (text entry, e.g. initials); `cursor`
    /// past the end: none.
    void letterBoxes(std::string_view letters, int32_t cursor);
    /// A row of empty space, `fontPixels` high.
    void space(int32_t fontPixels = 4);
    /// Key hints as the panel's last row.
    void hints(std::initializer_list<Hint> hints);
    /// Ends the panel: moves the selection (stepping) or draws it (drawing).
    void endPanel();

    /// Key hints on their own bar, centred on `centre` (fractions of the screen) and kept inside it, so
    /// {1, 1} is the bottom-right corner (for screens without a panel, which leave the playfield clear).
    /// With no room for it in the window, the hints before the last are left out, from the end, until it
    /// fits. It covers nothing kept clear (`Painter::keepClear`, the HUD): it moves beside it in the same
    /// row, else above or below it; and it is kept clear itself, of the panels laid out after it.
    void hintBar(std::initializer_list<Hint> list, glm::vec2 centre);

    /// How many characters of text a panel's row holds in this window (wrap long text to it, as
    /// `wrapLines` does); while stepping, which draws nothing, as many as asked: `SIZE_MAX`.
    [[nodiscard]] size_t textColumns() const;

    /// A bar like `hintBar`'s with `before`, a track `trackWidth` font pixels long filled up to `position`
    /// (0 to 1) with a marker there, then `after`: where a watched run stands in it (WATCH). Drawing only.
    /// Wider than the window, the track shortens to a quarter, then `before` is left out.
    void seekBar(std::string_view before, float position, std::string_view after, glm::vec2 centre,
                 int32_t trackWidth = 100);

    /// The label of the selected row of the last panel with a menu.
    [[nodiscard]] const std::string& selectedLabel() const { return m_selectedLabel; }

private:
    enum class RowKind : uint8_t { Text, Button, Option, Space, Hints, Letters };
    struct Row {
        RowKind kind = RowKind::Text;
        std::string label;
        std::string value;
        glm::vec4 color{1.0f};
        int32_t scale = 1;
        bool selected = false;
        std::vector<Hint> hints;
        int32_t cursor = -1;
        bool arrows = false; ///< An option: Left/Right change its value.
    };

    // The rows a panel taller than the screen shows: [first, end) of the scrolling rows [0, scrollEnd),
    // and the pinned hints row (none: SIZE_MAX); hiddenHeight: the pixels of the rows left out.
    struct RowWindow {
        size_t first = 0;
        size_t end = 0;
        size_t scrollEnd = 0;
        size_t pinned = SIZE_MAX;
        int32_t hiddenHeight = 0;
    };

    // Screen rows [top, bottom) a panel or bar may take.
    struct Band {
        int32_t top = 0;
        int32_t bottom = INT32_MAX;
    };

    Ui(NavInput nav, Painter* painter, int64_t tick, InputDevice device = InputDevice::Keyboard)
        : m_nav(nav), m_painter(painter), m_tick(tick), m_device(device) {}
    Row& addRow(RowKind kind, std::string_view label);
    bool selectable();
    [[nodiscard]] bool confirmed() const { return m_nav.confirm || m_rowTapped; }
    void recordRowBox(glm::ivec2 min, glm::ivec2 max);
    void moveSelection();
    void drawPanel();
    // The rows a box over columns [minX, maxX) wanted around row centreY may take: the screen's, less the
    // kept-clear boxes (Painter::keepClear) over those columns above and below it.
    [[nodiscard]] Band freeBand(int32_t minX, int32_t maxX, int32_t centreY) const;
    // Where a box of `size` wanted at `centre` (fractions of the screen) goes: inside the screen's width
    // and inside `band`'s rows (at its top when it does not fit).
    [[nodiscard]] glm::ivec2 placeBox(glm::ivec2 size, glm::vec2 centre, const Band& band) const;
    // Where a hint bar of `size` wanted at `centre` goes (see hintBar).
    [[nodiscard]] glm::ivec2 placeBar(glm::ivec2 size, glm::vec2 centre) const;
    // True when a box of `size` at `min` covers a kept-clear box.
    [[nodiscard]] bool coversKeptClear(glm::ivec2 min, glm::ivec2 size) const;
    bool valueRow(std::string_view label, std::string_view value, bool arrows); // true: selected, stepping
    [[nodiscard]] glm::ivec2 rowSize(const Row& row, int32_t valueWidth) const;
    [[nodiscard]] RowWindow rowWindow(int32_t valueWidth, int32_t overflow) const;
    // The row a scrolled panel's rows [0, scrollEnd) must show (see rowWindow): the selected one, the last
    // row with the last selectable one, or, with nothing selected, one that moves with the tick.
    // `firstOfRunEndingAt(i)`: the first row of the longest run that fits and ends at row i.
    [[nodiscard]] size_t rowToShow(size_t scrollEnd,
                                   const std::function<size_t(size_t)>& firstOfRunEndingAt) const;
    void drawRow(const Row& row, glm::ivec2 topLeft, int32_t innerWidth, int32_t valueWidth);
    [[nodiscard]] std::string_view shownKeys(const Hint& hint) const;
    [[nodiscard]] int32_t hintsWidth(const std::vector<Hint>& hints) const;
    void drawHints(const std::vector<Hint>& hints, glm::ivec2 topLeft);

    NavInput m_nav;
    Painter* m_painter = nullptr;
    int64_t m_tick = 0;
    InputDevice m_device = InputDevice::Keyboard;
    // The panel being described.
    bool m_inPanel = false;
    std::string m_title;
    glm::vec2 m_centre{0.5f};
    MenuState* m_menu = nullptr;
    int32_t m_selectableCount = 0;
    bool m_rowTapped = false; // the latest selectable row was tapped this step
    std::vector<Row> m_rows;
    std::string m_selectedLabel;
};

} // namespace invaders::ui
