// The sky's colour without stars at a height on the screen (normalised device y, -1 at the bottom): darkest
// at the top, a faint glow towards the bottom, where the ground meets it. Linear. Needs frame.glsl.

vec3 skyGradient(float ndcY) {
    float height = clamp(ndcY * 0.5 + 0.5, 0.0, 1.0);
    return mix(uBackgroundHorizon.rgb, uBackgroundTop.rgb, smoothstep(0.0, 0.9, height));
}
