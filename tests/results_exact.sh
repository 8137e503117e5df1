#!/usr/bin/env bash
# A saved run keeps its numbers exactly: a length of 2^20 squares and a seed
# of 2^64-1 come back whole in the report's footer (schema 1 printed them as
# 1.04858e+06 and refused such a seed on reading), and the file read and
# written again is the same bytes.
# usage: tests/results_exact.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

"$bin" run --quick --filter 'color/lea_shr_and/*' --length 1048576 --seed 18446744073709551615 \
    --save --results-dir "$tmp/res" >/dev/null 2>"$tmp/run.err" && ok || bad "run --save: $(cat "$tmp/run.err")"
saved=$(find "$tmp/res" -name '*.json')
[ -f "$saved" ] && ok || bad "no saved file: $(cat "$tmp/run.err")"

"$bin" report "$saved" >"$tmp/report.txt" 2>"$tmp/report.err" && ok || bad "report: $(cat "$tmp/report.err")"
# The footer is one note, wrapped: its continuation lines are indented.
footer=$(awk '/^run: /{f=1; printf "%s", $0; next} f && /^    /{sub(/^ +/, " "); printf "%s", $0; next} {f=0}' "$tmp/report.txt")
grep -qF 'sequences of 1048576 squares' <<<"$footer" && grep -qF 'seed 18446744073709551615,' <<<"$footer" &&
    ok || bad "the footer: $footer"

grep -qF '"length": 1048576,' "$saved" && grep -qF '"seed": "18446744073709551615",' "$saved" &&
    jq -e '.schema == 2 and .config.length == 1048576 and .config.seed == "18446744073709551615"' "$saved" >/dev/null &&
    ok || bad "the file's config: $(jq -c .config "$saved")"

# Every double read back bit for bit is written with the same digits again.
"$bin" report "$saved" --format json >"$tmp/again.json" && cmp -s "$saved" "$tmp/again.json" &&
    ok || bad "read and written again, the file differs: $(diff "$saved" "$tmp/again.json" | head -5)"
finish results_exact
