# Every third-party library comes from a Debian package (see scripts/setup-deps.sh and README.md). Each is
# known to the targets by one name: glm::glm, and for the graphics modules (VOX_ENGINE_GRAPHICS) SDL2::SDL2,
# vox::gl (the OpenGL functions), vox::stb and vox::imgui_core, plus VOX_IMGUI_BACKENDS_DIR and
# VOX_IMGUI_BACKENDS_INCLUDE_DIR (Dear ImGui's SDL2 and OpenGL3 backend sources, which vox::debug compiles).
# The web build (Emscripten) defines the same names from what scripts/setup-web-deps.sh prepared:
# cmake/VoxWebDependencies.cmake. Found once, in the first directory that asks, so that every directory
# below it sees the same targets.
include_guard(GLOBAL)

option(VOX_ENGINE_GRAPHICS "Build vox::platform, vox::render and vox::debug (SDL2, libepoxy, stb, Dear ImGui)" ON)

if(EMSCRIPTEN)
  include(VoxWebDependencies)
  return()
endif()

find_package(glm CONFIG QUIET)
if(NOT glm_FOUND)
  message(FATAL_ERROR "GLM not found: every engine module needs it (Debian: apt-get install libglm-dev)")
endif()
if(NOT VOX_ENGINE_GRAPHICS)
  return()
endif()

# vox_graphics_dependency_missing(<what> <package>): stops with what to install, or how to do without.
function(vox_graphics_dependency_missing what package)
  message(FATAL_ERROR "${what} not found: vox::platform, vox::render and vox::debug need it (Debian: apt-get "
                      "install ${package}). To build only vox::core, vox::broadphase and vox::voxel, configure "
                      "with -DVOX_ENGINE_GRAPHICS=OFF.")
endfunction()

find_package(PkgConfig QUIET)
if(NOT PkgConfig_FOUND)
  vox_graphics_dependency_missing("pkg-config" pkg-config)
endif()
find_package(SDL2 CONFIG QUIET)
if(NOT SDL2_FOUND)
  vox_graphics_dependency_missing("SDL2" libsdl2-dev)
endif()
# The names (VOX_EPOXY, ...) are also what the installed package's voxConfig.cmake looks for.
pkg_check_modules(VOX_EPOXY QUIET IMPORTED_TARGET epoxy)
pkg_check_modules(VOX_STB QUIET IMPORTED_TARGET stb)
pkg_check_modules(VOX_IMGUI QUIET IMPORTED_TARGET imgui)
foreach(dependency EPOXY:libepoxy-dev STB:libstb-dev IMGUI:libimgui-dev)
  string(REPLACE ":" ";" dependency "${dependency}")
  list(GET dependency 0 name)
  list(GET dependency 1 package)
  if(NOT VOX_${name}_FOUND)
    vox_graphics_dependency_missing("${name} (pkg-config)" ${package})
  endif()
endforeach()
add_library(vox::gl ALIAS PkgConfig::VOX_EPOXY)
add_library(vox::stb ALIAS PkgConfig::VOX_STB)
add_library(vox::imgui_core ALIAS PkgConfig::VOX_IMGUI)
# Optional: Xlib (libx11-dev, which libsdl2-dev pulls in) lets the window ask the X server for its real size.
find_package(X11 QUIET)

# Dear ImGui: libimgui-dev ships the core as a static library and the SDL2 / OpenGL3 backends as sources.
set(VOX_IMGUI_BACKENDS_DIR "/usr/share/doc/libimgui-dev/examples/backends"
    CACHE PATH "Directory holding imgui_impl_sdl.cpp and imgui_impl_opengl3.cpp")
set(VOX_IMGUI_BACKENDS_INCLUDE_DIR "/usr/include/imgui/backends"
    CACHE PATH "Directory holding imgui_impl_sdl.h and imgui_impl_opengl3.h")
if(NOT EXISTS "${VOX_IMGUI_BACKENDS_DIR}/imgui_impl_sdl.cpp")
  message(FATAL_ERROR "Dear ImGui backend sources not found in ${VOX_IMGUI_BACKENDS_DIR}: "
                      "install libimgui-dev or set VOX_IMGUI_BACKENDS_DIR")
endif()
