#!/usr/bin/env bash
# Builds sqcolor twice — warnings as errors, then with ASan + UBSan — and runs
# the tests of both. This is the README's test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh

jobs=$(nproc 2>/dev/null || echo 2)
for config in "build:-DSQCOLOR_WERROR=ON" "build-asan:-DSQCOLOR_WERROR=ON -DSQCOLOR_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo"; do
    dir=${config%%:*}
    # shellcheck disable=SC2086
    cmake -S . -B "$dir" ${config#*:} >/dev/null
    cmake --build "$dir" -j "$jobs"
    echo "== tests in $dir"
    (cd "$dir" && ctest --output-on-failure -j "$jobs")
done

# The readers of untrusted files, fuzzed for a while (libFuzzer, clang).
tools/fuzz.sh build "${SQCOLOR_FUZZ_SECONDS:-15}"
