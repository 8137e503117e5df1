#!/usr/bin/env bash
# Bad flags to a program on the C API: one line, exit 2. sqcolor-gbench's JSON
# has every impl of a technique and the cycles counter.
# usage: tests/gbench.sh test_gbench_api sqcolor-gbench
api=$1 gb=$2
bin=$gb
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
for args in "--benchmark_min_time=0.5s|--benchmark_min_time takes seconds" "--benchmark_bogus=1|unrecognized argument '--benchmark_bogus=1'" "--nonsense|unrecognized argument '--nonsense'"; do
    flag=${args%%|*} want=${args#*|}
    for bin in "$api" "$gb"; do
        "$bin" "$flag" >/dev/null 2>"$tmp/err"
        rc=$?
        [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF -- "$want" "$tmp/err" && ok || bad "$(basename "$bin") $flag -> $rc: $(cat "$tmp/err")"
    done
done
"$gb" --benchmark_filter='lea_shr_and/.*/ordered/latency' --benchmark_min_time=0.01 --benchmark_format=json >"$tmp/gb.json" 2>/dev/null && ok || bad "sqcolor-gbench run"
impls=$(jq '[.benchmarks[] | select(.cycles != null) | .name | split("/")[2]] | unique | length' "$tmp/gb.json")
[ "$impls" -ge 3 ] && ok || bad "sqcolor-gbench JSON: $impls impls with a cycles counter"
# Without --benchmark_min_time (sqcolor-gbench then passes its own default as
# the flag) the names are the same: a per-benchmark minimum time would be in them.
"$gb" --benchmark_filter='lea_shr_and/asm/ordered/latency' --benchmark_format=json >"$tmp/gb2.json" 2>/dev/null
jq -e '[.benchmarks[].name] == ["color/lea_shr_and/asm/ordered/latency/manual_time"]' "$tmp/gb2.json" >/dev/null &&
    ok || bad "names without --benchmark_min_time: $(jq -c '[.benchmarks[].name]' "$tmp/gb2.json")"
# --benchmark_out appears whole or not at all: not for a filter matching
# nothing (exit 2), not when interrupted; whole at the end.
"$gb" --benchmark_filter=no-such-benchmark --benchmark_out="$tmp/none.json" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ! ls "$tmp"/none.json* >/dev/null 2>&1 &&
    ok || bad "filter matching nothing -> $rc, $(cat "$tmp/err"), $(ls "$tmp")"
"$gb" --benchmark_filter='lea_shr_and/' --benchmark_out="$tmp/cut.json" >/dev/null 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
! ls "$tmp"/cut.json* >/dev/null 2>&1 && ok || bad "interrupted run left $(ls "$tmp"/cut.json*)"
"$gb" --benchmark_filter='lea_shr_and/asm/ordered/latency' --benchmark_min_time=0.01 --benchmark_out="$tmp/whole.json" >/dev/null 2>&1 &&
    jq -e '.benchmarks | length == 1' "$tmp/whole.json" >/dev/null && [ "$(ls "$tmp"/whole.json* | wc -l)" -eq 1 ] &&
    ok || bad "--benchmark_out: $(ls "$tmp"/whole.json*)"
# Google Benchmark's own compare.py (Debian libbenchmark-tools) reads two outputs.
if [ -f /usr/share/benchmark/compare.py ] && /usr/bin/python3 -c 'import scipy' 2>/dev/null; then
    /usr/bin/python3 /usr/share/benchmark/compare.py benchmarks "$tmp/gb.json" "$tmp/gb2.json" >"$tmp/cmp.txt" 2>&1 &&
        grep -q 'color/lea_shr_and/asm/ordered/latency' "$tmp/cmp.txt" && ok || bad "compare.py: $(tail -3 "$tmp/cmp.txt")"
fi
finish gbench
