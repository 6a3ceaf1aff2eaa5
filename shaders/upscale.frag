// The render-scale upscale: one bilinear sample of the finished scene (already tone mapped and dithered).
// A draw rather than glBlitFramebuffer: on a software rasteriser the blit's general path costs about a
// quarter more per pixel, and this pass covers every pixel of the window (docs/benchmarks.md).

uniform sampler2D uScene;

in vec2 vUv;
out vec4 fragColor;

void main() {
    fragColor = texture(uScene, vUv);
}
