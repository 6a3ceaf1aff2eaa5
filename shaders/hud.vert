// HUD glyphs: one instance per glyph rectangle, in whole pixels, origin at the viewport's top-left.

layout(location = 0) in ivec4 iScreen; // min x, min y, max x, max y (pixels)
layout(location = 1) in ivec4 iAtlas;  // min x, min y, max x, max y (texels)
layout(location = 2) in vec4 iColor;   // sRGB with opacity

uniform vec2 uViewportSize; // pixels

out vec2 vTexel;
flat out vec4 vColor;

void main() {
    bvec2 high = bvec2((gl_VertexID & 1) != 0, (gl_VertexID & 2) != 0);
    vec2 pixel = vec2(high.x ? iScreen.z : iScreen.x, high.y ? iScreen.w : iScreen.y);
    vTexel = vec2(high.x ? iAtlas.z : iAtlas.x, high.y ? iAtlas.w : iAtlas.y);
    vColor = iColor;
    gl_Position = vec4(pixel.x / uViewportSize.x * 2.0 - 1.0, 1.0 - pixel.y / uViewportSize.y * 2.0, 0.0, 1.0);
}
