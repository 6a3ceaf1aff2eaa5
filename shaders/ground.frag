// The ground: dark panels with a faint grid every 8 voxels and a glowing line along the playfield's
// foot (x 0..224 at z = 0), lit like the voxels, fading out behind the playfield and into the fog.
// Drawn after the background, blended over it.

#include "frame.glsl"
#include "finish.glsl"
#include "voxel_shading.glsl"

in vec3 vWorldPosition;
out vec4 fragColor;

// Contact shadows (SceneRenderer::drawGroundShadow): footprints as x min, z min, x max, z max.
uniform vec4 uShadows[8];
uniform vec2 uShadowCountStrength; // x: how many are used, y: darkening at a footprint's middle

// 1 inside `footprint`, falling to 0 over 4 voxels outside it.
float contactShadow(vec2 position, vec4 footprint) {
    vec2 outside = max(max(footprint.xy - position, position - footprint.zw), 0.0);
    return 1.0 - smoothstep(0.0, 4.0, length(outside));
}

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
    vec3 albedo = uGroundColor.rgb * (1.0 + 0.9 * gridLine(position, 8.0, 0.15));
    vec3 color = shadeVoxel(albedo, vec3(0.0, 1.0, 0.0), 1.0, vWorldPosition, 0.02);

    // The line: a thin bright core and a soft glow, only under the playfield.
    float along = smoothstep(-2.0, 2.0, position.x) * (1.0 - smoothstep(222.0, 226.0, position.x));
    float across = abs(position.y);
    float core = 1.0 - smoothstep(0.5, 0.5 + fwidth(position.y) * 1.5, across);
    float glow = exp(-across * 0.25) * 0.22;
    color += uGroundLineColor.rgb * (core * 1.6 + glow) * along;
    // Contact shadows dim the ground and the line alike: what stands over them blocks the light.
    float shadow = 0.0;
    for (int i = 0; i < int(uShadowCountStrength.x); ++i)
        shadow = max(shadow, contactShadow(position, uShadows[i]));
    color *= 1.0 - uShadowCountStrength.y * shadow;
    // The ground is a stage in front of the playfield: it fades out behind it (where space shows) and
    // towards the sides.
    float behind = smoothstep(-70.0, 0.0, position.y);
    float sides = smoothstep(-260.0, -60.0, position.x) * (1.0 - smoothstep(284.0, 484.0, position.x));
    fragColor = vec4(finishColor(applyFog(color, vWorldPosition)).rgb, behind * sides);
}
