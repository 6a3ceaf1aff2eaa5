#pragma once
// `Difficulty`: the rules presets, shared by the simulation (which applies them) and the settings file
// (which stores the player's choice). Defined in persist/settings.cpp.

#include <cstdint>
#include <optional>
#include <string_view>

namespace invaders {

/// Game difficulty presets. Arcade reproduces the reference exactly and is the default; Easy doubles
/// the invaders' reload gaps and slows their shots by one voxel per step; Hard halves the gaps and
/// speeds the shots up by one voxel per step.
enum class Difficulty : uint8_t {
    Arcade, ///< The 1978 rules and numbers (the default).
    Easy,   ///< Gentler than the arcade.
    Hard,   ///< Harsher than the arcade.
};

/// "arcade", "easy", "hard": as written in the settings file.
[[nodiscard]] std::string_view difficultyName(Difficulty difficulty);
/// The difficulty called `name` (as `difficultyName()` writes it), or nothing.
[[nodiscard]] std::optional<Difficulty> difficultyFromName(std::string_view name);

} // namespace invaders
