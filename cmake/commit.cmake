# Writes OUT with the source tree's commit (and a dirty flag), touching it only
# when that changes: run at every build, so results name the code they ran.
execute_process(COMMAND git describe --always --dirty --abbrev=12
                WORKING_DIRECTORY ${SRC} OUTPUT_VARIABLE commit
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT commit)
  set(commit unknown)
endif()
set(text "/* Generated at build time by cmake/commit.cmake. */\n#define SQCOLOR_COMMIT \"${commit}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
