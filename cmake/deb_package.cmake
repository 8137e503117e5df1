# Run by cpack on the Debian package's staged tree before it is packed
# (CPACK_PRE_BUILD_SCRIPTS, set by cmake/install.cmake): what Debian's policy
# asks of a package beyond what 'cmake --install' puts under a prefix.
# - usr/share/doc/sqcolor/changelog.Debian.gz, from CHANGELOG.md
#   (cmake/debian_changelog.cmake);
# - the binaries without their debug sections, the shared library without
#   anything it does not need. sqcolor and sqcolor-gbench keep their symbol
#   table: they read it (each routine's size, bench/code/disasm.c), so
#   lintian's unstripped-binary-or-object is overridden for them, the reason
#   beside it in usr/share/lintian/overrides/sqcolor.
set(_root "${CPACK_TEMPORARY_DIRECTORY}${CPACK_PACKAGING_INSTALL_PREFIX}")
set(_doc "${_root}/share/doc/${CPACK_PACKAGE_NAME}")

set(CHANGELOG "${CPACK_SQCOLOR_SOURCE_DIR}/CHANGELOG.md")
set(SRC "${CPACK_SQCOLOR_SOURCE_DIR}")
set(OUT "${_doc}/changelog.Debian.gz")
set(PACKAGE "${CPACK_PACKAGE_NAME}")
set(REVISION "${CPACK_DEBIAN_PACKAGE_RELEASE}")
set(MAINTAINER "${CPACK_DEBIAN_PACKAGE_MAINTAINER}")
include(${CMAKE_CURRENT_LIST_DIR}/debian_changelog.cmake)

# _strip(HOW FILE...): strip each FILE there is.
function(_strip how)
  foreach(_file IN LISTS ARGN)
    if(EXISTS "${_file}" AND NOT IS_SYMLINK "${_file}")
      execute_process(COMMAND ${CPACK_SQCOLOR_STRIP} ${how} --remove-section=.comment "${_file}"
                      RESULT_VARIABLE _rc)
      if(NOT _rc EQUAL 0)
        message(FATAL_ERROR "${CPACK_SQCOLOR_STRIP} ${how} ${_file} failed")
      endif()
    endif()
  endforeach()
endfunction()
file(GLOB _programs "${_root}/bin/*")
file(GLOB _shared "${_root}/${CPACK_SQCOLOR_LIBDIR}/*.so.*")
file(GLOB _static "${_root}/${CPACK_SQCOLOR_LIBDIR}/*.a")
_strip(--strip-debug ${_programs} ${_static})
_strip(--strip-unneeded ${_shared})

set(_overrides "")
foreach(_program IN LISTS _programs)
  get_filename_component(_name "${_program}" NAME)
  string(APPEND _overrides "${PACKAGE}: unstripped-binary-or-object [usr/bin/${_name}]\n")
endforeach()
file(WRITE "${_root}/share/lintian/overrides/${PACKAGE}"
     "# sqcolor and sqcolor-gbench read their own symbol table (each routine's\n"
     "# size and its neighbours: bench/code/disasm.c): it stays, the debug\n"
     "# sections are stripped.\n${_overrides}")
