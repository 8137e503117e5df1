# Unit tests of the sequences, the PGN reader, the report writers, the summaries, the figures, llvm-mca and the
# rule of disasm --results (disagreements). Included
# from tests/CMakeLists.txt. bench/sequence.c, bench/pgn.c, bench/report.c, bench/summary.c and bench/figures.c
# are already sources of sqcolor_core (top-level CMakeLists.txt), so only the
# tests are added here.
find_program(SQCOLOR_JQ jq REQUIRED) # test_report checks its JSON with jq

foreach(_unit sequence pgn report summary figures mca code_check merge disagreements)
  add_executable(test_${_unit} test_${_unit}.c)
  target_link_libraries(test_${_unit} PRIVATE sqcolor_core)
  add_test(NAME ${_unit} COMMAND test_${_unit})
  set_tests_properties(${_unit} PROPERTIES PASS_REGULAR_EXPRESSION "${_unit}: [0-9]+ passed, 0 failed")
endforeach()
