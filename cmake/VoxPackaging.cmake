# Debian packages with CPack (included by packaging/CMakeLists.txt), one per install component:
#   voxel-invaders  component "game": the game in <prefix>/games, its data in <prefix>/share/games/voxel-invaders,
#                   desktop entry, icons, AppStream metadata, man page; dependencies from dpkg-shlibdeps;
#   libvox-dev      component "development": the engine's headers, static libraries, shaders and CMake package
#                   (cmake/VoxInstall.cmake); depends on the -dev packages its voxConfig.cmake looks for.
# Build them with the `package` presets (Debian's paths, /usr, hardening flags, no tests):
#   cmake --preset package && cmake --build --preset package      -> build/package/*.deb
# scripts/test.sh's `package` stage builds, installs, runs, lints (lintian) and removes them.

set(VOX_PACKAGE_MAINTAINER "voxel-invaders maintainers <maintainers@users.noreply.a-seed-563f5090.example>"
    CACHE STRING "The Maintainer of the Debian packages")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME voxel-invaders)
set(CPACK_PACKAGE_VENDOR "The voxel-invaders authors")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "${VOX_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_HOMEPAGE_URL "${VOX_HOMEPAGE_URL}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
# The prefix the game was configured with is compiled into it (where its data is): package the same one.
set(CPACK_PACKAGING_INSTALL_PREFIX "${CMAKE_INSTALL_PREFIX}")
set(CPACK_STRIP_FILES ON) # executables only; static libraries keep their symbols
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}")

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL "")
if(TARGET voxel-invaders) # the game, not its simulation alone (VOX_ENGINE_GRAPHICS=OFF)
  list(APPEND CPACK_COMPONENTS_ALL game)
endif()
if(VOX_INSTALL)
  list(APPEND CPACK_COMPONENTS_ALL development)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # voxel-invaders_0.1.0_amd64.deb, libvox-dev_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SOURCE voxel-invaders)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

set(CPACK_DEBIAN_GAME_PACKAGE_NAME voxel-invaders)
set(CPACK_DEBIAN_GAME_PACKAGE_SECTION games)
set(CPACK_DEBIAN_GAME_PACKAGE_SHLIBDEPS ON)
# Descriptions: the synopsis, then the long description (CPack indents it and turns empty lines into " .").
set(CPACK_DEBIAN_GAME_DESCRIPTION
    "Space Invaders drawn in lit voxels
A Space Invaders-style arcade game drawn entirely in lit voxels, with the
rules of the 1978 arcade: 55 invaders in five rows of eleven, a march that
speeds up as they die, three kinds of alien shot, the mystery saucer, and
four shields that erode voxel by voxel as they are hit.

It plays with a keyboard or a game controller, keeps a top-ten table, and
runs well on a software renderer (Mesa's llvmpipe): no graphics card needed.")

set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_NAME libvox-dev)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_SECTION libdevel)
# What the installed voxConfig.cmake looks for (find_dependency, pkg-config), by component.
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_DEPENDS "libglm-dev, libsdl2-dev, libepoxy-dev, libstb-dev, libimgui-dev, pkg-config")
if(VOX_PLATFORM_USES_X11 OR TARGET X11::X11)
  string(APPEND CPACK_DEBIAN_DEVELOPMENT_PACKAGE_DEPENDS ", libx11-dev")
endif()
set(CPACK_DEBIAN_DEVELOPMENT_DESCRIPTION
    "vox voxel game engine (development files)
vox is the small engine under the game voxel-invaders: a dynamic AABB tree
broadphase with fattened boxes, voxel models with MagicaVoxel .vox I/O,
greedy meshing, a voxel-exact narrowphase and erosion, an SDL2 and OpenGL 3.3
platform layer, a voxel renderer and a Dear ImGui debug overlay.

This package holds its headers, static libraries (one per module), shaders
and CMake package: find_package(vox CONFIG REQUIRED COMPONENTS broadphase).")

# CPack puts CPACK_PACKAGE_DESCRIPTION_SUMMARY (the project's description) before each package's own
# description; each has its synopsis already, so the summary is dropped when the packages are made.
file(CONFIGURE OUTPUT "${PROJECT_BINARY_DIR}/VoxCPackOptions.cmake"
     CONTENT "unset(CPACK_PACKAGE_DESCRIPTION_SUMMARY) # cmake/VoxPackaging.cmake says why\n")
set(CPACK_PROJECT_CONFIG_FILE "${PROJECT_BINARY_DIR}/VoxCPackOptions.cmake")

include(CPack)
