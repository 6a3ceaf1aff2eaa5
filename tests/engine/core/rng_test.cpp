#include "vox/core/rng.h"

#include <gtest/gtest.h>

namespace {

TEST(Rng, MatchesSplitMix64ReferenceSequence) {
    // Reference values of SplitMix64 seeded with 1234567 (from the algorithm's published C code).
    vox::Rng rng(1234567);
    EXPECT_EQ(rng.next(), 6457827717110365317ull);
    EXPECT_EQ(rng.next(), 3203168211198807973ull);
    EXPECT_EQ(rng.next(), 9817491932198370423ull);
}

TEST(Rng, SameSeedSameSequenceDifferentSeedDifferent) {
    vox::Rng a(42), b(42), c(43);
    for (int i = 0; i < 100; ++i) {
        uint64_t x = a.next();
        EXPECT_EQ(x, b.next());
        EXPECT_NE(x, c.next());
    }
}

TEST(Rng, UniformAndBelowStayInRange) {
    vox::Rng rng(7);
    for (int i = 0; i < 10000; ++i) {
        float f = rng.uniform(-3.0f, 3.0f);
        EXPECT_GE(f, -3.0f);
        EXPECT_LT(f, 3.0f);
        EXPECT_LT(rng.below(55), 55u);
        double d = rng.nextDouble();
        EXPECT_GE(d, 0.0);
        EXPECT_LT(d, 1.0);
    }
}

} // namespace
