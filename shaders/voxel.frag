// Voxel faces (sprites and debris): lit, with a faint per-voxel brightness variation.

#include "frame.glsl"
#include "finish.glsl"
#include "voxel_shading.glsl"

in vec3 vWorldPosition;
in vec3 vCell;             // position in model cells, half a voxel inside the face
in float vOcclusion;       // 0 (dark) .. 1 (open)
flat in vec3 vNormal;
flat in vec3 vAlbedo;      // linear
flat in vec3 vEmission;    // linear, added after lighting

out vec4 fragColor;

void main() {
    float grain = hash13(floor(vCell) + 17.0) - 0.5;
    vec3 albedo = vAlbedo * (1.0 + grain * 0.09);
    vec3 color = (shadeVoxel(albedo, vNormal, vOcclusion, vWorldPosition, 0.18) + vEmission) *
                 lightBandFilter(vWorldPosition.y);
    fragColor = finishColor(applyFog(color, vWorldPosition));
}
