// The sky in one instanced draw of 4-vertex strips: instance 0 covers the viewport and copies the gradient
// texture; every other instance is a star, a small square around the point where its direction meets the
// screen. All on the far plane, so they only show where nothing opaque was drawn.

#include "frame.glsl"

layout(location = 0) in vec4 iStar;   // xyz: unit direction; w: brightness 0..1 (< 0: the gradient copy)
layout(location = 1) in float iPhase; // 0..1: twinkling speed and phase

const float kStarRadius = 2.5; // pixels: the profile is 0 beyond it

out vec2 vFromCentre;      // viewport pixels from the star's centre
flat out vec3 vStarLight;  // the encoded light at the star's centre, 0 for the gradient copy (see sky.frag)

void main() {
    vec2 corner = vec2((gl_VertexID & 1) != 0 ? 1.0 : -1.0, (gl_VertexID & 2) != 0 ? 1.0 : -1.0);
    if (iStar.w < 0.0) {
        gl_Position = vec4(corner, 1.0, 1.0);
        vFromCentre = vec2(0.0);
        vStarLight = vec3(0.0);
        return;
    }
    // A direction is a point at infinity: w = 0 leaves the camera's position out.
    vec4 clip = uViewProjection * vec4(iStar.xyz, 0.0);
    // The same size on screen at any render scale: the radius is in viewport pixels, the quad in the
    // (maybe smaller) scene buffer's.
    vFromCentre = corner * kStarRadius;
    clip.xy += corner * (kStarRadius * uParams2.z * 2.0 / uViewport.zw) * clip.w;
    clip.z = clip.w; // the far plane
    gl_Position = clip;
    float twinkle = 0.75 + 0.25 * sin(uCameraPosition.w * (1.0 + iPhase * 3.0) + iPhase * 40.0);
    // sky.frag adds sqrt(colour * brightness * exposure * falloff^4) = this * falloff^2 (falloff >= 0).
    vStarLight = sqrt(vec3(0.9, 0.95, 1.1) * (iStar.w * twinkle * uParams2.y * uParams.w));
}
