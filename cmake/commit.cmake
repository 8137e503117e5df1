# Writes OUT with the source tree's commit (and a dirty flag) and the release's
# date (cmake/release_date.cmake: VERSION's in CHANGELOG, else the commit's),
# touching it only when that changes: run at every build, so results name the
# code they ran and the man pages their date.
include(${CMAKE_CURRENT_LIST_DIR}/release_date.cmake)
execute_process(COMMAND git describe --always --dirty --abbrev=12
                WORKING_DIRECTORY ${SRC} OUTPUT_VARIABLE commit
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT commit)
  set(commit unknown)
endif()
sq_release_date(date "${CHANGELOG}" "${SRC}" "${VERSION}")
string(CONCAT text "/* Generated at build time by cmake/commit.cmake. */\n"
       "#define SQCOLOR_COMMIT \"${commit}\"\n#define SQCOLOR_DATE \"${date}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
