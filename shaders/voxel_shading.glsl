// Lighting of a voxel face: key light, fill light, hemisphere ambient, bounce light, ambient occlusion and a
// little specular (`shininess`: its strength). Ground ambient and bounce keep every face, whatever its
// direction, above the light floor documented at SceneLook (scene_renderer.h).
// Needs frame.glsl. Usable in vertex shaders too (ground.vert works out the ground's light there).

// The coloured light bands' filter at world height `y` (SceneLook::lightBands): each band's colour where it
// covers y, white elsewhere. Two clamped ramps per band and no branch: cheap on every pixel.
vec3 lightBandFilter(float y) {
    vec3 through = vec3(1.0);
    for (int i = 0; i < 2; ++i) {
        vec4 band = uLightBands[i];
        float inside = clamp(y * band.x + band.y, 0.0, 1.0) * clamp(band.z - y * band.x, 0.0, 1.0);
        through *= mix(vec3(1.0), uLightBandColors[i].rgb, inside);
    }
    return through;
}

// A surface colour turned towards grey by SceneLook::monochrome (uParams2.w): its brightest channel, as a
// black-and-white screen shows a lit pixel.
vec3 monochromeAlbedo(vec3 albedo) {
    return mix(albedo, vec3(max(albedo.r, max(albedo.g, albedo.b))), uParams2.w);
}

// The diffuse light on a face: everything but the specular.
vec3 diffuseLight(vec3 normal, float occlusion) {
    float diffuse = max(dot(normal, uToLight.xyz), 0.0);
    float fill = max(dot(normal, uToFill.xyz), 0.0);
    vec3 ambient = mix(uGroundAmbient.rgb, uSkyAmbient.rgb, normal.y * 0.5 + 0.5);
    // Wrapped: strongest straight away from the key, still half across the terminator, where neither the
    // key nor a plain bounce would reach.
    float bounce = 0.5 - 0.5 * dot(normal, uToLight.xyz);
    // Occlusion darkens the ambient fully and the direct light partly: creases stay readable in light.
    return ambient * occlusion + uLightColor.rgb * diffuse * mix(1.0, occlusion, 0.45) +
           (uFillColor.rgb * fill + uBounceColor.rgb * bounce) * occlusion;
}

// The specular highlight's shape from the cosine between the normal and the halfway vector: x^40 by
// repeated squaring (x^8 * x^32), six multiplies where pow is two polynomial approximations.
float specularPower(float cosine) {
    float x = max(cosine, 0.0);
    float x2 = x * x;
    float x8 = x2 * x2;
    x8 *= x8;
    float x32 = x8 * x8;
    x32 *= x32;
    return x8 * x32;
}

vec3 shadeVoxel(vec3 albedo, vec3 normal, float occlusion, vec3 worldPosition, float shininess) {
    vec3 toCamera = normalize(uCameraPosition.xyz - worldPosition);
    vec3 halfway = normalize(uToLight.xyz + toCamera);
    float specular = dot(normal, uToLight.xyz) > 0.0 ? specularPower(dot(normal, halfway)) * shininess : 0.0;
    return albedo * diffuseLight(normal, occlusion) + uLightColor.rgb * specular * occlusion;
}
