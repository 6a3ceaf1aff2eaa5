# The web build's third-party libraries (included by VoxDependencies.cmake when building with Emscripten),
# under the same target names as on the desktop, compiled from the sources of Debian's packages that
# scripts/setup-web-deps.sh unpacks into build/web/deps/src: SDL2 (Emscripten's SDL2 "port" would download
# it) and Dear ImGui (same version as libimgui-dev). Header-only libraries (GLM, stb) are Debian's own headers, through folders that hold
# nothing else: the host's /usr/include must not be on a wasm compile's search path.

set(VOX_WEB_DEPS_DIR "${PROJECT_SOURCE_DIR}/build/web/deps"
    CACHE PATH "Where scripts/setup-web-deps.sh put Debian's SDL2 and Dear ImGui sources")
file(GLOB sdl_source LIST_DIRECTORIES true "${VOX_WEB_DEPS_DIR}/src/libsdl2-*")
file(GLOB imgui_source LIST_DIRECTORIES true "${VOX_WEB_DEPS_DIR}/src/imgui-*")
if(NOT sdl_source OR NOT imgui_source)
  message(FATAL_ERROR "Debian's SDL2 or Dear ImGui sources are missing from ${VOX_WEB_DEPS_DIR}/src: "
                      "run scripts/setup-web-deps.sh (scripts/web.sh does)")
endif()

# SDL2, compiled here from its own source as Emscripten's SDL2 port does it: the files of the subsystems
# and the Emscripten back-ends, with SDL's own SDL_config_emscripten.h, no configure step (SDL's CMake
# configure runs some 300 compiler checks, each a whole emcc start: minutes on two cores). Built once into
# the build folder like the game's own files.
set(sdl "${sdl_source}/src")
file(GLOB sdl_sources
     "${sdl}/*.c" "${sdl}/atomic/*.c" "${sdl}/audio/*.c" "${sdl}/cpuinfo/*.c" "${sdl}/dynapi/*.c"
     "${sdl}/events/*.c" "${sdl}/file/*.c" "${sdl}/haptic/*.c" "${sdl}/joystick/*.c" "${sdl}/locale/*.c"
     "${sdl}/misc/*.c" "${sdl}/power/*.c" "${sdl}/render/*.c" "${sdl}/render/software/*.c"
     "${sdl}/render/opengles2/*.c" "${sdl}/sensor/*.c" "${sdl}/stdlib/*.c" "${sdl}/thread/*.c" "${sdl}/timer/*.c"
     "${sdl}/video/*.c" "${sdl}/video/yuv2rgb/*.c" "${sdl}/audio/emscripten/*.c" "${sdl}/audio/disk/*.c"
     "${sdl}/audio/dummy/*.c" "${sdl}/video/emscripten/*.c" "${sdl}/video/dummy/*.c"
     "${sdl}/joystick/emscripten/*.c" "${sdl}/joystick/virtual/*.c" "${sdl}/haptic/dummy/*.c"
     "${sdl}/sensor/dummy/*.c" "${sdl}/power/emscripten/*.c" "${sdl}/filesystem/emscripten/*.c"
     "${sdl}/timer/unix/*.c" "${sdl}/loadso/dlopen/*.c" "${sdl}/thread/generic/*.c" "${sdl}/locale/emscripten/*.c"
     "${sdl}/misc/emscripten/*.c")
add_library(vox_sdl2 STATIC ${sdl_sources})
target_include_directories(vox_sdl2 SYSTEM PUBLIC "${sdl_source}/include")
target_compile_options(vox_sdl2 PRIVATE -w)
add_library(SDL2::SDL2 ALIAS vox_sdl2)

# Only glm/ and stb's headers, by symbolic links to Debian's.
set(headers "${CMAKE_BINARY_DIR}/host-headers")
file(MAKE_DIRECTORY "${headers}/stb")
file(CREATE_LINK /usr/include/glm "${headers}/glm" SYMBOLIC)
file(GLOB stb_headers /usr/include/stb/*.h)
foreach(header IN LISTS stb_headers)
  get_filename_component(name "${header}" NAME)
  file(CREATE_LINK "${header}" "${headers}/stb/${name}" SYMBOLIC)
endforeach()
add_library(glm::glm INTERFACE IMPORTED)
set_target_properties(glm::glm PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${headers}")

# stb's implementation: libstb's shared library is the desktop's; here it is compiled in.
file(CONFIGURE OUTPUT "${CMAKE_BINARY_DIR}/stb_implementation.c" @ONLY # written when it changes
     CONTENT "#define STB_IMAGE_IMPLEMENTATION\n#define STB_IMAGE_WRITE_IMPLEMENTATION\n#include <stb_image.h>\n#include <stb_image_write.h>\n")
add_library(vox_stb STATIC "${CMAKE_BINARY_DIR}/stb_implementation.c")
target_include_directories(vox_stb SYSTEM PUBLIC "${headers}/stb")
target_compile_options(vox_stb PRIVATE -w)
add_library(vox::stb ALIAS vox_stb)

# OpenGL ES 3.0 is Emscripten's own (WebGL 2); the link options are the game's (game/CMakeLists.txt).
add_library(vox_gl INTERFACE)
add_library(vox::gl ALIAS vox_gl)

add_library(vox_imgui_core STATIC "${imgui_source}/imgui.cpp" "${imgui_source}/imgui_draw.cpp"
                                  "${imgui_source}/imgui_tables.cpp" "${imgui_source}/imgui_widgets.cpp")
target_include_directories(vox_imgui_core SYSTEM PUBLIC "${imgui_source}")
target_compile_options(vox_imgui_core PRIVATE -w)
add_library(vox::imgui_core ALIAS vox_imgui_core)

# The backends from the same source, compiled by vox::debug; the OpenGL3 one speaks ES 3.0 ("#version 300 es").
set(VOX_IMGUI_BACKENDS_DIR "${imgui_source}/backends")
set(VOX_IMGUI_BACKENDS_INCLUDE_DIR "${imgui_source}/backends")
