// The colour steps after lighting that do not depend on the pixel grid: fog, tone mapping, vignette, sRGB
// encoding. Any shader stage (sky.vert tone maps per vertex); needs frame.glsl. Colours are linear until
// finishToSrgb().

vec3 applyFog(vec3 color, vec3 worldPosition) {
    float distanceBeyond = max(length(worldPosition - uCameraPosition.xyz) - uParams2.x, 0.0);
    float fog = 1.0 - exp(-uParams.y * distanceBeyond);
    return mix(color, uBackgroundHorizon.rgb, fog);
}

// Highlights above the knee roll off smoothly towards 1, scaling all three channels alike so hues keep.
vec3 toneMap(vec3 color) {
    const float knee = 0.72;
    float peak = max(max(color.r, color.g), color.b);
    if (peak <= knee)
        return color;
    float mapped = knee + (1.0 - knee) * (1.0 - exp(-(peak - knee) / (1.0 - knee)));
    return color * (mapped / peak);
}

// sRGB encoding of 0..1: the standard curve's linear toe, and for its power segment a fit by three square
// roots (Ian Taylor's), within 0.4 of a step of 1.055 c^(1/2.4) - 0.055 over 0..1: a square root is one
// instruction where pow is two polynomial approximations, on every pixel of every pass.
vec3 linearToSrgb(vec3 color) {
    vec3 s1 = sqrt(color);
    vec3 s2 = sqrt(s1);
    vec3 s3 = sqrt(s2);
    vec3 power = 0.585122381 * s1 + 0.783140355 * s2 - 0.368262736 * s3;
    return mix(color * 12.92, power, step(0.0031308, color));
}

// The darkening towards the corners: a factor for linear colour. `fromCentre`: the place in the viewport,
// -0.5 .. 0.5 across it.
float vignette(vec2 fromCentre) {
    return 1.0 - uParams.z * smoothstep(0.15, 0.75, dot(fromCentre, fromCentre) * 1.6);
}

// Linear scene colour to the sRGB value the framebuffer stores, before dithering.
vec3 finishToSrgb(vec3 color, vec2 fromCentre) {
    return linearToSrgb(clamp(toneMap(color * uParams.w) * vignette(fromCentre), 0.0, 1.0));
}
