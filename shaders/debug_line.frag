// Debug lines: the colour as given; the target holds sRGB values, like the colours.

in vec4 vColor;

uniform float uOpacity;

out vec4 fragColor;

void main() {
    fragColor = vec4(vColor.rgb, vColor.a * uOpacity);
}
