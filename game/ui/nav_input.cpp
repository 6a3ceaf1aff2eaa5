#include "ui/nav_input.h"

#include "actions.h"

namespace invaders::ui {

NavInput NavReader::read(const vox::ActionState& actions) {
    // Held since the screen opened: ignored until released; a fresh press (released and pressed again
    // between two steps) counts at once.
    const uint32_t waiting = m_waitingBits & ~actions.pressedBits;
    vox::ActionState input = actions;
    input.heldBits &= ~waiting;
    m_waitingBits = waiting & actions.heldBits & ~actions.releasedBits;
    m_downBits = actions.heldBits & ~actions.releasedBits;
    const auto anyOf = [](uint32_t bits, Action a, Action b) {
        return (bits & (vox::ActionState::bit(a) | vox::ActionState::bit(b))) != 0;
    };
    const std::array<std::array<Action, 2>, 6> directions = {{
        {Action::MenuUp, Action::MenuUp},
        {Action::MenuDown, Action::MenuDown},
        {Action::MenuLeft, Action::Left},
        {Action::MenuRight, Action::Right},
        {Action::MenuPageUp, Action::MenuPageUp},
        {Action::MenuPageDown, Action::MenuPageDown},
    }};
    std::array<bool, 6> fired{};
    for (size_t d = 0; d < directions.size(); ++d) {
        const auto [fixed, bound] = directions[d];
        int32_t& held = m_heldSteps[d];
        held = anyOf(input.heldBits, fixed, bound) ? held + 1 : 0;
        const bool repeat = held > kRepeatDelay && (held - kRepeatDelay - 1) % kRepeatInterval == 0;
        fired[d] = anyOf(input.pressedBits, fixed, bound) || repeat;
    }
    NavInput nav{fired[0], fired[1], fired[2], fired[3], false, false, fired[4], fired[5], m_tap};
    const bool fixedConfirm = input.pressed(Action::Confirm);
    const bool fixedBack = input.pressed(Action::Back);
    // A gamepad's Start sends Start, Pause and Confirm: it confirms.
    const bool boundConfirm = input.pressed(Action::Fire) || input.pressed(Action::Start);
    const bool boundBack = input.pressed(Action::Pause);
    if (fixedConfirm || fixedBack) {
        nav.confirm = fixedConfirm && !fixedBack;
        nav.back = fixedBack && !fixedConfirm;
    } else {
        nav.confirm = boundConfirm;
        nav.back = boundBack && !boundConfirm;
    }
    m_tap.reset();
    return nav;
}

} // namespace invaders::ui
