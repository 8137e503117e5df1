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
# Decimal digits only: no sign, space, octal or hex (item 18 of issue 14).
for seed in ' -1' ' 5' '+5' '0x10' '1e3' '18446744073709551616'; do
    expect_usage "--seed takes a whole number from 0 to 2^64-1 in decimal digits, not '$seed'" run --seed "$seed"
done
"$bin" run --quick --reps 3 --samples 1 --length 64 --filter color/lea_shr_and/asm --mode latency \
    --sequence ordered --seed 010 --format json 2>/dev/null | jq -e '.config.seed == "10"' >/dev/null &&
    ok || bad "--seed 010 is not read as decimal 10"
expect_usage "--cpu 4096 is out of range" run --cpu 4096
expect_usage "--processes 33 is out of range" run --processes 33
# A run spread over processes: verified once, each row's samples from every
# process, each process's share of the repetitions, its number recorded.
"$bin" run --quick --processes 3 --reps 6 --min-reps 6 --samples 1 --length 4096 \
    --filter 'color/bt/*' --mode latency,throughput --format json >"$tmp/procs.json" 2>"$tmp/procs.err" &&
    ok || bad "run --processes 3 failed: $(cat "$tmp/procs.err")"
[ "$(grep -c '^verify: ' "$tmp/procs.err")" = 1 ] && ok || bad "--processes 3 verified other than once"
jq -e "$rows_jq"' .config.processes == 3 and ([rows | select(.samples) | (.samples | length) == 6
        and (.processes | sort) == [0,0,1,1,2,2]] | all and length > 0)' \
    "$tmp/procs.json" >/dev/null && ok || bad "--processes 3: rows without 2 samples from each of 3 processes"
# --trace: each attempt a line of 15 fields; one block a process that timed
# scalar rows, each opening with the header; nothing left beside the files.
"$bin" run --quick --processes 2 --reps 4 --samples 1 --length 4096 --filter 'color/bt/asm,color_batch/sse2/asm' \
    --mode latency --trace "$tmp/trace.csv" >/dev/null 2>"$tmp/trace.err" && ok || bad "run --trace failed: $(cat "$tmp/trace.err")"
[ "$(grep -c '^id,mode,sequence,rep,' "$tmp/trace.csv")" = 2 ] && ok || bad "--trace: not one header for each of 2 processes"
awk -F, '!/^id,/ && (NF != 15 || $1 !~ /^(color\/bt\/asm|harness\/)/) {bad = 1} END {exit bad || NR < 4}' \
    "$tmp/trace.csv" && ok || bad "--trace: a line not of 15 fields of the row asked for"
# A row and the harness subtracted from it run as many squares a sample,
# rows of 2 to 4 cycles a square alike (engine.c, same_squares): what a
# sample costs besides its squares then leaves the difference.
"$bin" run --quick --processes 2 --filter 'color/bt/asm,color/lookup/asm,color/texel/asm' \
    --mode latency,throughput --trace "$tmp/squares.csv" >/dev/null 2>&1 && ok || bad "run --trace (squares) failed"
awk -F, '/^id,/ {block++; next}
    {split($1, part, "/"); impl = part[1] == "harness" ? part[2] : part[3]
     key = block "," impl "," $2 "," $3
     if ($15 !~ /^[1-9][0-9]*$/) bad = "no squares on a line of " $1
     else if (key in squares && squares[key] != $15) bad = "a row and its harness ran different squares a sample: " key
     squares[key] = $15}
    END {if (bad) print "FAILED: --trace: " bad; exit bad != "" || !length(squares)}' \
    "$tmp/squares.csv" && ok || bad "--trace: squares a sample differ between a row and its harness"
expect_usage "--trace: cannot write $tmp/no/t.csv: No such file or directory" run --quick --filter color/bt/asm --trace "$tmp/no/t.csv"
# Batch rows in as many processes again, which time them alone: the scalar
# rows' samples from processes 0 and 1, the batch rows' from 0 to 3.
"$bin" run --quick --processes 2 --reps 4 --min-reps 4 --samples 1 --length 4096 --mode latency \
    --filter 'color/bt/asm,color_batch/sse2/asm' --sequence ordered --format json \
    >"$tmp/bprocs.json" 2>"$tmp/bprocs.err" && ok || bad "run --processes 2 with batch rows failed: $(cat "$tmp/bprocs.err")"
jq -e "$rows_jq"' .config.processes == 2 and ([rows | .processes | unique] | unique) == [[0,1]] and
        ([.batch[] | .processes | unique] | unique) == [[0,1,2,3]]' "$tmp/bprocs.json" >/dev/null &&
    ok || bad "--processes 2: batch rows not from 4 processes, or scalar rows not from 2"
"$bin" report "$tmp/bprocs.json" 2>/dev/null | grep -q "spread over 2, and the batch rows' over 2 more that time them alone," &&
    ok || bad "--processes 2: the report does not say the batch rows had 2 more processes"
"$bin" run --quick --reps 3 --samples 1 --length 4096 --filter 'color/bt/asm' --mode latency \
    --format json 2>/dev/null | jq -e '.config.processes == 1 and (.results.columns | index("processes")) == null' \
    >/dev/null && ok || bad "--quick: one process, no processes recorded"
expect_usage "empty item between commas" run --mode latency,,branch
expect_usage "'dark' is not a sequence of the selected families" run --filter 'same_color/*/*' --sequence dark "${quick[@]}"
expect_usage "No such file or directory" run --sequence "file:$tmp/missing.txt" --filter 'color/bt/asm' "${quick[@]}"
"$bin" run --sequence "file:$tmp/missing.txt" "${quick[@]}" >/dev/null 2>"$tmp/err"
! grep -q '^verify: ' "$tmp/err" && ok || bad "a missing sequence file is named only after verification"
expect_usage "line 1: 'z9' is not a square" run --sequence "file:$tmp/badtoken.txt" --filter 'color/bt/asm' "${quick[@]}"
expect_usage "no squares in the file" run --sequence "file:$tmp/empty.txt" --filter 'color/bt/asm' "${quick[@]}"
expect_usage "pair families need two" run --sequence "file:$tmp/single.txt" --filter 'same_color/lea_xor/asm' "${quick[@]}"
# Sequence files are bounded and named clearly (items 11 and 13 of issue 14):
# /dev/zero grew one line without end, a directory was a "read error".
expect_usage "file:/dev/zero: line 1: a NUL byte" run --sequence file:/dev/zero --filter 'color/bt/asm' "${quick[@]}"
expect_usage "line 1: longer than 16 MiB, the most a line holds" run --sequence "file:"<(tr '\0' 1 </dev/zero) --filter 'color/bt/asm' "${quick[@]}"
# A stream without end (comments only, so it is cheap to read) stops at the size limit.
expect_usage "larger than 256 MiB, the most a sequence file holds" run --sequence "file:"<(yes "#$(printf 'x%.0s' {1..4000})") --filter 'color/bt/asm' "${quick[@]}"
expect_usage "file:$tmp: a directory, not a file of squares" run --sequence "file:$tmp" --filter 'color/bt/asm' "${quick[@]}"
expect_usage "cannot write $tmp/no/such/dir/r.json" run --output "$tmp/no/such/dir/r.json" --filter 'color/bt/asm'
expect_usage "--visits 9 is more than the 3 samples to share among them" run --visits 9
expect_usage "--visits 0 is out of range" run --visits 0
expect_usage "--min-reps 9 is more than --reps 6" run --min-reps 9 --reps 6
expect_usage "--budget takes a whole number, not '1.5'" run --budget 1.5
expect_usage "unknown option '--bogus'" calibrate --bogus
expect_usage "--reps 1 is out of range" calibrate --reps 1
# calibrate takes the CPUs run takes (item 17 of issue 14: 99 ran unpinned).
ncpu=$(getconf _NPROCESSORS_ONLN)
expect_usage "--cpu $ncpu is out of range (0 to $((ncpu - 1)))" calibrate --cpu "$ncpu"
expect_usage "--cpu 4096 is out of range" calibrate --cpu 4096
expect_usage "--cpu $ncpu is out of range (0 to $((ncpu - 1)))" run --cpu "$ncpu"

# 'help run' names every option run takes.
for opt in --filter --mode --sequence --length --seed --reps --samples --visits --sample-us \
    --min-reps --budget --aslr --cpu --quick --format --output --save --results-dir; do
    "$bin" help run | grep -q -- "$opt" && ok || bad "help run does not mention $opt"
done

# JSON: every (variant, sequence, mode) row, numbers where numbers belong.
impls=$("$bin" list --filter 'color/lea_shr_and/*' --format csv | tail -n +2 | wc -l)
# as many sequences as help run lists for each family's arity
nseq() { "$bin" help run | grep -o -- "$1: [^;]*" | head -1 | sed "s/^$1: //" | tr ',' '\n' | wc -l; }
rows=$((impls * $(nseq 'one square') * 4 + 1 * $(nseq pairs) * 4))
"$bin" run "${quick[@]}" --visits 2 --filter 'color/lea_shr_and/*,same_color/xor_shift/asm' --format json \
    --output "$tmp/r.json" 2>"$tmp/err" && ok || bad "run --format json: $(cat "$tmp/err")"
if jq -e --argjson rows "$rows" "$rows_jq"' .schema == 3 and (.results.rows | length) == $rows
        and (.clock.source == "calibrated" or .clock.source == "perf")
        and .clock.tsc_hz > 0 and .clock.core_hz > 0 and .config.reps == 3
        and .config.visits == 2 and .config.aslr == false and .config.min_reps == 3
        and ([rows | .samples | select(. != null) | length] | unique) == [3]
        and ([rows | [.id, .sequence, .mode]] | unique | length) == $rows' "$tmp/r.json" >/dev/null; then
    ok
else
    bad "JSON content: $(head -c 600 "$tmp/r.json")"
fi
# The figures are the samples': every row's median, interval and ns from them.
[ "$("$bin" report "$tmp/r.json" --format csv | awk -F, 'NR > 1 && $16 != "" && $17 != "" && $27 != ""' | wc -l)" -eq "$rows" ] &&
    ok || bad "figures of the JSON's samples: $("$bin" report "$tmp/r.json" --format csv | head -3)"
ls "$tmp"/r.json.tmp.* >/dev/null 2>&1 && bad "temporary left behind" || ok
# Each variant's code in brief, by the hash disasm groups by: as many codes as
# disasm has columns.
codes=$(jq '[.code[] | select(.id | startswith("color/lea_shr_and/")) | [.insns, .bytes, .hash]] | unique | length' "$tmp/r.json")
columns=$(("$("$bin" disasm --filter 'color/lea_shr_and/*' --format markdown | grep '^|---' | tr -cd '|' | wc -c)" - 1))
jq -e --argjson n $((impls + 1)) '(.code | length) == $n and all(.code[]; (.hash | test("^[0-9a-f]{16}$")) and .insns > 0 and .bytes > 0)' "$tmp/r.json" >/dev/null &&
    [ "$codes" -eq "$columns" ] && ok || bad "code facts: $codes codes for $columns disasm columns: $(jq -c .code "$tmp/r.json")"
# Rows of byte-identical timed code timed once: each shared row names a row
# of its sequence and mode that was timed itself (an asm row only an asm
# row), of the same recorded code (the timed code of the mode; call mode the
# routine), and holds its samples.
jq -e "$rows_jq"' .config.share_identical == true and any(rows; .shared_from)
    and ([rows | select(.id | endswith("/asm")) | .shared_from | select(. != null)]
         | all(endswith("/asm")))' "$tmp/r.json" >/dev/null &&
    ok || bad "no row shared, or an asm row took a C figure: $(jq -c "$rows_jq"' [rows | .shared_from]' "$tmp/r.json")"
wrong=$(jq -r "$rows_jq"'
    (.loops | map({key: "\(.id) \(.mode)", value: [.insns, .bytes, .hash]}) | from_entries) as $loop
    | (.code | map({key: .id, value: [.insns, .bytes, .hash]}) | from_entries) as $code
    | def fact($id; $mode): if $mode == "call" then $code[$id] else $loop["\($id) \($mode)"] end;
    [rows] as $all | $all[] | select(.shared_from) | . as $r
    | ($all | map(select(.id == $r.shared_from and .sequence == $r.sequence and .mode == $r.mode)) | first) as $src
    | select($src == null or $src.shared_from or $r.samples != null
             or (($r.id | endswith("/asm")) and ($src.id | endswith("/asm") | not))
             or fact($r.id; $r.mode) == null or fact($r.id; $r.mode) != fact($src.id; $r.mode))
    | "\($r.id) \($r.mode) \($r.sequence) as \($r.shared_from)"' "$tmp/r.json")
[ -z "$wrong" ] && ok || bad "shared rows not of their source's code: $wrong"
# --no-share times every row itself, and the file says so.
"$bin" run "${quick[@]}" --no-share --filter 'color/lea_shr_and/*,same_color/xor_shift/asm' --format json 2>/dev/null |
    jq -e --argjson rows "$rows" '.config.share_identical == false and (.results.rows | length) == $rows
        and (.results.columns | index("shared_from")) == null' >/dev/null &&
    ok || bad "--no-share: a row not timed itself"
# Address randomisation stays on when asked, and the file says so.
# Control dependence comes from the code each mode times: a latency or
# throughput row's from its loop (disasm --loops marks a loop that branches
# besides its exit test with †), whatever the routine does. gcc-11 -O3
# -march=native branches in color/cmov's throughput loop around a branch-free
# routine; lea_test_jz's routines branch, and some compilers' loops do not.
"$bin" run --quick --reps 3 --samples 1 --length 64 --filter 'color/cmov/*,color/lea_test_jz/*' \
    --sequence ordered --mode latency,throughput --format json 2>/dev/null |
    jq -r "$rows_jq"' rows | "\(.id) \(.mode) \(.flags | index("control_dependent") != null)"' >"$tmp/cd.txt"
[ -s "$tmp/cd.txt" ] && ok || bad "no rows for control dependence"
while read -r id mode cd; do
    head=$("$bin" disasm --loops --filter "$id" | grep -A3 " $mode loop\$" | sed -n 4p)
    case "$head" in *†*) want=true ;; *) want=false ;; esac
    [ "$cd" = "$want" ] && ok || bad "$id $mode: control_dependent $cd, its loop: $head"
done <"$tmp/cd.txt"
grep -q '^color/lea_test_jz/asm latency true$' "$tmp/cd.txt" && grep -q '^color/cmov/asm throughput false$' "$tmp/cd.txt" &&
    ok || bad "asm's control dependence: $(cat "$tmp/cd.txt")"

"$bin" run "${quick[@]}" --aslr --filter 'color/bt/asm' --mode latency --format json 2>/dev/null |
    jq -e '.config.aslr == true' >/dev/null && ok || bad "--aslr not recorded"
# Repetitions adapt: every row gets at least --min-reps and at most --reps, in
# steps, and the samples match.
"$bin" run --quick --min-reps 6 --reps 12 --filter 'color/lea_shr_and/*,color/texel/*' --mode throughput \
    --format json 2>/dev/null >"$tmp/adapt.json"
jq -e "$rows_jq"' [rows | .samples | select(. != null) | length | . >= 6 and . <= 12 and . % 3 == 0]
       | all and length > 0' "$tmp/adapt.json" >/dev/null &&
    ok || bad "adaptive repetitions: $(jq -c "$rows_jq"' [rows | .samples | length]' "$tmp/adapt.json")"
# Noise-proof sanity: a 4-instruction chain is neither free nor 10 cycles,
# inline or through a call (where it read 0 to 1 cycle, hidden under the
# call's own cost, before the call loop's chain was padded).
for mode in latency call; do
    x=$("$bin" report "$tmp/r.json" --format csv | awk -F, -v m="$mode" '$10 == "color/lea_shr_and/asm" && $15 == m && $14 == "random" { print $16 }')
    awk -v x="$x" 'BEGIN { exit !(x > 2 && x < 8) }' && ok || bad "lea_shr_and $mode: $x cycles"
done

# A sequence list longer than any fixed buffer is recorded whole (item 10 of
# issue 14: 1 KiB of paths overran a 512-byte field into the next).
printf 'e4 d5\n' >"$tmp/s.txt"
dots=$(printf './%.0s' {1..120})
long="file:$tmp/${dots}s.txt"
for k in 1 2 3; do cp "$tmp/s.txt" "$tmp/s$k.txt"; long="$long,file:$tmp/${dots}s$k.txt"; done
"$bin" run --quick --reps 3 --samples 1 --length 64 --filter color/lea_shr_and/asm --mode latency \
    --sequence "$long" --format json >"$tmp/long.json" 2>"$tmp/err" &&
    jq -e --arg long "$long" '.config.sequences == $long' "$tmp/long.json" >/dev/null &&
    ok || bad "a long --sequence list: $(cat "$tmp/err") $(jq -c .config.sequences "$tmp/long.json" | head -c 200)"

# CSV header, and a sequence file of pairs with names, numbers and comments.
"$bin" run "${quick[@]}" --filter 'same_color/lea_xor/asm' --sequence "file:$tmp/pairs.txt" \
    --format csv >"$tmp/r.csv" 2>/dev/null && ok || bad "run with a sequence file"
[ "$(head -1 "$tmp/r.csv")" = "machine,vendor,cpu_family,cpu_model,cpu_name,brand,sqcolor_commit,compiler,flags,id,family,technique,impl,sequence,mode,cycles_median,cycles_ci95_lo,cycles_ci95_hi,cycles_min,cycles_p90,reps,fast_cycles,fast_share,slow_cycles,slow_share,control_dependent,ns_median,shared_from" ] && ok || bad "csv header"
[ "$(grep -c ',file:pairs.txt,' "$tmp/r.csv")" -eq 4 ] && ok || bad "csv: four modes on the file sequence"
# The last column names the id a row was timed as: empty on asm rows and on
# rows timed themselves, an id of the same technique's code on the others.
"$bin" run "${quick[@]}" --filter 'color/lea_shr_and/*' --mode call --sequence ordered --format csv \
    2>/dev/null | awk -F, 'NR > 1 { n++; if ($NF != "") { s++; if ($13 == "asm" || $NF !~ /^color\/lea_shr_and\//) bad++ } }
        END { exit !(n > 0 && s > 0 && s < n && !bad) }' && ok || bad "csv: shared_from column"

# Each file's rows are labelled by its file name, unique within the run
# (item 12 of issue 14: two files were both "file", and one hid the other).
mkdir -p "$tmp/d1" "$tmp/d2"
printf 'e4\n' >"$tmp/a.txt"
printf 'd5 c6\n' >"$tmp/b.txt"
printf '1\n' >"$tmp/d1/m.txt"
printf '2\n' >"$tmp/d2/m.txt"
two=(--quick --reps 3 --samples 1 --length 64 --filter color/lea_shr_and/asm --mode latency,branch)
"$bin" run "${two[@]}" --sequence "file:$tmp/a.txt,file:$tmp/b.txt,random" --format json \
    --output "$tmp/two.json" 2>"$tmp/err" && ok || bad "run with two files: $(cat "$tmp/err")"
jq -e "$rows_jq"' [rows | select(.mode == "latency") | .sequence] == ["file:a.txt", "file:b.txt", "random"]' \
    "$tmp/two.json" >/dev/null && ok || bad "file labels: $(jq -c "$rows_jq"' [rows | .sequence]' "$tmp/two.json")"
"$bin" report "$tmp/two.json" --detail | grep -q 'asm file:a.txt *asm file:b.txt *asm random' && ok ||
    bad "the table lacks a file's column: $("$bin" report "$tmp/two.json" --detail | grep technique | sed -n 2p)"
[ "$("$bin" report "$tmp/two.json" --format csv | grep -c ',file:[ab].txt,')" -eq 4 ] && ok || bad "csv: file labels"
"$bin" compare "$tmp/two.json" "$tmp/two.json" --all >"$tmp/cmp.txt"
grep -q '^compare: 6 rows matched' "$tmp/cmp.txt" && [ "$(grep -c '^color/lea_shr_and/asm *file:[ab].txt ' "$tmp/cmp.txt")" -eq 4 ] &&
    ok || bad "compare of two files' rows: $(tail -1 "$tmp/cmp.txt")"
"$bin" run "${two[@]}" --sequence "file:$tmp/d1/m.txt,file:$tmp/d2/m.txt" --format json 2>/dev/null |
    jq -e --arg t "$tmp" "$rows_jq"' [rows | select(.mode == "latency") | .sequence] == ["file:\($t)/d1/m.txt", "file:\($t)/d2/m.txt"]' >/dev/null &&
    ok || bad "two files of one name are labelled by their paths"

# A PGN's moves as a sequence: labelled pgn:NAME, beside a file: of the same
# name too.
printf '[Event "t"]\r\n1. e4 {c} e5 (1... c5) 2. Nf3 O-O 1-0\r\n' >"$tmp/game.pgn"
printf 'e4\n' >"$tmp/d1/game.pgn"
"$bin" run --quick --filter color/bt/asm --sequence "pgn:$tmp/game.pgn" --format json \
    --output "$tmp/pgn.json" 2>"$tmp/err" && ok || bad "run with a pgn: sequence: $(cat "$tmp/err")"
jq -e "$rows_jq"' [rows | .sequence] | unique == ["pgn:game.pgn"]' "$tmp/pgn.json" >/dev/null &&
    ok || bad "pgn label: $(jq -c "$rows_jq"' [rows | .sequence] | unique' "$tmp/pgn.json")"
"$bin" report "$tmp/pgn.json" --detail | grep -q 'asm pgn:game.pgn' && ok || bad "the table lacks the pgn: column"
"$bin" run "${two[@]}" --sequence "pgn:$tmp/game.pgn,file:$tmp/d1/game.pgn" --format json 2>/dev/null |
    jq -e "$rows_jq"' [rows | select(.mode == "latency") | .sequence] == ["pgn:game.pgn", "file:game.pgn"]' >/dev/null &&
    ok || bad "a pgn: and a file: of one name keep their own labels"
expect_usage "--sequence: 'file:$tmp/a.txt' is named twice" run "${two[@]}" --sequence "file:$tmp/a.txt,file:$tmp/a.txt"
expect_usage "--sequence: 'random' is named twice" run "${two[@]}" --sequence random,ordered,random

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
    head -1 "$tmp/real.csv" | grep -q '^machine,vendor,' && [ "$(stat -c %a "$tmp/real.csv")" = 640 ] &&
    ok || bad "--output through a symbolic link: $(stat -c %F "$tmp/link.csv"), $(head -1 "$tmp/real.csv")"
mkfifo "$tmp/fifo"
timeout 20 cat "$tmp/fifo" >"$tmp/fifo.out" &
reader=$!
"$bin" run "${one[@]}" --format csv --output "$tmp/fifo" 2>/dev/null && [ -p "$tmp/fifo" ] &&
    wait $reader && head -1 "$tmp/fifo.out" | grep -q '^machine,vendor,' && ok || bad "--output into a fifo"
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
) && jq -e '.schema == 3' "$tmp/nohup.json" >/dev/null && ok || bad "an ignored SIGHUP ended the run"

# The add chain is the cycle; a factor of 2 from 1 means the clock is broken
# (a busy host moves it by a third: 0.72 beside a ctest -j2).
add=$("$bin" calibrate --reps 5 | awk '$1 == "add" { print $(NF - 3) }')
awk -v x="$add" 'BEGIN { exit !(x > 0.5 && x < 2) }' && ok || bad "calibrate: add chain $add"

# A --sequence list longer than any fixed buffer (two 2400-byte paths) is kept
# whole: it was cut at 4096 bytes, naming a file that does not exist.
deep=$tmp
for _ in $(seq 12); do deep=$deep/$(printf 'd%.0s' {1..200}); done
mkdir -p "$deep" && printf 'e4\nd5\n' >"$deep/a.txt" && printf 'a1\n' >"$deep/b.txt"
list="file:$deep/a.txt,file:$deep/b.txt"
if "$bin" run --quick --reps 3 --samples 1 --filter color/bt/asm --mode latency --sequence "$list" \
    --format json >"$tmp/long.json" 2>"$tmp/err"; then
    jq -e --arg s "$list" '.config.sequences == $s' "$tmp/long.json" >/dev/null && ok || bad "a long --sequence was not kept whole"
else
    bad "a ${#list}-byte --sequence: $(tail -c 200 "$tmp/err")"
fi
# The branch on real games: each game sequence apart with its inferred share
# mispredicted, beside random and the predictable sequences (--detail); on the
# console, a row per family and game over the asm techniques.
"$bin" run "${quick[@]}" --filter 'color/bt/asm,color/parity/asm' --mode branch \
    --sequence ordered,random,game-moves,game-bishops --format json --output "$tmp/games.json" \
    2>"$tmp/err" && ok || bad "run on the game sequences: $(cat "$tmp/err")"
"$bin" report "$tmp/games.json" >"$tmp/compact.txt" 2>"$tmp/err" || bad "report: $(cat "$tmp/err")"
# A cell: a figure with its interval, or about zero, marked ~ where the host spoiled it.
cell='([0-9.]+±[0-9.]+|≈0(≤[0-9.]+)?)~?'
grep -q "^== a branch on the color of real games' squares, asm (core cycles per square or pair; every variant: --detail) ==\$" "$tmp/compact.txt" &&
    grep -qE '^family +sequence +mispredicted +cheapest asm +dearest asm$' "$tmp/compact.txt" &&
    grep -qE "^color +game-moves +([0-9.]+-[0-9.]+%|-) +(bt|parity) $cell +(bt|parity) $cell\$" "$tmp/compact.txt" &&
    grep -qE '^color +game-bishops ' "$tmp/compact.txt" && ! grep -q '^bt/asm ' "$tmp/compact.txt" &&
    ok || bad "the compact games table: $(sed -n '/real games/,/^$/p' "$tmp/compact.txt")"
"$bin" report "$tmp/games.json" --detail >"$tmp/games.txt" 2>"$tmp/err" || bad "report --detail: $(cat "$tmp/err")"
# A sequence whose every sample the host dropped (its clock far off the run's)
# has no figure: '-' there, a cell everywhere else.
cell_of() {
    jq -e --arg s "$1" "$rows_jq"' [rows | select(.id == "color/bt/asm" and .sequence == $s)
        | .samples[] | numbers] | length > 0' "$tmp/games.json" >/dev/null && echo "$cell" || echo '-'
}
grep -q "^== color — a branch on the color of real games' squares (core cycles per square) ==\$" "$tmp/games.txt" &&
    grep -qE '^variant +game-moves +mispredicted +game-bishops +mispredicted +random +predictable$' "$tmp/games.txt" &&
    grep -qE "^bt/asm +$(cell_of game-moves) +([0-9.]+±[0-9.]+%|-) +$(cell_of game-bishops) +([0-9.]+±[0-9.]+%|-) +$(cell_of random) +$(cell_of ordered)\$" "$tmp/games.txt" &&
    ok || bad "the games table: $(sed -n '/real games/,/^$/p' "$tmp/games.txt")"
# Without a game sequence, no such table.
"$bin" run "${quick[@]}" --filter 'color/bt/asm' --mode branch --sequence ordered,random >"$tmp/nogames.txt" 2>/dev/null &&
    ! grep -q "real games" "$tmp/nogames.txt" && ok || bad "a games table without games"

# The CPU's folder under --results-dir unusable (a file there, or a link to a
# full device): found before anything is verified or timed, not after the run.
tiny=(--quick --reps 3 --samples 2 --length 4096 --filter color/bt/asm)
"$bin" run "${tiny[@]}" --mode latency --sequence ordered --save --results-dir "$tmp/saved" \
    >/dev/null 2>&1 || bad "a tiny --save run failed"
slug=$(ls "$tmp/saved")
for kind in file link; do
    rm -rf "$tmp/rd" && mkdir "$tmp/rd"
    if [ $kind = file ]; then : >"$tmp/rd/$slug"; else ln -s "$devfull" "$tmp/rd/$slug"; fi
    expect_usage "--save: cannot write in $tmp/rd/$slug: Not a directory" run "${tiny[@]}" --save \
        --results-dir "$tmp/rd" --output "$tmp/rd.json"
    ! grep -q '^verify: ' "$tmp/err" && [ ! -e "$tmp/rd.json" ] && ok ||
        bad "a $kind as the CPU folder was found only after verifying: $(cat "$tmp/err")"
done
finish run
