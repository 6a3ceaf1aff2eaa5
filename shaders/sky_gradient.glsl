// The sky's colour without stars at a height on the screen (normalised device y, -1 at the bottom): darkest
// at the top, a faint glow towards the bottom, where the ground meets it. Linear, between the two ends
// given (SceneLook::backgroundHorizon and backgroundTop, exposed and tone mapped).

vec3 skyGradient(float ndcY, vec3 horizon, vec3 top) {
    float height = clamp(ndcY * 0.5 + 0.5, 0.0, 1.0);
    return mix(horizon, top, smoothstep(0.0, 0.9, height));
}
