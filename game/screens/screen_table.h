#pragma once
// The screens: one `Screen` value each and one row of `kScreenTable` each, in the enum's order. The table is
// where a screen's name (traces, tests, logs) and the number of screens come from; the static_asserts below
// hold it to the enum, so a value without its row, or rows out of order, do not compile. A new screen: its
// value before `Count`, its row at the same place.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace invaders {

/// The screens. Also the index of each in `kScreenTable` and in the flow's set of screens.
enum class Screen : uint8_t {
    Title,         ///< Logo, main menu, controls (attract mode, 1 of 4).
    ScoreTable,    ///< The score advance table (attract mode, 2 of 4).
    HighScores,    ///< The top ten (attract mode, 3 of 4; also after entering initials).
    Demo,          ///< A game the pilot plays (attract mode, 4 of 4).
    Playing,       ///< A game.
    Paused,        ///< Pause menu over the game.
    Options,       ///< Volumes, difficulty, display, controls.
    Controls,      ///< Rebinding the play keys.
    GameOver,      ///< "GAME OVER" over the last frame.
    EnterInitials, ///< A top-ten score: three letters.
    Replay,        ///< --replay playback.
    Watch,         ///< A top-ten entry's kept run played back (WATCH on the table).
    Share,         ///< A run saved and its code copied (SHARE after a game or while watching).
    Accessibility, ///< Motion, flashes, colours, contrast, text size, the visible beat.
    Count, ///< Not a screen: how many there are (`kScreenCount`). Keep it last: the table is checked with it.
};

/// One screen's row of `kScreenTable`.
struct ScreenRow {
    Screen screen;         ///< The screen; the row's index is its value.
    std::string_view name; ///< Its name as traces and tests print it ("EnterInitials").
};

/// Every screen, in the enum's order (this is data, one row per screen).
inline constexpr std::array kScreenTable = {
    ScreenRow{Screen::Title, "Title"},           ScreenRow{Screen::ScoreTable, "ScoreTable"},
    ScreenRow{Screen::HighScores, "HighScores"}, ScreenRow{Screen::Demo, "Demo"},
    ScreenRow{Screen::Playing, "Playing"},       ScreenRow{Screen::Paused, "Paused"},
    ScreenRow{Screen::Options, "Options"},       ScreenRow{Screen::Controls, "Controls"},
    ScreenRow{Screen::GameOver, "GameOver"},     ScreenRow{Screen::EnterInitials, "EnterInitials"},
    ScreenRow{Screen::Replay, "Replay"},         ScreenRow{Screen::Watch, "Watch"},
    ScreenRow{Screen::Share, "Share"},           ScreenRow{Screen::Accessibility, "Accessibility"},
};

/// Number of `Screen` values: the table's rows.
inline constexpr int32_t kScreenCount = static_cast<int32_t>(kScreenTable.size());

namespace detail {
/// True when row i is `Screen` i with a name of its own, for every row.
constexpr bool screenTableInOrder() {
    for (std::size_t i = 0; i < kScreenTable.size(); ++i) {
        if (static_cast<std::size_t>(kScreenTable[i].screen) != i || kScreenTable[i].name.empty())
            return false;
        for (std::size_t j = 0; j < i; ++j)
            if (kScreenTable[j].name == kScreenTable[i].name)
                return false;
    }
    return true;
}
} // namespace detail

static_assert(static_cast<int32_t>(Screen::Count) == kScreenCount,
              "every Screen value needs its row in kScreenTable");
static_assert(detail::screenTableInOrder(), "kScreenTable: row i is Screen i, each with a name of its own");

/// The name of `screen` ("Title", "EnterInitials").
[[nodiscard]] constexpr std::string_view screenName(Screen screen) {
    return kScreenTable[static_cast<std::size_t>(screen)].name;
}

} // namespace invaders
