// The ground and its contact shadows in one instanced draw of 4-vertex strips: instance 0 is one large
// horizontal rectangle, instance i > 0 the rectangle around shadow i's footprint (4 voxels wider on each
// side, where the shadow fades), on the same plane. Corners from gl_VertexID. What does not change over
// the plane (its light, which faces straight up, and the shadow's curve) is worked out here, once a
// vertex, instead of on every pixel: a software rasteriser runs a fragment shader's uniform arithmetic
// for every block of pixels. So are the fades of the line and the stage, as far as they are affine in the
// position (interpolated exactly; an edge from uniforms in the fragment shader cost llvmpipe 2 % of a LOW
// frame).

#include "frame.glsl"
#include "voxel_shading.glsl"

uniform vec4 uRectangle;       // the ground: x0, z0, x1, z1
uniform vec4 uShadows[8];      // footprints (SceneRenderer::drawGroundShadow): x min, z min, x max, z max
uniform float uShadowStrength; // darkening at a footprint's middle, 0..1

out vec3 vWorldPosition;
flat out vec4 vFootprint;   // this instance's shadow footprint
flat out float vShadow;     // 1 for a shadow's rectangle, 0 for the ground's
flat out vec3 vLit;         // the ground's albedo times the light on an upward face, linear
flat out vec3 vSpecular;    // the key light's specular colour, 0 when the key is below the ground
flat out vec2 vShadowCurve; // the shadow's stored opacity = x t + y t^2 for a linear darkening t * strength
out vec3 vFade;             // x: (x - the line's centre) / its ends' fade width; y, z: (x, z - the
                            // stage's centre) / its fade widths (frame.glsl)
flat out vec3 vFadeReach;   // reach - |vFade| is 1 where the line's or stage's fade begins, 0 where it ends

const float kShadowReach = 4.0; // voxels beyond the footprint where the shadow has faded out
const float kShininess = 0.02;

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
    vFade = (vec3(corner.x, corner.x, corner.y) - vec3(uGroundLine.x, uGroundStage.xy)) *
            vec3(uGroundLine.y, uGroundStage.zw);
    vFadeReach = vec3(uGroundLine.z, uGroundStageReach.xy);

    // The light on an upward face with nothing occluding it.
    vec3 band = lightBandFilter(uParams.x);
    vLit = uGroundColor.rgb * diffuseLight(vec3(0.0, 1.0, 0.0), 1.0) * band;
    vSpecular = uToLight.y > 0.0 ? uLightColor.rgb * kShininess * band : vec3(0.0);
    // Darkening linear light by s = strength * t scales the stored sRGB value by about (1 - s)^(1 / 2.4):
    // the opacity 1 - (1 - s)^(1 / 2.4), as a quadratic in t with the exact slope at 0 and value at 1.
    float strength = clamp(uShadowStrength, 0.0, 1.0);
    float slope = strength / 2.4;
    vShadowCurve = vec2(slope, 1.0 - pow(1.0 - strength, 1.0 / 2.4) - slope);
}
