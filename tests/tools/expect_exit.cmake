# Runs PROGRAM with ARGUMENTS (separated by '^', since add_test would split a ';') and fails unless it exits with EXPECT_STATUS and its
# standard output and error together match the regular expression EXPECT_OUTPUT. For CTests of a
# program's exit statuses (tests/CMakeLists.txt: the vir tool's):
#   cmake -DPROGRAM=vir "-DARGUMENTS=info^run.vir" -DEXPECT_STATUS=0 "-DEXPECT_OUTPUT=steps: 1200" -P expect_exit.cmake
string(REPLACE "^" ";" arguments "${ARGUMENTS}")
execute_process(COMMAND "${PROGRAM}" ${arguments} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${PROGRAM} ${arguments}: exit ${status}\nstdout: ${out}\nstderr: ${err}")
if(NOT status STREQUAL "${EXPECT_STATUS}")
  message(FATAL_ERROR "exit status ${status}, expected ${EXPECT_STATUS}")
endif()
if(NOT "${out}${err}" MATCHES "${EXPECT_OUTPUT}")
  message(FATAL_ERROR "the output does not match \"${EXPECT_OUTPUT}\"")
endif()
