// The per-frame uniform block shared by every scene shader (filled by SceneRenderer, binding 0) and small
// hash functions. Colours in the block are linear.

layout(std140) uniform Frame {
    mat4 uViewProjection;
    mat4 uInverseViewProjection;
    vec4 uCameraPosition;     // xyz; w: seconds (sky animation)
    vec4 uToLight;            // xyz unit, towards the key light
    vec4 uLightColor;         // rgb
    vec4 uToFill;             // xyz unit, towards the fill light
    vec4 uFillColor;          // rgb
    vec4 uSkyAmbient;         // rgb, hemisphere ambient from above
    vec4 uGroundAmbient;      // rgb, from below
    vec4 uBounceColor;        // rgb, bounce light from the side opposite the key
    vec4 uBackgroundTop;      // rgb
    vec4 uBackgroundHorizon;  // rgb, also the fog colour
    vec4 uGroundColor;        // rgb
    vec4 uGroundLineColor;    // rgb
    vec4 uViewport;           // x, y, width, height in pixels
    vec4 uParams;             // x: ground height, y: fog density, z: vignette, w: exposure
    vec4 uParams2;            // x: fog start distance, y: star brightness, z: scene pixels per viewport
                              // pixel (the render scale), w: monochrome 0..1
    vec4 uVignette;           // gl_FragCoord.xy * xy + zw: the pixel's offset from the viewport's centre,
                              // scaled so that its squared length less 0.25 is the vignette's 0..1 ramp
    vec4 uGroundLine;         // the ground's line along x at z = 0 (ground.vert's fades): x its centre x,
                              // y 1 / the width its ends fade over (centred on them), z y times (half its
                              // length + half that width); all 0: no line
    vec4 uGroundStage;        // the ground's opaque rectangle: xy its centre (x, z), zw 1 / the distances
                              // (x, z) the ground fades out over beyond it
    vec4 uGroundStageReach;   // xy: uGroundStage.zw times (half the rectangle's size + those distances)
    vec4 uLightBands[2];      // coloured light by height: x 1 / feather, y 0.5 - min y x, z 0.5 + max y x;
                              // all 0: no band (voxel_shading.glsl's lightBandFilter)
    vec4 uLightBandColors[2]; // rgb multipliers
    vec4 uSkyDisc;            // xy centre (viewport fractions), z radius (fraction of the height); 0: none
    vec4 uSkyDiscColor;       // rgb, linear
};

float hash12(vec2 p) {
    vec3 p3 = fract(vec3(p.xyx) * 0.1031);
    p3 += dot(p3, p3.yzx + 33.33);
    return fract((p3.x + p3.y) * p3.z);
}

float hash13(vec3 p) {
    p = fract(p * 0.1031);
    p += dot(p, p.zyx + 31.32);
    return fract((p.x + p.y) * p.z);
}
