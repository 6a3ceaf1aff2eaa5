// Accessibility: one row per option, each toggled by Left/Right/Confirm like the options screen's rows,
// with a line under them saying what the selected one does. The scene reads the options every frame
// (scene/apply_look.h), so a change shows at once, on this menu too (large text, high contrast), and the
// runner's `OptionsApplier` saves it after the step.
#include "screens/screens.h"

#include <array>

namespace invaders {
namespace {

/// Reduce motion, flashes, colour-blind colours, high-contrast HUD, text size, visible beat: one row each,
/// with a line saying what the selected one does; Back returns to the options as they were left.
class AccessibilityScreen final : public OptionsPage {
public:
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
};

// One on/off option: its label, its `Settings` field, the words for its two values and what its second
// value does (each hint names that value first, so none reads as describing the other).
struct AccessibilityRow {
    std::string_view label;
    bool Settings::*field;
    std::string_view offText;
    std::string_view onText;
    std::string_view hint;
};

constexpr std::array<AccessibilityRow, 6> kRows = {{
    {"REDUCE MOTION", &Settings::reduceMotion, "OFF", "ON", "ON: THE VIEW NEITHER SWAYS NOR SHAKES"},
    {"FLASHES", &Settings::flashes, "OFF", "ON", "ON: A WHITE FLASH AND BLINKING ON A HIT"},
    {"COLOUR-BLIND COLOURS", &Settings::colorBlindColors, "OFF", "ON",
     "ON: COLOURS TOLD APART WITH ANY COLOUR VISION"},
    {"HIGH-CONTRAST HUD", &Settings::highContrastHud, "OFF", "ON", "ON: EVERY TEXT ON A SOLID BOX"},
    {"TEXT SIZE", &Settings::largeText, "NORMAL", "LARGE", "LARGE: TEXT AND SCORES HALF AS LARGE AGAIN"},
    {"VISIBLE BEAT", &Settings::visibleBeat, "OFF", "ON", "ON: THE GROUND LINE PULSES WITH THE MARCH"},
}};

// Under BACK: where the changes go.
constexpr std::string_view kBackHint = "CHANGES APPLY AT ONCE AND ARE SAVED";

} // namespace

Transition AccessibilityScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    Settings& options = context.options;
    Transition next;
    ui.beginPanel("ACCESSIBILITY", {0.5f, 0.5f}, &m_menu);
    for (const AccessibilityRow& row : kRows) {
        bool& value = options.*row.field;
        if (ui.option(row.label, value ? row.onText : row.offText) != 0)
            value = !value;
    }
    if (ui.button("BACK"))
        next = Transition::returnTo(Screen::Options);
    // The selection as this step leaves it (a drawing Ui: as shown).
    const auto selected = static_cast<size_t>(m_menu.selected);
    ui.text(selected < kRows.size() ? kRows[selected].hint : kBackHint, ui::theme::kAccent);
    ui.hints({ui::kHintSelect, ui::kHintChange, ui::kHintBack});
    ui.endPanel();
    return next;
}

std::unique_ptr<FlowScreen> makeAccessibilityScreen() {
    return std::make_unique<AccessibilityScreen>();
}

} // namespace invaders
