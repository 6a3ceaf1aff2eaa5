// Debris cubes: the face normal comes from the screen-space derivatives of the position (exact for a
// flat face), then the same lighting as the voxels.

#include "frame.glsl"
#include "finish.glsl"
#include "voxel_shading.glsl"

in vec3 vWorldPosition;
flat in vec3 vAlbedo;
flat in vec3 vEmission;

out vec4 fragColor;

void main() {
    vec3 normal = normalize(cross(dFdx(vWorldPosition), dFdy(vWorldPosition)));
    vec3 color = (shadeVoxel(vAlbedo, normal, 1.0, vWorldPosition, 0.18) + vEmission) *
                 lightBandFilter(vWorldPosition.y);
    fragColor = finishColor(applyFog(color, vWorldPosition));
}
