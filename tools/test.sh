#!/usr/bin/env bash
# Builds sqcolor twice — with ASan + UBSan, and with warnings as errors — runs
# the tests of both, and fuzzes the file readers. This is the README's test
# command and what CI runs; ctest's summary of the last build closes the output.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh

jobs=$(nproc 2>/dev/null || echo 2)
build() { # dir cmake-options...
    local dir=$1
    shift
    cmake -S . -B "$dir" -DSQCOLOR_WERROR=ON "$@" >/dev/null
    cmake --build "$dir" -j "$jobs"
}
check() { # dir
    echo "== tests in $1"
    (cd "$1" && ctest --output-on-failure -j "$jobs")
}

build build-asan -DSQCOLOR_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
check build-asan
build build
# The readers of untrusted files, fuzzed for a while (libFuzzer, clang).
tools/fuzz.sh build "${SQCOLOR_FUZZ_SECONDS:-15}"
check build
