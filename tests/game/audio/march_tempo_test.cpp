#include "audio/march_tempo.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using invaders::MarchBeat;
using invaders::marchNoteInterval;

// The arcade's table @1A11 as the reference lists it (docs: shared/reference/arcade-rules.md):
// ">=50:52, >=43:46, >=36:39, >=28:34, >=22:28, >=17:24, >=13:21, >=10:19, >=8:16, 7:14, 6:13, 5:12, 4:11,
// 3:9, 2:7, 1:5", expanded here to one expected value per invader count, written out by hand.
TEST(MarchNoteInterval, MatchesEveryEntryOfTheArcadeTable) {
    struct Range {
        int low, high, frames;
    };
    const Range table[] = {{50, 55, 52}, {43, 49, 46}, {36, 42, 39}, {28, 35, 34}, {22, 27, 28}, {17, 21, 24},
                           {13, 16, 21}, {10, 12, 19}, {8, 9, 16},   {7, 7, 14},   {6, 6, 13},   {5, 5, 12},
                           {4, 4, 11},   {3, 3, 9},    {2, 2, 7},    {1, 1, 5}};
    int covered = 0;
    for (const Range& range : table) {
        for (int invaders = range.low; invaders <= range.high; ++invaders) {
            EXPECT_EQ(marchNoteInterval(invaders), range.frames) << invaders << " invaders";
            ++covered;
        }
    }
    EXPECT_EQ(covered, 55); // every count of a full rack down to the last invader
}

TEST(MarchNoteInterval, MoreThanAFullRackIsTheSlowestTempo) {
    EXPECT_EQ(marchNoteInterval(56), 52);
    EXPECT_EQ(marchNoteInterval(1000), 52);
}

// Frames (0-based) at which notes sound, and which, over `frames` frames with a fixed count.
std::vector<std::pair<int, int>> run(MarchBeat& beat, int frames, int liveInvaders, bool silenced = false) {
    std::vector<std::pair<int, int>> notes;
    for (int frame = 0; frame < frames; ++frame) {
        if (std::optional<int> note = beat.step(liveInvaders, silenced))
            notes.emplace_back(frame, *note);
    }
    return notes;
}

TEST(MarchBeat, PlaysTheFourNotesInTurnAtTheTableInterval) {
    MarchBeat beat;
    const auto notes = run(beat, 5 * 52 + 1, 55);
    ASSERT_EQ(notes.size(), 6u);
    for (std::size_t i = 0; i < notes.size(); ++i) {
        EXPECT_EQ(notes[i].first, static_cast<int>(i) * 52);
        EXPECT_EQ(notes[i].second, static_cast<int>(i % 4));
    }
}

TEST(MarchBeat, TheNextGapFollowsTheLiveCountWhenTheNoteSounds) {
    MarchBeat beat;
    ASSERT_EQ(beat.step(55, false), 0); // frame 0: note, next in 52
    for (int frame = 1; frame < 52; ++frame)
        ASSERT_FALSE(beat.step(frame < 30 ? 55 : 1, false).has_value())
            << frame;                  // a kill mid-gap doesn't cut it
    EXPECT_EQ(beat.step(1, false), 1); // frame 52; from now on 5 frames apart
    const auto notes = run(beat, 11, 1);
    ASSERT_EQ(notes.size(), 2u);
    EXPECT_EQ(notes[0], std::make_pair(4, 2));
    EXPECT_EQ(notes[1], std::make_pair(9, 3));
}

TEST(MarchBeat, SilenceHoldsTheCountAndNoInvadersMeansNoNotes) {
    MarchBeat beat;
    ASSERT_EQ(beat.step(1, false), 0);
    EXPECT_TRUE(run(beat, 100, 1, /*silenced=*/true).empty());
    EXPECT_TRUE(run(beat, 100, 0).empty());
    const auto notes = run(beat, 5, 1); // the 4 frames left of the gap, then the next note
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_EQ(notes[0], std::make_pair(4, 1));

    beat.reset();
    EXPECT_EQ(beat.step(30, false), 0);
}

} // namespace
