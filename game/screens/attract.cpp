// What the attract screens share: Confirm plays, Back opens the options, a direction returns to the title.
#include "game_flow.h"

namespace invaders {

bool stepAttract(GameFlow& flow, const ui::NavInput& nav, int32_t frames) {
    if (nav.confirm) {
        flow.startGame(flow.titlePlayers());
        return true;
    }
    if (nav.back) {
        flow.openOptions();
        return true;
    }
    if ((nav.up || nav.down || nav.left || nav.right) && !flow.demoOnly()) {
        flow.show(Screen::Title);
        return true;
    }
    if (frames > 0 && flow.screenFrames() >= frames) {
        flow.nextAttractScreen();
        return true;
    }
    return false;
}

} // namespace invaders
