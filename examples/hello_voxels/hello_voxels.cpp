// hello_voxels: voxel models that collide exactly and erode, linking vox::voxel only (GLM, no window).
//
// The recipe: read a MagicaVoxel .vox file (readVoxFile), place models on the world's voxel grid by an
// integer offset, ask whether they overlap (voxelsOverlap, firstOverlap) or where a moving model first
// touches another (sweepVoxels), and carve a stencil out of a model where it was hit (erodeVoxels). Here a
// ball flies into a wall three times and each hit bites a crater out of it.
//
//   hello_voxels [model.vox]      (default: the wall.vox beside this file)
#include <vox/voxel/vox_file.h>
#include <vox/voxel/voxel_erosion.h>
#include <vox/voxel/voxel_model.h>
#include <vox/voxel/voxel_narrowphase.h>

#include <cstdio>
#include <vector>

namespace {

// A solid ball of voxels, built in code: VoxelModel is a plain grid of palette indices (0 = empty).
vox::VoxelModel makeBall(int diameter) {
    vox::VoxelModel ball{glm::ivec3(diameter)};
    const glm::vec3 centre(diameter / 2.0f);
    for (int z = 0; z < diameter; ++z)
        for (int y = 0; y < diameter; ++y)
            for (int x = 0; x < diameter; ++x) {
                const glm::vec3 offset = glm::vec3(x, y, z) + 0.5f - centre;
                if (offset.x * offset.x + offset.y * offset.y + offset.z * offset.z <= centre.x * centre.x)
                    ball.set({x, y, z}, 1); // palette index 1
            }
    return ball;
}

// The model seen from the front, one character per column of voxels along z: '#' full, '+' dented, '.' empty.
void printFront(const vox::VoxelModel& model) {
    for (int y = model.size().y - 1; y >= 0; --y) {
        for (int x = 0; x < model.size().x; ++x) {
            int filled = 0;
            for (int z = 0; z < model.size().z; ++z)
                filled += model.filled({x, y, z}) ? 1 : 0;
            std::putchar(filled == model.size().z ? '#' : filled > 0 ? '+' : '.');
        }
        std::putchar('\n');
    }
}

} // namespace

int main(int argc, char** argv) {
    // 1. Read a .vox file. Errors are values, not exceptions: the message names the file, the chunk and
    //    the byte offset of what is wrong.
    const char* path = argc > 1 ? argv[1] : HELLO_VOXELS_DEFAULT_MODEL;
    vox::Result<vox::VoxFile> file = vox::readVoxFile(path);
    if (!file) {
        std::fprintf(stderr, "%s\n", file.error().message.c_str());
        return 1;
    }
    vox::VoxelModel wall = file.value().models.front(); // a file may hold several models (animation frames)
    const glm::ivec3 wallOffset(0, 0, 0);               // where the wall's cell (0, 0, 0) sits in the world
    std::printf("%s: %d x %d x %d cells, %d voxels\n", path, wall.size().x, wall.size().y, wall.size().z,
                wall.voxelCount());
    printFront(wall);

    const vox::VoxelModel ball = makeBall(5);
    const vox::VoxelModel crater = makeBall(7); // the stencil a hit carves out
    const int startVoxels = wall.voxelCount();

    for (int shot = 0; shot < 3; ++shot) {
        // 2. A swept move: the ball travels from in front of the wall, through it, one voxel at a time, and
        //    stops at its first contact (it cannot tunnel through a thin wall, even diagonally).
        const int x = wall.size().x / 4 * (shot + 1) - ball.size().x / 2;
        const glm::ivec3 from(x, wall.size().y / 2 - 2, wall.size().z + 10);
        const glm::ivec3 to(x, wall.size().y / 2 - 2, -10);
        const std::optional<vox::SweepHit> hit = vox::sweepVoxels(wall, wallOffset, ball, from, to);
        if (!hit) {
            std::printf("shot %d: missed\n", shot);
            continue;
        }

        // 3. At the contact placement the models overlap in at least one world cell: firstOverlap names one.
        const std::optional<glm::ivec3> cell = vox::firstOverlap(wall, wallOffset, ball, hit->offset);
        if (!cell || !vox::voxelsOverlap(wall, wallOffset, ball, hit->offset)) {
            std::printf("shot %d: sweepVoxels and the overlap tests disagree\n", shot);
            return 1;
        }
        std::printf("shot %d: first contact after %d moves, at world cell (%d, %d, %d)\n", shot, hit->step,
                    hit->cell.x, hit->cell.y, hit->cell.z);

        // 4. Erode: empty the wall's voxels under the crater stencil centred on the contact. The removed
        //    voxels (cell and colour) are what a game turns into debris.
        std::vector<vox::RemovedVoxel> removed;
        const glm::ivec3 stencilOffset = vox::stencilOffsetCentredOn(crater, hit->cell - wallOffset);
        const int count = vox::erodeVoxels(wall, crater, stencilOffset, removed);
        for (const vox::RemovedVoxel& voxel : removed)
            if (wall.filled(voxel.cell)) {
                std::printf("shot %d: voxel (%d, %d, %d) was reported removed but is still there\n", shot,
                            voxel.cell.x, voxel.cell.y, voxel.cell.z);
                return 1;
            }
        std::printf("shot %d: the crater took %d voxels, %d left\n", shot, count, wall.voxelCount());
    }

    printFront(wall);
    std::printf("%d voxels eroded in all\n", startVoxels - wall.voxelCount());
    return wall.voxelCount() < startVoxels ? 0 : 1;
}
