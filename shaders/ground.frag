// The ground: dark panels with a faint grid every 8 voxels and a glowing line along x at z = 0, lit like
// the voxels, fading out beyond its stage (SceneLook::groundStageMin..Max) and into the fog; then the
// contact shadows (ground.vert). Drawn after the sky, blended over it. The light, which is the
// same everywhere on the plane, comes from the vertex shader; the distance to the camera is worked out
// once for the specular and the fog.

#include "frame.glsl"
#include "finish.glsl"
#include "voxel_shading.glsl"

in vec3 vWorldPosition;
flat in vec4 vFootprint;
flat in float vShadow;
flat in vec3 vLit;
flat in vec3 vSpecular;
flat in vec2 vShadowCurve;
in vec3 vFade;
flat in vec3 vFadeReach;
out vec4 fragColor;

float gridLine(vec2 position, float spacing, float width) {
    vec2 cell = abs(fract(position / spacing + 0.5) - 0.5) * spacing;
    vec2 blur = fwidth(position) * 0.75;
    vec2 line = 1.0 - smoothstep(vec2(width) - blur, vec2(width) + blur, cell);
    // Lines thinner than a pixel fade instead of shimmering.
    float fade = 1.0 - smoothstep(spacing * 0.12, spacing * 0.35, max(fwidth(position.x), fwidth(position.y)));
    return max(line.x, line.y) * fade;
}

void main() {
    vec2 position = vWorldPosition.xz;
    vec3 toCamera = uCameraPosition.xyz - vWorldPosition;
    float distance = length(toCamera);
    // shadeVoxel's specular for the normal (0, 1, 0): the halfway vector's y over its length.
    vec3 view = toCamera / distance;
    float cosine = (uToLight.y + view.y) * inversesqrt(2.0 + 2.0 * dot(uToLight.xyz, view));
    vec3 color = vLit * (1.0 + 0.9 * gridLine(position, 8.0, 0.15)) + vSpecular * specularPower(cosine);

    // The line's and the stage's fades (ground.vert): 1 inside, falling smoothly to 0 over the fade width.
    vec3 ramp = clamp(vFadeReach - abs(vFade), 0.0, 1.0);
    vec3 fade = ramp * ramp * (3.0 - 2.0 * ramp);
    // The line: a thin bright core and a soft glow, between its ends.
    float along = fade.x;
    float across = abs(position.y);
    float core = 1.0 - smoothstep(0.5, 0.5 + fwidth(position.y) * 1.5, across);
    float glow = exp(-across * 0.25) * 0.22;
    color += uGroundLineColor.rgb * (core * 1.6 + glow) * along;
    color = applyFogAt(color, distance);
    // The ground is a stage: opaque over its rectangle, fading out beyond it (where space shows).
    vec4 ground = vec4(finishColor(color).rgb, fade.y * fade.z);

    // A contact shadow's rectangle darkens what the ground drew (blended: black at this opacity): 1 inside
    // the footprint, falling to 0 over 4 voxels outside it, dimming the ground and the line alike.
    vec2 outside = max(max(vFootprint.xy - position, position - vFootprint.zw), 0.0);
    float t = 1.0 - smoothstep(0.0, 4.0, length(outside));
    vec4 darken = vec4(0.0, 0.0, 0.0, t * (vShadowCurve.x + vShadowCurve.y * t));
    // Both are computed and one chosen: a software rasteriser would run both sides of a branch anyway.
    fragColor = mix(ground, darken, vShadow);
}
