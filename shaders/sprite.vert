// Voxel sprites by vertex pulling: vertex 4i + k of instance j is corner k of quad i of instance j's
// mesh, read from the shared quad array; with uDirection >= 0, of quad i of the mesh's run of quads facing
// that direction (a mesh's quads are sorted by direction). Instances of meshes with fewer quads than the
// batch's largest turn their extra quads into clipped-away degenerate triangles.

#include "frame.glsl"
#include "quad_corners.glsl"
#include "texel_array.glsl"
#include "voxel_shading.glsl"

uniform usampler2D uQuads;   // every mesh's packed quads (RG32UI texel array)
uniform usampler2D uMeshes;  // per mesh slot, two texels (RGBA32UI texel array): first quad, quad count,
                             // palette row, start of direction 1; starts of directions 2..5
uniform int uDirection;      // 0..5: draw only the quads facing this way (FaceDirection order); -1: all
uniform sampler2D uPalettes;    // sRGB, 256 x palette rows

layout(location = 0) in vec4 iTranslationScale; // world position of cell (0,0,0) after rotation; scale
layout(location = 1) in vec4 iRotation;         // unit quaternion (x, y, z, w)
layout(location = 2) in uint iMeshSlot;         // record in uMeshes
layout(location = 3) in vec4 iTint;             // linear multiplier
layout(location = 4) in float iFlash;           // 0..1

out vec3 vWorldPosition;
out vec3 vCell;
out float vOcclusion;
flat out vec3 vNormal;
flat out vec3 vAlbedo;
flat out vec3 vEmission;

const float kOcclusion[4] = float[4](0.30, 0.56, 0.80, 1.0);

void main() {
    uvec4 mesh = texelFetch(uMeshes, texelArrayCoord(2 * int(iMeshSlot)), 0); // first, count, palette row
    uvec4 starts = texelFetch(uMeshes, texelArrayCoord(2 * int(iMeshSlot) + 1), 0);
    // The run to draw: [begin, end) of the mesh's quads. uDirection is the same for every vertex of a draw.
    uint directionStart[7] = uint[7](0u, mesh.w, starts.x, starts.y, starts.z, starts.w, mesh.y);
    int run = clamp(uDirection, 0, 5); // both sides of the choice are evaluated: keep the index in range
    uint begin = uDirection < 0 ? 0u : directionStart[run];
    uint end = uDirection < 0 ? mesh.y : directionStart[run + 1];
    int quad = gl_VertexID >> 2;
    if (uint(quad) >= end - begin) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0); // outside the clip volume: the triangle is dropped
        vWorldPosition = vec3(0.0);
        vCell = vec3(0.0);
        vOcclusion = 0.0;
        vNormal = vec3(0.0);
        vAlbedo = vec3(0.0);
        vEmission = vec3(0.0);
        return;
    }
    uvec2 quadBits = texelFetch(uQuads, texelArrayCoord(int(mesh.x + begin) + quad), 0).xy;
    vec3 origin = vec3(quadBits.x & 511u, (quadBits.x >> 9) & 511u, (quadBits.x >> 18) & 511u);
    uint direction = (quadBits.x >> 27) & 7u;
    vec2 size = vec2((quadBits.y & 255u) + 1u, ((quadBits.y >> 8) & 255u) + 1u);
    uint colorIndex = (quadBits.y >> 16) & 255u;
    uint ao = quadBits.y >> 24;
    uint ao0 = ao & 3u;
    uint ao1 = (ao >> 2) & 3u;
    uint ao2 = (ao >> 4) & 3u;
    uint ao3 = (ao >> 6) & 3u;

    int corner = quadCorner(gl_VertexID & 3, direction, ao0 + ao2 > ao1 + ao3);
    ivec3 axes = kFaceAxes[direction];
    vec2 offset = cornerOffset(corner, size);
    vec3 local = origin;
    local[axes.y] += offset.x;
    local[axes.z] += offset.y;
    vec3 normal = faceNormal(direction);

    vec3 world = iTranslationScale.xyz + rotateByQuaternion(iRotation, local * iTranslationScale.w);
    gl_Position = uViewProjection * vec4(world, 1.0);
    vWorldPosition = world;
    vCell = local - normal * 0.5;
    vOcclusion = kOcclusion[(ao >> (2 * corner)) & 3u];
    vNormal = rotateByQuaternion(iRotation, normal);
    vec3 albedo = texelFetch(uPalettes, ivec2(int(colorIndex), int(mesh.z)), 0).rgb * iTint.rgb;
    vAlbedo = mix(monochromeAlbedo(albedo), vec3(1.0), iFlash * 0.6);
    vEmission = vec3(1.0, 0.96, 0.9) * (iFlash * 1.4);
}
