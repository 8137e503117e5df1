#!/usr/bin/env bash
# Bad flags to a program on the C API: one line, exit 2. sqcolor-gbench's JSON
# has every impl of a technique and the cycles counter, its Time is that
# counter in the unit it states (cycles per 1000 squares as ns), which
# compare.py reads and prints with digits; the batch families are benchmarks.
# usage: tests/gbench.sh test_gbench_api sqcolor-gbench sqcolor-gbench-break
api=$1 gb=$2 brk=$3
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
# What is no flag of Google Benchmark's: the C API refuses it as it is;
# sqcolor-gbench reads it as its own options, whose table refuses the rest.
for args in "--nonsense|unrecognized argument '--nonsense'" "-h|unrecognized argument '-h'"; do
    "$api" "${args%%|*}" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF -- "${args#*|}" "$tmp/err" && ok || bad "$(basename "$api") ${args%%|*} -> $rc: $(cat "$tmp/err")"
done
bin=$gb
while IFS= read -r args; do
    want=${args%%|*} args=${args#*|}
    read -r -a argv <<<"$args"
    expect_usage "sqcolor-gbench: $want" "${argv[@]}"
    grep -qF "(see 'sqcolor-gbench --help')" "$tmp/err" && ok || bad "$args: $(cat "$tmp/err")"
done <<'EOF'
unknown option '--nonsense'|--nonsense
unexpected argument 'extra'|extra --benchmark_filter=x
--sizes 10 is out of range (64 to 2^22)|--sizes 10
--sizes takes rising numbers, not '8192,1024'|--sizes=8192,1024
--seed takes a whole number from 0 to 2^64-1 in decimal digits, not '-1'|--seed -1
option '--seed' needs a value|--seed --benchmark_filter=x
--cpu 99999 is out of range (0 to|--cpu 99999
EOF
# sqcolor-gbench's own context (its unit, its clock) cannot be overridden.
bin=$gb expect_usage "--benchmark_context: the sqcolor_* keys are sqcolor-gbench's own" --benchmark_context=a=1,sqcolor_core_ghz=9
# The defaults Google Benchmark reads from the environment are checked alike.
for bin in "$api" "$gb"; do
    BENCHMARK_REPETITIONS=-1 "$bin" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -qF -- "BENCHMARK_REPETITIONS=-1 in the environment: --benchmark_repetitions takes a whole number" "$tmp/err" &&
        ok || bad "$(basename "$bin") with BENCHMARK_REPETITIONS=-1 -> $rc: $(cat "$tmp/err")"
done
# Those it reads as numbers when it is loaded, before main, are checked before
# that: its own warning came first, twice (once per exec: placement.h).
for env in BENCHMARK_MIN_TIME=abc BENCHMARK_MIN_WARMUP_TIME=x BENCHMARK_REPETITIONS=abc; do
    env "$env" "$gb" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -qF -- "sqcolor-gbench: $env in the environment: --" "$tmp/err" &&
        ok || bad "sqcolor-gbench with $env -> $rc: $(cat "$tmp/err")"
done
# --help prints the usage and exits 0, whatever else is given, opening nothing.
"$gb" --help --benchmark_format=xml --benchmark_out="$tmp/help.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && grep -qF -- '--benchmark_filter' "$tmp/out" && [ ! -s "$tmp/err" ] && ! ls "$tmp"/help.json* >/dev/null 2>&1 &&
    ok || bad "--help -> $rc: $(cat "$tmp/err") $(ls "$tmp")"
# It lists sqcolor-gbench's own options first, a row each from their table
# (name, help, default, range, as a sqcolor command's help has them), then
# points to Google Benchmark's flags; -h, as for sqcolor's commands, says
# the same; and it explains Debian's library's DEBUG warning.
"$gb" -h >"$tmp/h.out" 2>&1 && cmp -s "$tmp/out" "$tmp/h.out" && ok || bad "-h differs from --help: $(head -3 "$tmp/h.out")"
rows=$(grep -nE '^  --(sizes N,\.\.\.|seed N|cpu N) +[a-z].*\(default .*\)$' "$tmp/out" | cut -d: -f1 | tr '\n' ' ')
pointer=$(grep -n "^Google Benchmark's flags" "$tmp/out" | cut -d: -f1)
first_gb=$(grep -n -- '--benchmark_list_tests' "$tmp/out" | head -1 | cut -d: -f1)
[ "$(echo $rows | wc -w)" -eq 3 ] && [ -n "$pointer" ] && [ "${rows%% *}" -lt "$pointer" ] && [ "$pointer" -lt "$first_gb" ] &&
    grep -qF -- '--sizes N,...     ' "$tmp/out" && grep -qF '(default 8192,262144; comma-separated, rising, each 64 to 2^22)' "$tmp/out" &&
    grep -qF '(default 1; 0 to 2^64-1 in decimal digits)' "$tmp/out" &&
    grep -qF 'Library was built as DEBUG' "$tmp/out" && grep -qF 'without NDEBUG' "$tmp/out" &&
    ok || bad "--help: option rows at lines '$rows', pointer at '$pointer', first flag at '$first_gb': $(head -30 "$tmp/out")"
# Its help ends with at least two examples, each a command line whose flags
# and options are taken (listing the benchmarks they select, timing none).
mapfile -t examples < <(awk '/^examples:$/ { on = 1; next } on && /^  [^ ]/ { print substr($0, 3) } on && /^$/ { exit }' "$tmp/out")
[ ${#examples[@]} -ge 2 ] && ok || bad "--help: ${#examples[@]} examples"
for line in "${examples[@]}"; do
    eval "set -- ${line#sqcolor-gbench }"
    "$gb" "$@" --benchmark_list_tests=true >"$tmp/listed" 2>"$tmp/err" && [ -s "$tmp/listed" ] &&
        ok || bad "example '$line': exit $?, $(head -c 200 "$tmp/err")"
done
# Every benchmark listed with no filter, or one Google Benchmark reads as
# every one ('all', '.'): what '.*' lists, well within 10 s (it took a
# minute: the library made room for the benchmarks one family at a time).
"$gb" --benchmark_list_tests=true --benchmark_filter='.*' >"$tmp/every" 2>&1 || bad "list '.*': exit $?"
for filter in '' --benchmark_filter=all --benchmark_filter=.; do
    start=$(date +%s%N)
    # shellcheck disable=SC2086 # '' is no argument
    timeout 30 "$gb" --benchmark_list_tests=true $filter >"$tmp/listed" 2>"$tmp/err"
    rc=$? ms=$((($(date +%s%N) - start) / 1000000))
    [ $rc -eq 0 ] && [ $ms -lt 10000 ] && [ "$(wc -l <"$tmp/listed")" -gt 1000 ] && cmp -s "$tmp/every" "$tmp/listed" &&
        ok || bad "list, filter '$filter': exit $rc after $ms ms, $(wc -l <"$tmp/listed") names: $(head -c 200 "$tmp/err")"
done
"$gb" --benchmark_filter='lea_shr_and/.*/ordered/latency|^color_batch/sse2/asm/' --sizes 1024,8192 --benchmark_min_time=0.01 \
    --benchmark_format=json >"$tmp/gb.json" 2>"$tmp/gb.err" && ok || bad "sqcolor-gbench run: $(tail -3 "$tmp/gb.err")"
# Truth first, as in sqcolor run and batch: the variants of the selected
# benchmarks, and only those, are verified by sqcolor verify's code before
# any is timed.
want=$("$(dirname "$gb")/sqcolor" verify --filter 'color/lea_shr_and/*' | tail -1)
[ "$(grep '^verify: ' "$tmp/gb.err")" = "$want" ] && ok || bad "gbench verified: $(grep '^verify' "$tmp/gb.err"), sqcolor verify: $want"
# The batch variants are benchmarks per size, as in sqcolor batch.
jq -e '[.benchmarks[].name | select(startswith("color_batch/"))]
       == ["color_batch/sse2/asm/1024/manual_time", "color_batch/sse2/asm/8192/manual_time"]' "$tmp/gb.json" >/dev/null &&
    ok || bad "batch benchmarks: $(jq -c '[.benchmarks[].name]' "$tmp/gb.json")"
# A variant broken on purpose (a hook of the test build, sqcolor-gbench-break:
# it answers 2 for every square) stops the run before any timing: exit 1, the
# failure named, no number, no file.
SQCOLOR_TEST_BREAK_VARIANT=color/lea_shr_and/gcc-12 "$brk" --benchmark_filter='lea_shr_and/.*/ordered/latency' \
    --benchmark_out="$tmp/broken.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q '^color/lea_shr_and/gcc-12 .* FAIL ' "$tmp/err" && grep -q '^verify: [0-9]* passed, 1 failed$' "$tmp/err" &&
    [ ! -s "$tmp/out" ] && ! ls "$tmp"/broken.json* >/dev/null 2>&1 &&
    ok || bad "broken variant -> $rc: $(cat "$tmp/err") $(head -3 "$tmp/out")"
# So does a batch variant of each family's output.
for id in color_batch/sse2/asm same_color_batch/sse2/asm color_mask/sse2/asm; do
    SQCOLOR_TEST_BREAK_VARIANT=$id "$brk" --benchmark_filter="^$id/" --benchmark_out="$tmp/broken.json" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 1 ] && grep -q "^$id .* FAIL " "$tmp/err" && grep -q '^verify batch: 0 passed, 1 failed' "$tmp/err" &&
        [ ! -s "$tmp/out" ] && ! ls "$tmp"/broken.json* >/dev/null 2>&1 &&
        ok || bad "broken $id -> $rc: $(cat "$tmp/err") $(head -3 "$tmp/out")"
done
# Broken outside the filter, it is not verified, and the run goes on.
SQCOLOR_TEST_BREAK_VARIANT=color/lea_test_jz/asm "$brk" --benchmark_filter='lea_shr_and/asm/ordered/latency/' \
    --benchmark_min_time=0.01 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && [ "$(grep '^verify: ' "$tmp/err")" = "$("$(dirname "$gb")/sqcolor" verify --filter color/lea_shr_and/asm | tail -1)" ] &&
    grep -q '^color/lea_shr_and/asm/ordered/latency' "$tmp/out" && ok || bad "broken variant outside the filter -> $rc: $(cat "$tmp/err")"
SQCOLOR_TEST_BREAK_VARIANT=same_color_batch/sse2/asm "$brk" --benchmark_filter='^color_batch/sse2/asm/' --sizes 1024 \
    --benchmark_min_time=0.01 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && ! grep -q '^verify' "$tmp/err" && grep -q '^color_batch/sse2/asm/1024/manual_time ' "$tmp/out" &&
    ok || bad "broken batch variant outside the filter -> $rc: $(cat "$tmp/err")"
# sqcolor-gbench, as installed, has no such hook: the variable breaks nothing,
# names nothing, and an id no variant has is no error.
for id in color/lea_shr_and/gcc-12 no/such/variant; do
    SQCOLOR_TEST_BREAK_VARIANT=$id "$gb" --benchmark_filter='lea_shr_and/gcc-12/ordered/latency/' \
        --benchmark_min_time=0.01 >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] && ! grep -q 'FAIL\|SQCOLOR_TEST_BREAK_VARIANT' "$tmp/err" &&
        grep -q '^color/lea_shr_and/gcc-12/ordered/latency' "$tmp/out" && ok ||
        bad "sqcolor-gbench honours SQCOLOR_TEST_BREAK_VARIANT=$id: exit $rc, $(cat "$tmp/err")"
done
# A benchmark whose every visit the host moved has no figure: it is skipped
# with an error saying so (a busy CI host did this), and left out of what
# compares figures; an error of any other kind is not.
dropped='def dropped: .error_occurred == true and (.error_message // "" | startswith("no clean sample: the host moved"));'
impls=$(jq "$dropped"'[.benchmarks[] | select(.cycles != null or dropped) | .name | split("/")[2]] | unique | length' "$tmp/gb.json")
[ "$impls" -ge 3 ] && ok || bad "sqcolor-gbench JSON: $impls impls with a cycles counter"
# net_time FILE: "ok" when every benchmark's Time is in ns and is its cycles
# counter per 1000 squares (a nominal 1 GHz clock), positive; or, for a
# scalar (net) cost the tables print as ≈0, the resolution, 50 (0.05
# cycles), labelled, and else at least that. All come from the same numbers,
# so this holds to rounding however noisy the machine.
net_time() {
    jq -r "$dropped"'def near($a; $b): ($a - $b | fabs) <= 1e-12 * ([($a | fabs), ($b | fabs)] | max);
        [.benchmarks[] | select(.run_type == "iteration")] as $runs
        | [$runs[] | select(dropped | not) | (.name | split("/") | length == 6) as $net
          | select(.time_unit != "ns" or (.cycles | type) != "number" or
              if (.label // "") | startswith("≈0: not told apart from zero")
              then ($net and near(.real_time; 50)) | not
              else (.cycles > 0 and near(.real_time; .cycles * 1000) and (.real_time >= 50 or ($net | not))) | not end)
          | "\(.name): \(.real_time) \(.time_unit), cycles \(.cycles), label \(.label)"] as $off
        | if ($runs | length) > 0 and ($off | length) == 0 then "ok"
          else "\($runs | length) runs; \($off)" end' "$1" 2>&1
}
r=$(net_time "$tmp/gb.json")
[ "$r" = ok ] && ok || bad "Time is not cycles per 1000 squares: $r"
# Without timing anything: a cost of 1.5 cycles is Time 1500, and the
# library's DEBUG build, where it has one, is explained in the context.
jq -n '{context: {}, benchmarks: [{name: "color/x/asm/random/latency/manual_time", run_type: "iteration",
        time_unit: "ns", real_time: 1500, cycles: 1.5}]}' >"$tmp/model.json"
[ "$(net_time "$tmp/model.json")" = ok ] && jq '.benchmarks[0].real_time = 1.5' "$tmp/model.json" >"$tmp/model2.json" &&
    [ "$(net_time "$tmp/model2.json")" != ok ] && ok || bad "net_time does not tell 1500 from 1.5"
# A benchmark the host moved whole is left out; one failed for another cause is not.
for why in "no clean sample: the host moved every one" "no positive time measured"; do
    jq --arg why "$why" '.benchmarks += [{name: "color/y/asm/random/latency/manual_time", run_type: "iteration",
        time_unit: "ns", real_time: 0, error_occurred: true, error_message: $why}]' "$tmp/model.json" >"$tmp/model3.json"
    r=$(net_time "$tmp/model3.json")
    { [ "$r" = ok ] && [ "${why#no clean}" != "$why" ]; } || { [ "$r" != ok ] && [ "${why#no clean}" = "$why" ]; } &&
        ok || bad "net_time with a benchmark failed '$why': $r"
done
jq -e 'if .context.library_build_type == "debug" then .context.sqcolor_library_build | startswith("without NDEBUG")
       else .context.sqcolor_library_build == null end' "$tmp/gb.json" >/dev/null &&
    ok || bad "library build: $(jq -c '.context | {library_build_type, sqcolor_library_build}' "$tmp/gb.json")"
# Without --benchmark_min_time (sqcolor-gbench then passes its own default as
# the flag) the names are the same: a per-benchmark minimum time would be in them.
"$gb" --benchmark_filter='lea_shr_and/asm/ordered/latency' --benchmark_format=json >"$tmp/gb2.json" 2>/dev/null
jq -e '[.benchmarks[].name] == ["color/lea_shr_and/asm/ordered/latency/manual_time"]' "$tmp/gb2.json" >/dev/null &&
    ok || bad "names without --benchmark_min_time: $(jq -c '[.benchmarks[].name]' "$tmp/gb2.json")"
r=$(net_time "$tmp/gb2.json")
[ "$r" = ok ] && ok || bad "Time is not cycles per 1000 squares (default min time): $r"
# --benchmark_out appears whole or not at all: not for a filter matching
# nothing (exit 2), not when interrupted; whole at the end.
"$gb" --benchmark_filter=no-such-benchmark --benchmark_out="$tmp/none.json" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ! ls "$tmp"/none.json* >/dev/null 2>&1 &&
    ok || bad "filter matching nothing -> $rc, $(cat "$tmp/err"), $(ls "$tmp")"
# (A script's background job starts with SIGINT and SIGQUIT ignored, and
# sqcolor-gbench leaves ignored what was ignored: env gives them back.)
env --default-signal=INT,QUIT "$gb" --benchmark_filter='lea_shr_and/' --benchmark_out="$tmp/cut.json" >/dev/null 2>&1 &
pid=$!
sleep 1
kill -TERM $pid # INT: ignored in a script's background job, and so by the program (item 6)
wait $pid
! ls "$tmp"/cut.json* >/dev/null 2>&1 && ok || bad "interrupted run left $(ls "$tmp"/cut.json*)"
"$gb" --help --benchmark_out="$tmp/help.json" >/dev/null 2>&1
! ls "$tmp"/help.json* >/dev/null 2>&1 && ok || bad "--help left $(ls "$tmp"/help.json*)"
"$gb" --benchmark_filter='lea_shr_and/asm/ordered/latency' --benchmark_min_time=0.01 --benchmark_out="$tmp/whole.json" >/dev/null 2>&1 &&
    jq -e '.benchmarks | length == 1' "$tmp/whole.json" >/dev/null && [ "$(ls "$tmp"/whole.json* | wc -l)" -eq 1 ] &&
    ok || bad "--benchmark_out: $(ls "$tmp"/whole.json*)"
# A caught signal, of any kind that ends the process, leaves no temporary:
# sent as soon as the temporary exists, and again in the middle of the timing.
one='--benchmark_filter=lea_shr_and/asm/ordered/latency/ --benchmark_min_time=0.01'
for sig in QUIT USR1 ALRM XCPU TERM; do
    for delay in 0 1; do
        env --default-signal=INT,QUIT "$gb" --benchmark_filter='lea_shr_and/' --benchmark_out="$tmp/sig.json" >/dev/null 2>&1 &
        pid=$!
        for _ in $(seq 100); do ls "$tmp"/sig.json?* >/dev/null 2>&1 && break; sleep 0.05; done
        sleep $delay
        kill -$sig $pid
        wait $pid
        rc=$?
        [ $rc -gt 128 ] && ! ls "$tmp"/sig.json* >/dev/null 2>&1 && ok || bad "SIG$sig after ${delay}s -> $rc, left $(ls "$tmp"/sig.json*)"
        rm -f "$tmp"/sig.json*
    done
done
# A signal ignored at the start (nohup, a background job's SIGINT) stays
# ignored: the run ends normally, its file whole.
nohup "$gb" $one --benchmark_out="$tmp/nohup.json" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do ls "$tmp"/nohup.json?* >/dev/null 2>&1 && break; sleep 0.05; done
kill -HUP $pid
wait $pid
rc=$?
[ $rc -eq 0 ] && jq -e '.benchmarks | length == 1' "$tmp/nohup.json" >/dev/null && ok || bad "nohup, SIGHUP -> $rc: $(ls "$tmp"/nohup.json*)"
# A file size limit: killed by SIGXFSZ, or, with it ignored, a write error
# (one line, exit 2); either way no file, no temporary, not an empty file.
(ulimit -f 0; exec "$gb" $one --benchmark_out="$tmp/big.json" >/dev/null 2>&1)
rc=$?
[ $rc -eq $((128 + 25)) ] && ! ls "$tmp"/big.json* >/dev/null 2>&1 && ok || bad "ulimit -f 0 -> $rc, left $(ls "$tmp"/big.json*)"
(ulimit -f 0; trap '' XFSZ; exec "$gb" $one --benchmark_out="$tmp/big.json" >/dev/null 2>"$tmp/err.big")
rc=$?
grep -v '^verify: ' "$tmp/err.big" | grep -v -e '^\*\*\*WARNING' >"$tmp/err"
[ $rc -eq 2 ] && ! ls "$tmp"/big.json* >/dev/null 2>&1 && [ "$(wc -l <"$tmp/err")" -eq 0 ] &&
    ok || bad "ulimit -f 0, SIGXFSZ ignored -> $rc, left $(ls "$tmp"/big.json*)"
# On a device that is full: one line, exit 2.
"$gb" $one --benchmark_out=/dev/full >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -qx 'sqcolor-gbench: --benchmark_out: cannot write /dev/full: No space left on device' "$tmp/err" &&
    ok || bad "--benchmark_out=/dev/full -> $rc: $(tail -2 "$tmp/err")"
"$gb" $one >/dev/full 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -qx 'sqcolor-gbench: cannot write the standard output: No space left on device' "$tmp/err" &&
    ok || bad "stdout /dev/full -> $rc: $(tail -2 "$tmp/err")"
# A closed stdout is refused before anything is opened: the console table
# would otherwise go into the temporary.
"$gb" $one --benchmark_out="$tmp/closed.json" >&- 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ "$(cat "$tmp/err")" = "sqcolor-gbench: the standard output is closed" ] && ! ls "$tmp"/closed.json* >/dev/null 2>&1 &&
    ok || bad "stdout closed -> $rc: $(cat "$tmp/err"), $(ls "$tmp"/closed.json*)"
# A directory, or a link to nothing, fails at once: exit 2, nothing verified or
# timed (a verify line would be a second line). One benchmark selected: with
# all 12,000 it spent some 10 s on them before the refusal.
mkdir "$tmp/dir"
ln -s nowhere "$tmp/dangling"
for dest in dir dangling; do
    "$gb" $one --benchmark_out="$tmp/$dest" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "^sqcolor-gbench: --benchmark_out: cannot write $tmp/$dest: " "$tmp/err" &&
        [ ! -s "$tmp/out" ] && [ "$(ls "$tmp" | grep -c "^$dest")" -eq 1 ] &&
        ok || bad "--benchmark_out=$dest -> $rc: $(cat "$tmp/err")"
done
# A link is written through: the file it names is replaced, the link stays.
echo old >"$tmp/target.json"
ln -s target.json "$tmp/link.json"
"$gb" $one --benchmark_out="$tmp/link.json" >/dev/null 2>&1
[ -L "$tmp/link.json" ] && jq -e '.benchmarks | length == 1' "$tmp/target.json" >/dev/null &&
    ok || bad "--benchmark_out=link: $(ls -l "$tmp"/link.json "$tmp"/target.json)"
# What is not a regular file is written through, never renamed over: a FIFO,
# and (as root) a character device such as /dev/null.
mkfifo "$tmp/fifo"
timeout 60 cat "$tmp/fifo" >"$tmp/from_fifo" &
reader=$!
timeout 60 "$gb" $one --benchmark_out="$tmp/fifo" >/dev/null 2>&1
rc=$?
wait $reader
[ $rc -eq 0 ] && [ -p "$tmp/fifo" ] && jq -e '.benchmarks | length == 1' "$tmp/from_fifo" >/dev/null &&
    ok || bad "--benchmark_out=fifo -> $rc: $(ls -l "$tmp/fifo")"
if mknod "$tmp/null" c 1 3 2>/dev/null; then
    "$gb" $one --benchmark_out="$tmp/null" >/dev/null 2>&1
    rc=$?
    [ $rc -eq 0 ] && [ -c "$tmp/null" ] && ok || bad "--benchmark_out=device -> $rc: $(ls -l "$tmp/null")"
fi
"$gb" --help >/dev/full 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ "$(cat "$tmp/err")" = "sqcolor-gbench: cannot write the standard output: No space left on device" ] &&
    ok || bad "--help >/dev/full -> $rc: $(cat "$tmp/err")"
# BENCHMARK_OUT in the environment is the flag's default, and is written the same way.
BENCHMARK_OUT="$tmp/dir" "$gb" $one >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -qx "sqcolor-gbench: --benchmark_out: cannot write $tmp/dir: Is a directory" "$tmp/err" && ok || bad "BENCHMARK_OUT=dir -> $rc: $(cat "$tmp/err")"
# Listing times nothing and writes no file.
"$gb" --benchmark_list_tests --benchmark_filter=lea_shr_and/asm/ordered --benchmark_out="$tmp/list.json" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && [ -s "$tmp/out" ] && ! grep -qv "^color/lea_shr_and/asm/ordered/" "$tmp/out" && ! ls "$tmp"/list.json* >/dev/null 2>&1 &&
    ok || bad "--benchmark_list_tests -> $rc: $(cat "$tmp/out")"
# Google Benchmark's own compare.py (Debian libbenchmark-tools) reads two
# outputs, lists every benchmark of both and compares their Times, which are
# each run's cycles per 1000 squares; it prints them as whole numbers, which
# for every scalar row is at least 50 (0.05 cycles), no longer 0 or 1.
if [ -f /usr/share/benchmark/compare.py ] && /usr/bin/python3 -c 'import scipy' 2>/dev/null; then
    "$gb" --benchmark_filter='lea_shr_and/.*/ordered/latency|^color_batch/sse2/asm/' --sizes 1024,8192 --benchmark_min_time=0.01 \
        --benchmark_format=json >"$tmp/gb3.json" 2>/dev/null
    /usr/bin/python3 /usr/share/benchmark/compare.py --no-color --dump_to_json "$tmp/cmp.json" benchmarks "$tmp/gb.json" "$tmp/gb3.json" >"$tmp/cmp.txt" 2>&1 &&
        ok || bad "compare.py: $(tail -3 "$tmp/cmp.txt")"
    names=$(jq -r '.benchmarks[].name' "$tmp/gb.json")
    missing=$(for n in $names; do grep -qF "$n " "$tmp/cmp.txt" || echo "$n"; done)
    compared=$(jq -rn --slurpfile d "$tmp/cmp.json" --slurpfile a "$tmp/gb.json" --slurpfile b "$tmp/gb3.json" "$dropped"'
        def time($f): [$f[0].benchmarks[] | select(dropped | not)
                       | {key: .name, value: (if (.label // "") | startswith("≈0:")
                                              then 50 else .cycles * 1000 end)}] | from_entries;
        def near($x; $y): ($x - $y | fabs) <= 1e-12 * ([($x | fabs), ($y | fabs)] | max);
        time($a) as $ta | time($b) as $tb
        | [$d[0][] | select(.name != "OVERALL_GEOMEAN") | .name as $n
           | select($ta | has($n)) | select($tb | has($n)) | .measurements[0]
           | select((near(.real_time; $ta[$n]) and near(.real_time_other; $tb[$n])) | not) | $n]
        | if length == 0 and ($d[0] | length) > 1 then "ok" else "\(.)" end' 2>&1)
    [ -z "$missing" ] && [ "$compared" = ok ] && [ "$(echo "$names" | wc -l)" -ge 5 ] &&
        ok || bad "compare.py: not listed: $missing; compared other times than cycles per 1000 squares: $compared"
    # The Time Old and New columns as printed: each run's Time to the unit,
    # at least 50 on the scalar rows.
    printed=$(jq -rn --slurpfile a "$tmp/gb.json" --slurpfile b "$tmp/gb3.json" "$dropped"'
        [$a[0].benchmarks[] | select(dropped | not) | {key: .name, value: .real_time}] | from_entries as $ta
        | [$b[0].benchmarks[] | select(dropped | not) | {key: .name, value: .real_time}] | from_entries as $tb
        | $ta | keys[] | . as $k | select($tb | has($k)) | "\(.) \($ta[.] | round) \($tb[.] | round)"' |
        while read -r name old new; do
            row=$(grep -E "^$name +[-+]" "$tmp/cmp.txt" | awk '{print $4, $5}')
            least=1
            [ "$(echo "$name" | tr '/' '\n' | wc -l)" -eq 6 ] && least=50
            # Python rounds halves to even, jq away from zero: one apart at most.
            set -- $row
            { [ $# -eq 2 ] && [ $((${1} - old)) -le 1 ] && [ $((old - ${1})) -le 1 ] &&
                [ $((${2} - new)) -le 1 ] && [ $((new - ${2})) -le 1 ] && [ "$1" -ge $least ] && [ "$2" -ge $least ]; } ||
                echo "$name: printed '$row', Times $old $new"
        done)
    [ -z "$printed" ] && ok || bad "compare.py's Time columns: $printed"
fi
# Timed as sqcolor run times: address randomisation off, and the context says so.
"$gb" --benchmark_filter='lea_shr_and/asm/ordered/latency' --benchmark_min_time=0.01 --benchmark_format=json 2>/dev/null |
    jq -e '.context.sqcolor_aslr == "off"' >/dev/null && ok || bad "gbench: address randomisation not off"
# Google Benchmark sizes its iterations by Time, and a cost near zero (≈0
# shows as 0.05 cycles) has it ask for billions of squares; the visits
# actually made stay bounded (one invocation took 7.9 s of visits before).
# A control-dependent routine's chain (lea_test_jz/asm: jz) is marked †
# where a chain passes, in call mode (control_call), not in branch mode; a branch-free
# one (lea_shr_and/asm) nowhere.
"$gb" --benchmark_filter='color/lea_test_jz/asm/dark/(control_call|branch)/' --benchmark_format=json >"$tmp/zero.json" 2>/dev/null
jq -e '(.benchmarks | length == 2) and all(.benchmarks[]; .squares_timed > 0 and .squares_timed < 90 * 1048576
        and .iterations * 1000 > .squares_timed)' "$tmp/zero.json" >/dev/null &&
    ok || bad "visits not bounded: $(jq -c '[.benchmarks[] | [.name, .iterations, .squares_timed]]' "$tmp/zero.json")"
jq -e '[.benchmarks[] | (.label // "") | test("†: control dependent")] == [false, true]' "$tmp/zero.json" >/dev/null &&
    jq -e '[.benchmarks[] | select(.name | startswith("color/lea_shr_and/asm/")) | (.label // "") | test("†")] == [false]' "$tmp/gb.json" >/dev/null &&
    ok || bad "† marks: $(jq -c '[.benchmarks[] | [.name, .label]]' "$tmp/zero.json")"

# A benchmark's statistic draws on every invocation Google Benchmark ran it
# with more iterations (a first repetition: usually two or more; one where a
# busy host made the first invocation long enough), not on the last alone; a
# repetition after it starts afresh (one invocation each, as many visits or
# repetitions as the last of the first: 90, at a minimum time long enough
# that its iterations, not one step's squares, set the steps).
"$gb" --benchmark_filter='color/lea_shr_and/asm/random/latency|^color_batch/sse2/asm/' --sizes 1024 --benchmark_min_time=0.05 \
    --benchmark_repetitions=3 --benchmark_format=json >"$tmp/reps.json" 2>/dev/null
jq -e '[.benchmarks[] | select(.run_type == "iteration") | {name, steps: (.visits // .repetitions)}] | group_by(.name)
       | length == 2 and all(.[]; length == 3 and .[0].steps >= .[1].steps and .[1].steps == .[2].steps)
       and any(.[]; .[0].steps > .[1].steps)' "$tmp/reps.json" >/dev/null &&
    ok || bad "steps per repetition: $(jq -c '[.benchmarks[] | select(.run_type == "iteration") | [.name, .visits, .repetitions]]' "$tmp/reps.json")"

# A † row (a chain through a predicted branch: lea_test_jz/asm's jz) is named
# control_chain / control_call, never latency or call, so compare.py on
# /latency reads dependency chains only; a branch-free asm keeps its names.
"$gb" --benchmark_list_tests --benchmark_filter='^color/lea_(test_jz|shr_and)/asm/random/' >"$tmp/list" 2>/dev/null
[ "$(sed 's|.*/random/||; s|/manual_time||' "$tmp/list" | sort | tr '\n' ' ')" = \
  "branch branch call control_call control_chain latency throughput throughput " ] &&
    grep -qF 'color/lea_test_jz/asm/random/control_chain/' "$tmp/list" &&
    grep -qF 'color/lea_shr_and/asm/random/latency/' "$tmp/list" &&
    ok || bad "† rows' names: $(tr '\n' ' ' <"$tmp/list")"

# Counters asked for where Google Benchmark cannot read them: it said
# "Performance counters not supported." without a newline and timed on, exit 0.
# One line naming why, exit 2, nothing written. A library without libpfm
# (Debian's) reads none on any machine; with it, a machine without a core PMU
# (a virtual machine's) exposes none.
counters_refused() { # counters_refused MESSAGE
    "$gb" --benchmark_perf_counters=CYCLES --benchmark_filter=color/bt/asm/random/latency \
        --benchmark_min_time=0.01 --benchmark_out="$tmp/counters.json" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ] && [ ! -e "$tmp/counters.json" ] &&
        grep -qF -- "--benchmark_perf_counters: $1" "$tmp/err" &&
        ok || bad "perf counters ($1) -> $rc: $(head -c 300 "$tmp/err")"
}
if ! ldd "$gb" | grep -q libpfm; then
    counters_refused 'this Google Benchmark library was built without libpfm'
elif ! ls /sys/bus/event_source/devices/cpu* >/dev/null 2>&1; then
    counters_refused 'this machine exposes no hardware performance counters'
else
    echo "gbench: libpfm and a core PMU are present; the refusal of --benchmark_perf_counters not tested"
fi
finish gbench
