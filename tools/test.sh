#!/usr/bin/env bash
# Builds sqcolor twice — with warnings as errors, and with ASan + UBSan — runs
# the tests of both, and fuzzes the file readers. This is the README's test
# command and what CI runs; ctest's summary of the last build and the time taken
# close the output. Each phase is printed with the time since the start.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
phase() { # what: a line with the time since the start, e.g. "== [3m12s] tests in build"
    local s=$((SECONDS - start))
    printf '== [%dm%02ds] %s\n' $((s / 60)) $((s % 60)) "$*"
}
phase "setup"
tools/setup.sh

jobs=$(nproc 2>/dev/null || echo 2)
# Ninja (tools/setup.sh installs it) compiles a layer's files while the layer
# below links, where make waits: 54 s rather than 71 for the first build on a
# 2-core guest. A build folder keeps the generator it was made with.
generator() { # dir
    if [ -f "$1/CMakeCache.txt" ]; then
        sed -n 's/^CMAKE_GENERATOR:INTERNAL=//p' "$1/CMakeCache.txt"
    elif command -v ninja >/dev/null; then
        echo Ninja
    else
        echo "Unix Makefiles"
    fi
}
build() { # dir cmake-options...
    local dir=$1
    shift
    phase "build $dir"
    cmake -S . -B "$dir" -G "$(generator "$dir")" -DSQCOLOR_WERROR=ON "$@" >/dev/null
    cmake --build "$dir" -j "$jobs"
}
check() { # dir ctest-options...
    local dir=$1
    shift
    phase "tests in $dir"
    (cd "$dir" && ctest --output-on-failure -j "$jobs" "$@")
}

build build
# The C impls take no flag of the build's (cmake/compilers.cmake): the
# sanitized build links the first one's objects, byte for byte the same.
build build-asan -DSQCOLOR_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSQCOLOR_IMPL_OBJECTS_FROM="$PWD/build/generated"
# The readers of untrusted files, fuzzed for a while (libFuzzer, clang).
phase "fuzzing"
tools/fuzz.sh build "${SQCOLOR_FUZZ_SECONDS:-10}"
# The sanitized build runs the unit tests and those labelled sanitize
# (tests/CMakeLists.txt says which and why); the release build runs all.
check build-asan -L 'unit|sanitize'
check build
# The tests a host's facts could move (label host), again as on another CPU:
# the longest brand CPUID gives and no AVX-512, by the test switches, which
# the runs name in their output and files.
phase "host tests in build, as another CPU"
(cd build && SQCOLOR_TEST_BRAND="Another CPU: a brand as long as CPUID's 48 bytes" \
    SQCOLOR_HIDE_FEATURES=avx512f,avx512bw,avx512vbmi ctest --output-on-failure -j "$jobs" -L host)
phase "done"
