#include "sprite_pass.h"

#include "render_pass.h"

#include "vox/platform/gl_debug_scope.h"
#include "vox/voxel/palette.h"

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <span>

namespace vox {
namespace {

uint8_t unorm8(float value) {
    return static_cast<uint8_t>(std::lround(std::clamp(value, 0.0f, 1.0f) * 255.0f));
}

// Sprite batches: meshes whose reserved capacities round up to the same power of two share a draw call,
// each instance padded to the batch's largest mesh. Batching by capacity rather than by quad count keeps
// a mesh in its batch (and its instances' bytes unchanged) while erosion rewrites it within its slack.
constexpr int kBatchCount = 33;
int batchOf(const MeshStore::Mesh& mesh) {
    return static_cast<int>(std::bit_width(static_cast<uint32_t>(mesh.capacity - 1)));
}

// The model-space face directions (FaceDirection order) whose faces can face a camera at `eye`, as bits:
// +a faces lie on planes a = 1..size, -a faces on a = 0..size - 1, so with the eye at e in model cells,
// +a faces can face it only if e.a > 0 and -a faces only if e.a < size.a (conservative by a cell).
uint8_t visibleDirections(const glm::vec3& eye, const glm::vec3& translation, const glm::quat& rotation,
                          float scale, glm::ivec3 size) {
    const glm::vec3 local = glm::conjugate(rotation) * (eye - translation) / scale;
    uint8_t bits = 0;
    for (int axis = 0; axis < 3; ++axis) {
        if (local[axis] > 0.0f)
            bits |= static_cast<uint8_t>(1u << (2 * axis));
        if (local[axis] < static_cast<float>(size[axis]))
            bits |= static_cast<uint8_t>(1u << (2 * axis + 1));
    }
    return bits;
}

} // namespace

Result<SpritePass> SpritePass::create(const std::filesystem::path& shaderDirectory) {
    Result<ShaderProgram> program = loadProgram(shaderDirectory, "sprite.vert", "voxel.frag");
    if (!program)
        return program.error();
    SpritePass pass;
    pass.m_program = std::move(program).value();
    pass.m_program.use();
    glUniform1i(pass.m_program.uniformLocation("uQuads"), kQuadUnit);
    glUniform1i(pass.m_program.uniformLocation("uMeshes"), kMeshUnit);
    glUniform1i(pass.m_program.uniformLocation("uPalettes"), kPaletteUnit);
    pass.m_directionLocation = pass.m_program.uniformLocation("uDirection");
    glUniform1i(pass.m_directionLocation, -1); // all of a mesh's quads, unless drawing by direction
    glUseProgram(0);
    pass.m_meshes = MeshStore::create();
    pass.m_instanceBuffer = StreamBuffer::create();
    pass.m_quadIndices = Buffer::create();
    pass.m_vertexArray = VertexArray::create();
    return pass;
}

void SpritePass::prepare(const glm::vec3& eye, bool byFaceDirection, FrameStats& frame) {
    const MeshStore::FlushResult flushed = m_meshes.flush();
    frame.bytesUploaded += flushed.bytes;
    frame.meshesUploaded = flushed.meshes;
    m_byFaceDirection = byFaceDirection;
    groupSprites(eye);
    orderInstances(frame);
    frame.bytesUploaded += static_cast<int64_t>(
        m_instanceBuffer.update(GL_ARRAY_BUFFER, m_instances.data(), m_instances.size() * sizeof(GpuSprite)));
    int32_t largest = 0;
    for (const Group& group : m_groups)
        largest = std::max(largest, group.maxQuads);
    ensureIndices(largest, frame);
}

void SpritePass::groupSprites(const glm::vec3& eye) {
    const size_t directionSets = m_byFaceDirection ? kDirectionSets : 1;
    m_groups.assign(static_cast<size_t>(kBatchCount) * directionSets, Group{});
    m_records.resize(m_sprites.size());
    m_groupOf.assign(m_sprites.size(), kNoGroup);
    for (size_t i = 0; i < m_sprites.size(); ++i) {
        const SpriteInstance& sprite = m_sprites[i];
        const MeshStore::Mesh& mesh = m_meshes.mesh(sprite.mesh);
        if (mesh.quadCount == 0)
            continue;
        // The pivot is cell (0, 0, depth / 2); fold it into the translation so the shader does
        // translation + rotate(scale * cell).
        const glm::vec3 pivot(0.0f, 0.0f, static_cast<float>(mesh.size.z) * 0.5f);
        const glm::quat rotation = glm::normalize(sprite.rotation);
        const glm::vec3 translation = sprite.position - rotation * (pivot * sprite.scale);
        GpuSprite& gpu = m_records[i];
        gpu.translation[0] = translation.x;
        gpu.translation[1] = translation.y;
        gpu.translation[2] = translation.z;
        gpu.scale = sprite.scale;
        gpu.rotation[0] = rotation.x;
        gpu.rotation[1] = rotation.y;
        gpu.rotation[2] = rotation.z;
        gpu.rotation[3] = rotation.w;
        gpu.meshSlot = MeshStore::slotOf(sprite.mesh);
        gpu.tint = packRgba(unorm8(sprite.tint.r), unorm8(sprite.tint.g), unorm8(sprite.tint.b), 255);
        gpu.flash = std::clamp(sprite.flash, 0.0f, 1.0f);

        const uint8_t directions =
            m_byFaceDirection ? visibleDirections(eye, translation, rotation, sprite.scale, mesh.size) : 0;
        const size_t index = static_cast<size_t>(batchOf(mesh)) * directionSets + directions;
        m_groupOf[i] = static_cast<uint16_t>(index);
        Group& group = m_groups[index];
        ++group.size;
        group.maxQuads = std::max(group.maxQuads, mesh.quadCount);
        if (m_byFaceDirection)
            for (int d = 0; d < 6; ++d)
                group.maxDirectionQuads[static_cast<size_t>(d)] =
                    std::max(group.maxDirectionQuads[static_cast<size_t>(d)], mesh.directionCount(d));
    }
}

void SpritePass::orderInstances(FrameStats& frame) {
    // A counting sort: instances of one mesh stay together in submission order.
    int32_t total = 0;
    m_groupCursor.resize(m_groups.size());
    for (size_t index = 0; index < m_groups.size(); ++index) {
        m_groups[index].start = total;
        m_groupCursor[index] = total;
        total += m_groups[index].size;
    }
    m_instances.resize(static_cast<size_t>(total));
    for (size_t i = 0; i < m_sprites.size(); ++i) {
        if (m_groupOf[i] == kNoGroup)
            continue;
        m_instances[static_cast<size_t>(m_groupCursor[m_groupOf[i]]++)] = m_records[i];
        const MeshStore::Mesh& mesh = m_meshes.mesh(m_sprites[i].mesh);
        const Group& group = m_groups[m_groupOf[i]];
        if (!m_byFaceDirection) {
            frame.triangles += int64_t{2} * mesh.quadCount;
            frame.paddedTriangles += int64_t{2} * (group.maxQuads - mesh.quadCount);
            continue;
        }
        // What the group's draws submit for this instance: its quads in each direction it can show.
        const size_t directions = m_groupOf[i] % kDirectionSets;
        for (int d = 0; d < 6; ++d) {
            if ((directions & (size_t{1} << d)) == 0)
                continue;
            const int32_t quads = mesh.directionCount(d);
            frame.triangles += int64_t{2} * quads;
            frame.paddedTriangles += int64_t{2} * (group.maxDirectionQuads[static_cast<size_t>(d)] - quads);
        }
    }
    frame.sprites = total;
}

void SpritePass::ensureIndices(int32_t quads, FrameStats& frame) {
    if (quads <= m_indexedQuads)
        return;
    const int32_t count = std::max(quads, std::max(m_indexedQuads * 2, 1024));
    std::vector<uint32_t> indices(static_cast<size_t>(count) * 6);
    for (int32_t quad = 0; quad < count; ++quad) {
        const uint32_t base = static_cast<uint32_t>(quad) * 4;
        const std::array<uint32_t, 6> pattern{base, base + 1, base + 2, base, base + 2, base + 3};
        std::copy(pattern.begin(), pattern.end(), indices.begin() + static_cast<std::ptrdiff_t>(quad) * 6);
    }
    m_vertexArray.bind(); // the element buffer binding is the vertex array's
    m_quadIndices.upload(GL_ELEMENT_ARRAY_BUFFER, std::span<const uint32_t>(indices));
    m_indexedQuads = count;
    frame.bytesUploaded += static_cast<int64_t>(indices.size() * sizeof(uint32_t));
}

void SpritePass::draw(FrameStats& frame) const {
    if (m_instances.empty())
        return;
    GlDebugScope scope("sprites");
    m_program.use();
    m_meshes.bind(kQuadUnit, kMeshUnit, kPaletteUnit);
    m_vertexArray.bind();
    m_instanceBuffer.buffer().bind(GL_ARRAY_BUFFER);
    static constexpr std::array<InstanceAttribute, 5> kAttributes{{
        {0, 4, GL_FLOAT, AttributeKind::Float, offsetof(GpuSprite, translation)}, // and scale
        {1, 4, GL_FLOAT, AttributeKind::Float, offsetof(GpuSprite, rotation)},
        {2, 1, GL_UNSIGNED_INT, AttributeKind::Integer, offsetof(GpuSprite, meshSlot)},
        {3, 4, GL_UNSIGNED_BYTE, AttributeKind::Normalized, offsetof(GpuSprite, tint)},
        {4, 1, GL_FLOAT, AttributeKind::Float, offsetof(GpuSprite, flash)},
    }};
    for (size_t index = 0; index < m_groups.size(); ++index) {
        const Group& group = m_groups[index];
        const int32_t count = group.size;
        if (count == 0)
            continue;
        // GL 3.3 has no base instance: point the instance attributes at this group instead.
        pointInstanceAttributes(kAttributes, sizeof(GpuSprite),
                                static_cast<size_t>(group.start) * sizeof(GpuSprite));
        if (!m_byFaceDirection) {
            glDrawElementsInstanced(GL_TRIANGLES, group.maxQuads * 6, GL_UNSIGNED_INT, nullptr, count);
            ++frame.drawCalls;
            ++frame.spriteBatches;
            continue;
        }
        const size_t directions = index % kDirectionSets; // byFaceDirection: 64 sets per batch
        for (int d = 0; d < 6; ++d) {
            const int32_t quads = group.maxDirectionQuads[static_cast<size_t>(d)];
            if ((directions & (size_t{1} << d)) == 0 || quads == 0)
                continue;
            glUniform1i(m_directionLocation, d);
            glDrawElementsInstanced(GL_TRIANGLES, quads * 6, GL_UNSIGNED_INT, nullptr, count);
            ++frame.drawCalls;
            ++frame.spriteBatches;
        }
    }
    if (m_byFaceDirection)
        glUniform1i(m_directionLocation, -1);
}

} // namespace vox
