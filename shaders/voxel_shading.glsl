// Lighting of a voxel face: key light, fill light, hemisphere ambient, ambient occlusion and a little
// specular (`shininess`: its strength).
// Needs frame.glsl.

vec3 shadeVoxel(vec3 albedo, vec3 normal, float occlusion, vec3 worldPosition, float shininess) {
    vec3 toLight = uToLight.xyz;
    float diffuse = max(dot(normal, toLight), 0.0);
    float fill = max(dot(normal, uToFill.xyz), 0.0);
    vec3 ambient = mix(uGroundAmbient.rgb, uSkyAmbient.rgb, normal.y * 0.5 + 0.5);
    vec3 toCamera = normalize(uCameraPosition.xyz - worldPosition);
    vec3 halfway = normalize(toLight + toCamera);
    float specular = diffuse > 0.0 ? pow(max(dot(normal, halfway), 0.0), 40.0) * shininess : 0.0;
    // Occlusion darkens the ambient fully and the direct light partly: creases stay readable in light.
    vec3 lit = ambient * occlusion + uLightColor.rgb * diffuse * mix(1.0, occlusion, 0.45) +
               uFillColor.rgb * fill * occlusion;
    return albedo * lit + uLightColor.rgb * specular * occlusion;
}
