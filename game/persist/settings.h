#pragma once
// `Settings`: everything the player can change in the options menu, with defaults, and its text file.
//
// The options menu edits a `Settings` value; the game saves it with `saveSettings()` (save_files.h). The
// file is human-readable and versioned:
//
//     voxel-invaders-settings 1
//     master_volume = 0.8
//     effects_volume = 1
//     mute = false
//     fullscreen = false
//     vsync = true
//     difficulty = arcade
//     starting_ships = 3
//     extra_ship_score = 1500
//     flat_view = false
//     quality = auto
//     render_scale = auto
//     reduce_motion = false
//     flashes = true
//     color_blind_colors = false
//     high_contrast_hud = false
//     large_text = false
//     visible_beat = false
//     cabinet = false
//     show_inputs = false
//     key.Left = Left
//     key.Left = A
//     key.ToggleFullscreen = Alt+Return
//     end
//
// Rules, for people editing it by hand:
// - Volumes are numbers from 0 to 1; booleans are `true` or `false`; difficulty is arcade, easy or hard;
//   quality is auto, low or high; render_scale is auto or a number from 0.5 to 1 (the 3D scene's
//   resolution, 0.7 = 70 %; auto: the quality's own).
// - `key.<Action> = <key>` binds a key by its SDL scancode name ("Left", "A", "Space", "Keypad Enter"),
//   optionally after `Ctrl+`, `Alt+` and `Shift+`. One key per line; the first line for an action replaces
//   its default keys and the next ones add to them. `key.<Action> = none` leaves the action without keys.
//   Actions not mentioned keep their default keys. Gamepad buttons are not rebindable.
// - Comments start with '#'. Keys can come in any order and may be left out (they keep their defaults).
// - The last line is `end`, so a file cut short by a crash or a full disk is recognised.
//
// - starting_ships is 3, 4, 5 or 6 and extra_ship_score 1000 or 1500 (the board's DIP switches, see
//   arcade_rules.h); any other value is a warning naming the setting, which keeps its default (the arcade's).
// - The accessibility and view settings (reduce_motion to show_inputs above) are booleans too; a bad value of
//   one of them (`flashes = maybe`) is a warning naming the setting, which keeps its default: a typo there
//   must not cost the player their keys and volumes.
//
// What happens with a bad file (the documented choice): a value that is out of range (a volume of 1.5) is
// clamped, with a warning (also a render_scale of 0.3); an unknown setting is ignored, with a warning; a
// setting given twice keeps the last value, with a warning. Anything else wrong (no header, another version,
// a line without '=', a value that is not a number / boolean / difficulty / quality / key name, no 'end')
// rejects the whole file: the game warns, keeps the file aside and starts from the defaults, rather than
// guessing what the player meant.

#include "actions.h"
#include "difficulty.h"
#include "quality.h"
#include "sim/sim_types.h"

#include "vox/core/result.h"
#include "vox/platform/action_map.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace invaders {

/// The actions the options menu lets the player rebind, in menu order.
inline constexpr std::array<Action, 7> kRebindableActions = {
    Action::Left,
    Action::Right,
    Action::Fire,
    Action::Pause,
    Action::Start,
    Action::ToggleFullscreen,
    Action::ToggleDebugOverlay,
};

/// True if `action` is in `kRebindableActions`.
[[nodiscard]] bool isRebindable(Action action);

/// Keys per action, indexed by `static_cast<int>(action)`. Non-rebindable actions have no keys here.
using KeyBindings = std::array<std::vector<vox::KeyBinding>, kActionCount>;

/// The keys of `defaultActionMap()` for every rebindable action.
[[nodiscard]] KeyBindings defaultKeyBindings();

/// "Left", "Alt+Return", "Ctrl+Shift+F": a key binding as the settings file writes it.
[[nodiscard]] std::string keyBindingName(const vox::KeyBinding& key);
/// The binding `keyBindingName()` wrote (modifier prefixes and key names are case-insensitive), or
/// nothing for an unknown key name.
[[nodiscard]] std::optional<vox::KeyBinding> keyBindingFromName(std::string_view name);

/// Smallest volume step the options menu should offer (the file keeps any value in [0, 1]).
inline constexpr float kVolumeStep = 0.1f;

/// The options model: what the options menu edits and the settings file stores. Defaults are a first run.
struct Settings {
    float masterVolume = 0.8f;                      ///< 0 to 1.
    float effectsVolume = 1.0f;                     ///< 0 to 1.
    bool mute = false;                              ///< All sound off, volumes kept.
    bool fullscreen = false;                        ///< Start in (desktop) fullscreen.
    bool vsync = true;                              ///< Wait for the display's refresh.
    Difficulty difficulty = Difficulty::Arcade;     ///< Rules preset (GAME SETTINGS).
    int32_t startingShips = arcade::kStartingShips; ///< Ships per player (GAME SETTINGS): 3 to 6.
    int32_t extraShipScore =
        arcade::kExtraLifeScore;             ///< The extra ship's score (GAME SETTINGS): 1000 or 1500.
    bool flatView = false;                   ///< "Arcade flat" view: straight on, no tilt or sway.
    Quality quality = Quality::Auto;         ///< Drawing work; AUTO: by the driver (quality.h).
    std::optional<float> renderScale;        ///< 3D resolution, 0.5 to 1; none: AUTO (the quality's).
    KeyBindings keys = defaultKeyBindings(); ///< Keys per rebindable action.
    // Accessibility and view (game/scene/apply_look.h applies them).
    bool reduceMotion = false;     ///< No camera sway and no screen shake.
    bool flashes = true;           ///< Hit flashes and the blinking of a hit cannon; false: steady colours.
    bool colorBlindColors = false; ///< A palette told apart with any colour vision (shapes differ too).
    bool highContrastHud = false;  ///< Every text on a solid box of the opposite brightness.
    bool largeText = false;        ///< Text and HUD about half as large again.
    bool visibleBeat = false;      ///< The ground line and the light pulse with each march note.
    bool cabinet = false;          ///< The upright cabinet: black and white under coloured gels, the moon.
    bool showInputs = false;       ///< In a game, the input panel: each step's left, right and fire.

    /// The board the next game is played on: difficulty, ships and extra-ship score.
    [[nodiscard]] BoardSettings board() const { return {difficulty, startingShips, extraShipScore}; }
    /// Sets the difficulty, ships and extra-ship score from `board`.
    void setBoard(const BoardSettings& board) {
        difficulty = board.difficulty;
        startingShips = board.startingShips;
        extraShipScore = board.extraShipScore;
    }

    /// Same values, keys in the same order.
    [[nodiscard]] bool operator==(const Settings& other) const = default;
};

/// Magic word on the first line of a settings file.
inline constexpr std::string_view kSettingsMagic = "voxel-invaders-settings";
/// The format version this game writes and reads.
inline constexpr int kSettingsVersion = 1;

/// The settings file text for `settings` (see the file comment). `parseSettings` reads it back equal.
[[nodiscard]] std::string formatSettings(const Settings& settings);

/// A parsed settings file and what was forgiven while reading it.
struct ParsedSettings {
    Settings settings;                 ///< The values, defaults where the file says nothing.
    std::vector<std::string> warnings; ///< "<file>:<line>: ..." for clamped values, unknown keys, repeats.
};

/// Reads a settings file's text. `fileName` is only used in messages. Fails, with "<file>:<line>: what is
/// wrong", on anything the file comment says rejects the file. Never reads outside `text`.
[[nodiscard]] vox::Result<ParsedSettings> parseSettings(std::string_view text, std::string_view fileName);

} // namespace invaders
