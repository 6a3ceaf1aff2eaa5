// The render-scale upscale: the scene buffer stretched over the viewport as one rectangle of two triangles
// (6 vertices from gl_VertexID, no vertex buffer).

out vec2 vUv;

void main() {
    const vec2 kCorners[6] = vec2[6](vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 0.0),
                                     vec2(1.0, 1.0), vec2(0.0, 1.0));
    vec2 corner = kCorners[gl_VertexID];
    vUv = corner;
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
