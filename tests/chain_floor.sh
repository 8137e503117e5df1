#!/usr/bin/env bash
# The chain floor of every latency row (tests/test_chain_floor.c): the
# instruction forms' latencies as calibrate measures them on this CPU, then
# a quick latency run of every variant, its clean samples set against their
# floors and counted (a figure: a busy host moves it; --strict to fail on one).
# usage: tests/chain_floor.sh path/to/sqcolor path/to/test_chain_floor
bin=$1 check=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sqcolor-test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME=$tmp/state # no history of earlier runs (quiet_history.h)
"$bin" calibrate --format json --output "$tmp/forms.json" >/dev/null 2>&1 ||
    { echo "FAILED: calibrate"; exit 1; }
"$bin" run --quick --mode latency --format json --output "$tmp/run.json" >/dev/null 2>&1 ||
    { echo "FAILED: run"; exit 1; }
"$check" "$tmp/forms.json" "$tmp/run.json"
