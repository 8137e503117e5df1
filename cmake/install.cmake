# What 'cmake --install' puts under the prefix and 'cpack -G DEB' packs (issue
# 37): sqcolor, its man pages and bash completion (printed by the programs from
# their option declarations at build time, so they cannot drift), the docs,
# LICENSE, CHANGELOG and the example techniques. The templates of sqcolor try
# are installed by cmake/try.cmake; sqcolor-gbench and the C API by
# bench/gbench/gbench.cmake.
#
# In: GEN, _impls (cmake/compilers.cmake: the C compilers sqcolor try runs),
#     SQCOLOR_GBENCH.

include(GNUInstallDirs)
install(TARGETS sqcolor RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# PROGRAM's page and completion into the build folder's share/, as the prefix
# has them: ARGN is the program's arguments that print each (then "man" or
# "bash"). The pages are gzipped, as Debian ships them.
set(_share ${CMAKE_BINARY_DIR}/share)
set(_generated "")
function(_sq_manual program)
  set(_page ${_share}/man/man1/${program}.1)
  set(_completion ${_share}/bash-completion/completions/${program})
  add_custom_command(
    OUTPUT ${_page} ${_page}.gz ${_completion}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${_share}/man/man1 ${_share}/bash-completion/completions
    COMMAND sh -c "\"$0\" \"$@\" man > \"${_page}.new\" && mv \"${_page}.new\" \"${_page}\""
            $<TARGET_FILE:${program}> ${ARGN}
    COMMAND sh -c "gzip -9nc \"$0\" > \"$0.gz\"" ${_page}
    COMMAND sh -c "\"$0\" \"$@\" bash > \"${_completion}.new\" && mv \"${_completion}.new\" \"${_completion}\""
            $<TARGET_FILE:${program}> ${ARGN}
    DEPENDS ${program}
    COMMENT "Writing ${program}'s man page and completion"
    VERBATIM)
  install(FILES ${_page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${_completion} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
  set(_generated ${_generated} ${_page}.gz ${_completion} PARENT_SCOPE)
endfunction()
_sq_manual(sqcolor help --format)
if(SQCOLOR_GBENCH)
  _sq_manual(sqcolor-gbench --help-format)
endif()
add_custom_target(sqcolor_manuals ALL DEPENDS ${_generated})

set(_doc ${CMAKE_INSTALL_DOCDIR})
install(FILES README.md CHANGELOG.md LICENSE DESTINATION ${_doc})
# Debian's place for the licence: /usr/share/doc/PACKAGE/copyright.
install(FILES LICENSE DESTINATION ${_doc} RENAME copyright)
# docs/ beside README.md, so that its links (docs/try.md) still reach.
install(DIRECTORY docs/ DESTINATION ${_doc}/docs)
file(GLOB _examples ${CMAKE_SOURCE_DIR}/examples/*.sq)
install(FILES ${_examples} DESTINATION ${_doc}/examples)

# The Debian package: 'cpack -G DEB' in the build folder.
set(SQCOLOR_MAINTAINER "sqcolor maintainers <maintainers@users.noreply.a-seed-cbed5c57.example>"
    CACHE STRING "The Debian package's maintainer")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME sqcolor)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "cycles per chess-square color technique, asm beside C")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "sqcolor measures how many core cycles each way of computing the color of a
chess square costs, hand-written x86-64 assembly beside the same C built by
every installed compiler; 'sqcolor try' times a technique of your own.")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${SQCOLOR_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1) # 0.2.0-1: a packaging of sqcolor 0.2.0
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Its changelog, its binaries stripped, lintian's override: cmake/deb_package.cmake.
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_SOURCE_DIR}/cmake/deb_package.cmake)
set(CPACK_SQCOLOR_SOURCE_DIR ${CMAKE_SOURCE_DIR})
set(CPACK_SQCOLOR_LIBDIR ${CMAKE_INSTALL_LIBDIR})
set(CPACK_SQCOLOR_STRIP ${CMAKE_STRIP})
# The C API's shared library: its shlibs line, and ldconfig's trigger (CPack
# also writes a postinst and postrm that run ldconfig: docs/install.md).
if(SQCOLOR_GBENCH)
  set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
  set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
  file(WRITE ${CMAKE_BINARY_DIR}/debian/triggers "activate-noawait ldconfig\n")
  set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_BINARY_DIR}/debian/triggers)
endif()
# The -native impls are the building machine's code: said in the package's
# description (SQCOLOR_NATIVE=OFF leaves them out, for other machines).
if(SQCOLOR_NATIVE)
  string(APPEND CPACK_DEBIAN_PACKAGE_DESCRIPTION
         "\nIts -native impls are built with -march=native: for the CPU of the\n"
         "machine that built the package, which another CPU may not run.")
endif()
# The libraries it links, found by dpkg-shlibdeps (dpkg-dev) where it is;
# capstone, which it loads when first used (bench/CMakeLists.txt), named.
find_program(SQCOLOR_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(SQCOLOR_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(_depends "${SQCOLOR_CAPSTONE_PACKAGE}, ")
else()
  set(_depends "libc6, ${SQCOLOR_CAPSTONE_PACKAGE}, libjansson4, ")
endif()
# sqcolor try assembles with nasm and links with the C compiler; a C body is
# also built by every impl's compiler (each named as its Debian package),
# recommended, as llvm is for llvm-mca.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${_depends}nasm (>= 2.14), gcc")
list(JOIN _impls ", " _recommends)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "${_recommends}, llvm")
include(CPack)
