#pragma once
// Names of the game's small enums (difficulty, quality) as the settings file and the command line spell
// them: one table per enum, indexed by the value, and the lookups both ways.

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace invaders {

/// `names[value]`: the name of `value` in its enum's table.
template <class Enum, std::size_t N>
[[nodiscard]] constexpr std::string_view enumName(const std::array<std::string_view, N>& names, Enum value) {
    return names[static_cast<std::size_t>(value)];
}

/// The value named `name` exactly in `names` (its enum's table), or nothing.
template <class Enum, std::size_t N>
[[nodiscard]] constexpr std::optional<Enum> enumFromName(const std::array<std::string_view, N>& names,
                                                         std::string_view name) {
    for (std::size_t i = 0; i < N; ++i) {
        if (names[i] == name)
            return static_cast<Enum>(i);
    }
    return std::nullopt;
}

/// The names as a sentence's list: "auto, low or high".
template <std::size_t N>
[[nodiscard]] std::string enumNameList(const std::array<std::string_view, N>& names) {
    std::string list;
    for (std::size_t i = 0; i < N; ++i) {
        if (i > 0)
            list += i + 1 == N ? " or " : ", ";
        list += names[i];
    }
    return list;
}

} // namespace invaders
