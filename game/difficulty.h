#pragma once
// `Difficulty`: the rules presets, shared by the simulation (which applies them) and the settings file
// (which stores the player's choice), with their names as files and messages write them.

#include <array>
#include <cstddef>
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

/// The names of the difficulties, indexed by value: as the settings file, the top ten and `vir` write them.
inline constexpr std::array<std::string_view, 3> kDifficultyNames = {"arcade", "easy", "hard"};

/// "arcade", "easy", "hard": as written in the settings file.
[[nodiscard]] constexpr std::string_view difficultyName(Difficulty difficulty) {
    const auto index = static_cast<std::size_t>(difficulty);
    return index < kDifficultyNames.size() ? kDifficultyNames[index] : std::string_view("unknown");
}
/// The difficulty called `name` (as `difficultyName()` writes it), or nothing.
[[nodiscard]] constexpr std::optional<Difficulty> difficultyFromName(std::string_view name) {
    for (std::size_t i = 0; i < kDifficultyNames.size(); ++i) {
        if (kDifficultyNames[i] == name)
            return static_cast<Difficulty>(i);
    }
    return std::nullopt;
}

} // namespace invaders
