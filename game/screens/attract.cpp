// What the attract screens share: Confirm plays (so does a bare tap on a touch screen: these screens have no
// rows to tap), Back opens the options, a direction returns to the title.
#include "screens/screens.h"

namespace invaders {

Transition stepAttract(const ScreenContext& context, const ui::NavInput& nav, int32_t frames) {
    if (nav.confirm || nav.tap)
        return Transition::startGame(context.shared.players);
    if (nav.back)
        return Transition::to(Transition::Kind::OpenOptions);
    if ((nav.up || nav.down || nav.left || nav.right) && !context.shared.demoOnly)
        return Transition::show(Screen::Title);
    if (frames > 0 && context.shared.screenFrames >= frames)
        return Transition::to(Transition::Kind::NextAttractScreen);
    return Transition::none();
}

} // namespace invaders
