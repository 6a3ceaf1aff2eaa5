// HUD glyphs: each screen pixel shows exactly one font texel (integer scale), so text stays crisp.

uniform sampler2D uFont; // coverage, R8

in vec2 vTexel;
in vec4 vColor;
out vec4 fragColor;

void main() {
    float coverage = texelFetch(uFont, ivec2(floor(vTexel)), 0).r;
    fragColor = vec4(vColor.rgb, vColor.a * coverage);
}
