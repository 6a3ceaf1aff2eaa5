// Lighting of a voxel face: key light, fill light, hemisphere ambient, bounce light, ambient occlusion and a
// little specular (`shininess`: its strength). Ground ambient and bounce keep every face, whatever its
// direction, above the light floor documented at SceneLook (scene_renderer.h).
// Needs frame.glsl.

// The light on a face of normal `normal`, in two parts by how ambient occlusion (0 dark .. 1 open) acts on
// them: occluded * occlusion + open. Depends only on the normal, so a flat face can have it worked out per
// vertex (sprite.vert) rather than per pixel.
struct FaceLight {
    vec3 occluded;
    vec3 open;
};

FaceLight faceLight(vec3 normal) {
    float diffuse = max(dot(normal, uToLight.xyz), 0.0);
    float fill = max(dot(normal, uToFill.xyz), 0.0);
    vec3 ambient = mix(uGroundAmbient.rgb, uSkyAmbient.rgb, normal.y * 0.5 + 0.5);
    // Wrapped: strongest straight away from the key, still half across the terminator, where neither the
    // key nor a plain bounce would reach.
    float bounce = 0.5 - 0.5 * dot(normal, uToLight.xyz);
    // Occlusion darkens the ambient fully and the direct light partly (by 45 %): creases stay readable in
    // light.
    FaceLight light;
    light.occluded = ambient + uLightColor.rgb * (diffuse * 0.45) + uFillColor.rgb * fill +
                     uBounceColor.rgb * bounce;
    light.open = uLightColor.rgb * (diffuse * 0.55);
    return light;
}

// The specular highlight's shape, (n . h)^40, 0 where the key light is behind the face.
float specularHighlight(vec3 normal, vec3 worldPosition) {
    vec3 toCamera = normalize(uCameraPosition.xyz - worldPosition);
    vec3 halfway = normalize(uToLight.xyz + toCamera);
    // x^40 by repeated squaring (x^8 * x^32): six multiplies where pow is two polynomial approximations.
    float x = max(dot(normal, halfway), 0.0);
    float x2 = x * x;
    float x8 = x2 * x2;
    x8 *= x8;
    float x32 = x8 * x8;
    x32 *= x32;
    return dot(normal, uToLight.xyz) > 0.0 ? x8 * x32 : 0.0;
}

vec3 shadeVoxel(vec3 albedo, vec3 normal, float occlusion, vec3 worldPosition, float shininess) {
    FaceLight light = faceLight(normal);
    return albedo * (light.occluded * occlusion + light.open) +
           uLightColor.rgb * (specularHighlight(normal, worldPosition) * shininess * occlusion);
}
