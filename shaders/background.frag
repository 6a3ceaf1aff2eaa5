// Deep space: a gradient down the screen and stars fixed to view directions (so they turn with an
// orbiting camera). Cheap on purpose: it covers most of the screen.

#include "frame.glsl"
#include "finish.glsl"

in vec2 vNdc;
out vec4 fragColor;

void main() {
    vec4 far = uInverseViewProjection * vec4(vNdc, 1.0, 1.0);
    vec3 direction = normalize(far.xyz / far.w - uCameraPosition.xyz);

    // Darkest at the top of the screen, a faint glow towards the bottom (where the ground meets it).
    float height = clamp(vNdc.y * 0.5 + 0.5, 0.0, 1.0);
    vec3 color = mix(uBackgroundHorizon.rgb, uBackgroundTop.rgb, smoothstep(0.0, 0.9, height));

    // Stars: at most one per cell of a grid over directions, with a soft round profile.
    vec3 grid = direction * 90.0;
    vec3 cell = floor(grid);
    float chance = hash13(cell);
    if (chance > 0.90) {
        vec3 centre = cell + 0.25 + 0.5 * vec3(hash13(cell + 7.1), hash13(cell + 3.7), hash13(cell + 1.3));
        float spread = max(length(fwidth(grid)), 1e-4);
        float distanceToStar = length(grid - centre) / spread;
        float twinkle = 0.75 + 0.25 * sin(uCameraPosition.w * (1.0 + chance * 3.0) + chance * 40.0);
        float brightness = pow((chance - 0.90) * 10.0, 3.0) * twinkle * uParams2.y;
        color += vec3(0.9, 0.95, 1.1) * brightness * exp(-distanceToStar * distanceToStar * 1.6);
    }
    fragColor = finishColor(color);
}
