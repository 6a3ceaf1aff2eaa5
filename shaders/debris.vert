#version 330 core
// Debris: one tumbling cube per instance, 36 vertices from gl_VertexID (6 faces x 2 triangles).

#include "frame.glsl"
#include "quad_corners.glsl"

layout(location = 0) in vec4 iPositionSize; // centre, edge length
layout(location = 1) in vec4 iColor;        // sRGB palette colour
layout(location = 2) in float iAngle;       // radians about the axis
layout(location = 3) in vec4 iAxisGlow;     // unit axis, heat 0..1

out vec3 vWorldPosition;
out vec3 vCell;
out float vOcclusion;
flat out vec3 vNormal;
flat out vec3 vAlbedo;
flat out vec3 vEmission;

vec3 srgbToLinear(vec3 c) {
    return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c));
}

void main() {
    const int kIndices[6] = int[6](0, 1, 2, 0, 2, 3);
    uint direction = uint(gl_VertexID / 6);
    int corner = quadCorner(kIndices[gl_VertexID % 6], direction, false);
    ivec3 axes = kFaceAxes[direction];
    vec3 normal = faceNormal(direction);
    vec2 offset = cornerOffset(corner, vec2(1.0)) - 0.5;
    vec3 local = normal * 0.5;
    local[axes.y] += offset.x;
    local[axes.z] += offset.y;

    vec3 axis = normalize(iAxisGlow.xyz + vec3(1e-5));
    float half_ = iAngle * 0.5;
    vec4 rotation = vec4(axis * sin(half_), cos(half_));
    vec3 world = iPositionSize.xyz + rotateByQuaternion(rotation, local * iPositionSize.w);
    gl_Position = uViewProjection * vec4(world, 1.0);
    vWorldPosition = world;
    vCell = vec3(gl_InstanceID);
    vOcclusion = 1.0;
    vNormal = rotateByQuaternion(rotation, normal);
    vAlbedo = srgbToLinear(iColor.rgb);
    float heat = iAxisGlow.w;
    vEmission = (vAlbedo * 2.5 + vec3(1.2, 0.55, 0.2)) * heat;
}
