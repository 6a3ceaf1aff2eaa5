// The sky's gradient, finished like every scene pixel (vignette, dither). It depends only on the pixel's
// place in the viewport and on the look, so the renderer draws it into a texture once and sky.frag copies
// it every frame.

#include "frame.glsl"
#include "finish.glsl"
#include "sky_gradient.glsl"

in vec2 vNdc;
out vec4 fragColor;

void main() {
    fragColor = finishColor(skyGradient(vNdc.y));
}
