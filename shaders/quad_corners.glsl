// Corners of a voxel face (the quad layout of vox/voxel/voxel_mesh.h): axes per direction and the
// corner a vertex takes, with the winding and the occlusion-aware diagonal.

// Normal, u and v axes (0 = x, 1 = y, 2 = z) of face direction 0..5: +x, -x, +y, -y, +z, -z.
const ivec3 kFaceAxes[6] = ivec3[6](ivec3(0, 1, 2), ivec3(0, 1, 2), ivec3(1, 0, 2), ivec3(1, 0, 2),
                                    ivec3(2, 0, 1), ivec3(2, 0, 1));

vec3 faceNormal(uint direction) {
    vec3 normal = vec3(0.0);
    normal[kFaceAxes[direction].x] = (direction & 1u) == 0u ? 1.0 : -1.0;
    return normal;
}

// Vertex `k` (0..3) of a quad drawn with indices (0, 1, 2, 0, 2, 3) becomes corner c0..c3. Faces whose
// u x v points inwards (-x, +y, -z) walk the corners backwards so every face is counter-clockwise seen
// from outside; `flip` moves the shared diagonal from c0-c2 to c1-c3.
int quadCorner(int k, uint direction, bool flip) {
    bool outward = direction == 0u || direction == 3u || direction == 4u;
    int corner = outward ? k : (4 - k) & 3;
    return flip ? (corner + 1) & 3 : corner;
}

// Offset of corner c (0..3) along u and v for a quad of width x height: c0 (0, 0), c1 (w, 0),
// c2 (w, h), c3 (0, h).
vec2 cornerOffset(int corner, vec2 size) {
    return vec2(corner == 1 || corner == 2 ? size.x : 0.0, corner >= 2 ? size.y : 0.0);
}

vec3 rotateByQuaternion(vec4 q, vec3 v) {
    return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}
