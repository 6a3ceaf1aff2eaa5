/* Dear ImGui's OpenGL3 backend is built in its OpenGL ES 3 configuration (IMGUI_IMPL_OPENGL_ES3) on every
   target, so the overlay makes only calls that desktop OpenGL 3.3 core and OpenGL ES 3.0 / WebGL2 both have
   (its desktop configuration uses GL_PRIMITIVE_RESTART, sampler objects' state and base vertices, which ES
   3.0 lacks). On the desktop the <GLES3/gl3.h> it includes is this file: GL comes from libepoxy, as
   everywhere else. The backend saves and restores glPolygonMode whenever GL_POLYGON_MODE is defined, which
   epoxy's desktop header does and ES contexts reject; the engine never sets a polygon mode, so hide it. */
#include <epoxy/gl.h>
#undef GL_POLYGON_MODE
