// What the attract screens share: Confirm plays, Back opens the options, a direction returns to the title.
#include "game_flow.h"

namespace invaders {

Transition stepAttract(const GameFlow& flow, const ui::NavInput& nav, int32_t frames) {
    if (nav.confirm)
        return Transition::startGame(flow.shared().players);
    if (nav.back)
        return Transition::to(Transition::Kind::OpenOptions);
    if ((nav.up || nav.down || nav.left || nav.right) && !flow.demoOnly())
        return Transition::show(Screen::Title);
    if (frames > 0 && flow.screenFrames() >= frames)
        return Transition::to(Transition::Kind::NextAttractScreen);
    return Transition::none();
}

} // namespace invaders
