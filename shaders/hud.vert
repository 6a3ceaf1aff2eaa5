// HUD glyphs: one instance per glyph rectangle, in whole pixels, origin at the viewport's top-left. Each is
// two triangles (6 vertices, corners from gl_VertexID) with nothing flat-shaded: Mesa's llvmpipe recognises
// such a pair as a rectangle, which keeps the tiles the HUD touches on its fast path for the full-screen
// upscale under it (a triangle strip, or a flat output, makes them plain triangles).

layout(location = 0) in ivec4 iScreen; // min x, min y, max x, max y (pixels)
layout(location = 1) in ivec4 iAtlas;  // min x, min y, max x, max y (texels)
layout(location = 2) in vec4 iColor;   // sRGB with opacity

uniform vec2 uViewportSize; // pixels

out vec2 vTexel;
out vec4 vColor; // the same at every corner

void main() {
    const int kCorners[6] = int[6](0, 1, 2, 2, 1, 3); // bit 0: right, bit 1: bottom
    int corner = kCorners[gl_VertexID];
    bvec2 high = bvec2((corner & 1) != 0, (corner & 2) != 0);
    vec2 pixel = vec2(high.x ? iScreen.z : iScreen.x, high.y ? iScreen.w : iScreen.y);
    vTexel = vec2(high.x ? iAtlas.z : iAtlas.x, high.y ? iAtlas.w : iAtlas.y);
    vColor = iColor;
    gl_Position = vec4(pixel.x / uViewportSize.x * 2.0 - 1.0, 1.0 - pixel.y / uViewportSize.y * 2.0, 0.0, 1.0);
}
