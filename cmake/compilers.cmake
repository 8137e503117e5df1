# The C impls: c/impl_c.c and c/kernels_c.c built by every installed C compiler
# (or the ones SQCOLOR_COMPILERS names), each with two flag sets, into objects
# with their own symbol prefix, all linked into the one sqcolor.
#
# In:  GEN (generated folder). Out: SQ_C_IMPL_ROWS, SQ_IMPL_INFO_DEFINES (for
# cmake/impls.h.in), SQ_C_IMPL_OBJECTS (objects to link) and SQ_TRY_OBJECT_ROWS
# (the commands again, for cmake/try.cmake).

set(SQCOLOR_COMPILERS "" CACHE STRING
    "C compilers to build the C variants with, e.g. 'gcc-12;clang-14' (empty: all installed)")
# The impls take no flag of the build's (sanitizers, build type): a second
# build of one tree can link the first's objects instead of building them
# again (tools/test.sh does). Set to that build's generated folder.
set(SQCOLOR_IMPL_OBJECTS_FROM "" CACHE PATH
    "Link the C impl objects of another build of this tree (its generated folder) instead of building them")

# Flag sets: impl suffix and flags. Generic x86-64 at -O2, and this CPU at -O3:
# the -native impls are this machine's code, which another CPU may not run
# (a Debian package for other machines leaves them out: docs/install.md).
option(SQCOLOR_NATIVE "Build the -native impls (-O3 -march=native): code for this CPU" ON)
set(_flagsets "generic")
if(SQCOLOR_NATIVE)
  list(APPEND _flagsets "native")
endif()
set(_flags_generic -O2)
set(_flags_native -O3 -march=native)

if(SQCOLOR_COMPILERS)
  set(_candidates ${SQCOLOR_COMPILERS})
else()
  # gcc's versions, oldest first, then clang's: an impl's place (and its letter
  # in the headline tables) follows the compiler's history. The unversioned
  # names last: they are one of the versioned ones, or an older one.
  set(_candidates "")
  foreach(_kind gcc clang)
    foreach(_v RANGE 8 24)
      list(APPEND _candidates ${_kind}-${_v})
    endforeach()
  endforeach()
  list(APPEND _candidates gcc clang)
endif()

# Whether compiler PATH takes flags ARGN without a warning, on a loop.
file(WRITE ${GEN}/probe.c "int probe(int n) { int s = 0; for (int i = 0; i < n; i++) s += i * i; return s; }\n")
function(_sq_accepts var path)
  execute_process(COMMAND ${path} ${ARGN} -Werror -c ${GEN}/probe.c -o ${GEN}/probe.o
                  RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_QUIET)
  if(_rc EQUAL 0)
    set(${var} TRUE PARENT_SCOPE)
  else()
    set(${var} FALSE PARENT_SCOPE)
  endif()
endfunction()

# c/<src> built by the current compiler (_path, _common, _flags, _impl) into obj
# with extra flags ARGN; appended to SQ_C_IMPL_OBJECTS.
macro(_sq_impl_object src obj)
  if(SQCOLOR_IMPL_OBJECTS_FROM)
    get_filename_component(_obj_name ${obj} NAME)
    set(_obj ${SQCOLOR_IMPL_OBJECTS_FROM}/${_obj_name})
    if(NOT EXISTS ${_obj})
      message(FATAL_ERROR "SQCOLOR_IMPL_OBJECTS_FROM: no ${_obj}: build that build first, with the same compilers")
    endif()
    list(APPEND SQ_C_IMPL_OBJECTS ${_obj})
  else()
    # Each object depends on the headers its compiler says it read (-MD), no
    # more: touching a harness file rebuilds none of the impls.
    add_custom_command(
      OUTPUT ${obj}
      COMMAND ${_path} ${_common} ${_flags} ${ARGN} -MD -MF ${obj}.d
              -c ${CMAKE_SOURCE_DIR}/c/${src} -o ${obj}
      DEPENDS ${CMAKE_SOURCE_DIR}/c/${src}
      DEPFILE ${obj}.d
      COMMENT "Building ${src} with ${_impl}"
      VERBATIM)
    list(APPEND SQ_C_IMPL_OBJECTS ${obj})
  endif()
  # sqcolor try builds a user's body with the same command (cmake/try.cmake),
  # its own include folder and -fPIC given then; warnings are not errors there.
  if(NOT "${src}" STREQUAL "batch_c.c")
    set(_try_args ${_common} ${_flags} ${ARGN})
    list(REMOVE_ITEM _try_args -Werror -I${CMAKE_SOURCE_DIR}/c)
    list(JOIN _try_args " " _try_args)
    string(APPEND SQ_TRY_OBJECT_ROWS " \\\n    X(\"${_tag}\", \"${_path}\", \"${src}\", \"${_try_args}\")")
  endif()
endmacro()

set(_impls "")
set(SQ_C_IMPL_ROWS "")
set(SQ_IMPL_INFO_DEFINES "")
set(SQ_C_IMPL_OBJECTS "")
set(SQ_TRY_OBJECT_ROWS "")
set(_sources impl_c.c kernels_c.c)

foreach(_cc IN LISTS _candidates)
  unset(_path)
  find_program(_path ${_cc} NO_CACHE)
  if(NOT _path)
    if(SQCOLOR_COMPILERS)
      message(FATAL_ERROR "SQCOLOR_COMPILERS: '${_cc}' is not an installed C compiler")
    endif()
    continue()
  endif()
  execute_process(COMMAND ${_path} --version OUTPUT_VARIABLE _version_text ERROR_QUIET
                  RESULT_VARIABLE _rc)
  execute_process(COMMAND ${_path} -dumpversion OUTPUT_VARIABLE _dump ERROR_QUIET
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT _rc EQUAL 0 OR NOT _dump MATCHES "^([0-9]+)")
    if(SQCOLOR_COMPILERS)
      message(FATAL_ERROR "SQCOLOR_COMPILERS: '${_cc}' does not answer like a C compiler")
    endif()
    continue()
  endif()
  set(_major ${CMAKE_MATCH_1})
  if(_version_text MATCHES "clang")
    set(_kind clang)
    set(_novec -fno-vectorize -fno-slp-vectorize)
    set(_vec -fvectorize -fslp-vectorize)
  elseif(_version_text MATCHES "gcc|GCC|Free Software")
    set(_kind gcc)
    set(_novec -fno-tree-vectorize -fno-tree-slp-vectorize)
    set(_vec -ftree-vectorize -ftree-slp-vectorize)
  else()
    if(SQCOLOR_COMPILERS)
      message(FATAL_ERROR "SQCOLOR_COMPILERS: '${_cc}' is neither gcc nor clang")
    endif()
    continue()
  endif()
  string(REGEX MATCH "^[^\n]*" _version_line "${_version_text}")
  set(_name ${_kind}-${_major})
  if(_name IN_LIST _impls) # gcc and gcc-12 are one compiler
    continue()
  endif()
  list(APPEND _impls ${_name})

  # Loops on 64-byte lines, as the asm kernels: an unaligned light loop ran at
  # 0.54 or 0.88 cycles per square depending on where the linker put it. The
  # ctest loop_alignment reads every timed loop's head from the binary.
  # gcc aligns a loop only where its guess of the trips per entry from
  # outside passes --param align-loop-iterations (4): not the latency and
  # branch loops it enters after peeling n % 8 squares. At 1 or 0 it aligns
  # those, and the block each square of a branch loop rejoins at too, nops
  # inside the loop timed; so those stay off their line, listed in
  # tests/test_loop_alignment.c. -falign-jumps aligns a loop gcc enters in
  # its middle, which starts at a jump's target (gcc-12 -native's color_mask
  # autovec). clang-13 has no -falign-loops, and -align-all-nofallthru-blocks
  # misses every loop entered by falling through; its x86 backend's preferred
  # loop alignment (2^6) is what -falign-loops sets from clang-14 on.
  if(_kind STREQUAL "gcc")
    set(_align -falign-loops=64 -falign-jumps=64)
  else()
    set(_align -falign-loops=64)
  endif()
  _sq_accepts(_ok ${_path} -O2 ${_align})
  if(NOT _ok)
    set(_align -mllvm -x86-experimental-pref-loop-alignment=6)
    _sq_accepts(_ok ${_path} -O2 ${_align})
    if(NOT _ok)
      message(FATAL_ERROR "${_name} aligns no loop to 64 bytes (-falign-loops=64, -mllvm -x86-experimental-pref-loop-alignment=6)")
    endif()
  endif()

  foreach(_set IN LISTS _flagsets)
    set(_impl ${_name})
    if(_set STREQUAL "native")
      set(_impl ${_name}-native)
    endif()
    string(REPLACE "-" "_" _tag ${_impl})
    set(_flags ${_flags_${_set}})
    # clang-19 warns that this CPU's AVX10.1/256 is taken as AVX10.1/512
    # (Sapphire Rapids class guests): a fact of -march=native, not of our code.
    _sq_accepts(_ok ${_path} ${_flags})
    if(NOT _ok)
      _sq_accepts(_ok ${_path} ${_flags} -Wno-invalid-feature-combination)
      if(NOT _ok)
        message(FATAL_ERROR "${_name} does not build a loop with ${_flags} without a warning")
      endif()
      list(APPEND _flags -Wno-invalid-feature-combination)
    endif()
    set(_common -std=c11 -fPIE -D_GNU_SOURCE -DSQ_IMPL_TAG=${_tag} -Wall -Wextra
        -I${CMAKE_SOURCE_DIR}/c)
    if(SQCOLOR_WERROR)
      list(APPEND _common -Werror)
    endif()
    foreach(_src IN LISTS _sources)
      string(REPLACE ".c" "" _stem ${_src})
      set(_extra "")
      if(_src STREQUAL "kernels_c.c" AND _kind STREQUAL "gcc")
        # gcc's kernels in two parts: the latency and throughput loops with
        # every loop aligned (--param align-loop-iterations=1; they hold no
        # block but their own), the branch loops without it (it would put
        # nops inside them, where each square's branch rejoins).
        _sq_impl_object(${_src} ${GEN}/${_stem}_branch_${_tag}.o ${_novec} ${_align}
                        -DSQ_KERNEL_PART=2)
        set(_extra ${_novec} ${_align} --param=align-loop-iterations=1 -DSQ_KERNEL_PART=1)
      elseif(_src STREQUAL "kernels_c.c")
        set(_extra ${_novec} ${_align})
      else()
        # Each routine on a line of its own, as the asm's (FUNC): call mode
        # times the routine where it lies, and one code at two alignments ran
        # at 9.49 and 9.99 cycles (gcc's different_color/stockfish_2018,
        # Intel 0xcf).
        set(_extra -falign-functions=64)
      endif()
      _sq_impl_object(${_src} ${GEN}/${_stem}_${_tag}.o ${_extra})
    endforeach()
    # The batch loops twice: vectorizer off (scalar) and on (autovec, -O2 included).
    _sq_impl_object(batch_c.c ${GEN}/batch_c_scalar_${_tag}.o -DSQ_BATCH_FORM=scalar ${_novec}
                    ${_align})
    _sq_impl_object(batch_c.c ${GEN}/batch_c_autovec_${_tag}.o -DSQ_BATCH_FORM=autovec ${_vec}
                    ${_align})
    string(APPEND SQ_C_IMPL_ROWS " M(${_tag}, \"${_impl}\", __VA_ARGS__)")
    string(REPLACE "\"" "\\\"" _version_c "${_version_line}")
    list(JOIN _flags " " _flags_text)
    string(APPEND SQ_IMPL_INFO_DEFINES
           "#define SQ_IMPL_COMPILER_${_tag} \"${_version_c}\"\n"
           "#define SQ_IMPL_FLAGS_${_tag} \"${_flags_text}\"\n")
  endforeach()
endforeach()

if(NOT _impls)
  message(FATAL_ERROR "no C compiler found for the C variants (gcc or clang): 'apt-get install gcc clang'")
endif()
list(JOIN _impls ", " _impls_text)
if(SQCOLOR_NATIVE)
  message(STATUS "sqcolor C impls: ${_impls_text} (generic -O2 and -O3 -march=native each)")
else()
  message(STATUS "sqcolor C impls: ${_impls_text} (generic -O2; SQCOLOR_NATIVE=OFF: no -native impls)")
endif()

set_source_files_properties(${SQ_C_IMPL_OBJECTS} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
