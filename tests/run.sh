#!/usr/bin/env bash
# sqcolor run and calibrate as a user meets them. Only properties no noisy
# machine can break are asserted here; accuracy is 'sqcolor selftest'.
# usage: tests/run.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
quick=(--quick --reps 3 --samples 2 --length 65536)


printf 'e4 d5\n# comment\n0 63  # a1 h8\n' >"$tmp/pairs.txt"
printf 'e4 z9\n' >"$tmp/badtoken.txt"
printf 'e4\n' >"$tmp/single.txt"
: >"$tmp/empty.txt"

expect_usage "--mode must be one of latency|throughput|branch|call, not 'speed'" run --mode speed
expect_usage "unknown sequence 'zigzag'" run --sequence zigzag
expect_usage "--length 10 is out of range" run --length 10
expect_usage "--reps takes a whole number, not 'many'" run --reps many
expect_usage "--seed takes a whole number" run --seed -1
expect_usage "--cpu 4096 is out of range" run --cpu 4096
expect_usage "empty item between commas" run --mode latency,,branch
expect_usage "'dark' is not a sequence of the selected families" run --filter 'same_color/*/*' --sequence dark "${quick[@]}"
expect_usage "No such file or directory" run --sequence "file:$tmp/missing.txt" --filter 'color/bt/asm' "${quick[@]}"
"$bin" run --sequence "file:$tmp/missing.txt" "${quick[@]}" >/dev/null 2>"$tmp/err"
! grep -q '^verify: ' "$tmp/err" && ok || bad "a missing sequence file is named only after verification"
expect_usage "line 1: 'z9' is not a square" run --sequence "file:$tmp/badtoken.txt" --filter 'color/bt/asm' "${quick[@]}"
expect_usage "no squares in the file" run --sequence "file:$tmp/empty.txt" --filter 'color/bt/asm' "${quick[@]}"
expect_usage "pair families need two" run --sequence "file:$tmp/single.txt" --filter 'same_color/lea_xor/asm' "${quick[@]}"
expect_usage "cannot write $tmp/no/such/dir/r.json" run --output "$tmp/no/such/dir/r.json" --filter 'color/bt/asm'
expect_usage "--visits 9 is more than the 8 samples to share among them" run --visits 9
expect_usage "--visits 0 is out of range" run --visits 0
expect_usage "--min-reps 9 is more than --reps 6" run --min-reps 9 --reps 6
expect_usage "--budget takes a whole number, not '1.5'" run --budget 1.5
expect_usage "unknown option '--bogus'" calibrate --bogus
expect_usage "--reps 1 is out of range" calibrate --reps 1

# 'help run' names every option run takes.
for opt in --filter --mode --sequence --length --seed --reps --samples --visits --sample-us \
    --min-reps --budget --aslr --cpu --quick --format --output --save --results-dir; do
    "$bin" help run | grep -q -- "$opt" && ok || bad "help run does not mention $opt"
done

# JSON: every (variant, sequence, mode) row, numbers where numbers belong.
impls=$("$bin" list --filter 'color/lea_shr_and/*' --format csv | tail -n +2 | wc -l)
rows=$((impls * 5 * 4 + 1 * 3 * 4))
"$bin" run "${quick[@]}" --visits 2 --filter 'color/lea_shr_and/*,same_color/xor_shift/asm' --format json \
    --output "$tmp/r.json" 2>"$tmp/err" && ok || bad "run --format json: $(cat "$tmp/err")"
if jq -e --argjson rows "$rows" '.schema == 1 and (.results | length) == $rows
        and (.clock.source == "calibrated" or .clock.source == "perf")
        and .clock.tsc_hz > 0 and .clock.core_hz > 0 and .config.reps == 3
        and .config.visits == 2 and .config.aslr == false and .config.min_reps == 3
        and ([.results[] | .cycles.median, .ticks.median, .ns.median | numbers] | length) == 3 * $rows
        and ([.results[] | .samples | length] | unique) == [3]
        and ([.results[] | [.id, .sequence, .mode]] | unique | length) == $rows' "$tmp/r.json" >/dev/null; then
    ok
else
    bad "JSON content: $(head -c 600 "$tmp/r.json")"
fi
ls "$tmp"/r.json.tmp.* >/dev/null 2>&1 && bad "temporary left behind" || ok
# Address randomisation stays on when asked, and the file says so.
"$bin" run "${quick[@]}" --aslr --filter 'color/bt/asm' --mode latency --format json 2>/dev/null |
    jq -e '.config.aslr == true' >/dev/null && ok || bad "--aslr not recorded"
# Repetitions adapt: every row gets at least --min-reps and at most --reps, in
# steps, and the samples match.
"$bin" run --quick --min-reps 6 --reps 12 --filter 'color/lea_shr_and/*,color/texel/*' --mode throughput \
    --format json 2>/dev/null >"$tmp/adapt.json"
jq -e '[.results[] | .reps >= 6 and .reps <= 12 and (.reps % 3 == 0) and (.samples | length) == .reps]
       | all and length > 0' "$tmp/adapt.json" >/dev/null && ok || bad "adaptive repetitions: $(jq -c '[.results[].reps]' "$tmp/adapt.json")"
# Noise-proof sanity: a 4-instruction chain is neither free nor 10 cycles,
# inline or through a call (where it read 0 to 1 cycle, hidden under the
# call's own cost, before the call loop's chain was padded).
for mode in latency call; do
    x=$(jq --arg mode "$mode" '.results[] | select(.id == "color/lea_shr_and/asm" and .mode == $mode and .sequence == "random") | .cycles.median' "$tmp/r.json")
    awk -v x="$x" 'BEGIN { exit !(x > 2 && x < 8) }' && ok || bad "lea_shr_and $mode: $x cycles"
done

# CSV header, and a sequence file of pairs with names, numbers and comments.
"$bin" run "${quick[@]}" --filter 'same_color/lea_xor/asm' --sequence "file:$tmp/pairs.txt" \
    --format csv >"$tmp/r.csv" 2>/dev/null && ok || bad "run with a sequence file"
[ "$(head -1 "$tmp/r.csv")" = "id,family,technique,impl,sequence,mode,cycles_min,cycles_median,cycles_p90,cycles_ci95_lo,cycles_ci95_hi,ticks_min,ticks_median,ticks_p90,ns_min,ns_median,ns_p90,reps,modes,control_dependent" ] && ok || bad "csv header"
[ "$(grep -c ',file,' "$tmp/r.csv")" -eq 4 ] && ok || bad "csv: four modes on the file sequence"

# Interrupted: no output file, no temporary.
timeout -s INT 1 "$bin" run --output "$tmp/int.json" --format json >/dev/null 2>&1
[ ! -e "$tmp/int.json" ] && ! ls "$tmp"/int.json.tmp.* >/dev/null 2>&1 && ok || bad "interrupted run left a file"

# --output never replaces what is not a regular file: a device or fifo is
# written through, a symbolic link followed (the link stays, its file is
# replaced), a folder or a link to nothing refused before verification.
one=(--quick --reps 3 --samples 2 --length 65536 --filter color/lea_shr_and/asm --mode latency)
mknod "$tmp/null" c 1 3 2>/dev/null || cp -a /dev/null "$tmp/null"
"$bin" run "${one[@]}" --format csv --output "$tmp/null" 2>/dev/null && [ -c "$tmp/null" ] &&
    ok || bad "--output on a device replaced it: $(stat -c %F "$tmp/null")"
echo old >"$tmp/real.csv"
chmod 640 "$tmp/real.csv"
ln -s real.csv "$tmp/link.csv"
"$bin" run "${one[@]}" --format csv --output "$tmp/link.csv" 2>/dev/null && [ -L "$tmp/link.csv" ] &&
    head -1 "$tmp/real.csv" | grep -q '^id,family,' && [ "$(stat -c %a "$tmp/real.csv")" = 640 ] &&
    ok || bad "--output through a symbolic link: $(stat -c %F "$tmp/link.csv"), $(head -1 "$tmp/real.csv")"
mkfifo "$tmp/fifo"
timeout 20 cat "$tmp/fifo" >"$tmp/fifo.out" &
reader=$!
"$bin" run "${one[@]}" --format csv --output "$tmp/fifo" 2>/dev/null && [ -p "$tmp/fifo" ] &&
    wait $reader && head -1 "$tmp/fifo.out" | grep -q '^id,family,' && ok || bad "--output into a fifo"
# A full device (a copy of /dev/full: the real one is not risked on a binary
# that might replace it).
cp -a "$devfull" "$tmp/full"
"$bin" run "${one[@]}" --output "$tmp/full" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(grep -vc '^verify: ' "$tmp/err")" -eq 1 ] && grep -q "cannot write $tmp/full" "$tmp/err" &&
    [ -c "$tmp/full" ] && ok || bad "--output to a full device: $(cat "$tmp/err")"
ln -s nowhere "$tmp/dangling"
expect_usage "cannot write $tmp/dangling: a symbolic link to nothing" run "${one[@]}" --output "$tmp/dangling"
# A folder is refused before verification, not after the timing.
expect_usage "cannot write $tmp: Is a directory" run "${one[@]}" --output "$tmp"
grep -q '^verify: ' "$tmp/err" && bad "--output DIR refused only after verification" || ok
ls "$tmp" | grep -q '\.tmp\.' && bad "temporaries left: $(ls "$tmp")" || ok

# A temporary left by a process killed with SIGKILL is named by a later run
# writing the same file (and left alone); a live process's is not.
gone=$(sh -c 'echo $$')
touch "$tmp/stale.json.tmp.$gone.abcdef" "$tmp/stale.json.tmp.$$.ghijkl" "$tmp/stale.json.tmp.4294967294.mnopqr"
"$bin" run "${one[@]}" --format json --output "$tmp/stale.json" 2>"$tmp/err" &&
    grep -qF "note: $tmp/stale.json.tmp.$gone.abcdef was left by process $gone, which is gone" "$tmp/err" &&
    [ "$(grep -c '^note: ' "$tmp/err")" -eq 1 ] && [ -e "$tmp/stale.json.tmp.$gone.abcdef" ] &&
    ok || bad "stale temporary not named: $(cat "$tmp/err")"
rm -f "$tmp"/stale.json*

# Standard output full: one line, exit 2 (a truncated table exited 0).
"$bin" run "${one[@]}" --format json >"$devfull" 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(grep -vc '^verify: ' "$tmp/err")" -eq 1 ] && grep -q 'cannot write standard output' "$tmp/err" &&
    ok || bad "run >/dev/full: $(cat "$tmp/err")"

# Interrupted by any signal that ends the process: no temporary left.
for sig in TERM QUIT USR1 USR2 ALRM XCPU; do
    timeout -s $sig 0.5 "$bin" run --quick --output "$tmp/sig.json" --format json >/dev/null 2>&1
    ! ls "$tmp"/sig.json* >/dev/null 2>&1 && ok || bad "SIG$sig left $(ls "$tmp"/sig.json*)"
    rm -f "$tmp"/sig.json*
done
(
    ulimit -f 1
    "$bin" run "${quick[@]}" --filter 'color/lea_shr_and/*' --output "$tmp/big.json" --format json >/dev/null 2>&1
) 2>/dev/null
! ls "$tmp"/big.json* >/dev/null 2>&1 && ok || bad "ulimit -f 1 left $(ls "$tmp"/big.json*)"
# A signal ignored at start stays ignored (nohup): the run ends, whole.
(
    trap '' HUP
    "$bin" run --quick --filter 'color/*/*' --format json --output "$tmp/nohup.json" 2>/dev/null &
    pid=$!
    sleep 0.3
    kill -s HUP $pid || echo "the run ended before SIGHUP"
    wait $pid
) && jq -e '.schema == 1' "$tmp/nohup.json" >/dev/null && ok || bad "an ignored SIGHUP ended the run"

# The add chain is the cycle; anything far from 1 means the clock is broken.
add=$("$bin" calibrate --reps 5 | awk '$1 == "add" { print $(NF - 3) }')
awk -v x="$add" 'BEGIN { exit !(x > 0.8 && x < 1.2) }' && ok || bad "calibrate: add chain $add"

finish run
