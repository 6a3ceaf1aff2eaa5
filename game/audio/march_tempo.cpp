#include "audio/march_tempo.h"

#include "audio/sound_bank.h"

#include "vox/core/assert.h"

#include <array>

namespace invaders {
namespace {

struct TempoStep {
    int minimumInvaders; // this row applies with at least this many invaders left
    int frames;
};

// @1A11 in the arcade ROM, fastest last.
constexpr std::array<TempoStep, 16> kMarchTempo = {{
    {50, 52},
    {43, 46},
    {36, 39},
    {28, 34},
    {22, 28},
    {17, 24},
    {13, 21},
    {10, 19},
    {8, 16},
    {7, 14},
    {6, 13},
    {5, 12},
    {4, 11},
    {3, 9},
    {2, 7},
    {1, 5},
}};

} // namespace

int marchNoteInterval(int liveInvaders) {
    VOX_ASSERT(liveInvaders >= 1, "marchNoteInterval: there is no march without invaders");
    for (const TempoStep& row : kMarchTempo) {
        if (liveInvaders >= row.minimumInvaders)
            return row.frames;
    }
    return kMarchTempo.back().frames;
}

std::optional<int> MarchBeat::step(int liveInvaders, bool silenced) {
    if (silenced || liveInvaders <= 0)
        return std::nullopt;
    if (m_framesToNote > 0 && --m_framesToNote > 0)
        return std::nullopt;
    const int note = m_nextNote;
    m_nextNote = (m_nextNote + 1) % kMarchNoteCount;
    m_framesToNote = marchNoteInterval(liveInvaders);
    return note;
}

} // namespace invaders
