// Options: sound, the view, cabinet and input panel, display, drawing quality and the ways to the game
// settings, the accessibility options and the controls. Left/Right change a value; every change is applied
// and saved from the next step (`OptionsApplier`).
#include "screens/screens.h"
#include "ui/key_names.h"

#include <algorithm>
#include <cmath>

namespace invaders {
namespace {

/// Volumes, mute, view, cabinet, show inputs, fullscreen, vsync, quality, game settings, accessibility,
/// controls.
class OptionsScreen final : public FlowScreen {
public:
    void enter() override;
    [[nodiscard]] Transition step(const StepContext& context, ui::Ui& ui,
                                  const vox::ActionState& input) override;
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;

private:
    ui::MenuState m_menu;
};

std::string percent(float volume) {
    return std::to_string(static_cast<int>(volume * 100.0f + 0.5f)) + "%";
}

float stepVolume(float volume, int32_t change) {
    const float stepped = std::round((volume + static_cast<float>(change) * kVolumeStep) * 10.0f) / 10.0f;
    return std::clamp(stepped, 0.0f, 1.0f);
}

// "ON" / "OFF", or what the display really does when it refused the request.
std::string onOff(bool requested, bool granted) {
    if (requested && !granted)
        return "OFF (NOT AVAILABLE)";
    return requested ? "ON" : "OFF";
}

} // namespace

void OptionsScreen::enter() {
    m_menu.selected = 0;
}

Transition OptionsScreen::step(const StepContext& context, ui::Ui& ui, const vox::ActionState& /*input*/) {
    if (ui.nav().back)
        return Transition::to(Transition::Kind::CloseOptions);
    return layout(context, ui);
}

Transition OptionsScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    Settings& options = context.options;
    const DisplayState& display = context.shared.display;
    Transition next;
    ui.beginPanel("OPTIONS", {0.5f, 0.5f}, &m_menu);
    if (const int32_t change = ui.option("MASTER VOLUME", percent(options.masterVolume))) {
        options.masterVolume = stepVolume(options.masterVolume, change);
    }
    if (const int32_t change = ui.option("EFFECTS VOLUME", percent(options.effectsVolume))) {
        options.effectsVolume = stepVolume(options.effectsVolume, change);
    }
    if (ui.option("MUTE", options.mute ? "ON" : "OFF") != 0) {
        options.mute = !options.mute;
    }
    if (ui.option("VIEW", options.flatView ? "ARCADE FLAT" : "3D") != 0) {
        options.flatView = !options.flatView;
    }
    // The 1978 upright's picture, in either view (scene/apply_look.h).
    if (ui.option("CABINET", options.cabinet ? "ON" : "OFF") != 0) {
        options.cabinet = !options.cabinet;
    }
    // In a game, each step's left, right and fire beside the playfield (ui/input_panel.h); WATCH always.
    if (ui.option("SHOW INPUTS", options.showInputs ? "ON" : "OFF") != 0) {
        options.showInputs = !options.showInputs;
    }
    if (ui.option("FULLSCREEN", onOff(options.fullscreen, display.fullscreen)) != 0) {
        options.fullscreen = !options.fullscreen;
    }
    if (ui.option("VSYNC", onOff(options.vsync, display.vsync)) != 0) {
        options.vsync = !options.vsync;
    }
    // Both apply from the next frame (GameScene); AUTO says what it chose on this machine.
    const ResolvedQuality quality =
        resolveQuality(options.quality, options.renderScale, display.softwareRenderer);
    if (const int32_t change = ui.option("QUALITY", qualityLabel(quality))) {
        options.quality = static_cast<Quality>((static_cast<int32_t>(options.quality) + 3 + change) % 3);
    }
    if (const int32_t change = ui.option("RENDER SCALE", renderScaleLabel(options.renderScale, quality))) {
        options.renderScale = stepRenderScale(options.renderScale, change);
    }
    // The board the next game plays on (difficulty, ships, extra ship), the arcade's or not.
    if (ui.button("GAME SETTINGS"))
        next = Transition::show(Screen::GameSettings);
    if (ui.button("ACCESSIBILITY"))
        next = Transition::show(Screen::Accessibility);
    if (ui.button("CONTROLS"))
        next = Transition::show(Screen::Controls);
    if (ui.button("BACK"))
        next = Transition::to(Transition::Kind::CloseOptions);
    if (!context.shared.optionsNote.empty())
        ui.text(context.shared.optionsNote, ui::theme::kWarning);
    ui.hints({ui::kHintSelect, ui::kHintChange, ui::kHintBack});
    ui.endPanel();
    return next;
}

std::unique_ptr<FlowScreen> makeOptionsScreen() {
    return std::make_unique<OptionsScreen>();
}

} // namespace invaders
