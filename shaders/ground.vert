// The ground: one large horizontal rectangle, corners from gl_VertexID (a triangle strip).

#include "frame.glsl"

uniform vec4 uRectangle; // x0, z0, x1, z1

out vec3 vWorldPosition;

void main() {
    vec2 corner = vec2((gl_VertexID & 1) != 0 ? uRectangle.z : uRectangle.x,
                       (gl_VertexID & 2) != 0 ? uRectangle.y : uRectangle.w);
    vWorldPosition = vec3(corner.x, uParams.x, corner.y);
    gl_Position = uViewProjection * vec4(vWorldPosition, 1.0);
}
