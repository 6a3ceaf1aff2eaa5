// Game settings: the board the next game is played on, as an arcade operator sets it up: the difficulty
// preset and the 1978 board's DIP switches (ships per player, the extra ship's score), each value the
// arcade's factory setting marked. Every game started after a change plays on it and records it (its run,
// its top-ten entry); the attract demo keeps the arcade's. Left/Right change a value; the runner's
// `OptionsApplier` saves it after the step.
#include "screens/screens.h"
#include "ui/key_names.h"

#include <algorithm>
#include <array>

namespace invaders {
namespace {

/// Difficulty, ships, extra ship, ARCADE SETTINGS (all three back to the factory setting), BACK; a line
/// under them saying what the selected row does.
class GameSettingsScreen final : public OptionsPage {
public:
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
};

// What each row does, by row (the last for BACK).
constexpr std::array<std::string_view, 5> kRowHints = {
    "EASY AND HARD CHANGE THE INVADERS' SHOTS",
    "SHIPS EACH PLAYER STARTS WITH (DIP SWITCHES 3-4)",
    "THE SCORE THAT GIVES THE ONE EXTRA SHIP (DIP SWITCH 5)",
    "ALL THREE AS THE 1978 BOARD LEFT THE FACTORY",
    "THE NEXT GAME PLAYS ON THESE; ITS SCORE AND RUN KEEP THEM",
};

// A value, and " (ARCADE)" when it is the factory setting.
std::string marked(std::string value, bool arcadeDefault) {
    return arcadeDefault ? value + " (ARCADE)" : value;
}

// The choice `change` places after `current` among `choices`, wrapping around.
template <std::size_t N>
int32_t cycle(const std::array<int32_t, N>& choices, int32_t current, int32_t change) {
    const auto found = std::find(choices.begin(), choices.end(), current);
    const auto index = found == choices.end() ? 0 : static_cast<int32_t>(found - choices.begin());
    const auto count = static_cast<int32_t>(N);
    return choices[static_cast<std::size_t>((index + count + change) % count)];
}

} // namespace

Transition GameSettingsScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    Settings& options = context.options;
    const BoardSettings arcade;
    Transition next;
    ui.beginPanel("GAME SETTINGS", {0.5f, 0.5f}, &m_menu);
    if (const int32_t change =
            ui.option("DIFFICULTY", marked(ui::upperCase(difficultyName(options.difficulty)),
                                           options.difficulty == arcade.difficulty))) {
        options.difficulty =
            static_cast<Difficulty>((static_cast<int32_t>(options.difficulty) + 3 + change) % 3);
    }
    if (const int32_t change = ui.option("SHIPS", marked(std::to_string(options.startingShips),
                                                         options.startingShips == arcade.startingShips))) {
        options.startingShips = cycle(arcade::kStartingShipsChoices, options.startingShips, change);
    }
    if (const int32_t change =
            ui.option("EXTRA SHIP AT", marked(std::to_string(options.extraShipScore),
                                              options.extraShipScore == arcade.extraShipScore))) {
        options.extraShipScore = cycle(arcade::kExtraShipScoreChoices, options.extraShipScore, change);
    }
    if (ui.button("ARCADE SETTINGS"))
        options.setBoard(arcade);
    if (ui.button("BACK"))
        next = Transition::returnTo(Screen::Options);
    // The selection as this step leaves it (a drawing Ui: as shown).
    const auto selected = std::min(static_cast<size_t>(std::max(m_menu.selected, 0)), kRowHints.size() - 1);
    ui.text(kRowHints[selected], ui::theme::kAccent);
    ui.text(options.board().isArcadeDefault() ? "THE ARCADE'S OWN SETTINGS" : "NOT THE ARCADE'S SETTINGS",
            ui::theme::kMuted);
    ui.hints({ui::kHintSelect, ui::kHintChange, ui::kHintBack});
    ui.endPanel();
    return next;
}

std::unique_ptr<FlowScreen> makeGameSettingsScreen() {
    return std::make_unique<GameSettingsScreen>();
}

} // namespace invaders
