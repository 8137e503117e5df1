#!/usr/bin/env bash
# A saved run keeps its numbers exactly: a length of 2^20 squares and a seed
# of 2^64-1 come back whole in the report's footer (schema 1 printed them as
# 1.04858e+06 and refused such a seed on reading); its samples are kept to
# the resolution measured, as the run itself took them, so every figure the
# report prints from the file is the run's (CSV, four decimals, included);
# the file read and written again is the same bytes; and a schema-2 file
# converted to schema 3 prints the same tables as before.
# usage: tests/results_exact.sh path/to/sqcolor
bin=$1
schema2=$(dirname "$0")/data/schema2.json
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

"$bin" run --quick --filter 'color/lea_shr_and/*' --length 1048576 --seed 18446744073709551615 \
    --save --results-dir "$tmp/res" --format csv >"$tmp/run.csv" 2>"$tmp/run.err" && ok || bad "run --save: $(cat "$tmp/run.err")"
saved=$(find "$tmp/res" -name '*.json')
[ -f "$saved" ] && ok || bad "no saved file: $(cat "$tmp/run.err")"

"$bin" report "$saved" >"$tmp/report.txt" 2>"$tmp/report.err" && ok || bad "report: $(cat "$tmp/report.err")"
# The footer is one note, wrapped: its continuation lines are indented.
footer=$(awk '/^run: /{f=1; printf "%s", $0; next} f && /^    /{sub(/^ +/, " "); printf "%s", $0; next} {f=0}' "$tmp/report.txt")
grep -qF 'sequences of 1048576 squares' <<<"$footer" && grep -qF 'seed 18446744073709551615,' <<<"$footer" &&
    ok || bad "the footer: $footer"

grep -qF '"length": 1048576,' "$saved" && grep -qF '"seed": "18446744073709551615",' "$saved" &&
    jq -e '.schema == 3 and .config.length == 1048576 and .config.seed == "18446744073709551615"' "$saved" >/dev/null &&
    ok || bad "the file's config: $(jq -c .config "$saved")"

# The run's figures are the file's: its CSV, from the run in memory, is the
# report's of the file.
"$bin" report "$saved" --format csv | cmp -s - "$tmp/run.csv" &&
    ok || bad "the run's CSV and its file's differ: $(diff "$tmp/run.csv" <("$bin" report "$saved" --format csv) | head -4)"
# Samples with 6 significant digits at most (25 us of a GHz TSC: under 10^5
# ticks; docs/file-formats.md), none with 7.
jq -r '.results.columns as $c | .results.rows[] | .[$c | index("samples")] // empty | .[]' "$saved" |
    awk '{ s = $1; sub(/^-/, "", s); sub(/e.*/, "", s); gsub(/\./, "", s); sub(/^0+/, "", s)
           if (length(s) > 6) { print; exit 1 } }' >"$tmp/long.txt" &&
    ok || bad "a sample with more digits than measured: $(cat "$tmp/long.txt")"

# Every double read back is written with the same digits again.
"$bin" report "$saved" --format json >"$tmp/again.json" && cmp -s "$saved" "$tmp/again.json" &&
    ok || bad "read and written again, the file differs: $(diff "$saved" "$tmp/again.json" | head -5)"

# A file of schema 2 and its copy converted to schema 3 print the same tables
# (but for the footer's file name), in every form of report.
"$bin" report "$schema2" --format json --output "$tmp/converted.json" && jq -e '.schema == 3' "$tmp/converted.json" >/dev/null &&
    ok || bad "report --format json of a schema-2 file"
for form in "" "--detail" "--format markdown --detail" "--format csv" "--format html"; do
    # shellcheck disable=SC2086
    "$bin" report "$schema2" $form | sed "s|$schema2|FILE|g" >"$tmp/old.out"
    # shellcheck disable=SC2086
    "$bin" report "$tmp/converted.json" $form | sed "s|$tmp/converted.json|FILE|g" >"$tmp/new.out"
    [ -s "$tmp/old.out" ] && cmp -s "$tmp/old.out" "$tmp/new.out" &&
        ok || bad "report $form of a schema-2 file and of its conversion differ: $(diff "$tmp/old.out" "$tmp/new.out" | head -4)"
done
"$bin" compare "$schema2" "$tmp/converted.json" >"$tmp/cmp.txt"
grep -qx 'scalar rows: no changes' "$tmp/cmp.txt" && grep -qx 'slower: none' "$tmp/cmp.txt" &&
    grep -qx 'faster: none' "$tmp/cmp.txt" && ok || bad "compare of a file and its conversion: $(cat "$tmp/cmp.txt")"
finish results_exact
