// The sky: the gradient texture copied texel for texel, and the stars, soft round dots added over it.
// One path for both, with no branch: a software rasteriser shades both sides of a branch, and the copy
// covers most of the screen. A star's light is encoded with sqrt, close to sRGB for these small values,
// and added to the finished gradient; the copy's instance has no light, so its pixels stay exact.

#include "frame.glsl"

uniform sampler2D uGradient; // finished sRGB, the size of the buffer the scene is drawn into

in vec2 vFromCentre;
flat in float vBrightness; // 0 for the copy
out vec4 fragColor;

void main() {
    ivec2 texel = clamp(ivec2(gl_FragCoord.xy - uViewport.xy), ivec2(0), textureSize(uGradient, 0) - 1);
    // (1 - d^2 / r^2)^4: the peak and total light of the old exp(-0.8 d^2) profile, 0 at the quad's edge,
    // and no exp (a polynomial approximation of tens of instructions) on every sky pixel.
    float falloff = max(1.0 - dot(vFromCentre, vFromCentre) * 0.16, 0.0);
    falloff *= falloff;
    float glow = vBrightness * uParams.w * falloff * falloff;
    fragColor = texelFetch(uGradient, texel, 0) + vec4(sqrt(vec3(0.9, 0.95, 1.1) * glow), 0.0);
}
