// libFuzzer target for the .vox reader (build and run: see tests/fuzz/CMakeLists.txt).
//
// Any input must parse or fail with an error naming the source; anything that parses must encode and
// parse back to the same file, and mesh without tripping an assertion.

#include "vox/core/assert.h"
#include "vox/voxel/vox_file.h"
#include "vox/voxel/vox_inspect.h"
#include "vox/voxel/voxel_mesh.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // A smaller cell budget than the default keeps each run fast; the limit logic is the same.
    const vox::VoxReadSettings settings{.maxTotalCells = int64_t{8} << 20};
    const vox::Result<vox::VoxFile> file = vox::parseVox({data, size}, "fuzz.vox", settings);
    if (!file.ok()) {
        VOX_VERIFY(file.error().message.rfind("fuzz.vox: ", 0) == 0,
                   "an error must start with the source name");
        return 0;
    }
    const vox::Result<vox::VoxFile> again =
        vox::parseVox(vox::encodeVox(file.value()), "again.vox", settings);
    VOX_VERIFY(again.ok(), "a file that parsed must parse again after encoding");
    VOX_VERIFY(again.value() == file.value(), "encoding then parsing must give the same file back");
    (void)vox::describeVox(file.value(), "fuzz.vox", true);
    vox::VoxelMesher mesher;
    vox::VoxelMesh mesh;
    for (const vox::VoxelModel& model : file.value().models)
        mesher.mesh(model, mesh);
    return 0;
}
