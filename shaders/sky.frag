// The sky: a gradient down the screen with the vignette every scene pixel gets, and on a star's quad the
// star's soft round dot added. One path for both, with no branch: a software rasteriser shades both sides
// of a branch, and the gradient covers most of the screen. So every step is cheap per pixel: the gradient's
// ends come tone mapped from sky.vert, the sRGB encoding is the square-root one (tone.glsl), and the
// star's profile is a polynomial; no exp, no pow, no texture fetch (on llvmpipe a texel fetch per pixel
// cost more than all of this).

#include "frame.glsl"
#include "finish.glsl"
#include "sky_gradient.glsl"

in vec2 vFromCentre;
flat in float vBrightness; // 0 for the gradient
flat in vec3 vHorizon;
flat in vec3 vTop;
out vec4 fragColor;

void main() {
    vec2 fromCentre = (gl_FragCoord.xy - uViewport.xy) / uViewport.zw - 0.5;
    vec3 sky = skyGradient(fromCentre.y * 2.0, vHorizon, vTop) * vignette(fromCentre);
    // (1 - d^2 / r^2)^4: the old exp(-0.8 d^2) profile's peak and total light, and 0 at the quad's edge.
    float falloff = max(1.0 - dot(vFromCentre, vFromCentre) * 0.16, 0.0);
    falloff *= falloff;
    float glow = vBrightness * uParams.w * falloff * falloff;
    fragColor = vec4(ditherSrgb(linearToSrgb(clamp(sky, 0.0, 1.0)) + sqrt(vec3(0.9, 0.95, 1.1) * glow)), 1.0);
}
