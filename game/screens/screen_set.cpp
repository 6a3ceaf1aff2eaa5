// Which object is which screen: one case per `Screen` (the compiler warns on a missing one).
#include "screens.h"

#include "vox/core/assert.h"

namespace invaders {

FlowScreen& ScreenSet::operator[](Screen screen) {
    return const_cast<FlowScreen&>(static_cast<const ScreenSet&>(*this)[screen]);
}

const FlowScreen& ScreenSet::operator[](Screen screen) const {
    switch (screen) {
    case Screen::Title:
        return title;
    case Screen::ScoreTable:
        return scoreTable;
    case Screen::HighScores:
        return highScores;
    case Screen::Demo:
        return demo;
    case Screen::Playing:
        return playing;
    case Screen::Paused:
        return paused;
    case Screen::Options:
        return options;
    case Screen::Controls:
        return controls;
    case Screen::GameOver:
        return gameOver;
    case Screen::EnterInitials:
        return initials;
    case Screen::Replay:
        return replay;
    case Screen::Accessibility:
        return accessibility;
    case Screen::Watch:
        return watch;
    case Screen::Share:
        return share;
    case Screen::Count:
        break;
    }
    VOX_VERIFY(false, "ScreenSet: not a Screen value");
    return title;
}

} // namespace invaders
