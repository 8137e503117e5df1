# The Google Benchmark front end: a C API over libbenchmark (bench/gbench/gbench.h) and
# sqcolor-gbench. Built when Debian's libbenchmark-dev is installed.
find_package(benchmark CONFIG QUIET)
if(NOT benchmark_FOUND)
  message(WARNING "libbenchmark-dev not found: sqcolor-gbench is not built "
                  "('apt-get install libbenchmark-dev', or tools/setup.sh)")
  return()
endif()
enable_language(CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
add_compile_options("$<$<COMPILE_LANGUAGE:CXX>:-Wall;-Wextra>")
if(SQCOLOR_WERROR)
  add_compile_options("$<$<COMPILE_LANGUAGE:CXX>:-Werror>")
endif()

# The C API, compiled once, as libsqcolor-gbench.a and libsqcolor-gbench.so.0
# (docs/gbench.md); the shared one exports only sqgb_* (gbench.map). Installed,
# its header is <sqcolor/gbench.h>.
include(GNUInstallDirs)
add_library(sqcolor_gbench_objects OBJECT ${CMAKE_CURRENT_LIST_DIR}/gbench.cc)
target_include_directories(sqcolor_gbench_objects PRIVATE ${CMAKE_SOURCE_DIR})
target_link_libraries(sqcolor_gbench_objects PRIVATE benchmark::benchmark)
add_library(sqcolor_gbench_api STATIC $<TARGET_OBJECTS:sqcolor_gbench_objects>)
add_library(sqcolor_gbench_shared SHARED $<TARGET_OBJECTS:sqcolor_gbench_objects>)
foreach(_lib sqcolor_gbench_api sqcolor_gbench_shared)
  target_include_directories(${_lib} PUBLIC $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}>
                                            $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  set_target_properties(${_lib} PROPERTIES OUTPUT_NAME sqcolor-gbench LINKER_LANGUAGE CXX)
endforeach()
# A C project links the archive with its C driver, which adds no C++ runtime.
target_link_libraries(sqcolor_gbench_api PUBLIC benchmark::benchmark $<INSTALL_INTERFACE:stdc++>)
target_link_libraries(sqcolor_gbench_shared PRIVATE benchmark::benchmark)
target_link_options(sqcolor_gbench_shared PRIVATE
                    "LINKER:--version-script=${CMAKE_CURRENT_LIST_DIR}/gbench.map" "LINKER:--no-undefined")
set_target_properties(sqcolor_gbench_api PROPERTIES EXPORT_NAME gbench_static)
set_target_properties(sqcolor_gbench_shared PROPERTIES
  EXPORT_NAME gbench VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}
  LINK_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/gbench.map)
include(${CMAKE_CURRENT_LIST_DIR}/install.cmake)

add_library(
  sqcolor_gbench_main OBJECT
  ${CMAKE_CURRENT_LIST_DIR}/gbench_main.c ${CMAKE_CURRENT_LIST_DIR}/scalar_benchmarks.c
  ${CMAKE_CURRENT_LIST_DIR}/batch_benchmarks.c ${CMAKE_CURRENT_LIST_DIR}/time_unit.c)
target_link_libraries(sqcolor_gbench_main PRIVATE sqcolor_core sqcolor_gbench_api)
# sqcolor-gbench, and for the tests only (never installed) sqcolor-gbench-break,
# the same program with the hook that breaks a variant on purpose
# (SQCOLOR_TEST_BREAK_VARIANT, break_for_test.c): the installed one has none.
foreach(_gb sqcolor-gbench sqcolor-gbench-break)
  add_executable(${_gb} $<TARGET_OBJECTS:sqcolor_gbench_main> ${CMAKE_CURRENT_LIST_DIR}/break_for_test.c)
  target_link_libraries(${_gb} PRIVATE sqcolor_core sqcolor_gbench_api ${CMAKE_DL_LIBS})
  set_target_properties(${_gb} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR} LINKER_LANGUAGE CXX)
endforeach()
target_compile_definitions(sqcolor-gbench-break PRIVATE SQCOLOR_TEST_BREAK)
install(TARGETS sqcolor-gbench)
set(SQCOLOR_GBENCH ON)
