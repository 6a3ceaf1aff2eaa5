// Lighting of a voxel face: key light, fill light, hemisphere ambient, bounce light, ambient occlusion and a
// little specular (`shininess`: its strength). Ground ambient and bounce keep every face, whatever its
// direction, above the light floor documented at SceneLook (scene_renderer.h).
// Needs frame.glsl.

vec3 shadeVoxel(vec3 albedo, vec3 normal, float occlusion, vec3 worldPosition, float shininess) {
    vec3 toLight = uToLight.xyz;
    float diffuse = max(dot(normal, toLight), 0.0);
    float fill = max(dot(normal, uToFill.xyz), 0.0);
    vec3 ambient = mix(uGroundAmbient.rgb, uSkyAmbient.rgb, normal.y * 0.5 + 0.5);
    // Wrapped: strongest straight away from the key, still half across the terminator, where neither the
    // key nor a plain bounce would reach.
    float bounce = 0.5 - 0.5 * dot(normal, toLight);
    vec3 toCamera = normalize(uCameraPosition.xyz - worldPosition);
    vec3 halfway = normalize(toLight + toCamera);
    // x^40 by repeated squaring (x^8 * x^32): six multiplies where pow is two polynomial approximations.
    float x = max(dot(normal, halfway), 0.0);
    float x2 = x * x;
    float x8 = x2 * x2;
    x8 *= x8;
    float x32 = x8 * x8;
    x32 *= x32;
    float specular = diffuse > 0.0 ? x8 * x32 * shininess : 0.0;
    // Occlusion darkens the ambient fully and the direct light partly: creases stay readable in light.
    vec3 lit = ambient * occlusion + uLightColor.rgb * diffuse * mix(1.0, occlusion, 0.45) +
               (uFillColor.rgb * fill + uBounceColor.rgb * bounce) * occlusion;
    return albedo * lit + uLightColor.rgb * specular * occlusion;
}
