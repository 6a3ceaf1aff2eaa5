#pragma once
/// @file
/// The one header that declares OpenGL for the engine and the game (the API of the window's context):
/// include it instead of a GL header.
///
/// Desktop: libepoxy (OpenGL 3.3 core, functions loaded at run time, no hand-written loader).
/// Browser (Emscripten): OpenGL ES 3.0, which Emscripten maps onto WebGL 2; its functions are linked, not
/// loaded. Code that uses a call or enum ES 3.0 lacks fails to compile in the web build, which is the point.

#if defined(__EMSCRIPTEN__)
#include <GLES3/gl3.h>
#else
#include <epoxy/gl.h>
#endif
