// Element `index` of a texel array (vox/render/texel_array.h): rows of 2048 texels (TexelArray::kWidth) in a
// 2D integer texture, read with texelFetch(sampler, texelArrayCoord(index), 0). A 2D texture rather than a
// buffer texture because OpenGL ES 3.0 / WebGL2 have no buffer textures.

ivec2 texelArrayCoord(int index) {
    return ivec2(index & 2047, index >> 11);
}
