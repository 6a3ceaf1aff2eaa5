# Warning and sanitizer flags shared by every target of the project.

if(VOX_SANITIZE)
  # Whole program, so that libraries built here are instrumented as well; halt on the first error.
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined -fno-sanitize-recover=all)
endif()

# vox_target_warnings(<target>): the project's warning set for code we own.
function(vox_target_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                                           -Wcast-align -Woverloaded-virtual -Wnull-dereference)
  if(VOX_WARNINGS_AS_ERRORS)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
