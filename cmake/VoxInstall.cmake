# Installs the engine (included by engine/CMakeLists.txt when VOX_INSTALL is on): each module's headers under
# include/vox/<module>/, its static library, and the CMake package `vox` (voxConfig.cmake, a version file and
# one targets file per module, targets under the vox:: namespace) in <libdir>/cmake/vox, and the renderer's
# shaders in <datadir>/vox/shaders. Everything is in the
# install component "development" (the libvox-dev package).
include(CMakePackageConfigHelpers)

set(VOX_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/vox" CACHE STRING "Where the vox CMake package is installed")

foreach(module IN LISTS vox_engine_modules)
  install(TARGETS vox_${module} EXPORT vox_${module}_targets ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
          COMPONENT development)
  install(DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}/include/vox/${module}" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/vox"
          COMPONENT development)
  install(EXPORT vox_${module}_targets NAMESPACE vox:: FILE vox-${module}-targets.cmake
          DESTINATION "${VOX_INSTALL_CMAKEDIR}" COMPONENT development)
endforeach()
# The renderer's shaders, loaded at run time (SceneRenderer::create takes their folder: vox_SHADER_DIR).
if(TARGET vox_render)
  install(DIRECTORY "${vox_SHADER_DIR}/" DESTINATION "${CMAKE_INSTALL_DATADIR}/vox/shaders" COMPONENT development)
endif()
set(VOX_INSTALL_SHADER_DIR "${CMAKE_INSTALL_DATADIR}/vox/shaders")
install(TARGETS vox_engine EXPORT vox_engine_targets COMPONENT development)
install(EXPORT vox_engine_targets NAMESPACE vox:: FILE vox-engine-targets.cmake DESTINATION "${VOX_INSTALL_CMAKEDIR}"
        COMPONENT development)

set(VOX_ENGINE_MODULES ${vox_engine_modules})
set(VOX_PLATFORM_USES_X11 FALSE)
if(TARGET vox_platform AND TARGET X11::X11)
  set(VOX_PLATFORM_USES_X11 TRUE)
endif()
configure_package_config_file("${CMAKE_CURRENT_LIST_DIR}/voxConfig.cmake.in"
                              "${CMAKE_CURRENT_BINARY_DIR}/voxConfig.cmake" INSTALL_DESTINATION "${VOX_INSTALL_CMAKEDIR}"
                              PATH_VARS VOX_INSTALL_SHADER_DIR)
# Before 1.0 a minor version may break what the one before it offered (docs/engine.md, "Versions").
write_basic_package_version_file("${CMAKE_CURRENT_BINARY_DIR}/voxConfigVersion.cmake" VERSION "${PROJECT_VERSION}"
                                 COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_CURRENT_BINARY_DIR}/voxConfig.cmake" "${CMAKE_CURRENT_BINARY_DIR}/voxConfigVersion.cmake"
        DESTINATION "${VOX_INSTALL_CMAKEDIR}" COMPONENT development)
