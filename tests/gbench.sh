#!/usr/bin/env bash
# Bad flags to a program on the C API: one line, exit 2. sqcolor-gbench's JSON
# has every impl of a technique and the cycles counter, and its time is the
# cycles counter at the core clock it states, which compare.py compares.
# usage: tests/gbench.sh test_gbench_api sqcolor-gbench
api=$1 gb=$2
bin=$gb
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
# flag|message: each value Google Benchmark would misread, refused before it
# sees it, by the C API and so by sqcolor-gbench.
while IFS= read -r args; do
    flag=${args%%|*} want=${args#*|}
    for bin in "$api" "$gb"; do
        "$bin" "$flag" >/dev/null 2>"$tmp/err"
        rc=$?
        [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF -- "$want" "$tmp/err" && ok || bad "$(basename "$bin") $flag -> $rc: $(cat "$tmp/err")"
    done
done <<'EOF'
--benchmark_min_time=0.5s|--benchmark_min_time takes seconds as a plain number (e.g. 0.5), not '0.5s'
--benchmark_min_time=inf|--benchmark_min_time takes seconds as a plain number (e.g. 0.5), not 'inf'
--benchmark_min_time=-1|--benchmark_min_time takes seconds as a plain number (e.g. 0.5), not '-1'
--benchmark_min_warmup_time=x|--benchmark_min_warmup_time takes seconds as a plain number (e.g. 0.5), not 'x'
--benchmark_bogus=1|unrecognized argument '--benchmark_bogus=1'
--nonsense|unrecognized argument '--nonsense'
-h|unrecognized argument '-h'
--benchmark_format=xml|--benchmark_format takes console, json or csv, not 'xml'
--benchmark_format=|--benchmark_format takes console, json or csv, not ''
--benchmark_format|--benchmark_format needs a value: --benchmark_format=...
--benchmark_out_format=xml|--benchmark_out_format takes json, console or csv, not 'xml'
--benchmark_repetitions=-1|--benchmark_repetitions takes a whole number of at least 1, not '-1'
--benchmark_repetitions=0|--benchmark_repetitions takes a whole number of at least 1, not '0'
--benchmark_repetitions=1e3|--benchmark_repetitions takes a whole number of at least 1, not '1e3'
--benchmark_repetitions=99999999999|--benchmark_repetitions takes a whole number of at least 1, not '99999999999'
--benchmark_list_tests=banana|--benchmark_list_tests takes true or false, not 'banana'
--benchmark_counters_tabular=2|--benchmark_counters_tabular takes true or false, not '2'
--benchmark_color=|--benchmark_color takes auto, true or false, not ''
--benchmark_time_unit=xs|--benchmark_time_unit takes ns, us, ms or s, not 'xs'
--benchmark_context=a|--benchmark_context takes key=value pairs separated by commas, not 'a'
--benchmark_context=a=1,b|--benchmark_context takes key=value pairs separated by commas, not 'a=1,b'
--benchmark_out=|--benchmark_out takes a file name, not nothing
--v=x|--v takes a whole number, not 'x'
EOF
# The defaults Google Benchmark reads from the environment are checked alike.
for bin in "$api" "$gb"; do
    BENCHMARK_REPETITIONS=-1 "$bin" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -qF -- "BENCHMARK_REPETITIONS=-1 in the environment: --benchmark_repetitions takes a whole number" "$tmp/err" &&
        ok || bad "$(basename "$bin") with BENCHMARK_REPETITIONS=-1 -> $rc: $(cat "$tmp/err")"
done
# --help prints the usage and exits 0, whatever else is given, opening nothing.
"$gb" --help --benchmark_format=xml --benchmark_out="$tmp/help.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && grep -qF -- '--benchmark_filter' "$tmp/out" && [ ! -s "$tmp/err" ] && ! ls "$tmp"/help.json* >/dev/null 2>&1 &&
    ok || bad "--help -> $rc: $(cat "$tmp/err") $(ls "$tmp")"
"$gb" --benchmark_filter='lea_shr_and/.*/ordered/latency' --benchmark_min_time=0.01 --benchmark_format=json >"$tmp/gb.json" 2>"$tmp/gb.err" && ok || bad "sqcolor-gbench run"
# Truth first, as in sqcolor run: the variants of the selected benchmarks, and
# only those, are verified by sqcolor verify's code before any is timed.
want=$("$(dirname "$gb")/sqcolor" verify --filter 'color/lea_shr_and/*' | tail -1)
[ "$(grep '^verify: ' "$tmp/gb.err")" = "$want" ] && ok || bad "gbench verified: $(grep '^verify' "$tmp/gb.err"), sqcolor verify: $want"
# A variant broken on purpose (a test hook: it answers 2 for every square)
# stops the run before any timing: exit 1, the failure named, no number, no file.
SQCOLOR_TEST_BREAK_VARIANT=color/lea_shr_and/gcc-12 "$gb" --benchmark_filter='lea_shr_and/.*/ordered/latency' \
    --benchmark_out="$tmp/broken.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q '^color/lea_shr_and/gcc-12 .* FAIL ' "$tmp/err" && grep -q '^verify: [0-9]* passed, 1 failed$' "$tmp/err" &&
    [ ! -s "$tmp/out" ] && ! ls "$tmp"/broken.json* >/dev/null 2>&1 &&
    ok || bad "broken variant -> $rc: $(cat "$tmp/err") $(head -3 "$tmp/out")"
# Broken outside the filter, it is not verified, and the run goes on.
SQCOLOR_TEST_BREAK_VARIANT=color/lea_test_jz/asm "$gb" --benchmark_filter='lea_shr_and/asm/ordered/latency/' \
    --benchmark_min_time=0.01 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && [ "$(grep '^verify: ' "$tmp/err")" = "$("$(dirname "$gb")/sqcolor" verify --filter color/lea_shr_and/asm | tail -1)" ] &&
    grep -q '^color/lea_shr_and/asm/ordered/latency' "$tmp/out" && ok || bad "broken variant outside the filter -> $rc: $(cat "$tmp/err")"
impls=$(jq '[.benchmarks[] | select(.cycles != null) | .name | split("/")[2]] | unique | length' "$tmp/gb.json")
[ "$impls" -ge 3 ] && ok || bad "sqcolor-gbench JSON: $impls impls with a cycles counter"
# net_time FILE: "ok" when every benchmark's time is in ns and, times the core
# clock in the context, equals its cycles counter; or, for a net cost under
# 1 fs, is 1 fs and says so in its label. Both come from the same numbers, so
# this holds to rounding however noisy the machine.
net_time() {
    jq -r '(.context.sqcolor_core_ghz | tonumber) as $ghz
        | def near($a; $b): ($a - $b | fabs) <= 1e-12 * ([($a | fabs), ($b | fabs)] | max);
        [.benchmarks[] | select(.run_type == "iteration")] as $runs
        | [$runs[] | select(.time_unit != "ns" or (.cycles | type) != "number" or
              if (.label // "") | startswith("time clamped to 1 fs")
              then (near(.real_time; 1e-6) and .cycles < 1e-6 * $ghz) | not
              else near(.real_time * $ghz; .cycles) | not end)
          | "\(.name): \(.real_time) \(.time_unit) x \($ghz) GHz, cycles \(.cycles)"] as $off
        | if ($runs | length) > 0 and ($off | length) == 0 then "ok"
          else "\($runs | length) runs; \($off)" end' "$1" 2>&1
}
r=$(net_time "$tmp/gb.json")
[ "$r" = ok ] && ok || bad "time is not cycles at the core clock: $r"
# Without --benchmark_min_time (sqcolor-gbench then passes its own default as
# the flag) the names are the same: a per-benchmark minimum time would be in them.
"$gb" --benchmark_filter='lea_shr_and/asm/ordered/latency' --benchmark_format=json >"$tmp/gb2.json" 2>/dev/null
jq -e '[.benchmarks[].name] == ["color/lea_shr_and/asm/ordered/latency/manual_time"]' "$tmp/gb2.json" >/dev/null &&
    ok || bad "names without --benchmark_min_time: $(jq -c '[.benchmarks[].name]' "$tmp/gb2.json")"
r=$(net_time "$tmp/gb2.json")
[ "$r" = ok ] && ok || bad "time is not cycles at the core clock (default min time): $r"
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
# Google Benchmark's own compare.py (Debian libbenchmark-tools) reads two
# outputs, lists every benchmark of both and compares their times, which are
# each run's cycles at its core clock.
if [ -f /usr/share/benchmark/compare.py ] && /usr/bin/python3 -c 'import scipy' 2>/dev/null; then
    "$gb" --benchmark_filter='lea_shr_and/.*/ordered/latency' --benchmark_min_time=0.01 --benchmark_format=json >"$tmp/gb3.json" 2>/dev/null
    /usr/bin/python3 /usr/share/benchmark/compare.py --dump_to_json "$tmp/cmp.json" benchmarks "$tmp/gb.json" "$tmp/gb3.json" >"$tmp/cmp.txt" 2>&1 &&
        ok || bad "compare.py: $(tail -3 "$tmp/cmp.txt")"
    names=$(jq -r '.benchmarks[].name' "$tmp/gb.json")
    missing=$(for n in $names; do grep -qF "$n " "$tmp/cmp.txt" || echo "$n"; done)
    compared=$(jq -rn --slurpfile d "$tmp/cmp.json" --slurpfile a "$tmp/gb.json" --slurpfile b "$tmp/gb3.json" '
        def net($f): ($f[0].context.sqcolor_core_ghz | tonumber) as $ghz
            | [$f[0].benchmarks[] | {key: .name, value: (if (.label // "") | startswith("time clamped to 1 fs")
                                                         then 1e-6 else .cycles / $ghz end)}] | from_entries;
        def near($x; $y): ($x - $y | fabs) <= 1e-12 * ([($x | fabs), ($y | fabs)] | max);
        net($a) as $na | net($b) as $nb
        | [$d[0][] | select(.name != "OVERALL_GEOMEAN") | .name as $n | .measurements[0]
           | select((near(.real_time; $na[$n]) and near(.real_time_other; $nb[$n])) | not) | $n]
        | if length == 0 and ($d[0] | length) > 1 then "ok" else "\(.)" end' 2>&1)
    [ -z "$missing" ] && [ "$compared" = ok ] && [ "$(echo "$names" | wc -l)" -ge 3 ] &&
        ok || bad "compare.py: not listed: $missing; compared other times than cycles at the core clock: $compared"
fi
# Timed as sqcolor run times: address randomisation off, and the context says so.
"$gb" --benchmark_filter='lea_shr_and/asm/ordered/latency' --benchmark_min_time=0.01 --benchmark_format=json 2>/dev/null |
    jq -e '.context.sqcolor_aslr == "off"' >/dev/null && ok || bad "gbench: address randomisation not off"
# A net cost near zero is clamped in the reported time, so Google Benchmark
# asks for its cap of 10^9 squares; the visits actually made stay bounded
# (one invocation took 7.9 s of visits before).
"$gb" --benchmark_filter='color/lea_test_jz/asm/dark/call$' --benchmark_format=json >"$tmp/zero.json" 2>/dev/null
jq -e '.benchmarks[0] | .iterations >= 1e8 and .squares_timed > 0 and .squares_timed < 240 * 1048576' \
    "$tmp/zero.json" >/dev/null && ok || bad "clamped row: $(jq -c '.benchmarks[0] | [.iterations, .squares_timed]' "$tmp/zero.json")"
finish gbench
