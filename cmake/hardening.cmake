# Debian's hardening flags, as dpkg-buildflags gives them with every hardening
# feature on (DEB_BUILD_MAINT_OPTIONS=hardening=+all): -fstack-protector-strong,
# -Wformat -Werror=format-security, -D_FORTIFY_SOURCE=2, -Wl,-z,relro,
# -Wl,-z,now. On the harness, the C API and the programs (what the Debian
# package ships), where dpkg-buildflags is; not on the impls under test, which
# take only their own flags (cmake/compilers.cmake), nor on the asm.
# -g, -O2 and -ffile-prefix-map are left out: the build type chooses those.
# Not in the sanitizer build (SQCOLOR_SANITIZE), which is never packaged: it
# keeps ASan's and UBSan's checks alone.

option(SQCOLOR_HARDEN "Build with dpkg-buildflags' hardening flags (where dpkg-buildflags is)" ON)
find_program(SQCOLOR_DPKG_BUILDFLAGS dpkg-buildflags)
if(SQCOLOR_HARDEN AND SQCOLOR_DPKG_BUILDFLAGS AND NOT SQCOLOR_SANITIZE)
  foreach(_kind CPPFLAGS CFLAGS CXXFLAGS LDFLAGS)
    execute_process(COMMAND ${CMAKE_COMMAND} -E env DEB_BUILD_MAINT_OPTIONS=hardening=+all
                            ${SQCOLOR_DPKG_BUILDFLAGS} --get ${_kind}
                    OUTPUT_VARIABLE _flags OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    separate_arguments(_flags UNIX_COMMAND "${_flags}")
    list(FILTER _flags EXCLUDE REGEX "^(-g|-O[0-9s]?|-ffile-prefix-map=.*)$")
    set(_hardening_${_kind} ${_flags})
  endforeach()
  # _FORTIFY_SOURCE needs the optimizer: not in a Debug build (-O0).
  add_compile_options("$<$<AND:$<COMPILE_LANGUAGE:C,CXX>,$<NOT:$<CONFIG:Debug>>>:${_hardening_CPPFLAGS}>"
                      "$<$<COMPILE_LANGUAGE:C>:${_hardening_CFLAGS}>"
                      "$<$<COMPILE_LANGUAGE:CXX>:${_hardening_CXXFLAGS}>")
  add_link_options(${_hardening_LDFLAGS})
  list(JOIN _hardening_CPPFLAGS " " _cpp)
  list(JOIN _hardening_CFLAGS " " _c)
  list(JOIN _hardening_LDFLAGS " " _ld)
  message(STATUS "sqcolor hardening (dpkg-buildflags): ${_cpp} ${_c} ${_ld}")
endif()
