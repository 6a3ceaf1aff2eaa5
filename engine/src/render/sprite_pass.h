#pragma once
// SpritePass: the voxel sprites. Owns the meshes (MeshStore), records the frame's sprite instances, sorts
// them into batches and draws each batch with one instanced draw call (or one per face direction it can
// show, with RendererSettings::drawByFaceDirection), pulling the quads from the mesh store's texel arrays
// (sprite.vert + voxel.frag). See docs/renderer.md, "Sprites".

#include "mesh_store.h"
#include "stream_buffer.h"

#include "vox/core/result.h"
#include "vox/render/buffer.h"
#include "vox/render/frame_stats.h"
#include "vox/render/scene_renderer.h"
#include "vox/render/shader_program.h"
#include "vox/render/vertex_array.h"

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <filesystem>
#include <vector>

namespace vox {

class SpritePass {
public:
    SpritePass() = default;
    // Loads sprite.vert + voxel.frag from `shaderDirectory` and makes the pass's GL objects.
    [[nodiscard]] static Result<SpritePass> create(const std::filesystem::path& shaderDirectory);

    // The meshes sprites are drawn with (SceneRenderer's addMesh and friends).
    [[nodiscard]] MeshStore& meshes() { return m_meshes; }
    [[nodiscard]] const MeshStore& meshes() const { return m_meshes; }

    // Forgets the last frame's sprites.
    void clear() { m_sprites.clear(); }
    // Records one sprite; its mesh must be live.
    void add(const SpriteInstance& sprite) { m_sprites.push_back(sprite); }
    // Uploads the meshes changed since the last frame, then sorts the sprites into groups and uploads their
    // instances; `eye` is the camera's position (for drawing by face direction).
    void prepare(const glm::vec3& eye, bool byFaceDirection, FrameStats& frame);
    // Inside the scene pass, with depth testing and face culling on: draws what `prepare` uploaded.
    void draw(FrameStats& frame) const;

private:
    // Per-instance data of a sprite, as sprite.vert reads it (44 bytes). The mesh is named by its slot in
    // the mesh records, so rewriting a mesh leaves its instances' bytes alone.
    struct GpuSprite {
        float translation[3];
        float scale;
        float rotation[4]; // x, y, z, w
        uint32_t meshSlot;
        uint32_t tint; // RGBA8, linear multiplier
        float flash;
    };
    static_assert(sizeof(GpuSprite) == 44);

    // Instances are drawn in groups: a batch (by mesh capacity) and, when drawing by face direction, the
    // set of directions the instance can face the camera with (bit d for FaceDirection d), so a group's
    // draws take exactly the directions its instances can show. Indexed by batch * directionSets + set,
    // where directionSets is 64 when drawing by face direction and 1 (the set 0) otherwise.
    struct Group {
        int32_t start = 0;                          // first instance in m_instances
        int32_t size = 0;                           // instances
        int32_t maxQuads = 0;                       // the largest mesh's quads
        std::array<int32_t, 6> maxDirectionQuads{}; // by face direction: the largest run facing each way
    };
    static constexpr size_t kDirectionSets = 64;
    // The group of a sprite with no quads: not drawn.
    static constexpr uint16_t kNoGroup = 0xffff;

    // Writes each sprite's instance record and group into m_records and m_groupOf, and sizes the groups.
    void groupSprites(const glm::vec3& eye);
    // Places the records group by group into m_instances and counts the triangles the draws submit.
    void orderInstances(FrameStats& frame);
    // Makes the index buffer cover at least `quads` quads.
    void ensureIndices(int32_t quads, FrameStats& frame);

    MeshStore m_meshes;
    ShaderProgram m_program;
    GLint m_directionLocation = -1; // uDirection: the face direction drawn, -1 all
    StreamBuffer m_instanceBuffer;
    Buffer m_quadIndices;
    int32_t m_indexedQuads = 0; // quads the index buffer covers
    VertexArray m_vertexArray;

    // The frame.
    std::vector<SpriteInstance> m_sprites; // as recorded
    bool m_byFaceDirection = false;        // as prepared
    std::vector<Group> m_groups;
    std::vector<GpuSprite> m_instances; // sorted by group, as uploaded
    // Scratch, kept to avoid allocating every frame: per entry of m_sprites, its instance record
    // (unsorted) and group, or kNoGroup; each group's next free place in m_instances.
    std::vector<GpuSprite> m_records;
    std::vector<uint16_t> m_groupOf;
    std::vector<int32_t> m_groupCursor;
};

} // namespace vox
