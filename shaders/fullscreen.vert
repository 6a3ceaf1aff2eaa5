// One triangle covering the viewport, on the far plane.

out vec2 vNdc;

void main() {
    vec2 corner = vec2((gl_VertexID & 1) != 0 ? 3.0 : -1.0, (gl_VertexID & 2) != 0 ? 3.0 : -1.0);
    vNdc = corner;
    gl_Position = vec4(corner, 1.0, 1.0);
}
