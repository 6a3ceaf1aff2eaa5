#pragma once
/// @file
/// `ActionMap`: rebindable keyboard and gamepad bindings from SDL events to `Action`s.
///
/// Feed it every SDL event (`handleEvent`) as they arrive, then call `takeStep()` once per simulation step
/// to get that step's `ActionState`. Presses and releases that arrive between steps are kept until the next
/// step takes them, so a frame that runs no step loses nothing and a frame that runs three steps reports a
/// press once. Key repeat is ignored; losing window focus releases everything so no key sticks.
///
/// Default bindings (see `ActionMap::withDefaultBindings()`):
/// | action | keys | gamepad |
/// | --- | --- | --- |
/// | Left | Left arrow, A | D-pad left, left stick left |
/// | Right | Right arrow, D | D-pad right, left stick right |
/// | Fire | Space | A (south) |
/// | Pause | P, Escape | Start |
/// | Start | Enter, keypad Enter | Start |
/// | ToggleFullscreen | F11, Alt+Enter | |
/// | ToggleDebugOverlay | F3, ` (backquote, the key left of 1) | |
/// | Quit | (window close, Ctrl+C) | |
/// | MenuUp / MenuDown | Up / Down arrow, W / S | D-pad up / down, left stick up / down |
/// | MenuLeft / MenuRight | Left / Right arrow, A / D | D-pad left / right, left stick left / right |
/// | Confirm | Enter, keypad Enter, Space | A (south), Start |
/// | Back | Escape, Backspace | B (east) |
///
/// The menu actions are meant to stay on these keys: a game that lets players rebind keys rebinds the play
/// actions (`clearKeys` of Left, Fire, ...) and leaves these alone, so the menus always answer.
#include "vox/platform/action.h"

#include <SDL.h>

#include <array>
#include <cstdint>
#include <vector>

namespace vox {

/// Modifier keys a key binding requires (left and right keys count alike).
enum class KeyModifiers : uint8_t { None = 0, Shift = 1, Ctrl = 2, Alt = 4 };

/// A key, by physical position (scancode, so WASD stays WASD on AZERTY), plus required modifiers.
struct KeyBinding {
    SDL_Scancode key = SDL_SCANCODE_UNKNOWN;     ///< Physical key.
    KeyModifiers modifiers = KeyModifiers::None; ///< Modifiers that must be held; others are ignored.

    /// Same key, same required modifiers.
    friend bool operator==(const KeyBinding&, const KeyBinding&) = default;
};

/// SDL events in, one `ActionState` per simulation step out. See the file comment.
class ActionMap {
public:
    /// A map with no bindings at all.
    ActionMap() = default;

    /// A map with the default bindings listed in the file comment.
    [[nodiscard]] static ActionMap withDefaultBindings();

    /// Adds `key` as a way to trigger `action`. A key may trigger several actions. When a key has
    /// bindings with modifiers (Alt+Enter) and without (Enter), a press with the modifiers held triggers
    /// only the bindings with the most modifiers, so Alt+Enter toggles fullscreen without also pressing
    /// Start.
    void bindKey(Action action, KeyBinding key);
    /// Adds a gamepad button (`SDL_GameControllerButton`) as a way to trigger `action`.
    void bindButton(Action action, SDL_GameControllerButton button);
    /// Removes every key and button bound to `action` (to rebind it from scratch).
    void clearBindings(Action action);
    /// Removes the keys bound to `action`, keeping its gamepad buttons and stick (to apply rebound keys).
    void clearKeys(Action action);
    /// The keys bound to `action`, in the order they were bound.
    [[nodiscard]] std::vector<KeyBinding> keysFor(Action action) const;

    /// Updates the state from one SDL event. Keyboard, game-controller button and axis, focus-lost and
    /// quit events matter; every other event is ignored. All gamepads act as one.
    void handleEvent(const SDL_Event& event);

    /// The state for the next simulation step; clears the pressed and released edges it reports.
    [[nodiscard]] ActionState takeStep();

    /// Releases every held action (reported as released by the next `takeStep()`).
    void releaseAll();

    /// True if `action` is down right now (between steps), e.g. to decide whether to leave a menu.
    [[nodiscard]] bool isDown(Action action) const;

private:
    struct Binding {
        Action action;
        KeyBinding key;
    };
    // Sources of held input that are not keys: gamepad buttons and the left stick's two directions.
    static constexpr int kStickLeft = SDL_CONTROLLER_BUTTON_MAX;
    static constexpr int kStickRight = SDL_CONTROLLER_BUTTON_MAX + 1;
    static constexpr int kStickUp = SDL_CONTROLLER_BUTTON_MAX + 2;
    static constexpr int kStickDown = SDL_CONTROLLER_BUTTON_MAX + 3;
    static constexpr int kPadSourceCount = SDL_CONTROLLER_BUTTON_MAX + 4;

    void sourceDown(uint32_t& sourceActions, uint32_t actions);
    void sourceUp(uint32_t& sourceActions);
    void stickAxis(int value, int negativeSource, int positiveSource);
    [[nodiscard]] uint32_t actionsForKey(SDL_Scancode key, uint16_t sdlModifiers) const;

    std::vector<Binding> m_keyBindings;
    std::array<uint32_t, kPadSourceCount> m_padActions{};    // action bits per gamepad source
    std::array<uint32_t, SDL_NUM_SCANCODES> m_activeByKey{}; // actions each held key triggered
    std::array<uint32_t, kPadSourceCount> m_activeByPad{};   // same for gamepad sources
    std::array<uint8_t, kActionCount> m_holdCount{};         // sources holding each action
    uint32_t m_pendingPressed = 0;
    uint32_t m_pendingReleased = 0;
};

} // namespace vox
