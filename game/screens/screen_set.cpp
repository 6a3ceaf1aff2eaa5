// The screens by value: each class's object at its `Screen`'s index (the order screens.h checks).
#include "screens/screens.h"

namespace invaders {

ScreenSet::ScreenSet() {
    std::apply(
        [this](auto&... screen) { ((m_byScreen[static_cast<size_t>(screen.kScreen)] = &screen), ...); },
        m_screens);
}

} // namespace invaders
