#version 330 core
// Test scene (until the voxel renderer lands): sun + hemisphere lighting, a checker on the ground, fog.

#include "lighting.glsl"

in vec3 vWorldPosition;
in vec3 vNormal;

uniform vec3 uAlbedo;         // linear colour
uniform vec3 uToLight;        // unit vector towards the sun
uniform vec3 uLightColor;     // linear
uniform vec3 uCameraPosition; // world space
uniform vec3 uFogColor;       // linear, also the clear colour
uniform int uChecker;         // 1: modulate the albedo with a 1-unit checkerboard (the ground)

out vec4 fragColor;

void main() {
    vec3 albedo = uAlbedo;
    if (uChecker == 1) {
        vec2 cell = floor(vWorldPosition.xz);
        albedo *= mod(cell.x + cell.y, 2.0) == 0.0 ? 1.0 : 0.75;
    }
    vec3 toCamera = uCameraPosition - vWorldPosition;
    vec3 color = shadeDirectional(albedo, normalize(vNormal), uToLight, normalize(toCamera), uLightColor);
    float fog = 1.0 - exp(-0.0012 * dot(toCamera, toCamera));
    fragColor = vec4(linearToSrgb(mix(color, uFogColor, fog)), 1.0);
}
