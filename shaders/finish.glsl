// The last steps every scene pixel goes through: fog, tone mapping, vignette, sRGB encoding, dithering.
// Fragment shaders only; needs frame.glsl. Colours are linear until finishColor().

// Fog over `distance` voxels from the camera: the colour mixed towards the horizon's.
vec3 applyFogAt(vec3 color, float distance) {
    float fog = 1.0 - exp(-uParams.y * max(distance - uParams2.x, 0.0));
    return mix(color, uBackgroundHorizon.rgb, fog);
}

vec3 applyFog(vec3 color, vec3 worldPosition) {
    return applyFogAt(color, length(worldPosition - uCameraPosition.xyz));
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

// Linear scene colour to the sRGB value stored in the framebuffer.
vec4 finishColor(vec3 color) {
    color = toneMap(color * uParams.w);
    // smoothstep(0.15, 0.75, 1.6 |uv|^2), uv from -0.5 to 0.5 across the viewport, with the divisions
    // folded into uVignette (a division on every pixel is dear on a software rasteriser).
    vec2 fromCentre = gl_FragCoord.xy * uVignette.xy + uVignette.zw;
    float ramp = clamp(dot(fromCentre, fromCentre) - 0.25, 0.0, 1.0);
    color *= 1.0 - uParams.z * (ramp * ramp * (3.0 - 2.0 * ramp));
    vec3 srgb = linearToSrgb(clamp(color, 0.0, 1.0));
    // Half a step of ordered (4 x 4 Bayer) dither hides banding in the dark gradients; a fixed pattern,
    // unlike noise, keeps screenshots and golden images small as PNG. The matrix is built from the 2 x 2
    // one (0 2 / 3 1) with integer arithmetic: a table lookup by pixel is a gather on a SIMD rasteriser.
    ivec2 cell = ivec2(gl_FragCoord.xy) & 3;
    ivec2 low = cell & 1;
    ivec2 high = cell >> 1;
    int bayer = 4 * (2 * (low.x ^ low.y) + low.y) + 2 * (high.x ^ high.y) + high.y;
    srgb += ((float(bayer) + 0.5) / 16.0 - 0.5) / 255.0;
    return vec4(srgb, 1.0);
}
