#version 330 core
// Test scene (until the voxel renderer lands): transforms a lit mesh.

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;

uniform mat4 uModel;          // object to world; rotation, translation and uniform scale only
uniform mat4 uViewProjection; // world to clip

out vec3 vWorldPosition;
out vec3 vNormal;

void main() {
    vec4 world = uModel * vec4(aPosition, 1.0);
    vWorldPosition = world.xyz;
    vNormal = mat3(uModel) * aNormal; // valid without the inverse transpose: no non-uniform scale
    gl_Position = uViewProjection * world;
}
