#!/usr/bin/env bash
# compare on small hand-made result files whose answer is known: a file
# against itself, a clear slowdown and the --fail-over gate, differences under
# the floor, a row too wide to tell and its detectable change, null samples, a
# row at two speeds whose shares moved, rows about zero, bad --fail-over
# values; then thousands of rows sampled in three processes a run, two runs of
# one build and one with a variant a cycle slower; and 10,000 rows in every
# format (their growth is tests/report_scale.py's).
# usage: tests/compare.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# Result files by jq: 15 samples a row, spread evenly over +-0.0021 cycles
# around the row's cost (the order is mixed so no file is sorted).
defs='
def jitter($i): (($i * 7) % 15 - 7) * 0.0003;
def one($c): [range(15) | $c + jitter(.)];
def grid($c): [range(15) | $c + ((. * 7) % 15) * 0.05]; # one speed, 0.7 cycles wide
def two($fast; $slow; $nfast): [range(15) | (if . < $nfast then $fast else $slow end) + jitter(.)];
def stats: sort as $s | {min: $s[0], median: $s[7], p90: $s[13]};
def row($id; $seq; $mode; $samples): ($id | split("/")) as $p |
  {id: $id, family: $p[0], technique: $p[1], impl: $p[2], sequence: $seq, mode: $mode,
   cycles: ($samples | stats), ticks: ($samples | stats), ns: ($samples | stats),
   reps: 15, samples: $samples};
def run($rows): {schema: 1, tool: {name: "sqcolor", version: "test", commit: "test"},
  machine: {vendor: "GenuineIntel", brand: "made up", family: 6, model: 1, stepping: 0},
  clock: {source: "perf", tsc_source: "measured", tsc_hz: 1e9, core_hz: 1e9},
  config: {reps: 15, length: 4096, seed: 1}, results: $rows};
def base: [row("color/lea_shr_and/asm"; "ordered"; "latency"; one(4)),
           row("color/lea_shr_and/asm"; "random"; "latency"; one(2)),
           row("color/lea_shr_and/asm"; "ordered"; "throughput"; one(0.01)),
           row("color/lea_test_jz/asm"; "ordered"; "latency"; one(3)),
           row("color/bt/asm"; "dark"; "latency"; two(4.13; 4.32; 3))];
'
make_run() { # make_run FILE JQ-EXPRESSION-OF-THE-ROWS
    jq -n "$defs run($2)" >"$1" || bad "jq could not make $1"
}
make_run "$tmp/a.json" 'base'
make_run "$tmp/slow.json" 'base | .[0] = row("color/lea_shr_and/asm"; "ordered"; "latency"; one(4.4))'
make_run "$tmp/floor.json" 'base | .[1] = row("color/lea_shr_and/asm"; "random"; "latency"; one(2.015))'
make_run "$tmp/floor_rel.json" 'base | .[0] = row("color/lea_shr_and/asm"; "ordered"; "latency"; one(4.035))'
make_run "$tmp/wide.json" 'base | .[1] = row("color/lea_shr_and/asm"; "random"; "latency"; grid(4))'
make_run "$tmp/wide_shifted.json" 'base | .[1] = row("color/lea_shr_and/asm"; "random"; "latency"; grid(4.1))'
make_run "$tmp/nulls.json" 'base | .[3] = row("color/lea_test_jz/asm"; "ordered"; "latency"; [range(15) | null])'
make_run "$tmp/shares.json" 'base | .[4] = row("color/bt/asm"; "dark"; "latency"; two(4.13; 4.32; 12))'
make_run "$tmp/speeds.json" 'base | .[4] = row("color/bt/asm"; "dark"; "latency"; two(4.6; 4.8; 12))'
make_run "$tmp/wide_two.json" 'base | .[4] = row("color/bt/asm"; "dark"; "latency"; two(4.0; 4.6; 7))'
make_run "$tmp/between.json" 'base | .[4] = row("color/bt/asm"; "dark"; "latency"; one(4.3))'
make_run "$tmp/zero.json" 'base | .[2] = row("color/lea_shr_and/asm"; "ordered"; "throughput"; one(-0.02))'
make_run "$tmp/unzero.json" 'base | .[2] = row("color/lea_shr_and/asm"; "ordered"; "throughput"; one(1))'
make_run "$tmp/small.json" 'base | .[2] = row("color/lea_shr_and/asm"; "ordered"; "throughput"; one(0.124))'
make_run "$tmp/tozero.json" 'base | .[2] = row("color/lea_shr_and/asm"; "ordered"; "throughput"; one(-0.04))'
# A figure timed once for three byte-identical rows (two shared_from the
# first), 6% slower in B at a p-value the adjustment keeps only when it
# counts the copies as three tests.
shared_rows() { # shared_rows COST: the three rows
    echo "row(\"color/lea_shr_and/gcc-12\"; \"ordered\"; \"latency\"; grid($1)),
        (row(\"color/lea_shr_and/gcc-12-native\"; \"ordered\"; \"latency\"; grid($1)) +
         {shared_from: \"color/lea_shr_and/gcc-12\"}),
        (row(\"color/lea_shr_and/clang-13\"; \"ordered\"; \"latency\"; grid($1)) +
         {shared_from: \"color/lea_shr_and/gcc-12\"})"
}
make_run "$tmp/shared_a.json" "base + [$(shared_rows 4)]"
make_run "$tmp/shared_b.json" "base + [$(shared_rows 4.25)]"
make_run "$tmp/below_a.json" 'base | .[2] = row("color/lea_shr_and/asm"; "ordered"; "throughput"; one(-0.31))'
make_run "$tmp/below_b.json" 'base | .[2] = row("color/lea_shr_and/asm"; "ordered"; "throughput"; one(-0.37))'

# compare_ok NAME WANT-EXIT A B [options]: runs compare into $tmp/NAME.txt and
# checks its exit status.
compare_ok() {
    local name=$1 want=$2
    shift 2
    "$bin" compare "$@" >"$tmp/$name.txt" 2>"$tmp/$name.err"
    local rc=$?
    [ $rc -eq "$want" ] && ok || bad "compare $*: exit $rc, wanted $want: $(cat "$tmp/$name.err")"
}
# verdict NAME ID SEQUENCE MODE: the verdict column of one row (after the
# detectable change's two fields).
verdict() {
    grep "^$2 *$3 *$4 " "$tmp/$1.txt" | sed 's/^\([^ ]* *\)\{9\}//'
}
# summary NAME: the summary's first line; said NAME LINE: NAME's output has
# LINE whole.
summary() { grep '^compare: ' "$tmp/$1.txt"; }
said() { grep -qxF -- "$2" "$tmp/$1.txt"; }
# unchanged NAME: the summary counts no row slower and none faster.
unchanged() { said "$1" 'slower: none' && said "$1" 'faster: none'; }

# A file against itself: "no changes" for each section, the notes and a
# summary of a few short lines; the gate holds.
compare_ok same 0 "$tmp/a.json" "$tmp/a.json" --fail-over 2.5
cat >"$tmp/same.want" <<EOF
A: $tmp/a.json (made up, sqcolor test)
B: $tmp/a.json (made up, sqcolor test)

scalar rows: no changes
groups that moved as a whole: no changes
note: 3 of the 3 rows t-tested have no two processes in either file: tested on their samples,
  whose spread is one process's: a shift between processes of 1% of A and 0.02 cycles is flagged
rows not tested: 1 about zero in both runs, 0 with a non-finite sample or median, 0 with one sample a side

compare: 5 rows matched, 4 tested (3 t-tests at q 0.01, 1 by speeds)
slower: none
faster: none
detectable change: median 1.0%, 90th percentile 1.0% of A
verdict: no significant slowdown over --fail-over 2.5%: exit 0
EOF
diff "$tmp/same.want" "$tmp/same.txt" >"$tmp/same.diff" && ok || bad "A vs A: $(cat "$tmp/same.diff")"
# Every line but the one of rows not tested within 100 columns, the whole
# at most 15 lines.
[ "$(grep -v '^rows not tested: ' "$tmp/same.txt" | wc -L)" -le 100 ] && [ "$(wc -l <"$tmp/same.txt")" -le 15 ] &&
    ok || bad "A vs A: $(wc -l <"$tmp/same.txt") lines, $(wc -L <"$tmp/same.txt") wide"
# --all: every row, the same summary.
compare_ok same_all 0 "$tmp/a.json" "$tmp/a.json" --fail-over 2.5 --all
[ "$(grep -c '^color/' "$tmp/same_all.txt")" -eq 5 ] && ! grep -q '^scalar rows: no changes' "$tmp/same_all.txt" &&
    [ "$(sed -n '/^compare: /,$p' "$tmp/same_all.txt")" = "$(sed -n '/^compare: /,$p' "$tmp/same.txt")" ] && ok ||
    bad "A vs A --all: $(cat "$tmp/same_all.txt")"
grep -q '^color/lea_shr_and/asm  *ordered  *latency  *4.000±0.001  *4.000±0.001  *1.000 ' "$tmp/same_all.txt" &&
    ok || bad "row cells: $(grep '^color/lea_shr_and/asm *ordered *latency' "$tmp/same_all.txt")"
! sed '/^variant /q' "$tmp/same_all.txt" | grep -q '^note:' && ok || bad "a note on a file against itself: $(grep '^note:' "$tmp/same_all.txt")"
# Files without processes are tested on their samples, and told so.
grep -q '^note: 3 of the 3 rows t-tested have no two processes in either file' "$tmp/same_all.txt" && ok ||
    bad "no note of rows tested on samples: $(grep '^note:' "$tmp/same_all.txt")"
# --changes-only is gone: the rows that changed are the default.
expect_usage "unknown option '--changes-only'" compare "$tmp/a.json" "$tmp/a.json" --changes-only

# Files from two CPUs, or two builds: a note above the table says so.
# above NAME PATTERN: a line matching PATTERN comes before the first section.
above() { sed '/^\(variant \|scalar rows: \)/q' "$tmp/$1.txt" | grep -qF -- "$2"; }
jq '.machine |= (.vendor = "AuthenticAMD" | .family = 26 | .model = 2)' "$tmp/a.json" >"$tmp/zen5.json"
compare_ok cpus 0 "$tmp/a.json" "$tmp/zen5.json"
above cpus 'note: A ran on GenuineIntel family 0x6 model 0x1, B on Zen 5 "Turin": differences are the machines'"'"' as much as the code'"'"'s' &&
    ok || bad "two CPUs: $(head -4 "$tmp/cpus.txt")"
grep -q '^note: .*commits' "$tmp/cpus.txt" && bad "one commit said to differ" || ok
jq '.machine.model = 151' "$tmp/a.json" >"$tmp/adl1.json"
jq '.machine.model = 154' "$tmp/a.json" >"$tmp/adl2.json"
compare_ok models 0 "$tmp/adl1.json" "$tmp/adl2.json"
above models 'note: A ran on Alder Lake (Golden Cove) (family 0x6 model 0x97), B on Alder Lake (Golden Cove) (family 0x6 model 0x9a)' &&
    ok || bad "two models of one label: $(head -4 "$tmp/models.txt")"
# Two runs pinned to two CPUs: a vCPU is whatever core the host gives it.
# A file that does not say where it ran (a.json) is noted nowhere.
jq '.config.cpu = 0' "$tmp/a.json" >"$tmp/cpu0.json"
jq '.config.cpu = 1' "$tmp/a.json" >"$tmp/cpu1.json"
compare_ok cpu_pins 0 "$tmp/cpu0.json" "$tmp/cpu1.json"
compare_ok cpu_unknown 0 "$tmp/a.json" "$tmp/cpu1.json"
above cpu_pins "note: A was timed on CPU 0, B on CPU 1: two CPUs may be two different cores" &&
    ! above cpu_unknown 'was timed on CPU' && ok || bad "two CPUs pinned: $(head -4 "$tmp/cpu_pins.txt")"
jq '.tool.commit = "v1.2-3-gabcdef0-dirty"' "$tmp/a.json" >"$tmp/other_commit.json"
compare_ok commits 0 "$tmp/a.json" "$tmp/other_commit.json"
above commits 'note: A and B were built from different sqcolor commits (test, v1.2-3-gabcdef0-dirty)' &&
    ! grep -q '^note: A ran on' "$tmp/commits.txt" && ok || bad "two commits: $(head -4 "$tmp/commits.txt")"

# 10% slower: significant; over a 2.5% gate, under a 15% one. The table
# has that row alone, the summary names it.
compare_ok slow 1 "$tmp/a.json" "$tmp/slow.json" --fail-over 2.5
[ "$(verdict slow color/lea_shr_and/asm ordered latency)" = "SLOWER (over --fail-over)" ] &&
    [ "$(grep -c '^color/' "$tmp/slow.txt")" -eq 1 ] && said slow 'groups that moved as a whole: no changes' &&
    said slow 'slower: 1 row, the most color/lea_shr_and/asm ordered latency (+10.0%)' && said slow 'faster: none' &&
    said slow 'verdict: 1 significant slowdown over --fail-over 2.5%: exit 1' && ok ||
    bad "a clear slowdown: $(cat "$tmp/slow.txt")"
[ "$(sed -n '/^compare: /,$p' "$tmp/slow.txt" | wc -L)" -le 100 ] && ok || bad "a summary line past 100 columns: $(cat "$tmp/slow.txt")"
# Student's t on samples 0.0013 apart (sd) and 0.4 cycles apart is hundreds:
# p far below 1e-30, times the 3 rows t-tested (the row at two speeds is judged
# by its speeds); the detectable change is the floor, 1% of 4 cycles.
grep -q '^color/lea_shr_and/asm  *ordered  *latency .* 1.100  *[0-9.]*e-[3-9][0-9]  *0.040   1.0%  SLOWER' "$tmp/slow.txt" && ok ||
    bad "the adjusted p: $(grep '^color/lea_shr_and/asm *ordered *latency' "$tmp/slow.txt")"
compare_ok slow15 0 "$tmp/a.json" "$tmp/slow.json" --fail-over 15
[ "$(verdict slow15 color/lea_shr_and/asm ordered latency)" = "slower" ] &&
    said slow15 'verdict: no significant slowdown over --fail-over 15%: exit 0' && ok ||
    bad "a 10% slowdown under --fail-over 15: $(cat "$tmp/slow15.txt")"
compare_ok fast 0 "$tmp/slow.json" "$tmp/a.json" --fail-over 2.5
# --format json: the verdicts of the rows that changed for scripts, with
# --all every matched row's, the exit status as the table's.
compare_ok slow_json 1 "$tmp/a.json" "$tmp/slow.json" --fail-over 2.5 --format json
jq -e '.rows == [.rows[] | select(.verdict == "slower")] and (.rows | length) == 1 and
       .summary.matched == 5 and .summary.significant == 1 and .summary.over_fail_over == 1' \
    "$tmp/slow_json.txt" >/dev/null && ok || bad "compare --format json: $(cat "$tmp/slow_json.txt")"
compare_ok slow_json_all 1 "$tmp/a.json" "$tmp/slow.json" --fail-over 2.5 --format json --all
jq -e '(.rows | length) == 5 and
       ([.rows[] | select(.verdict == "slower")] | map([.id, .sequence, .mode]) ==
        [["color/lea_shr_and/asm", "ordered", "latency"]]) and
       ([.rows[] | select(.verdict == "slower")][0].over_fail_over == true) and
       ([.rows[] | select(.verdict == "slower")][0] | .test == "samples" and .detectable == 0.04 and
        (.detectable_pct - 1 | fabs) < 1e-9) and
       ([.rows[].test] == ["samples", "samples", null, "samples", "speeds"]) and
       ([.rows[] | select(.test != "samples") | .detectable] == [null, null]) and
       ([.rows[].verdict] - ["slower", "same", "untested"] == []) and
       .summary.matched == 5 and .summary.significant == 1 and .summary.over_fail_over == 1 and
       .summary.detectable_pct == {median: 1, p90: 1}' \
    "$tmp/slow_json_all.txt" >/dev/null && ok || bad "compare --format json --all: $(cat "$tmp/slow_json_all.txt")"
# A regression gate by default: any significant slowdown exits 1.
compare_ok slow_gate 1 "$tmp/a.json" "$tmp/slow.json"
grep -q '^color/lea_shr_and/asm  *ordered  *latency .* SLOWER (over --fail-over)$' "$tmp/slow_gate.txt" &&
    said slow_gate 'verdict: 1 significant slowdown over --fail-over 0%: exit 1' && ok ||
    bad "the default gate: $(cat "$tmp/slow_gate.txt")"
compare_ok same_json 0 "$tmp/a.json" "$tmp/a.json" --format json
jq -e '.rows == [] and .batch == [] and .summary.matched == 5' "$tmp/same_json.txt" >/dev/null && ok ||
    bad "compare --format json of a file with itself: $(cat "$tmp/same_json.txt")"
[ "$(verdict fast color/lea_shr_and/asm ordered latency)" = "faster" ] &&
    said fast 'slower: none' && said fast 'faster: 1 row, the most color/lea_shr_and/asm ordered latency (-9.1%)' && ok ||
    bad "a speedup: $(cat "$tmp/fast.txt")"

# 0.015 cycles apart (under 0.02), and 0.035 cycles apart at 4 cycles (under
# 1%), every sample of B above every one of A: under the floor.
compare_ok floor 0 "$tmp/a.json" "$tmp/floor.json" --fail-over 0 --all
[ "$(verdict floor color/lea_shr_and/asm random latency)" = "(under the floor)" ] &&
    unchanged floor && ok || bad "under the floor: $(verdict floor color/lea_shr_and/asm random latency)"
compare_ok floor_rel 0 "$tmp/a.json" "$tmp/floor_rel.json" --fail-over 0 --all
[ "$(verdict floor_rel color/lea_shr_and/asm ordered latency)" = "(under the floor)" ] && ok ||
    bad "under 1%: $(verdict floor_rel color/lea_shr_and/asm ordered latency)"

# Samples spread evenly over 0.7 cycles (sd 0.224), 0.1 cycles apart: Student's
# t 1.22 at 28 degrees of freedom, p 0.2309, times 3 rows tested 0.69. The
# change it could have shown is t at p 0.01/3 (3.2084) times the standard
# error (0.08165): 0.262 cycles, 6.0% of A's 4.35.
compare_ok wide 0 "$tmp/wide.json" "$tmp/wide_shifted.json" --fail-over 0 --all
grep -q '^color/lea_shr_and/asm  *random  *latency .* 1.023  *0.69  *0.262   6.0%$' "$tmp/wide.txt" &&
    unchanged wide && ok || bad "too wide to tell: $(grep '^color/lea_shr_and/asm *random' "$tmp/wide.txt")"

# Null samples: the row is untested, the others are compared as usual.
compare_ok nulls 0 "$tmp/a.json" "$tmp/nulls.json" --fail-over 2.5 --all
verdict nulls color/lea_test_jz/asm ordered latency | grep -q '^untested' &&
    summary nulls | grep -q '^compare: 5 rows matched, 3 tested ' && unchanged nulls && ok ||
    bad "null samples: $(verdict nulls color/lea_test_jz/asm ordered latency) / $(summary nulls)"
compare_ok nulls_b 0 "$tmp/nulls.json" "$tmp/a.json" --all
verdict nulls_b color/lea_test_jz/asm ordered latency | grep -q '^untested' && ok || bad "null samples in A"

# Two speeds whose shares moved (3/12 to 12/3): the same speeds, not significant,
# though the medians moved (at alpha 0.05 a U test on the mixture would call it
# faster); speeds that all moved by 10% are significant.
compare_ok shares 0 "$tmp/a.json" "$tmp/shares.json" --fail-over 2.5 --alpha 0.05 --all
[ "$(verdict shares color/bt/asm dark latency)" = "speeds A 4.130 (20%) 4.320 (80%), B 4.130 (80%) 4.320 (20%)" ] &&
    ok || bad "shares moved: $(verdict shares color/bt/asm dark latency)"
compare_ok speeds 1 "$tmp/a.json" "$tmp/speeds.json" --fail-over 2.5
verdict speeds color/bt/asm dark latency | grep -q '^SLOWER (over --fail-over); speeds A 4.130 (20%) 4.320 (80%), B 4.600 (80%) 4.800 (20%)$' &&
    ok || bad "speeds moved: $(verdict speeds color/bt/asm dark latency)"

# One speed between the other run's two (a mixture of the same two, median
# between): no change, either way round.
compare_ok between 0 "$tmp/wide_two.json" "$tmp/between.json" --all
compare_ok between_b 0 "$tmp/between.json" "$tmp/wide_two.json"
[ "$(verdict between color/bt/asm dark latency)" = "speeds A 4.000 (47%) 4.600 (53%), B 4.300" ] && ok ||
    bad "one speed between two: $(verdict between color/bt/asm dark latency)"

# About zero in both: not tested. From about zero to a cost: a slowdown at any gate.
compare_ok zero 0 "$tmp/a.json" "$tmp/zero.json" --fail-over 0 --all
verdict zero color/lea_shr_and/asm ordered throughput | grep -q '^untested (about zero in both)' && ok || bad "about zero in both"
# Below zero in both (a loop ahead of its harness: its slack, which the
# tables print as ≈0): about zero too (AMD Zen 5, one build: a branch row at
# -0.309 and -0.372 was flagged faster).
compare_ok below 0 "$tmp/below_a.json" "$tmp/below_b.json" --all
verdict below color/lea_shr_and/asm ordered throughput | grep -q '^untested (about zero in both)' &&
    ok || bad "below zero in both: $(verdict below color/lea_shr_and/asm ordered throughput)"
compare_ok shared 0 "$tmp/shared_a.json" "$tmp/shared_b.json" --all
[ "$(verdict shared color/lea_shr_and/clang-13 ordered latency)" = "≡ color/lea_shr_and/gcc-12" ] &&
    said shared 'compare: 8 rows matched, 7 tested (4 t-tests at q 0.01, 2 sharing a figure, 1 by speeds)' &&
    ok || bad "a shared figure tested once: $(verdict shared color/lea_shr_and/clang-13 ordered latency)"
compare_ok unzero 1 "$tmp/a.json" "$tmp/unzero.json" --fail-over 1000
[ "$(verdict unzero color/lea_shr_and/asm ordered throughput)" = "SLOWER (over --fail-over)" ] &&
    said unzero 'slower: 1 row, the most color/lea_shr_and/asm ordered throughput (+0.990 cycles from about zero)' && ok ||
    bad "from zero to a cost: $(verdict unzero color/lea_shr_and/asm ordered throughput)"
# From a cost to about zero: no ratio of them (it read -0.323, "-132.3%"),
# B - A in cycles, said so under the table.
compare_ok tozero 0 "$tmp/small.json" "$tmp/tozero.json"
grep -q '^color/lea_shr_and/asm  *ordered  *throughput .* -0.164c  .* faster$' "$tmp/tozero.txt" &&
    said tozero 'faster: 1 row, the most color/lea_shr_and/asm ordered throughput (-0.164 cycles to about zero)' &&
    grep -q '^note: B/A reads B - A in cycles' "$tmp/tozero.txt" && ! grep -q -- '-1[0-9][0-9]\.[0-9]%' "$tmp/tozero.txt" &&
    ok || bad "from a cost to about zero: $(grep throughput "$tmp/tozero.txt")"

# Two files of older runs, their cores' one probe 5.34 and 4.76 adds a cycle
# (B's core shared): the first line says so, no row is judged, exit 0 (two
# such runs of one build read 2,160 rows slower, exit 1).
jq '.clock.alu_per_cycle = 5.34' "$tmp/a.json" >"$tmp/quiet.json"
jq '.clock.alu_per_cycle = 4.76' "$tmp/slow.json" >"$tmp/shared.json"
compare_ok cores 0 "$tmp/quiet.json" "$tmp/shared.json"
head -1 "$tmp/cores.txt" | grep -q "^the sides' cores differed: A gave 5.34 independent adds a cycle, B 4.76 (another thread shared B's core): B's rows read slow for it, so no row is judged" &&
    said cores 'slower: none' && said cores 'verdict: nothing judged, the sides'"'"' cores differed: exit 0' &&
    ok || bad "cores that differed: $(head -1 "$tmp/cores.txt")"
compare_ok cores_json 0 "$tmp/quiet.json" "$tmp/shared.json" --format json
jq -e '.cores == {a: 5.34, b: 4.76, differ: true} and .summary.not_judged == 5 and .summary.slower == 0' \
    "$tmp/cores_json.txt" >/dev/null && ok || bad "cores in the JSON: $(jq -c '.cores, .summary' "$tmp/cores_json.txt")"

# Six repetitions a side can show a change (the U test they had before could
# not survive the correction); one a side cannot be tested.
jq '.results |= map(.samples |= .[0:6] | .reps = 6)' "$tmp/a.json" >"$tmp/six.json"
jq '.results |= map(.samples |= .[0:6] | .reps = 6)' "$tmp/slow.json" >"$tmp/six_slow.json"
compare_ok six 1 "$tmp/six.json" "$tmp/six_slow.json" --fail-over 5
[ "$(verdict six color/lea_shr_and/asm ordered latency)" = "SLOWER (over --fail-over)" ] && ok ||
    bad "six repetitions: $(verdict six color/lea_shr_and/asm ordered latency)"
jq '.results |= map(.samples |= .[0:1] | .reps = 1)' "$tmp/a.json" >"$tmp/one.json"
compare_ok one 0 "$tmp/one.json" "$tmp/one.json" --all
verdict one color/lea_shr_and/asm ordered latency | grep -q '^untested (one sample a side)$' &&
    grep -q '^rows not tested: 1 about zero in both runs, 0 with a non-finite sample or median, 4 with one sample a side$' "$tmp/one.txt" &&
    said one 'detectable change: none (no row t-tested)' &&
    ok || bad "one sample a side: $(verdict one color/lea_shr_and/asm ordered latency)"

# Thousands of rows timed in three processes a run, two samples each: each
# process's level drawn around the row's cost with 0.3% spread (a twentieth of
# the rows 2%), its samples 0.05% around that. Two runs of one build flag
# nothing; a variant one cycle slower on its 7 sequences is flagged there alone.
processes_run() { # processes_run FILE SEED [SLOW-ID]
    python3 - "$@" <<'PY' || bad "python could not make $1"
import json, math, random, sys
out, seed, slow = sys.argv[1], int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else None
rng = random.Random(seed)
seqs = ["ordered", "random", "dark", "light", "alternating", "game-moves", "game-bishops"]
rows = []
for v in range(150):
    vid = "color/inreg32/asm" if v == 0 else "color/t%d/asm" % v
    for m, mode in enumerate(["latency", "throughput", "branch", "call"]):
        for s, seq in enumerate(seqs):
            c = 2.0 if v == 0 else math.exp(random.Random(v * 100 + m * 10 + s).uniform(math.log(0.3), math.log(30)))
            if vid == slow and mode == "latency":
                c += 1
            spread = 0.02 if (v * 28 + m * 7 + s) % 20 == 19 else 0.003
            samples, procs = [], []
            for p in range(3):
                level = c * (1 + spread * rng.gauss(0, 1))
                samples += [level * (1 + 0.0005 * rng.gauss(0, 1)) for _ in range(2)]
                procs += [p, p]
            x = sorted(samples)
            st = {"min": x[0], "median": (x[2] + x[3]) / 2, "p90": x[5], "ci95": [x[0], x[5]]}
            f, t, i = vid.split("/")
            rows.append({"id": vid, "family": f, "technique": t, "impl": i, "sequence": seq,
                         "mode": mode, "cycles": st, "ticks": st, "ns": st, "reps": 6,
                         "samples": samples, "processes": procs})
json.dump({"schema": 1, "tool": {"name": "sqcolor", "version": "test", "commit": "test"},
           "machine": {"vendor": "AuthenticAMD", "brand": "made up", "family": 26, "model": 2, "stepping": 0},
           "clock": {"source": "perf", "tsc_source": "measured", "tsc_hz": 1e9, "core_hz": 1e9},
           "config": {"reps": 6, "length": 4096, "seed": 1}, "results": rows}, open(out, "w"))
PY
}
processes_run "$tmp/proc_a.json" 1
processes_run "$tmp/proc_b.json" 2
processes_run "$tmp/proc_slow.json" 2 color/inreg32/asm
compare_ok proc_same 0 "$tmp/proc_a.json" "$tmp/proc_b.json" --fail-over 5
summary proc_same | grep -q '^compare: 4200 rows matched, 4200 tested ' && unchanged proc_same &&
    ! grep -q '^note: .* no two processes' "$tmp/proc_same.txt" && ok ||
    bad "two runs of one build in processes: $(grep -E ' (slower|faster|SLOWER)' "$tmp/proc_same.txt" | head -3) $(summary proc_same)"
compare_ok proc_slow 1 "$tmp/proc_a.json" "$tmp/proc_slow.json" --fail-over 5 --format json
jq -e '[.rows[] | select(.verdict != "same") | [.id, .mode, .verdict, .test, .over_fail_over]] ==
       [range(7) | ["color/inreg32/asm", "latency", "slower", "processes", true]] and
       .summary.significant == 7 and .summary.over_fail_over == 7 and
       ([.rows[] | select(.id == "color/inreg32/asm" and .mode == "latency") | .detectable_pct] | all(. < 50)) and
       (.summary.detectable_pct.median | . >= 1 and . < 20)' "$tmp/proc_slow.txt" >/dev/null && ok ||
    bad "a variant a cycle slower in processes: $(jq -c '[.rows[] | select(.verdict != "same")][0:9], .summary' "$tmp/proc_slow.txt")"
# The table: the variant's 7 rows alone, the detectable change's spread in
# the summary.
compare_ok proc_slow_table 1 "$tmp/proc_a.json" "$tmp/proc_slow.json" --fail-over 5
[ "$(grep -c '^color/inreg32/asm  *[a-z-]*  *latency .* SLOWER (over --fail-over)$' "$tmp/proc_slow_table.txt")" -eq 7 ] &&
    [ "$(grep -c '^color/' "$tmp/proc_slow_table.txt")" -eq 7 ] &&
    grep -q '^slower: 7 rows, the most color/inreg32/asm [a-z-]* latency (+[45][0-9].[0-9]%)$' "$tmp/proc_slow_table.txt" &&
    grep -q '^detectable change: median [0-9.]*%, 90th percentile [0-9.]*% of A$' "$tmp/proc_slow_table.txt" &&
    said proc_slow_table 'verdict: 7 significant slowdowns over --fail-over 5%: exit 1' &&
    ok || bad "the table of a variant a cycle slower: $(cat "$tmp/proc_slow_table.txt")"
# A file without processes against one with: its one process is set against the
# other's three (a side of one value is one more draw of the other's spread),
# never its samples; a row whose processes lie at two speeds that side's
# samples share is judged by them.
jq '.results |= map(del(.processes))' "$tmp/proc_a.json" >"$tmp/proc_none.json"
compare_ok proc_mixed 0 "$tmp/proc_none.json" "$tmp/proc_b.json" --format json --all
jq -e '([.rows[].test] | unique - ["speeds"]) == ["processes"] and .summary.significant == 0' "$tmp/proc_mixed.txt" >/dev/null && ok ||
    bad "a file without processes against one with: $(jq -c .summary "$tmp/proc_mixed.txt")"

# Batch rows: intervals apart decide, and --fail-over counts a batch slowdown.
batch_row() { echo "{id: \"color_batch/avx2/asm\", n: 4096, reps: 11, cycles: {min: $1, median: $1, p90: $1, ci95: [$1 - 0.001, $1 + 0.001]}}"; }
jq ".batch = [$(batch_row 0.035)]" "$tmp/a.json" >"$tmp/batch_a.json"
jq ".batch = [$(batch_row 0.045)]" "$tmp/a.json" >"$tmp/batch_slow.json"
jq ".batch = [$(batch_row 0.0355)]" "$tmp/a.json" >"$tmp/batch_near.json"
compare_ok batch_slow 1 "$tmp/batch_a.json" "$tmp/batch_slow.json" --fail-over 10
grep -q '^color_batch/avx2/asm  *4096 .* slower (over --fail-over)$' "$tmp/batch_slow.txt" &&
    said batch_slow 'batch rows: 1 matched, 1 slower, 0 faster, 0 only in A, 0 only in B' &&
    said batch_slow 'scalar rows: no changes' &&
    said batch_slow 'verdict: 1 significant slowdown over --fail-over 10%: exit 1' && ok ||
    bad "batch slowdown: $(cat "$tmp/batch_slow.txt")"
compare_ok batch_near 0 "$tmp/batch_a.json" "$tmp/batch_near.json" --fail-over 10
said batch_near 'batch rows: no changes' && ! grep -q '^color_batch/' "$tmp/batch_near.txt" && ok ||
    bad "batch within intervals: $(cat "$tmp/batch_near.txt")"
compare_ok batch_near_all 0 "$tmp/batch_a.json" "$tmp/batch_near.json" --fail-over 10 --all
grep -q '^color_batch/avx2/asm  *4096 .* -$' "$tmp/batch_near_all.txt" && ! grep -q '^batch rows: no changes' "$tmp/batch_near_all.txt" &&
    ok || bad "batch within intervals, --all: $(cat "$tmp/batch_near_all.txt")"
"$bin" compare "$tmp/batch_a.json" "$tmp/batch_near.json" --format json | jq -e '.batch == []' >/dev/null &&
    "$bin" compare "$tmp/batch_a.json" "$tmp/batch_near.json" --format json --all |
    jq -e '.batch | length == 1 and .[0].verdict == "same"' >/dev/null && ok || bad "batch rows in JSON, with and without --all"
# Batch rows with samples from 3 processes are tested as scalar rows are:
# process medians 0.0350-0.0352 against themselves a hair apart: the same;
# moved 10%: slower. Processes 0.004 apart run at two speeds, and are judged
# by them: one of them A's, not told; all 10% on, slower.
batch_samples() { # batch_samples SCALE SPREAD: 12 samples, 4 a process
    jq -n --argjson k "$1" --argjson w "$2" '[range(12)] | map((0.035 + (. / 4 | floor) * $w) * $k +
        (. % 4) * 1e-6)'
}
batch_with() { # batch_with SCALE SPREAD OUT
    jq --argjson s "$(batch_samples "$1" "$2")" \
        '.batch[0] |= (.reps = 12 | .samples = $s | .processes = [range(12) | . / 4 | floor] |
         .cycles.median = ($s | sort | (.[5] + .[6]) / 2))' "$tmp/batch_a.json" >"$3"
}
batch_with 1 0.0001 "$tmp/bs_a.json"
batch_with 1.0003 0.0001 "$tmp/bs_same.json"
batch_with 1.1 0.0001 "$tmp/bs_slow.json"
batch_with 1 0.004 "$tmp/bs_wide.json"
batch_with 1.1 0.004 "$tmp/bs_shift.json"
batch_with 1.02 0.0001 "$tmp/bs_run.json"
compare_ok bs_same 0 "$tmp/bs_a.json" "$tmp/bs_same.json"
said bs_same 'batch rows: 1 matched, 0 slower, 0 faster, 0 only in A, 0 only in B' && ok ||
    bad "batch with samples, one distribution: $(cat "$tmp/bs_same.txt")"
compare_ok bs_slow 1 "$tmp/bs_a.json" "$tmp/bs_slow.json"
grep -q '^color_batch/avx2/asm  *4096 .* slower (over --fail-over)$' "$tmp/bs_slow.txt" && ok ||
    bad "batch with samples, 10% slower: $(cat "$tmp/bs_slow.txt")"
compare_ok bs_wide 0 "$tmp/bs_a.json" "$tmp/bs_wide.json"
said bs_wide 'batch rows: 1 matched, 0 slower, 0 faster, 0 only in A, 0 only in B' && ok ||
    bad "batch at two speeds, one of them A's: $(cat "$tmp/bs_wide.txt")"
compare_ok bs_shift 1 "$tmp/bs_a.json" "$tmp/bs_shift.json"
grep -q '^color_batch/avx2/asm  *4096 .* slower (over --fail-over)$' "$tmp/bs_shift.txt" && ok ||
    bad "batch at two speeds, both 10% past A's: $(cat "$tmp/bs_shift.txt")"
# A whole run 2% apart, its processes agreeing (as past L1 a run moves
# together): under the 3% floor.
compare_ok bs_run 0 "$tmp/bs_a.json" "$tmp/bs_run.json"
said bs_run 'batch rows: 1 matched, 0 slower, 0 faster, 0 only in A, 0 only in B' && ok ||
    bad "batch, a run 2% apart: $(cat "$tmp/bs_run.txt")"
compare_ok batch_missing 0 "$tmp/batch_a.json" "$tmp/a.json"
said batch_missing 'batch rows: 0 matched, 0 slower, 0 faster, 1 only in A, 0 only in B' &&
    said batch_missing 'batch rows: no changes' && ok ||
    bad "batch rows only in A: $(cat "$tmp/batch_missing.txt")"

# Tables have no limit on their techniques, impls or sequences (item 14 of
# issue 14: a 200-technique file showed 64 rows).
make_run "$tmp/wide200.json" '[range(200) | row("color/t\(.)/asm"; "random"; "latency"; one(4))]'
"$bin" report "$tmp/wide200.json" --detail >"$tmp/wide200.txt" 2>&1
[ "$(grep -c '^t[0-9]* ' "$tmp/wide200.txt")" -eq 400 ] && grep -q '^t199 ' "$tmp/wide200.txt" && ok ||
    bad "a 200-technique file's two tables have $(grep -c '^t[0-9]* ' "$tmp/wide200.txt") rows, not 2 x 200"
make_run "$tmp/impls70.json" '[range(70) | row("color/lea_shr_and/i\(.)"; "random"; "latency"; one(4))]'
"$bin" report "$tmp/impls70.json" --detail >"$tmp/impls70.txt" 2>&1
grep '^technique' "$tmp/impls70.txt" | sed -n 2p | grep -q ' i69$' && grep -q '^lea_shr_and' "$tmp/impls70.txt" && ok ||
    bad "a 70-impl detailed table: $(grep '^technique' "$tmp/impls70.txt" | sed -n 2p | tail -c 100)"
make_run "$tmp/seqs70.json" '[range(70) | row("color/lea_shr_and/asm"; "file:s\(.).txt"; "latency"; one(4))]'
"$bin" report "$tmp/seqs70.json" --detail >"$tmp/seqs70.txt" 2>&1
[ "$(grep -c '^color — latency, sequence file:s[0-9]*.txt ' "$tmp/seqs70.txt")" -eq 70 ] && grep -q 'sequence file:s69.txt ' "$tmp/seqs70.txt" &&
    ok || bad "a 70-sequence run has $(grep -c '^color — latency, sequence file:s[0-9]*.txt ' "$tmp/seqs70.txt") tables"
# The console's tables, for 15 impls and the catalogue's techniques per family
# with the game sequences: at most 120 lines, none wider than 160 characters
# (issue 13); --detail has the matrix and every variant's games.
techniques=$("$bin" list --format csv --filter '*/*/asm' | awk -F, '$5 == "scalar"' | cut -d, -f2 |
    jq -R -s -c 'split("\n") | map(select(. != "")) | group_by(.) | map({key: .[0], value: length}) | from_entries')
ntechniques=$(echo "$techniques" | jq 'add')
make_run "$tmp/big.json" '[('"$techniques"' | to_entries[]) as $f |
    range($f.value) as $t | (["asm"] + [range(7) | "gcc-\(. + 8)", "clang-\(. + 13)-native"])[] as $i |
    ("latency", "throughput", "branch", "call") as $m |
    (("ordered", "random"), if $m == "branch" then (if ($f.key | test("same|different")) then
        "game-bishop-pairs" else ("game-moves", "game-bishops") end) else empty end) as $s |
    row("\($f.key)/technique_number_\($t)/\($i)"; $s; $m; one(4 + $t / 10))]'
# With the batch rows of every batch variant and bound at both sizes: the
# console has their per-level table alone.
batch_ids=$("$bin" list --format csv | awk -F, '$5 == "batch" { print $1 }' | jq -R -s -c 'split("\n") | map(select(. != ""))
    + ["color_batch/copy_xmm/bound", "color_batch/copy_ymm/bound", "color_batch/copy_zmm/bound"]')
jq --argjson ids "$batch_ids" '.batch = [$ids[] as $id | (4096, 262144) as $n |
    {id: $id, n: $n, reps: 11, cycles: {min: 0.02, median: 0.03, p90: 0.04, ci95: [0.025, 0.035]}}]' \
    "$tmp/big.json" >"$tmp/big_batch.json" && mv "$tmp/big_batch.json" "$tmp/big.json"
# With every compiler one machine code, each best C cell ends in '=': still 160.
jq '.code = ([.results[].id] | unique | map({id: ., insns: 4, bytes: 11, hash: "0123456789abcdef"}))' \
    "$tmp/big.json" >"$tmp/big_one_code.json"
for big in big big_one_code; do
    "$bin" report "$tmp/$big.json" >"$tmp/$big.txt" 2>&1
    lines=$(wc -l <"$tmp/$big.txt") width=$(wc -L <"$tmp/$big.txt")
    [ "$lines" -le 120 ] && [ "$width" -le 160 ] && [ "$(grep -c '^technique_number_' "$tmp/$big.txt")" -eq "$ntechniques" ] &&
        grep -q "real games" "$tmp/$big.txt" && grep -q '^load/store bound .*0.030±0.005' "$tmp/$big.txt" && ok ||
        bad "15 impls x $ntechniques techniques ($big): $lines lines, $width wide, $(grep -c '^technique_number_' "$tmp/$big.txt") technique rows"
done
grep -q '^technique_number_0 .* all=' "$tmp/big_one_code.txt" && ! grep -q ' all=' "$tmp/big.txt" && ok ||
    bad "one code: no '=' after the best C keys, or one without code facts: $(grep -m1 '^technique_number_0 ' "$tmp/big_one_code.txt")"
make_run "$tmp/wide1100.json" '[range(1100) | row("color/t\(.)/asm"; "random"; "latency"; one(4))]'
"$bin" report "$tmp/wide1100.json" "$tmp/wide200.json" --detail >"$tmp/two_files.txt" 2>&1
[ "$(grep -c '^t[0-9]*/asm ' "$tmp/two_files.txt")" -eq 1100 ] && ok ||
    bad "two files' table of 1100 variants has $(grep -c '^t[0-9]*/asm ' "$tmp/two_files.txt") rows"

# 10,000 rows load, report and compare (item 15 of issue 14: variant lookup
# and row matching were quadratic, 6 s in report and 24 s in compare of
# 40,000). That they take time linear in the rows is tests/report_scale.py's
# to check, by the ratio of two sizes' CPU times: a bound in seconds here
# failed on a busy or slower host; these are the formats' checks at a size.
jq -n -c "$defs"'
def stats: {min: 1, median: 2, p90: 3, ci95: [1.5, 2.5]};
run([range(10000) as $i | ("t\($i / 40 | floor)") as $t | (["asm", "gcc-12"][$i % 2]) as $impl |
    {id: "color/\($t)/\($impl)", family: "color", technique: $t, impl: $impl,
     sequence: ["ordered", "random", "dark", "light", "alternating"][($i / 2 | floor) % 5],
     mode: ["latency", "throughput", "branch", "call"][($i / 10 | floor) % 4],
     cycles: stats, ticks: stats, ns: stats, reps: 15, samples: one(2)}])' >"$tmp/big.json"
# big NAME command...: the command succeeds (stopped after 10 minutes: a hang).
big() {
    local name=$1
    shift
    timeout 600 "$@" >"$tmp/$name.txt" 2>&1 && ok || bad "$name of 10,000 rows: exit $?: $(tail -1 "$tmp/$name.txt")"
}
big big_csv "$bin" report "$tmp/big.json" --format csv
big big_table "$bin" report "$tmp/big.json"
big big_two "$bin" report "$tmp/big.json" "$tmp/big.json"
big big_json "$bin" report "$tmp/big.json" --format json
jq -c '.code = ([.results[].id] | unique | map({id: ., insns: 4, bytes: 11, hash: "0123456789abcdef"}))' \
    "$tmp/big.json" >"$tmp/big_code.json"
big big_markdown "$bin" report "$tmp/big_code.json" --format markdown
# The figures are the samples' (all 2), whatever the file's statistics say.
grep -q '^| color/t249 | 2.00±0.00 | asm = gcc-12 |' "$tmp/big_markdown.txt" && ok ||
    bad "big markdown: $(grep -m1 '^| color/t249 ' "$tmp/big_markdown.txt")"
big big_compare "$bin" compare "$tmp/big.json" "$tmp/big.json"
grep -q '^compare: 10000 rows matched' "$tmp/big_compare.txt" && ok || bad "big compare: $(tail -1 "$tmp/big_compare.txt")"

# A group whose rows all moved alike (something the processes share, as the
# branch rows of the AMD Zen 5 guest at one of two speeds a process): a line
# says the group moved as a whole, in the table and in the JSON, and its rows
# are not judged (exit 0); three rows of 25 moving do not move the group.
make_run "$tmp/group.json" '[range(25) | row("color/t\(.)/asm"; "random"; "branch"; one(10))]'
make_run "$tmp/group_moved.json" '[range(25) | row("color/t\(.)/asm"; "random"; "branch"; one(10.6))]'
make_run "$tmp/group_three.json" '[range(25) | row("color/t\(.)/asm"; "random"; "branch"; one(if . < 3 then 10.6 else 10 end))]'
compare_ok group_moved 0 "$tmp/group.json" "$tmp/group_moved.json"
grep -q '^drift: color branch rows on random read 6.0% slower in B as a group (the median of 25 timed alone): something the runs. processes share moved them, so none of its 25 rows is judged' "$tmp/group_moved.txt" &&
    ! grep -q ' SLOWER' "$tmp/group_moved.txt" && grep -q '^not judged: ' "$tmp/group_moved.txt" && ok ||
    bad "group moved: $(grep -m3 'drift\|t1/\|not judged' "$tmp/group_moved.txt")"
"$bin" compare "$tmp/group.json" "$tmp/group_moved.json" --format json |
    jq -e '.drift == [{"family": "color", "mode": "branch", "sequence": "random", "ratio": 1.06, "rows": 25}] and .summary.not_judged_drift == 25 and .summary.slower == 0' >/dev/null &&
    ok || bad "group moved, json: $("$bin" compare "$tmp/group.json" "$tmp/group_moved.json" --format json | jq -c .drift)"
compare_ok group_three 1 "$tmp/group.json" "$tmp/group_three.json"
[ "$(grep -c ' SLOWER' "$tmp/group_three.txt")" -eq 3 ] && ! grep -q '^drift' "$tmp/group_three.txt" &&
    said group_three 'groups that moved as a whole: no changes' && ok ||
    bad "three of a group: $(grep -c ' SLOWER' "$tmp/group_three.txt") slower, $(grep '^drift' "$tmp/group_three.txt")"
compare_ok group_same 0 "$tmp/group.json" "$tmp/group.json"
grep -q '^drift' "$tmp/group_same.txt" && bad "a file against itself drifted" || ok

# --alpha still works; bad --fail-over and --alpha values are one line and exit 2.
compare_ok alpha 1 "$tmp/a.json" "$tmp/slow.json" --alpha 0.05 --fail-over 2.5
expect_usage "--fail-over takes a number from 0 to 1000, not 'abc'" compare "$tmp/a.json" "$tmp/a.json" --fail-over abc
expect_usage "--fail-over takes a number from 0 to 1000, not '-1'" compare "$tmp/a.json" "$tmp/a.json" --fail-over -1
expect_usage "--fail-over takes a number from 0 to 1000, not '1001'" compare "$tmp/a.json" "$tmp/a.json" --fail-over 1001
expect_usage "--fail-over takes a number from 0 to 1000, not '2.5%'" compare "$tmp/a.json" "$tmp/a.json" --fail-over 2.5%
expect_usage "--alpha takes a number between 0 and 1, not '0'" compare "$tmp/a.json" "$tmp/a.json" --alpha 0

finish compare
