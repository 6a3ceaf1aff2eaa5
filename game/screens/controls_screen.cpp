// Rebinding the play keys: choose an action, press its new key (persist/key_rebinding.h has the rules).
// The menu keys are fixed and listed here, so a player who rebinds badly can always get back.
#include "screens/screens.h"
#include "ui/key_names.h"

namespace invaders {
namespace {

// What the controls screen calls each rebindable action.
std::string_view displayName(Action action) {
    switch (action) {
    case Action::Left:
        return "MOVE LEFT";
    case Action::Right:
        return "MOVE RIGHT";
    case Action::Fire:
        return "FIRE";
    case Action::Pause:
        return "PAUSE";
    case Action::Start:
        return "START";
    case Action::ToggleFullscreen:
        return "FULLSCREEN";
    case Action::ToggleDebugOverlay:
        return "DEBUG OVERLAY";
    default:
        return "?";
    }
}

// The status line for `note`.
std::string noteText(const ControlsNote& note) {
    const RebindResult& rebind = note.rebind;
    const std::string key = ui::keyCapName(rebind.key);
    const std::string action(displayName(rebind.action));
    const std::string other(displayName(rebind.other));
    switch (note.kind) {
    case ControlsNote::Kind::None:
        return {};
    case ControlsNote::Kind::Cancelled:
        return "CANCELLED: NOTHING CHANGED";
    case ControlsNote::Kind::Unnamed:
        return "THAT KEY HAS NO NAME, SO IT CANNOT BE SAVED";
    case ControlsNote::Kind::Reset:
        return "DEFAULT KEYS RESTORED";
    case ControlsNote::Kind::Rebound:
        break;
    }
    switch (rebind.kind) {
    case RebindKind::Bound:
        return action + ": " + key;
    case RebindKind::Moved:
        return key + " MOVED FROM " + other + " TO " + action;
    case RebindKind::Swapped:
        return key + " WAS " + other + "'S ONLY KEY: " + other + " TOOK " + action + "'S KEYS";
    case RebindKind::Refused:
        return key + " IS " + other + "'S ONLY KEY: NOTHING CHANGED";
    }
    return {};
}

} // namespace

void ControlsScreen::enter() {
    m_menu.selected = 0;
    m_listening = false;
    m_note = {};
}

Transition ControlsScreen::step(const StepContext& context, ui::Ui& ui, const vox::ActionState& /*input*/) {
    if (m_listening) {
        // This step's actions are what the key meant before: only the key itself counts.
        const SharedScreenState& shared = context.shared;
        const std::optional<SDL_Scancode> key = shared.pendingKey;
        // A controller\'s button, Esc or a tap on a touch screen (which has no key to give) cancels.
        if (shared.pendingButton || key == SDL_SCANCODE_ESCAPE || ui.nav().tap) {
            m_listening = false;
            m_note = {ControlsNote::Kind::Cancelled, {}};
        } else if (key) {
            m_listening = false;
            const vox::KeyBinding binding{*key};
            if (keyBindingName(binding).empty()) { // the settings file could not store it
                m_note = {ControlsNote::Kind::Unnamed, {}};
                return Transition::none();
            }
            const Action action = kRebindableActions[static_cast<size_t>(m_menu.selected)];
            m_note = {ControlsNote::Kind::Rebound, rebindKey(context.options.keys, action, binding)};
        }
        return Transition::none();
    }
    if (ui.nav().back)
        return Transition::returnTo(Screen::Options);
    return layout(context, ui);
}

Transition ControlsScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    KeyBindings& keys = context.options.keys;
    Transition next;
    ui.beginPanel("CONTROLS", {0.5f, 0.5f}, &m_menu);
    for (size_t i = 0; i < kRebindableActions.size(); ++i) {
        const Action action = kRebindableActions[i];
        const bool waiting = m_listening && static_cast<int32_t>(i) == m_menu.selected;
        if (ui.button(displayName(action), waiting ? "PRESS A KEY" : ui::boundKeysText(keys, action))) {
            m_listening = true;
            m_note = {};
        }
    }
    if (ui.button("RESET TO DEFAULTS")) {
        keys = defaultKeyBindings();
        m_note = {ControlsNote::Kind::Reset, {}};
    }
    if (ui.button("BACK"))
        next = Transition::returnTo(Screen::Options);
    std::string status = noteText(m_note);
    if (m_listening) {
        status = "PRESS A KEY FOR ";
        status += displayName(kRebindableActions[static_cast<size_t>(m_menu.selected)]);
        status += " - ESC CANCELS";
    }
    ui.text(status.empty() ? " " : status, ui::theme::kAccent);
    ui.text("MENUS ALWAYS ANSWER ↑↓←→ ENTER SPACE ESC", ui::theme::kMuted);
    // ENTER changes the selected action's key; on RESET and BACK it does what they say.
    const bool onAction =
        m_menu.selected >= 0 && m_menu.selected < static_cast<int32_t>(kRebindableActions.size());
    ui.hints({ui::kHintSelect,
              {"ENTER", onAction ? "CHANGE KEY" : "CHOOSE", "A", ui::kTouchConfirm},
              ui::kHintBack});
    ui.endPanel();
    return next;
}

std::unique_ptr<FlowScreen> makeControlsScreen() {
    return std::make_unique<ControlsScreen>();
}

} // namespace invaders
