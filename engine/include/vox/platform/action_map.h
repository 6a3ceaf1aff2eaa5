#pragma once
/// @file
/// `ActionMap`: rebindable keyboard and gamepad bindings from SDL events to the game's actions
/// (`ActionId`s, see action.h).
///
/// Feed it every SDL event (`handleEvent`) as they arrive, then call `takeStep()` once per simulation step
/// to get that step's `ActionState`. Presses and releases that arrive between steps are kept until the next
/// step takes them, so a frame that runs no step loses nothing and a frame that runs three steps reports a
/// press once. Key repeat is ignored; losing window focus releases everything so no key sticks.
///
/// The map starts empty: the game binds its actions (`bindKey`, `bindButton`, `bindStick`) and says which
/// action a request to quit (the window's close button, Ctrl+C) presses (`bindQuitRequest`).
///
///     enum class Action : uint8_t { Jump, Quit };
///     vox::ActionMap map;
///     map.bindKey(Action::Jump, {SDL_SCANCODE_SPACE});
///     map.bindButton(Action::Jump, SDL_CONTROLLER_BUTTON_A);
///     map.bindQuitRequest(Action::Quit);
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

/// A direction of a gamepad's left stick, pushed past a threshold: a held input like a button.
enum class StickDirection : uint8_t { Left, Right, Up, Down };

/// SDL events in, one `ActionState` per simulation step out. See the file comment.
class ActionMap {
public:
    /// A map with no bindings at all.
    ActionMap() = default;

    /// Adds `key` as a way to trigger `action` (below `kMaxActions`, asserted). A key may trigger several
    /// actions. When a key has bindings with modifiers (Alt+Enter) and without (Enter), a press with the
    /// modifiers held triggers only the bindings with the most modifiers, so Alt+Enter can do one thing
    /// and Enter another.
    void bindKey(ActionId action, KeyBinding key);
    /// Adds a gamepad button (`SDL_GameControllerButton`) as a way to trigger `action`.
    void bindButton(ActionId action, SDL_GameControllerButton button);
    /// Adds pushing any gamepad's left stick towards `direction` as a way to trigger `action`.
    void bindStick(ActionId action, StickDirection direction);
    /// Makes a request to quit (SDL_QUIT: the window's close button, or Ctrl+C, which SDL turns into one)
    /// press `action` in the next step (pressed and held in that step only). Unbound, the map ignores quit
    /// requests.
    void bindQuitRequest(ActionId action);
    /// Removes every key, button, stick direction and quit request bound to `action` (to rebind it from
    /// scratch).
    void clearBindings(ActionId action);
    /// Removes the keys bound to `action`, keeping its gamepad buttons and stick (to apply rebound keys).
    void clearKeys(ActionId action);
    /// The keys bound to `action`, in the order they were bound.
    [[nodiscard]] std::vector<KeyBinding> keysFor(ActionId action) const;

    /// Updates the state from one SDL event. Keyboard, game-controller button and axis, focus-lost and
    /// quit events matter; every other event is ignored. All gamepads act as one.
    void handleEvent(const SDL_Event& event);

    /// The state for the next simulation step; clears the pressed and released edges it reports.
    [[nodiscard]] ActionState takeStep();

    /// Releases every held action (reported as released by the next `takeStep()`).
    void releaseAll();

    /// True if `action` is down right now (between steps), e.g. to decide whether to leave a menu.
    [[nodiscard]] bool isDown(ActionId action) const;

private:
    struct Binding {
        ActionId action;
        KeyBinding key;
    };
    // Sources of held input that are not keys: gamepad buttons and the left stick's four directions (in
    // StickDirection's order).
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
    std::array<uint8_t, kMaxActions> m_holdCount{};          // sources holding each action
    uint32_t m_quitActions = 0;                              // action bits a quit request presses
    uint32_t m_pendingPressed = 0;
    uint32_t m_pendingReleased = 0;
};

} // namespace vox
