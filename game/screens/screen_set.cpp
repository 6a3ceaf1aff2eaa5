// The screens' objects: one per row of the table, made by the row's maker (each screen's file has its own).
#include "screens/screens.h"

namespace invaders {

ScreenSet::ScreenSet() {
    for (const ScreenRow& row : kScreenTable)
        m_screens[static_cast<size_t>(row.screen)] = row.make();
}

} // namespace invaders
