# Every third-party library comes from a Debian package (see scripts/setup-deps.sh and README.md).
# Each is known to the targets by one name: SDL2::SDL2, glm::glm, vox::gl (the OpenGL functions),
# vox::stb, vox::imgui_core and vox::imgui (its SDL2 and OpenGL3 backends). The web build (Emscripten)
# defines the same names from what scripts/setup-web-deps.sh prepared: cmake/VoxWebDependencies.cmake.

if(EMSCRIPTEN)
  include(VoxWebDependencies)
  return()
endif()

find_package(PkgConfig REQUIRED)
find_package(SDL2 CONFIG REQUIRED)
find_package(glm CONFIG REQUIRED)
pkg_check_modules(EPOXY REQUIRED IMPORTED_TARGET epoxy)
pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)
add_library(vox::gl ALIAS PkgConfig::EPOXY)
add_library(vox::stb ALIAS PkgConfig::STB)
# Optional: Xlib (libx11-dev, which libsdl2-dev pulls in) lets the window ask the X server for its real size.
find_package(X11)

# Dear ImGui: libimgui-dev ships the core as a static library and the SDL2 / OpenGL3 backends as sources.
pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)
add_library(vox::imgui_core ALIAS PkgConfig::IMGUI)
set(VOX_IMGUI_BACKENDS_DIR "/usr/share/doc/libimgui-dev/examples/backends"
    CACHE PATH "Directory holding imgui_impl_sdl.cpp and imgui_impl_opengl3.cpp")
if(NOT EXISTS "${VOX_IMGUI_BACKENDS_DIR}/imgui_impl_sdl.cpp")
  message(FATAL_ERROR "Dear ImGui backend sources not found in ${VOX_IMGUI_BACKENDS_DIR}: "
                      "install libimgui-dev or set VOX_IMGUI_BACKENDS_DIR")
endif()
add_library(vox_imgui_backends STATIC "${VOX_IMGUI_BACKENDS_DIR}/imgui_impl_sdl.cpp"
                                      "${VOX_IMGUI_BACKENDS_DIR}/imgui_impl_opengl3.cpp")
# GL entry points come from libepoxy, not ImGui's bundled loader. The backend is built in its OpenGL ES 3
# configuration, which runs on desktop GL 3.3 core contexts too: one overlay for desktop, ES and WebGL2
# (cmake/imgui_gles3/GLES3/gl3.h says why).
target_compile_definitions(vox_imgui_backends PUBLIC IMGUI_IMPL_OPENGL_LOADER_CUSTOM PRIVATE IMGUI_IMPL_OPENGL_ES3)
target_compile_options(vox_imgui_backends PRIVATE -include epoxy/gl.h -w)
target_include_directories(vox_imgui_backends PUBLIC /usr/include/imgui/backends
                                              PRIVATE "${PROJECT_SOURCE_DIR}/cmake/imgui_gles3")
target_link_libraries(vox_imgui_backends PUBLIC PkgConfig::IMGUI PkgConfig::EPOXY SDL2::SDL2)
add_library(vox::imgui ALIAS vox_imgui_backends)
