// Lighting shared by the scene shaders: one directional light (the sun) over a sky/ground hemisphere.
// Colours are linear; convert with linearToSrgb() once, at the end.

vec3 shadeDirectional(vec3 albedo, vec3 normal, vec3 toLight, vec3 toCamera, vec3 lightColor) {
    float diffuse = max(dot(normal, toLight), 0.0);
    vec3 halfway = normalize(toLight + toCamera);
    float specular = diffuse > 0.0 ? pow(max(dot(normal, halfway), 0.0), 48.0) * 0.25 : 0.0;
    // Hemisphere ambient: surfaces facing up see the sky, facing down see the ground bounce.
    vec3 sky = vec3(0.30, 0.36, 0.50);
    vec3 ground = vec3(0.10, 0.08, 0.07);
    vec3 ambient = mix(ground, sky, normal.y * 0.5 + 0.5);
    return albedo * (ambient + diffuse * lightColor) + specular * lightColor;
}

vec3 linearToSrgb(vec3 color) {
    return mix(color * 12.92, 1.055 * pow(color, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, color));
}
