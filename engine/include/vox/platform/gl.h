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
// Timer queries: GpuTimer compiles them everywhere but runs them only where hasTimerQueries() says so
// (desktop GL); in a browser they are the EXT_disjoint_timer_query functions of the same meaning.
#define GL_GLEXT_PROTOTYPES 1
#include <GLES2/gl2ext.h>
#define GL_TIME_ELAPSED GL_TIME_ELAPSED_EXT
#define glGetQueryObjectiv glGetQueryObjectivEXT
#define glGetQueryObjectui64v glGetQueryObjectui64vEXT
#else
#include <epoxy/gl.h>
#endif
