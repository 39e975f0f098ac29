# cmake -DPROGRAM=<test program> -P check_test_names.cmake
# Fails the build when a Catch2 test case's name holds a character that ctest's test discovery
# cannot pass through: CMake splits a name at `;`, and the halves match no test case, so the
# case would be registered under names that never run it.
execute_process(COMMAND ${PROGRAM} --list-test-names-only OUTPUT_VARIABLE names
                RESULT_VARIABLE status)
if(status LESS 0)
  message(FATAL_ERROR "${PROGRAM} cannot list its test cases: ${names}")
endif()
string(FIND "${names}" ";" semicolon)
if(NOT semicolon EQUAL -1)
  string(REPLACE ";" "<;>" shown "${names}")
  string(REGEX MATCHALL "[^\n]*<;>[^\n]*" bad "${shown}")
  string(REPLACE "<;>" "\\;" bad "${bad}")
  message(FATAL_ERROR "${PROGRAM}: a test case name holds ';', which ctest cannot run; "
                      "rename it: ${bad}")
endif()
