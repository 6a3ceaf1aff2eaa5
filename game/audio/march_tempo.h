#pragma once
// The tempo of the invaders' march: the arcade's table of frames between notes by invaders left (@1A11),
// and `MarchBeat`, which turns it into "play note N now" per 60 Hz frame. Pure and deterministic: the
// simulation can drive it from its own step counter and hand the notes to the audio system.

#include <optional>

namespace invaders {

/// Frames between two march notes with `liveInvaders` (>= 1) on screen, from the arcade's table:
/// 52 frames with 50 or more left, down to 5 frames with one left. The march speeds up as the rack
/// thins, the game's famous rising tension.
[[nodiscard]] int marchNoteInterval(int liveInvaders);

/// Frames each march note sounds in the arcade.
inline constexpr int kMarchNoteFrames = 4;

/// Counts frames and says when to sound the next of the four march notes.
///
/// Call `step()` once per simulation frame. The first note sounds on the first frame; then each note
/// comes `marchNoteInterval(liveInvaders)` frames after the previous one, the interval taken from the
/// live count when the note sounds (so a kill speeds up the next gap, as in the arcade). While `silenced`
/// (the cannon exploding) or with no invaders, the count holds and no note sounds.
class MarchBeat {
public:
    /// Advances one frame. Returns the note to start this frame (0-3, cycling 0, 1, 2, 3, 0, ...), if any.
    [[nodiscard]] std::optional<int> step(int liveInvaders, bool silenced);

    /// Back to the first note, sounding on the next frame (a new wave).
    void reset() { *this = MarchBeat(); }

private:
    int m_framesToNote = 0;
    int m_nextNote = 0;
};

} // namespace invaders
