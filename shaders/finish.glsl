// The last steps every scene pixel goes through: fog, tone mapping, vignette, sRGB encoding (tone.glsl),
// then dithering. Fragment shaders only; needs frame.glsl. Colours are linear until finishColor().

#include "tone.glsl"

// Half a step of ordered (4 x 4 Bayer) dither hides banding in the dark gradients; a fixed pattern, unlike
// noise, keeps screenshots and golden images small as PNG. The matrix is built from the 2 x 2 one (0 2 / 3 1)
// with integer arithmetic: a table lookup by pixel is a gather on a SIMD rasteriser.
vec3 ditherSrgb(vec3 srgb) {
    ivec2 cell = ivec2(gl_FragCoord.xy) & 3;
    ivec2 low = cell & 1;
    ivec2 high = cell >> 1;
    int bayer = 4 * (2 * (low.x ^ low.y) + low.y) + 2 * (high.x ^ high.y) + high.y;
    return srgb + ((float(bayer) + 0.5) / 16.0 - 0.5) / 255.0;
}

// Linear scene colour to the sRGB value stored in the framebuffer.
vec4 finishColor(vec3 color) {
    vec2 fromCentre = (gl_FragCoord.xy - uViewport.xy) / uViewport.zw - 0.5;
    return vec4(ditherSrgb(finishToSrgb(color, fromCentre)), 1.0);
}
