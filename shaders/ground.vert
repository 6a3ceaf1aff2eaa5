// The ground and its contact shadows in one instanced draw of 4-vertex strips: instance 0 is one large
// horizontal rectangle, instance i > 0 the rectangle around shadow i's footprint (4 voxels wider on each
// side, where the shadow fades), on the same plane. Corners from gl_VertexID.

#include "frame.glsl"

uniform vec4 uRectangle;  // the ground: x0, z0, x1, z1
uniform vec4 uShadows[8]; // footprints (SceneRenderer::drawGroundShadow): x min, z min, x max, z max

out vec3 vWorldPosition;
flat out vec4 vFootprint; // this instance's shadow footprint
flat out float vShadow;   // 1 for a shadow's rectangle, 0 for the ground's

const float kShadowReach = 4.0; // voxels beyond the footprint where the shadow has faded out

void main() {
    vec4 rectangle = uRectangle;
    vFootprint = vec4(0.0);
    vShadow = 0.0;
    if (gl_InstanceID > 0) {
        vFootprint = uShadows[gl_InstanceID - 1];
        rectangle = vFootprint + vec4(-kShadowReach, -kShadowReach, kShadowReach, kShadowReach);
        vShadow = 1.0;
    }
    vec2 corner = vec2((gl_VertexID & 1) != 0 ? rectangle.z : rectangle.x,
                       (gl_VertexID & 2) != 0 ? rectangle.y : rectangle.w);
    vWorldPosition = vec3(corner.x, uParams.x, corner.y);
    gl_Position = uViewProjection * vec4(vWorldPosition, 1.0);
}
