// Three letters for a top-ten score. Type them, or choose each with Up/Down (or Left/Right, as the
// arcade's joystick) and Confirm; Back erases the last one. Input waits half a second first.
#include "flow/runs.h"
#include "screens/screens.h"
#include "ui/hud.h"

#include <algorithm>

namespace invaders {
namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

char cycleLetter(char letter, int32_t by) {
    const auto size = static_cast<int32_t>(kAlphabet.size());
    const auto index = static_cast<int32_t>(std::min(kAlphabet.find(letter), kAlphabet.size() - 1));
    return kAlphabet[static_cast<size_t>((index + by + size) % size)];
}

// The letter a key types, or 0.
char typedLetter(SDL_Scancode key) {
    if (key >= SDL_SCANCODE_A && key <= SDL_SCANCODE_Z)
        return static_cast<char>('A' + (key - SDL_SCANCODE_A));
    if (key >= SDL_SCANCODE_1 && key <= SDL_SCANCODE_9)
        return static_cast<char>('1' + (key - SDL_SCANCODE_1));
    if (key == SDL_SCANCODE_0)
        return '0';
    return 0;
}

} // namespace

void InitialsScreen::enter() {
    m_letters = {'A', 'A', 'A'};
    m_cursor = 0;
}

Transition InitialsScreen::step(const StepContext& context, ui::Ui& ui, const vox::ActionState& /*input*/) {
    if (context.shared.screenFrames <= kInputDelayFrames)
        return Transition::none();
    const ui::NavInput& nav = ui.nav();
    char& letter = m_letters[static_cast<size_t>(m_cursor)];
    const std::optional<SDL_Scancode> key = context.shared.pendingKey;
    const char typed = key ? typedLetter(*key) : 0;
    bool accept = nav.confirm;
    if (typed != 0) { // W, A, S and D type letters here rather than move
        letter = typed;
        accept = true;
    } else if (nav.up || nav.right) {
        letter = cycleLetter(letter, 1);
    } else if (nav.down || nav.left) {
        letter = cycleLetter(letter, -1);
    } else if (nav.back && m_cursor > 0) {
        --m_cursor;
        return Transition::none();
    }
    if (!accept)
        return Transition::none();
    if (m_cursor == 2)
        return Transition::submitInitials(m_letters);
    ++m_cursor;
    m_letters[static_cast<size_t>(m_cursor)] = 'A';
    return Transition::none();
}

Transition InitialsScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    const Simulation& simulation = *context.session.simulation();
    const int32_t player = context.shared.initialsPlayer;
    const int32_t rank = context.runs.rankOf(static_cast<uint32_t>(simulation.player(player).score));
    ui.beginPanel(rank == 0 ? std::string("NEW HIGH SCORE") : ui::ordinalText(rank + 1) + " PLACE",
                  {0.5f, 0.5f});
    std::string line = simulation.settings().players == 2 ? "PLAYER " + std::to_string(player + 1) + "  "
                                                          : std::string("SCORE ");
    line += ui::scoreText(simulation.player(player).score);
    ui.text(line, ui::theme::kText);
    ui.space(4);
    ui.text("ENTER YOUR INITIALS", ui::theme::kAccent);
    std::string shown(m_letters.begin(), m_letters.end());
    for (size_t i = static_cast<size_t>(m_cursor) + 1; i < shown.size(); ++i)
        shown[i] = ' '; // not chosen yet
    ui.letterBoxes(shown, m_cursor);
    // A touch screen has no keys to type them with.
    ui.text(ui.device() == ui::InputDevice::Touch ? "CHOOSE THEM WITH ↑↓" : "TYPE THEM, OR CHOOSE WITH ↑↓",
            ui::theme::kMuted);
    ui.hints({{"↑↓", "LETTER"},
              {"ENTER", "NEXT", "A", ui::kTouchConfirm},
              {"BKSP", "ERASE", "B", ui::kTouchBack}});
    ui.endPanel();
    return Transition::none();
}

std::unique_ptr<FlowScreen> makeInitialsScreen() {
    return std::make_unique<InitialsScreen>();
}

} // namespace invaders
