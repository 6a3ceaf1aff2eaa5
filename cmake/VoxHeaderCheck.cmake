# vox_add_header_check(): the target `header_check`, which compiles every public engine header
# (engine/include/vox/<module>/*.h) alone, one generated .cpp each that includes just it, with
# -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion as errors: a header a stranger can include
# anywhere, first, under strict flags. Each module's headers see that module's real usage requirements (its
# include directories and those of what it links, third-party ones as system directories, and its compile
# definitions) but nothing more, so a header that needs a module its own does not link fails too. The check
# compiles headers only: it neither links nor waits for the engine's libraries, so a configure of it alone with
# another compiler is quick (tests/header_check/CMakeLists.txt, run by scripts/test.sh with Clang).
include_guard(GLOBAL)

set(vox_header_check_root "${CMAKE_CURRENT_LIST_DIR}/../engine/include")

function(vox_add_header_check)
  cmake_path(SET root NORMALIZE "${vox_header_check_root}")
  string(REGEX REPLACE "/$" "" root "${root}")
  string(REGEX REPLACE "([][+.*()^$?|\\\\])" "\\\\\\1" root_pattern "${root}")
  add_custom_target(header_check)
  file(GLOB module_dirs LIST_DIRECTORIES true "${root}/vox/*")
  foreach(module_dir IN LISTS module_dirs)
    cmake_path(GET module_dir FILENAME module)
    if(NOT TARGET vox_${module}) # a graphics module with VOX_ENGINE_GRAPHICS=OFF
      continue()
    endif()
    file(GLOB headers CONFIGURE_DEPENDS "${module_dir}/*.h")
    set(sources "")
    foreach(header IN LISTS headers)
      cmake_path(GET header STEM name)
      set(source "${CMAKE_CURRENT_BINARY_DIR}/header_check/${module}/${name}.cpp")
      file(CONFIGURE OUTPUT "${source}" CONTENT "#include \"vox/${module}/${name}.h\" // and nothing else\n")
      list(APPEND sources "${source}")
    endforeach()
    set(check vox_header_check_${module})
    add_library(${check} OBJECT ${sources})
    target_compile_features(${check} PRIVATE cxx_std_20)
    # The module's usage requirements, without linking it (which would wait for its library to be built):
    # the engine's headers as our own, every other directory as a system one (as CMake gives imported
    # targets' directories to their users), so that only warnings of the engine's headers count.
    set(module_includes "$<TARGET_PROPERTY:vox_${module},INTERFACE_INCLUDE_DIRECTORIES>")
    target_include_directories(${check} PRIVATE "${root}")
    target_include_directories(${check} SYSTEM PRIVATE "$<FILTER:${module_includes},EXCLUDE,^${root_pattern}/?$>")
    target_compile_definitions(${check} PRIVATE "$<TARGET_PROPERTY:vox_${module},INTERFACE_COMPILE_DEFINITIONS>")
    target_compile_options(${check} PRIVATE "$<TARGET_PROPERTY:vox_${module},INTERFACE_COMPILE_OPTIONS>"
                                            -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Werror)
    add_dependencies(header_check ${check})
  endforeach()
endfunction()
