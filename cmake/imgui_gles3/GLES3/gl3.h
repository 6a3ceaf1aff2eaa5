/* Dear ImGui's OpenGL3 backend is built in its OpenGL ES 3 configuration (IMGUI_IMPL_OPENGL_ES3) on every
   target, so the overlay makes only calls that desktop OpenGL 3.3 core and OpenGL ES 3.0 / WebGL2 both have
   (its desktop configuration calls glPolygonMode and GL_PRIMITIVE_RESTART, which ES contexts lack). On the
   desktop the <GLES3/gl3.h> it includes is this file: GL comes from libepoxy, as everywhere else. */
#include <epoxy/gl.h>
