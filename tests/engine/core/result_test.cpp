#include "vox/core/result.h"

#include <gtest/gtest.h>

#include <memory>

namespace {

vox::Result<int> parsePositive(int x) {
    if (x <= 0)
        return vox::Error{"value must be positive, got " + std::to_string(x)};
    return x;
}

TEST(Result, HoldsValueOnSuccess) {
    auto r = parsePositive(7);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.value(), 7);
}

TEST(Result, HoldsMessageOnFailure) {
    auto r = parsePositive(-2);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, "value must be positive, got -2");
}

TEST(Result, MovesOutMoveOnlyValues) {
    vox::Result<std::unique_ptr<int>> r = std::make_unique<int>(3);
    ASSERT_TRUE(r);
    std::unique_ptr<int> p = std::move(r).value();
    EXPECT_EQ(*p, 3);
}

TEST(Status, DefaultIsSuccessAndErrorKeepsMessage) {
    vox::Status good;
    EXPECT_TRUE(good.ok());
    vox::Status bad = vox::Error{"disk full"};
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message, "disk full");
}

TEST(ResultDeathTest, ValueOnErrorAborts) {
    auto r = parsePositive(0);
    EXPECT_DEATH((void)r.value(), "check ok\\(\\) first");
}

} // namespace
