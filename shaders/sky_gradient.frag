// The sky's gradient, finished like every scene pixel (vignette, dither), and the sky's disc
// (SceneLook::skyDisc) painted into it. It depends only on the pixel's place in the viewport and on the
// look, so the renderer draws it into a texture once and sky.frag copies it every frame: the disc's craters
// cost nothing per frame. Alpha: 1 where stars may show, 0 over the disc (sky.frag hides them there).

#include "frame.glsl"
#include "finish.glsl"
#include "sky_gradient.glsl"

in vec2 vNdc;
out vec4 fragColor;

// Darkening of the disc by its craters at `p` (disc radii from its centre): a jittered grid of round dents,
// each with a darker floor and a bright rim on the side facing the light.
float craters(vec2 p) {
    float shade = 1.0;
    vec2 scaled = p * 4.0;
    vec2 cell = floor(scaled);
    for (int y = -1; y <= 1; ++y) {
        for (int x = -1; x <= 1; ++x) {
            vec2 id = cell + vec2(x, y);
            vec2 centre = id + vec2(hash12(id), hash12(id + 7.3));
            float radius = 0.12 + 0.33 * hash12(id + 13.1) * hash12(id + 2.9);
            vec2 offset = scaled - centre;
            float d = length(offset) / radius;
            float floorShade = 1.0 - 0.28 * (1.0 - smoothstep(0.75, 1.0, d));
            float rim = smoothstep(0.8, 1.0, d) * (1.0 - smoothstep(1.0, 1.2, d)) *
                        max(dot(normalize(offset + 1e-4), vec2(-0.7, 0.7)), 0.0);
            shade *= floorShade + 0.25 * rim;
        }
    }
    return shade;
}

void main() {
    vec3 sky = skyGradient(vNdc.y);
    float alpha = 1.0;
    if (uSkyDisc.z > 0.0) {
        vec2 pixel = gl_FragCoord.xy - uViewport.xy;
        vec2 centre = uSkyDisc.xy * uViewport.zw;
        float radius = uSkyDisc.z * uViewport.w;
        vec2 p = (pixel - centre) / radius; // disc radii
        float r2 = dot(p, p);
        float coverage = clamp((1.0 - sqrt(r2)) * radius + 0.5, 0.0, 1.0);
        vec3 normal = vec3(p, sqrt(max(1.0 - r2, 0.0)));
        float light = 0.12 + 0.88 * max(dot(normal, normalize(vec3(-0.5, 0.45, 0.74))), 0.0);
        // Broad darker "seas" and the craters, as on the real one.
        float seas = 1.0 - 0.2 * smoothstep(0.1, 0.7, sin(p.x * 3.1 + 1.3) * sin(p.y * 2.7 + 0.4));
        vec3 disc = uSkyDiscColor.rgb * light * seas * craters(p);
        sky = mix(sky, disc, coverage);
        alpha = 1.0 - coverage;
    }
    fragColor = vec4(finishColor(sky).rgb, alpha);
}
