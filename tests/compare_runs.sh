#!/usr/bin/env bash
# compare with several result files a side, each run a unit, and --paired,
# on files with known answers (tests/ab_fixtures.py: a real quick run's rows,
# their samples made anew). Nothing is timed.
# usage: tests/compare_runs.sh path/to/sqcolor
bin=$1
data=$(cd "$(dirname "$0")" && pwd)/data/batch_two_speeds
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

"$bin" run --quick --filter 'color/inreg32/*' --format json --output "$tmp/base.json" \
    2>/dev/null || bad "could not make a result file"
python3 "$(dirname "$0")/ab_fixtures.py" "$tmp/base.json" "$tmp/fx" || bad "no fixtures"
# A base row whose every sample the host spoiled (a busy CI host) still
# makes fixtures.
jq '.results.rows[0][.results.columns | index("samples")] |= map(null)' "$tmp/base.json" >"$tmp/spoiled.json" &&
    python3 "$(dirname "$0")/ab_fixtures.py" "$tmp/spoiled.json" "$tmp/fx-spoiled" && ok ||
    bad "no fixtures from a base row of null samples"
cd "$tmp/fx" || exit 1

# flagged FILE: the rows a compare JSON calls slower or faster, "N id mode verdict test".
flagged() {
    jq -r '.rows[] | select(.verdict == "slower" or .verdict == "faster") |
           "\(.id) \(.mode) \(.verdict) \(.test)"' "$1" | sort | uniq -c | sed 's/^ *//'
}
want='7 color/inreg32/asm latency slower'

# Three runs a side, each summed up by its median: B's changed rows and no
# other, exit 1; with no change, nothing, exit 0.
"$bin" compare runs/a-{1,2,3}.json -- runs/b-{1,2,3}.json --format json >"$tmp/runs.json"
rc=$?
[ $rc -eq 1 ] && [ "$(flagged "$tmp/runs.json")" = "$want runs" ] && ok ||
    bad "three runs a side: exit $rc, $(flagged "$tmp/runs.json")"
"$bin" compare runs/a-{1,2,3}.json -- runs/b-same-{1,2,3}.json --format json >"$tmp/same.json"
rc=$?
[ $rc -eq 0 ] && [ -z "$(flagged "$tmp/same.json")" ] && ok ||
    bad "three runs a side, no change: exit $rc, $(flagged "$tmp/same.json")"
"$bin" compare runs/a-{1,2,3}.json -- runs/b-same-{1,2,3}.json >"$tmp/same.txt"
grep -q '^compare: .* tested ([0-9]* t-tests of runs at q ' "$tmp/same.txt" && ok ||
    bad "the summary names no runs: $(tail -1 "$tmp/same.txt")"
# Why: one run a side, B's whole run 3% slower (the host's state of its
# minute) and its processes agreeing, flags rows by the hundred.
"$bin" compare weather-a.json weather-b.json --format json >"$tmp/weather.json"
rc=$?
[ $rc -eq 1 ] && [ "$(flagged "$tmp/weather.json" | wc -l)" -gt 10 ] && ok ||
    bad "one run a side 3% apart: exit $rc, $(flagged "$tmp/weather.json" | wc -l) kinds of row"
# A side of one run beside three: that run is one unit.
"$bin" compare runs/a-1.json -- runs/b-same-{1,2,3}.json --format json >"$tmp/one.json"
rc=$?
[ $rc -eq 0 ] && [ -z "$(flagged "$tmp/one.json")" ] && ok ||
    bad "one run against three, no change: exit $rc, $(flagged "$tmp/one.json")"

# Runs in turns (pair K's A and B share a drift of up to 30%), B's changed
# rows 17% slower: --paired tests the differences pair by pair and finds
# them; unpaired, the drift is the spread and hides them.
a_runs=(pairs-change/a/run-{0..7}.json) b_runs=(pairs-change/b/run-{0..7}.json)
"$bin" compare --paired "${a_runs[@]}" -- "${b_runs[@]}" --format json >"$tmp/paired.json"
rc=$?
[ $rc -eq 1 ] && [ "$(flagged "$tmp/paired.json")" = "$want pairs" ] && ok ||
    bad "--paired, B 17% slower: exit $rc, $(flagged "$tmp/paired.json")"
"$bin" compare "${a_runs[@]}" -- "${b_runs[@]}" --format json >"$tmp/unpaired.json"
rc=$?
[ $rc -eq 0 ] && [ -z "$(flagged "$tmp/unpaired.json")" ] && ok ||
    bad "unpaired, the change seen through the drift: exit $rc, $(flagged "$tmp/unpaired.json")"
"$bin" compare --paired pairs-same/a/run-{0..7}.json -- pairs-same/b/run-{0..7}.json \
    --format json >"$tmp/paired_same.json"
rc=$?
[ $rc -eq 0 ] && [ -z "$(flagged "$tmp/paired_same.json")" ] && ok ||
    bad "--paired, no change: exit $rc, $(flagged "$tmp/paired_same.json")"

# A batch row at two speeds in every run of one build (color_mask/scalar/
# clang-19 at 256 KiB, each run's processes between 1.99 and 2.45 cycles;
# Intel 0xa7, three default runs a side): the runs' medians decide, not the
# "speeds" of runs, which read 1.97|2.41 against 2.06|2.23 and were called
# slower.
"$bin" compare "$data"/a-{1,2,3}.json -- "$data"/b-{1,2,3}.json >"$tmp/two_speeds.txt"
rc=$?
[ $rc -eq 0 ] && grep -q '^batch rows: 1 matched, 0 slower, 0 faster' "$tmp/two_speeds.txt" && ok ||
    bad "a batch row at two speeds in runs of one build: exit $rc, $(cat "$tmp/two_speeds.txt")"

finish compare_runs
