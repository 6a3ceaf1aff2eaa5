#pragma once
/// @file
/// `LineBatch`: coloured 3D line segments collected on the CPU, drawn in one call by `LineRenderer`.
///
///     vox::LineBatch lines;
///     lines.addBox(box, vox::packColor({0.3f, 0.9f, 1.0f, 0.8f}));   // 12 segments
///     lines.addLine(a, b, vox::packColor({1.0f, 0.3f, 0.3f, 1.0f}));
///     lineRenderer.draw(lines, camera.viewProjection(), viewport);
///
/// Colours are packed 8-bit RGBA, stored as they will appear in the framebuffer (the game's render targets
/// hold sRGB values, so these are sRGB too) with straight alpha.

#include "vox/broadphase/aabb.h"
#include "vox/voxel/palette.h" // packColor

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace vox {

/// One end of a segment, 16 bytes: the layout `LineRenderer` uploads.
struct LineVertex {
    glm::vec3 position{0.0f}; ///< World units.
    uint32_t rgba = 0;        ///< See `packColor`.
};

/// A growing list of segments; `clear()` keeps the memory, so a batch rebuilt every frame stops allocating.
class LineBatch {
public:
    /// Adds the segment from `a` to `b`.
    void addLine(const glm::vec3& a, const glm::vec3& b, uint32_t rgba) {
        m_vertices.push_back({a, rgba});
        m_vertices.push_back({b, rgba});
    }
    /// Adds the 12 edges of `box`.
    void addBox(const Aabb& box, uint32_t rgba);
    /// Removes every segment (keeps the capacity).
    void clear() { m_vertices.clear(); }
    /// Segments held.
    [[nodiscard]] int32_t lineCount() const { return static_cast<int32_t>(m_vertices.size() / 2); }
    /// True when there is nothing to draw.
    [[nodiscard]] bool empty() const { return m_vertices.empty(); }
    /// Both ends of every segment, in order.
    [[nodiscard]] std::span<const LineVertex> vertices() const { return m_vertices; }

private:
    std::vector<LineVertex> m_vertices;
};

} // namespace vox
