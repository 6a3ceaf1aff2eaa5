#pragma once
// The screens: one `Screen` value each and one row of `kScreenTable` each, in the enum's order. The table is
// where a screen's name (traces, tests, logs), its object (the maker its own file defines) and the number
// of screens come from; the static_asserts below hold it to the enum, so a value without its row, or rows
// out of order, do not compile. A new screen is its file (game/screens/<name>_screen.cpp: its class and
// its maker) and three lines here: its value before `Count`, its maker's declaration, its row.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
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
    Options,       ///< Volumes, view, display; the ways to the game settings, accessibility and controls.
    Controls,      ///< Rebinding the play keys.
    GameOver,      ///< "GAME OVER" over the last frame.
    EnterInitials, ///< A top-ten score: three letters.
    Replay,        ///< --replay playback.
    Watch,         ///< A top-ten entry's kept run played back (WATCH on the table).
    Share,         ///< A run saved and its code copied (SHARE after a game or while watching).
    Accessibility, ///< Motion, flashes, colours, contrast, text size, the visible beat.
    GameSettings,  ///< The board's settings for the next game: difficulty, ships, extra-ship score.
    Count, ///< Not a screen: how many there are (`kScreenCount`). Keep it last: the table is checked with it.
};

class FlowScreen;

/// Makes a screen's object; each screen's file defines its own (`makeTitleScreen` in title_screen.cpp).
using ScreenMaker = std::unique_ptr<FlowScreen> (*)();

/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makeTitleScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makeScoreTableScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makeHighScoresScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makeDemoScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makePlayScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makePauseScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makeOptionsScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makeControlsScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makeGameOverScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makeInitialsScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makeReplayScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makeWatchScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makeShareScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makeAccessibilityScreen();
/// See `ScreenMaker`.
[[nodiscard]] std::unique_ptr<FlowScreen> makeGameSettingsScreen();

/// One screen's row of `kScreenTable`.
struct ScreenRow {
    Screen screen;         ///< The screen; the row's index is its value.
    std::string_view name; ///< Its name as traces and tests print it ("EnterInitials").
    ScreenMaker make;      ///< Makes its object (the flow holds one per screen).
    /// The options menu or a page it opens: drawn over what the options were opened from, frozen and silent.
    bool optionsPage = false;
};

/// Every screen, in the enum's order (this is data, one row per screen).
inline constexpr std::array kScreenTable = {
    ScreenRow{Screen::Title, "Title", &makeTitleScreen},
    ScreenRow{Screen::ScoreTable, "ScoreTable", &makeScoreTableScreen},
    ScreenRow{Screen::HighScores, "HighScores", &makeHighScoresScreen},
    ScreenRow{Screen::Demo, "Demo", &makeDemoScreen},
    ScreenRow{Screen::Playing, "Playing", &makePlayScreen},
    ScreenRow{Screen::Paused, "Paused", &makePauseScreen},
    ScreenRow{Screen::Options, "Options", &makeOptionsScreen, true},
    ScreenRow{Screen::Controls, "Controls", &makeControlsScreen, true},
    ScreenRow{Screen::GameOver, "GameOver", &makeGameOverScreen},
    ScreenRow{Screen::EnterInitials, "EnterInitials", &makeInitialsScreen},
    ScreenRow{Screen::Replay, "Replay", &makeReplayScreen},
    ScreenRow{Screen::Watch, "Watch", &makeWatchScreen},
    ScreenRow{Screen::Share, "Share", &makeShareScreen},
    ScreenRow{Screen::Accessibility, "Accessibility", &makeAccessibilityScreen, true},
    ScreenRow{Screen::GameSettings, "GameSettings", &makeGameSettingsScreen, true},
};

/// Number of `Screen` values: the table's rows.
inline constexpr int32_t kScreenCount = static_cast<int32_t>(kScreenTable.size());

namespace detail {
/// True when row i is `Screen` i with a name of its own, for every row. (Each row's maker is `&makeXScreen`,
/// never null; comparing it with nullptr is not a constant expression under -fsanitize=undefined.)
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

/// True for the options menu and the pages it opens (`ScreenRow::optionsPage`).
[[nodiscard]] constexpr bool isOptionsPage(Screen screen) {
    return kScreenTable[static_cast<std::size_t>(screen)].optionsPage;
}

} // namespace invaders
