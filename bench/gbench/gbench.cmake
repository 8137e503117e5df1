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

add_library(sqcolor_gbench_api STATIC ${CMAKE_CURRENT_LIST_DIR}/gbench.cc)
target_include_directories(sqcolor_gbench_api PUBLIC ${CMAKE_SOURCE_DIR})
target_link_libraries(sqcolor_gbench_api PUBLIC benchmark::benchmark)

add_executable(
  sqcolor-gbench
  ${CMAKE_CURRENT_LIST_DIR}/gbench_main.c ${CMAKE_CURRENT_LIST_DIR}/scalar_benchmarks.c
  ${CMAKE_CURRENT_LIST_DIR}/batch_benchmarks.c ${CMAKE_CURRENT_LIST_DIR}/time_unit.c
  ${CMAKE_CURRENT_LIST_DIR}/break_for_test.c)
target_link_libraries(sqcolor-gbench PRIVATE sqcolor_core sqcolor_gbench_api ${CMAKE_DL_LIBS})
set_target_properties(sqcolor-gbench PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}
                                                LINKER_LANGUAGE CXX)
set(SQCOLOR_GBENCH ON)
