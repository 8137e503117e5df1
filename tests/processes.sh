#!/usr/bin/env bash
# A run spread over processes as someone trying to break it would meet it
# (issue 40, groups 1 and 6): each sequence file read once, by the run, and
# every process given the same squares; a pipe and a FIFO; the processes'
# folder under TMPDIR, made before verification; no process and no folder
# left after the run is stopped; the variables that tell a process its place
# and the run's TSC frequency believed only from a run; a run's repetitions as
# its file records them.
# usage: tests/processes.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
small=(--processes 3 --reps 3 --min-reps 3 --samples 1 --visits 1 --length 4096 --mode latency
    --filter color/lea_shr_and/asm --format json)
seq 0 63 >"$tmp/squares.txt"

# One open of the file in the whole run, whatever the processes (strace -f).
if command -v strace >/dev/null; then
    strace -f -qq -e trace=openat -o "$tmp/trace" "$bin" run "${small[@]}" \
        --sequence "file:$tmp/squares.txt" >"$tmp/one.json" 2>"$tmp/one.err"
    opens=$(grep -c "squares.txt" "$tmp/trace")
    [ "$opens" = 1 ] && ok || bad "the sequence file opened $opens times in a run of 3 processes"
else
    echo "processes: strace missing, one check skipped"
fi

# The tables of a run over processes are a live run's: their notes name no
# process's file (the first one's, deleted, was named "from" in the run line).
"$bin" run "${small[@]/json/table}" >"$tmp/live.txt" 2>/dev/null &&
    grep -q '^run: ' "$tmp/live.txt" && ! grep -q 'sqcolor-run-' "$tmp/live.txt" &&
    ok || bad "a run over processes names a process's file: $(grep -A1 '^run: ' "$tmp/live.txt")"

# A pipe is read once: every process measures its squares.
seq 0 63 | "$bin" run "${small[@]}" --sequence file:/dev/stdin >"$tmp/pipe.json" 2>"$tmp/pipe.err" &&
    jq -e "$rows_jq"' [rows | .processes | unique] | all(. == [0,1,2])' "$tmp/pipe.json" >/dev/null &&
    ok || bad "file:/dev/stdin from a pipe: $(tail -1 "$tmp/pipe.err")"

# A FIFO no one writes does not hang the run: it reads as empty, refused.
mkfifo "$tmp/fifo"
timeout 60 "$bin" run "${small[@]}" --sequence "file:$tmp/fifo" >/dev/null 2>"$tmp/fifo.err"
rc=$?
[ "$rc" = 2 ] && grep -q "no squares" "$tmp/fifo.err" && ! grep -q "^verify:" "$tmp/fifo.err" &&
    ok || bad "a FIFO without a writer: exit $rc ($(tail -1 "$tmp/fifo.err"))"

# The processes' folder is made under TMPDIR, before verification.
TMPDIR=$tmp/nowhere "$bin" run "${small[@]}" >/dev/null 2>"$tmp/tmpdir.err"
rc=$?
[ "$rc" = 1 ] && grep -q "nowhere" "$tmp/tmpdir.err" && ! grep -q "^verify:" "$tmp/tmpdir.err" &&
    ok || bad "TMPDIR not used, or used after verification: exit $rc ($(cat "$tmp/tmpdir.err"))"

# Stopped while its processes run: none of them left, nor their folder
# (after a SIGKILL, which no handler sees, the janitor's work).
for sig in TERM INT KILL; do
    mkdir "$tmp/t-$sig"
    TMPDIR=$tmp/t-$sig "$bin" run --processes 3 --length 65536 --filter 'color/*/asm' \
        --format json >/dev/null 2>&1 &
    run=$!
    child=
    for _ in $(seq 200); do
        child=$(ps -o pid=,comm= --ppid "$run" | awk '$2 != "sqcolor-janitor" { print $1; exit }')
        [ -n "$child" ] && break
        sleep 0.05
    done
    kill -"$sig" "$run"
    wait "$run" 2>/dev/null
    for _ in $(seq 40); do
        left=$(find "$tmp/t-$sig" -mindepth 1 | wc -l)
        [ "$left" = 0 ] && ! kill -0 "$child" 2>/dev/null && break
        sleep 0.05
    done
    [ -n "$child" ] && ! kill -0 "$child" 2>/dev/null && [ "$left" = 0 ] &&
        ok || bad "SIG$sig to the run: process '${child:-none seen}' left or $left files left"
done

# The variables that place a process are believed only from a run.
ln -s "$tmp/target" "$tmp/link"
SQCOLOR_PROCESS=0/1/0/$$ SQCOLOR_PROCESS_OUTPUT=$tmp/link SQCOLOR_PROCESS_INPUTS= \
    "$bin" run "${small[@]}" >"$tmp/spoof.out" 2>"$tmp/spoof.err"
rc=$?
[ "$rc" = 2 ] && [ ! -e "$tmp/target" ] && grep -q "not started by a sqcolor run" "$tmp/spoof.err" &&
    ok || bad "a process's variables from any caller: exit $rc, $(head -c 200 "$tmp/spoof.err")"

# So is the TSC frequency a run hands its processes: an outsider's is no
# measurement (a run believed 1.5e9 and drew its core clock from it).
for n in 1 3; do
    SQCOLOR_TSC_HZ=1.5e9 "$bin" run --processes $n --reps 3 --min-reps 3 --samples 1 --visits 1 --length 4096 \
        --mode latency --filter color/lea_shr_and/asm --sequence ordered --format json >"$tmp/tsc.json" 2>"$tmp/tsc.err"
    rc=$?
    [ "$rc" = 0 ] && jq -e '.clock.tsc_hz != 1.5e9' "$tmp/tsc.json" >/dev/null && ok ||
        bad "SQCOLOR_TSC_HZ=1.5e9 believed by a run of $n processes: exit $rc, $(jq -c .clock "$tmp/tsc.json")"
done

# The repetitions a row got, as the file records them: each of 4 processes
# took its share of --quick's 3, rounded up.
"$bin" run --quick --processes 4 --length 4096 --mode latency --filter color/lea_shr_and/asm \
    --sequence ordered --format json >"$tmp/reps.json" 2>/dev/null &&
    jq -e "$rows_jq"' .config.reps == 4 and ([rows | .samples | length] | unique) == [4]' \
        "$tmp/reps.json" >/dev/null && ok || bad "--quick --processes 4: config.reps is not the 4 samples a row has"

finish processes
