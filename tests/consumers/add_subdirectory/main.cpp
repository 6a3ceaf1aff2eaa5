// The outside project's program: one call into each module it links, so that a missing library or header
// fails the build. Exits 0 when the tree and the narrowphase agree on one overlap.
#include <vox/broadphase/dynamic_aabb_tree.h>
#include <vox/voxel/voxel_model.h>
#include <vox/voxel/voxel_narrowphase.h>
#ifdef CONSUMER_HAS_RENDER
#include <vox/debug/line_batch.h>
#include <vox/platform/fixed_step_clock.h>
#endif

#include <cstdio>

int main() {
    vox::DynamicAabbTree tree;
    const auto a = tree.createProxy(vox::Aabb{{0, 0, 0}, {2, 2, 2}}, 1);
    const auto b = tree.createProxy(vox::Aabb{{1, 1, 1}, {3, 3, 3}}, 2);
    int pairs = 0;
    tree.updatePairs([&](vox::ProxyId, vox::ProxyId) { ++pairs; });

    vox::VoxelModel cube{glm::ivec3(2)};
    for (int z = 0; z < 2; ++z)
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 2; ++x)
                cube.set({x, y, z}, 1);
    const bool touching = vox::voxelsOverlap(cube, {0, 0, 0}, cube, {1, 1, 1});
#ifdef CONSUMER_HAS_RENDER
    vox::LineBatch lines;
    lines.addBox(vox::Aabb{{0, 0, 0}, {1, 1, 1}}, 0xFFFFFFFFu);
    const vox::FixedStepClock clock;
    (void)clock;
#endif
    std::printf("pairs %d, voxels touching %d\n", pairs, touching ? 1 : 0);
    return a.ok() && b.ok() && pairs == 1 && touching ? 0 : 1;
}
