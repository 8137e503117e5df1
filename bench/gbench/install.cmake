# What another C project needs of the C API (docs/gbench.md), installed: the
# libraries, the header as <sqcolor/gbench.h>, sqcolor-gbench.pc and the CMake
# package sqcolor-gbench (targets sqcolor::gbench, sqcolor::gbench_static).
# Both files find the prefix from where they lie, so 'cmake --install --prefix'
# and a staged package get the same.
include(CMakePackageConfigHelpers)
set(_gbench_cmakedir ${CMAKE_INSTALL_LIBDIR}/cmake/sqcolor-gbench)
install(TARGETS sqcolor_gbench_shared sqcolor_gbench_api EXPORT sqcolor-gbench-targets)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/gbench.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/sqcolor)
install(EXPORT sqcolor-gbench-targets NAMESPACE sqcolor:: DESTINATION ${_gbench_cmakedir}
        FILE sqcolor-gbenchTargets.cmake)
configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/sqcolor-gbenchConfig.cmake.in
  ${CMAKE_BINARY_DIR}/gbench/sqcolor-gbenchConfig.cmake INSTALL_DESTINATION ${_gbench_cmakedir})
# The ABI is the soname's: any 0.x serves a project that asked for 0.y.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/gbench/sqcolor-gbenchConfigVersion.cmake
                                 COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/gbench/sqcolor-gbenchConfig.cmake
              ${CMAKE_BINARY_DIR}/gbench/sqcolor-gbenchConfigVersion.cmake
        DESTINATION ${_gbench_cmakedir})

# The .pc file's prefix, relative to the folder it lies in (pkg-config's pcfiledir).
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  message(FATAL_ERROR "sqcolor-gbench.pc: CMAKE_INSTALL_LIBDIR and CMAKE_INSTALL_INCLUDEDIR "
                      "must be relative to the prefix")
endif()
file(RELATIVE_PATH SQGB_PC_PREFIX /p/${CMAKE_INSTALL_LIBDIR}/pkgconfig /p)
string(REGEX REPLACE "/$" "" SQGB_PC_PREFIX "${SQGB_PC_PREFIX}")
configure_file(${CMAKE_CURRENT_LIST_DIR}/sqcolor-gbench.pc.in ${CMAKE_BINARY_DIR}/gbench/sqcolor-gbench.pc
               @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/gbench/sqcolor-gbench.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
       )
