#pragma once
// Helpers shared by the broadphase test suites that run the tree and the reference broadphases alike.

#include "vox/core/result.h"

#include <gtest/gtest.h>

namespace vox::test {

/// Asserts `broadphase.validate()` where the broadphase has one (the tree); nothing for the others.
template <class B>
void validateIfTree(const B& broadphase) {
    if constexpr (requires { broadphase.validate(); }) {
        const vox::Status status = broadphase.validate();
        ASSERT_TRUE(status.ok()) << status.error().message;
    }
}

} // namespace vox::test
