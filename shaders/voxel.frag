// Voxel sprite faces: lit (the face's light from sprite.vert), with a faint per-voxel brightness variation.

#include "frame.glsl"
#include "finish.glsl"
#include "voxel_shading.glsl"

in vec3 vWorldPosition;
in vec3 vCell;             // position in model cells, half a voxel inside the face
in float vOcclusion;       // 0 (dark) .. 1 (open)
flat in vec3 vNormal;
flat in vec3 vLitOccluded; // albedo times FaceLight.occluded, linear
flat in vec3 vLitOpen;     // albedo times FaceLight.open, linear
flat in vec3 vEmission;    // linear, added after lighting
in float vFog;             // 0..1, from sprite.vert

out vec4 fragColor;

const float kShininess = 0.18;

void main() {
    float grain = hash13(floor(vCell) + 17.0) - 0.5;
    vec3 color = (vLitOccluded * vOcclusion + vLitOpen) * (1.0 + grain * 0.09) +
                 uLightColor.rgb * (specularHighlight(vNormal, vWorldPosition) * kShininess * vOcclusion) +
                 vEmission;
    fragColor = finishColor(mix(color, uBackgroundHorizon.rgb, vFog));
}
