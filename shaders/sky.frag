// The sky: the gradient texture copied texel for texel, and the stars, soft round dots added over it.
// One path for both, with no branch: a software rasteriser shades both sides of a branch, and the copy
// covers most of the screen. A star's light is encoded with sqrt, close to sRGB for these small values,
// and added to the finished gradient; the copy's instance has no light, so its pixels stay exact. What
// is the same over a star's quad is worked out per vertex (sky.vert), as is all but a few multiplies.

#include "frame.glsl"

uniform sampler2D uGradient; // finished sRGB, the size of the scene's buffer, whose origin is (0, 0)

in vec2 vFromCentre;
flat in vec3 vStarLight; // 0 for the copy
out vec4 fragColor;

void main() {
    // The scene's buffer and the texture have one size: no clamp (a textureSize query and a clamp cost
    // a software rasteriser more than the fetch).
    ivec2 texel = ivec2(gl_FragCoord.xy);
    // (1 - d^2 / r^2)^4 under the square root: the peak and total light of the old exp(-0.8 d^2) profile,
    // 0 at the quad's edge, and no exp (a polynomial approximation of tens of instructions) on every pixel.
    float falloff = max(1.0 - dot(vFromCentre, vFromCentre) * 0.16, 0.0);
    // The gradient's alpha is 0 over the sky's disc (sky_gradient.frag): no stars in front of it.
    vec4 gradient = texelFetch(uGradient, texel, 0);
    fragColor = vec4(gradient.rgb + vStarLight * (falloff * falloff * gradient.a), 1.0);
}
