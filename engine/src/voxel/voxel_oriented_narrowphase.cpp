#include "vox/voxel/voxel_oriented_narrowphase.h"

#include "voxel/pose_check.h"
#include "voxel/row_overlap.h"

#include "vox/core/assert.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

namespace vox {

namespace {

// Node boxes are tested leaning towards overlap by this much (voxels): a node test may only let through
// pairs the cube test then rejects, never reject one it would accept. It covers the float rounding of
// node centres brought into A's frame (about 1e-4 voxel at 256 cells), also on edge axes that are nearly
// parallel, whose unnormalised length shrinks the radii but not the rounding.
constexpr float kNodeSlack = 1e-2f;
// 15 axes padded to 16, so that the cube test is four vector compares.
constexpr int kCubeAxes = 16;

// Cells of a brick whose local coordinate on `axis` lies in [low, high] (bit x + 4y + 16z).
constexpr uint64_t rangeMask(int axis, int low, int high) {
    uint64_t mask = 0;
    for (int bit = 0; bit < 64; ++bit) {
        const int coordinate = (bit >> (2 * axis)) & 3;
        if (coordinate >= low && coordinate <= high)
            mask |= uint64_t{1} << bit;
    }
    return mask;
}

struct RangeMasks {
    std::array<std::array<std::array<uint64_t, 4>, 4>, 3> masks{}; // [axis][low][high]
    constexpr RangeMasks() {
        for (int axis = 0; axis < 3; ++axis)
            for (int low = 0; low < 4; ++low)
                for (int high = low; high < 4; ++high)
                    masks[static_cast<size_t>(axis)][static_cast<size_t>(low)][static_cast<size_t>(high)] =
                        rangeMask(axis, low, high);
    }
};
constexpr RangeMasks kRangeMasks;

// B's cell space expressed in A's (pA = rotation * pB + translation) and everything the tests need that
// depends on the two poses alone.
struct RelativeFrame {
    glm::dmat3 rotation{1.0};
    glm::dvec3 translation{0.0};
    glm::mat3 rotationF{1.0f};
    glm::mat3 absRotationF{1.0f};
    glm::vec3 translationF{0.0f};
    // Half extent, on A's axes, of the box around a B cube.
    glm::vec3 cubeReach{0.5f};
    // The 15 unit axes of the cube-cube test in A's frame, and for each the largest |centre difference|
    // on it at which two cubes still interpenetrate by more than the tolerance. Made when the first two
    // bricks meet (`prepareCubeAxes`): most pairs of models far apart never need them.
    bool cubeAxesReady = false;
    alignas(64) std::array<float, kCubeAxes> axisX{};
    alignas(64) std::array<float, kCubeAxes> axisY{};
    alignas(64) std::array<float, kCubeAxes> axisZ{};
    alignas(64) std::array<float, kCubeAxes> limit{};
};

RelativeFrame makeFrame(const VoxelPose& poseA, const VoxelPose& poseB) {
    RelativeFrame frame;
    // A's rotation is orthonormal, so its transpose undoes it (to the input's rounding, ~1e-7).
    const glm::dmat3 toA = glm::transpose(glm::dmat3(poseA.rotation));
    frame.rotation = toA * glm::dmat3(poseB.rotation);
    frame.translation = toA * (glm::dvec3(poseB.position) - glm::dvec3(poseA.position));
    frame.rotationF = glm::mat3(frame.rotation);
    frame.translationF = glm::vec3(frame.translation);
    for (int column = 0; column < 3; ++column)
        frame.absRotationF[column] = glm::abs(frame.rotationF[column]);
    frame.cubeReach = 0.5f * (frame.absRotationF[0] + frame.absRotationF[1] + frame.absRotationF[2]);
    return frame;
}

void prepareCubeAxes(RelativeFrame& frame) {
    std::array<glm::dvec3, kCubeAxes> axes{};
    int count = 0;
    for (int i = 0; i < 3; ++i) {
        glm::dvec3 face(0.0);
        face[i] = 1.0;
        axes[static_cast<size_t>(count++)] = face;
    }
    for (int j = 0; j < 3; ++j)
        axes[static_cast<size_t>(count++)] = glm::normalize(frame.rotation[j]);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            glm::dvec3 face(0.0);
            face[i] = 1.0;
            const glm::dvec3 cross = glm::cross(face, frame.rotation[j]);
            const double length = glm::length(cross);
            // Parallel edges: the face axes decide (the axis stays zero and never separates).
            axes[static_cast<size_t>(count++)] = length > 1e-12 ? cross / length : glm::dvec3(0.0);
        }
    for (int k = 0; k < kCubeAxes; ++k) {
        const glm::dvec3& axis = axes[static_cast<size_t>(k)];
        const double radiusA = 0.5 * (std::abs(axis.x) + std::abs(axis.y) + std::abs(axis.z));
        const double radiusB =
            0.5 * (std::abs(glm::dot(axis, frame.rotation[0])) + std::abs(glm::dot(axis, frame.rotation[1])) +
                   std::abs(glm::dot(axis, frame.rotation[2])));
        const bool used = k < 15 && glm::length(axis) > 0.0;
        frame.axisX[static_cast<size_t>(k)] = static_cast<float>(axis.x);
        frame.axisY[static_cast<size_t>(k)] = static_cast<float>(axis.y);
        frame.axisZ[static_cast<size_t>(k)] = static_cast<float>(axis.z);
        frame.limit[static_cast<size_t>(k)] =
            used ? static_cast<float>(radiusA + radiusB - static_cast<double>(kVoxelPoseTolerance)) : 1.0f;
    }
    frame.cubeAxesReady = true;
}

// True when the unit cubes whose centres differ by `delta` (B's minus A's, in A's frame) interpenetrate by
// more than the tolerance: no axis of the 15 has their shadows closer than that.
bool cubesTouch(const RelativeFrame& frame, glm::vec3 delta) {
    // Two plain loops without branches, which the compiler can turn into vector code.
    std::array<float, kCubeAxes> excess;
    for (size_t k = 0; k < kCubeAxes; ++k)
        excess[k] = std::abs(delta.x * frame.axisX[k] + delta.y * frame.axisY[k] + delta.z * frame.axisZ[k]) -
                    frame.limit[k];
    int32_t apart = 0;
    for (size_t k = 0; k < kCubeAxes; ++k)
        apart |= excess[k] >= 0.0f ? 1 : 0;
    return apart == 0;
}

struct Traversal {
    RelativeFrame& frame;
    std::span<const VoxelBrickNode> nodesA;
    std::span<const VoxelBrickNode> nodesB;
};

// The separating axis test of two node boxes, A's axis-aligned in A's cells and B's turned by the frame,
// leaning towards overlap by kNodeSlack. Its own loops rather than vox::geometry's: sharing one edge-axes
// function made overlaps(Obb, Obb) twice as slow (docs/benchmarks.md, "Oriented boxes").
bool nodesMayTouch(const RelativeFrame& frame, const VoxelBox& boxA, const VoxelBox& boxB) {
    const glm::vec3 centerA = glm::vec3(boxA.min + boxA.max) * 0.5f;
    const glm::vec3 halfA = glm::vec3(boxA.size()) * 0.5f;
    const glm::vec3 halfB = glm::vec3(boxB.size()) * 0.5f;
    const glm::vec3 centerB = frame.rotationF * (glm::vec3(boxB.min + boxB.max) * 0.5f) + frame.translationF;
    const glm::vec3 t = centerB - centerA;
    const glm::mat3& r = frame.rotationF; // r[j][i]: B's axis j, component i
    const glm::mat3& ar = frame.absRotationF;
    // A's faces: B's box on A's axes is the cheap box around it.
    const glm::vec3 reachB = ar * halfB;
    for (int i = 0; i < 3; ++i)
        if (std::abs(t[i]) > halfA[i] + reachB[i] + kNodeSlack)
            return false;
    for (int j = 0; j < 3; ++j) {
        const float radiusA = glm::dot(ar[j], halfA);
        if (std::abs(glm::dot(t, r[j])) > radiusA + halfB[j] + kNodeSlack)
            return false;
    }
    for (int i = 0; i < 3; ++i) {
        const int i1 = (i + 1) % 3;
        const int i2 = (i + 2) % 3;
        for (int j = 0; j < 3; ++j) {
            const int j1 = (j + 1) % 3;
            const int j2 = (j + 2) % 3;
            const float radiusA = halfA[i1] * ar[j][i2] + halfA[i2] * ar[j][i1];
            const float radiusB = halfB[j1] * ar[j2][i] + halfB[j2] * ar[j1][i];
            const float distance = t[i2] * r[j][i1] - t[i1] * r[j][i2];
            if (std::abs(distance) > radiusA + radiusB + kNodeSlack)
                return false;
        }
    }
    return true;
}

// Every filled cell of brick B against A's filled cells near it. Stops when `visit` returns true.
template <class Visit>
bool brickPair(const RelativeFrame& frame, const VoxelBrickNode& brickA, const VoxelBrickNode& brickB,
               Visit& visit) {
    const glm::ivec3 originA = brickA.brickOrigin();
    const glm::ivec3 originB = brickB.brickOrigin();
    // The centre of B's brick's first cell relative to A's brick origin, in A's axes, made in double: cell
    // coordinates reach 256, where float would round it by 1e-5; within two bricks, the float arithmetic
    // below keeps to ~1e-6.
    const glm::vec3 offset =
        glm::vec3(frame.rotation * (glm::dvec3(originB) + 0.5) + frame.translation - glm::dvec3(originA));
    // Half the tolerance: the cell range must keep every cell the cube test could accept.
    constexpr float kRangeSlack = 0.5f * kVoxelPoseTolerance;
    // Cubes whose centres are closer than 1 - 2 tolerances touch without a test: their inscribed balls
    // interpenetrate by more than 2 tolerances, and the cubes, which hold them, at least as much. (Squared.)
    constexpr float kSurelyTouching =
        (1.0f - 2.0f * kVoxelPoseTolerance) * (1.0f - 2.0f * kVoxelPoseTolerance);
    for (uint64_t cellsB = brickB.cells; cellsB != 0; cellsB &= cellsB - 1) {
        const int bitB = std::countr_zero(cellsB);
        const glm::vec3 center = offset + frame.rotationF * glm::vec3(static_cast<float>(bitB & 3),
                                                                      static_cast<float>((bitB >> 2) & 3),
                                                                      static_cast<float>((bitB >> 4) & 3));
        const glm::vec3 low = glm::floor(center - frame.cubeReach + kRangeSlack);
        const glm::vec3 high = glm::ceil(center + frame.cubeReach - kRangeSlack) - 1.0f;
        uint64_t candidates = brickA.cells;
        for (int axis = 0; axis < 3; ++axis) {
            const int first = static_cast<int>(std::max(low[axis], 0.0f));
            const int last = static_cast<int>(std::min(high[axis], 3.0f));
            if (first > last) {
                candidates = 0;
                break;
            }
            candidates &=
                kRangeMasks
                    .masks[static_cast<size_t>(axis)][static_cast<size_t>(first)][static_cast<size_t>(last)];
        }
        for (; candidates != 0; candidates &= candidates - 1) {
            const int bitA = std::countr_zero(candidates);
            const glm::vec3 centerA(static_cast<float>(bitA & 3) + 0.5f,
                                    static_cast<float>((bitA >> 2) & 3) + 0.5f,
                                    static_cast<float>((bitA >> 4) & 3) + 0.5f);
            const glm::vec3 delta = center - centerA;
            if (glm::dot(delta, delta) >= kSurelyTouching && !cubesTouch(frame, delta))
                continue;
            const glm::ivec3 cellA = originA + glm::ivec3(bitA & 3, (bitA >> 2) & 3, (bitA >> 4) & 3);
            const glm::ivec3 cellB = originB + glm::ivec3(bitB & 3, (bitB >> 2) & 3, (bitB >> 4) & 3);
            if (visit(cellA, cellB))
                return true;
        }
    }
    return false;
}

int64_t volume(const VoxelBox& box) {
    const glm::ivec3 size = box.size();
    return int64_t{size.x} * size.y * size.z;
}

// Both nodes' boxes overlap (or may): descend into the larger of the two, or test cubes at two bricks.
template <class Visit>
bool descend(const Traversal& traversal, int32_t indexA, int32_t indexB, Visit& visit) {
    const VoxelBrickNode& nodeA = traversal.nodesA[static_cast<size_t>(indexA)];
    const VoxelBrickNode& nodeB = traversal.nodesB[static_cast<size_t>(indexB)];
    if (nodeA.isBrick() && nodeB.isBrick()) {
        if (!traversal.frame.cubeAxesReady)
            prepareCubeAxes(traversal.frame);
        return brickPair(traversal.frame, nodeA, nodeB, visit);
    }
    const bool splitA = !nodeA.isBrick() && (nodeB.isBrick() || volume(nodeA.bounds) >= volume(nodeB.bounds));
    if (splitA) {
        for (int32_t child = nodeA.firstChild; child < nodeA.firstChild + nodeA.childCount; ++child)
            if (nodesMayTouch(traversal.frame, traversal.nodesA[static_cast<size_t>(child)].bounds,
                              nodeB.bounds) &&
                descend(traversal, child, indexB, visit))
                return true;
    } else {
        for (int32_t child = nodeB.firstChild; child < nodeB.firstChild + nodeB.childCount; ++child)
            if (nodesMayTouch(traversal.frame, nodeA.bounds,
                              traversal.nodesB[static_cast<size_t>(child)].bounds) &&
                descend(traversal, indexA, child, visit))
                return true;
    }
    return false;
}

// gridOffsetBetween without the check of the poses.
std::optional<glm::ivec3> gridOffset(const VoxelPose& poseA, glm::ivec3 modelSizeA, const VoxelPose& poseB,
                                     glm::ivec3 modelSizeB) {
    const glm::dmat3 toA = glm::transpose(glm::dmat3(poseA.rotation));
    const glm::dmat3 rotation = toA * glm::dmat3(poseB.rotation);
    const glm::dvec3 translation = toA * (glm::dvec3(poseB.position) - glm::dvec3(poseA.position));
    double turn = 0.0; // the largest entry of rotation - identity
    for (int column = 0; column < 3; ++column)
        for (int row = 0; row < 3; ++row)
            turn = std::max(turn, std::abs(rotation[column][row] - (column == row ? 1.0 : 0.0)));
    const glm::dvec3 offset = glm::round(translation);
    const glm::dvec3 shift = glm::abs(translation - offset);
    // How far a point of B strays from where the whole-voxel offset puts it: the shift, plus the turn times
    // the point's distance from B's corner (|x| + |y| + |z| within B's size); A's size counts too, as the
    // transpose undoes A's rotation only as well as that is orthonormal. Below the tolerance no pair of
    // cubes changes verdict: a shared cell keeps a depth near 1, face neighbours stay below the tolerance.
    const glm::ivec3 sizes = modelSizeA + modelSizeB;
    const double stray =
        std::max({shift.x, shift.y, shift.z}) + turn * static_cast<double>(sizes.x + sizes.y + sizes.z);
    if (!(stray < 0.5 * static_cast<double>(kVoxelPoseTolerance)))
        return std::nullopt;
    return glm::ivec3(offset);
}

constexpr const char* kNoContact = "the call answers that the models do not touch";

// Calls visit(cellA, cellB) for touching pairs until it returns true; returns whether it did. Misuse (an
// invalid pose, bricks that do not match their model) is reported in every build, naming `call`, and
// answers no contact.
template <class Visit>
bool forEachContact(const char* call, const VoxelModel& a, const VoxelBricks& bricksA, const VoxelPose& poseA,
                    const VoxelModel& b, const VoxelBricks& bricksB, const VoxelPose& poseB, Visit&& visit) {
    if (!detail::checkPose(poseA, call, "poseA", kNoContact) ||
        !detail::checkPose(poseB, call, "poseB", kNoContact) ||
        !detail::checkBricks(a, bricksA, call, "model a", "bricksA", kNoContact) ||
        !detail::checkBricks(b, bricksB, call, "model b", "bricksB", kNoContact))
        return false;
    if (bricksA.empty() || bricksB.empty())
        return false;
    if (const std::optional<glm::ivec3> offset = gridOffset(poseA, a.size(), poseB, b.size())) {
        return detail::forEachOverlapRun(a, glm::ivec3(0), b, *offset,
                                         [&](int32_t x, int32_t y, int32_t z, uint64_t mask) {
                                             for (; mask != 0; mask &= mask - 1) {
                                                 const glm::ivec3 cell(x + std::countr_zero(mask), y, z);
                                                 if (visit(cell, cell - *offset))
                                                     return true;
                                             }
                                             return false;
                                         });
    }
    RelativeFrame frame = makeFrame(poseA, poseB);
    if (!nodesMayTouch(frame, bricksA.bounds(), bricksB.bounds()))
        return false;
    const Traversal traversal{frame, bricksA.nodes(), bricksB.nodes()};
    return descend(traversal, 0, 0, visit);
}

} // namespace

std::optional<glm::ivec3> gridOffsetBetween(const VoxelPose& poseA, glm::ivec3 modelSizeA,
                                            const VoxelPose& poseB, glm::ivec3 modelSizeB) {
    constexpr const char* kNoOffset = "the call answers no offset";
    if (!detail::checkPose(poseA, "gridOffsetBetween", "poseA", kNoOffset) ||
        !detail::checkPose(poseB, "gridOffsetBetween", "poseB", kNoOffset))
        return std::nullopt;
    return gridOffset(poseA, modelSizeA, poseB, modelSizeB);
}

bool orientedVoxelsOverlap(const VoxelModel& a, const VoxelBricks& bricksA, const VoxelPose& poseA,
                           const VoxelModel& b, const VoxelBricks& bricksB, const VoxelPose& poseB) {
    return forEachContact("orientedVoxelsOverlap", a, bricksA, poseA, b, bricksB, poseB,
                          [](glm::ivec3, glm::ivec3) { return true; });
}

std::optional<VoxelContact> firstOrientedContact(const VoxelModel& a, const VoxelBricks& bricksA,
                                                 const VoxelPose& poseA, const VoxelModel& b,
                                                 const VoxelBricks& bricksB, const VoxelPose& poseB) {
    std::optional<VoxelContact> first;
    forEachContact("firstOrientedContact", a, bricksA, poseA, b, bricksB, poseB,
                   [&](glm::ivec3 cellA, glm::ivec3 cellB) {
                       first = VoxelContact{cellA, cellB};
                       return true;
                   });
    return first;
}

int32_t collectOrientedContacts(const VoxelModel& a, const VoxelBricks& bricksA, const VoxelPose& poseA,
                                const VoxelModel& b, const VoxelBricks& bricksB, const VoxelPose& poseB,
                                std::vector<VoxelContact>& contacts) {
    const size_t before = contacts.size();
    forEachContact("collectOrientedContacts", a, bricksA, poseA, b, bricksB, poseB,
                   [&](glm::ivec3 cellA, glm::ivec3 cellB) {
                       contacts.push_back({cellA, cellB});
                       return false;
                   });
    return static_cast<int32_t>(contacts.size() - before);
}

} // namespace vox
