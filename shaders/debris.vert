// Debris: one tumbling cube per instance, drawn as a 14-vertex triangle strip (corners from
// gl_VertexID); faces get their normals in debris.frag, so no vertex is shaded twice.

#include "frame.glsl"
#include "quad_corners.glsl"
#include "voxel_shading.glsl"

layout(location = 0) in vec4 iPositionSize; // centre, edge length
layout(location = 1) in vec4 iColor;        // sRGB palette colour
layout(location = 2) in float iAngle;       // radians about the axis
layout(location = 3) in vec4 iAxisGlow;     // unit axis, heat 0..1

out vec3 vWorldPosition;
flat out vec3 vAlbedo;
flat out vec3 vEmission;

vec3 srgbToLinear(vec3 c) {
    return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c));
}

// Corner i of the strip that covers a unit cube's six faces, counter-clockwise seen from outside
// (bits of three 14-bit masks give x, y and z).
vec3 cubeStripCorner(int i) {
    int bit = 1 << i;
    return vec3((0x287a & bit) != 0, (0x02af & bit) != 0, (0x31e3 & bit) != 0);
}

void main() {
    vec3 local = cubeStripCorner(gl_VertexID) - 0.5;
    vec3 axis = normalize(iAxisGlow.xyz + vec3(1e-5));
    float halfAngle = iAngle * 0.5;
    vec4 rotation = vec4(axis * sin(halfAngle), cos(halfAngle));
    vec3 world = iPositionSize.xyz + rotateByQuaternion(rotation, local * iPositionSize.w);
    gl_Position = uViewProjection * vec4(world, 1.0);
    vWorldPosition = world;
    vAlbedo = monochromeAlbedo(srgbToLinear(iColor.rgb));
    // The heat's orange turns grey with the look's monochrome, as the rest of the picture.
    vEmission = (vAlbedo * 2.5 + mix(vec3(1.2, 0.55, 0.2), vec3(0.65), uParams2.w)) * iAxisGlow.w;
}
