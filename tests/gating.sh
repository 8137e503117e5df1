#!/usr/bin/env bash
# The CPU-feature gate, on a CPU made to lack POPCNT, BMI1 and BMI2
# (SQCOLOR_HIDE_FEATURES): list marks what needs them, verify, run and eval
# leave it out in one line, and nothing of it is called or reported. Each
# says the variable hid it, not that this CPU lacks it: every feature a
# variant here lacks is one hidden, so the words are the same on any CPU.
# usage: tests/gating.sh path/to/sqcolor [path/to/sqcolor-gbench]
bin=$1 gbench=${2:-}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
export SQCOLOR_HIDE_FEATURES=popcnt,bmi1,bmi2
hid='with SQCOLOR_HIDE_FEATURES=popcnt,bmi1,bmi2'
gated='color/(inreg64_shrx|lea_bextr|popcnt)/|color_x88/inreg_x88_shrx/|same_color/inreg32_xor_shrx/'

"$bin" list >"$tmp/list.txt" 2>&1 || bad "list: exit $?"
grep -E "^color/inreg64_shrx/asm .*not supported $hid \(needs bmi2\)\$" "$tmp/list.txt" >/dev/null &&
    grep -E "^color/lea_bextr/gcc-12 .*not supported $hid \(needs bmi1\)\$" "$tmp/list.txt" >/dev/null &&
    grep -E "^color/popcnt/asm .*not supported $hid \(needs popcnt\)\$" "$tmp/list.txt" >/dev/null &&
    ! grep -q 'on this CPU' "$tmp/list.txt" && ok ||
    bad "list does not mark the gated variants: $(grep -E "$gated" "$tmp/list.txt" | head -3)"
[ "$(grep -c 'not supported' "$tmp/list.txt")" -eq "$(grep -cE "^($gated)" "$tmp/list.txt")" ] && ok ||
    bad "list marks $(grep -c 'not supported' "$tmp/list.txt") variants, $(grep -cE "^($gated)" "$tmp/list.txt") are gated"

# verify: the others pass; one line names what was skipped, grouped by what it lacks.
"$bin" verify >"$tmp/verify.txt" 2>"$tmp/verify.err" || bad "verify: exit $?: $(cat "$tmp/verify.err")"
[ "$(wc -l <"$tmp/verify.err")" -eq 1 ] &&
    grep -qF "variants not supported $hid (needs " "$tmp/verify.err" &&
    grep -qF 'needs bmi2: color/inreg64_shrx, color_x88/inreg_x88_shrx, same_color/inreg32_xor_shrx' "$tmp/verify.err" &&
    grep -qF 'needs bmi1: color/lea_bextr' "$tmp/verify.err" && grep -qF 'needs popcnt: color/popcnt' "$tmp/verify.err" &&
    ok || bad "verify's skip line: $(cat "$tmp/verify.err")"
! grep -qE "^($gated)" "$tmp/verify.txt" && grep -q '^color/bt/asm .*PASS' "$tmp/verify.txt" &&
    grep -q '^verify: [0-9]* passed, 0 failed' "$tmp/verify.txt" && ok || bad "verify ran a gated variant or failed"

# Only gated variants selected: one line, exit 2.
expect_usage "no selected variant is supported $hid (needs bmi2: color/inreg64_shrx)" verify --filter 'color/inreg64_shrx/*'
expect_usage "no selected variant is supported $hid (needs" run --quick --filter 'color/lea_bextr/asm,color/popcnt/*'
expect_usage "no selected variant is supported $hid (needs" eval --filter 'same_color/inreg32_xor_shrx/*'

# eval: the answers of the others only.
"$bin" eval --filter 'color/*/asm' >"$tmp/eval.csv" 2>"$tmp/eval.err" || bad "eval: exit $?"
[ "$(wc -l <"$tmp/eval.err")" -eq 1 ] && ! grep -qE "^($gated)" "$tmp/eval.csv" &&
    grep -q '^color/parity/asm,0,,1$' "$tmp/eval.csv" && ok ||
    bad "eval: $(cat "$tmp/eval.err"); gated rows: $(grep -cE "^($gated)" "$tmp/eval.csv")"

# run --quick: nothing gated timed, printed or saved.
"$bin" run --quick --reps 3 --samples 2 --length 4096 --sequence random --mode latency,branch \
    --filter 'color/inreg64*/*,color/lea_*/asm,color/popcnt/asm' --format markdown --save \
    --results-dir "$tmp/results" >"$tmp/run.md" 2>"$tmp/run.err" || bad "run: exit $?: $(tail -3 "$tmp/run.err")"
saved=$(find "$tmp/results" -name '*.json' | head -1)
[ "$(grep -c "not supported $hid" "$tmp/run.err")" -eq 1 ] && [ -n "$saved" ] &&
    grep -q 'inreg64 ' "$tmp/run.md" && ! grep -v 'test switches' "$tmp/run.md" | grep -qE 'inreg64_shrx|lea_bextr|popcnt' &&
    [ "$(jq "$rows_jq"' [rows | select(.id | test("shrx|bextr|popcnt"))] | length' "$saved")" -eq 0 ] &&
    [ "$(jq "$rows_jq"' [rows | select(.id == "color/inreg64/asm")] | length' "$saved")" -gt 0 ] && ok ||
    bad "run: $(cat "$tmp/run.err" | head -3); gated in the table: $(grep -v 'test switches' "$tmp/run.md" | grep -cE 'inreg64_shrx|lea_bextr|popcnt')"

# The run names the variable where it acted: the file records the features
# hidden, the notes say so, in the run's output and the file's report (the
# file said nothing, and read as a run of the machine as it is).
jq -e '.machine.hidden_features == "popcnt,bmi1,bmi2"' "$saved" >/dev/null &&
    grep -q 'test switches: .*SQCOLOR_HIDE_FEATURES=popcnt,bmi1,bmi2 hid these features' "$tmp/run.md" &&
    "$bin" report "$saved" | grep -q '^test switches: .*SQCOLOR_HIDE_FEATURES=popcnt,bmi1,bmi2 hid' && ok ||
    bad "the run does not name SQCOLOR_HIDE_FEATURES: $(jq -c .machine "$saved"), $(grep -c 'test switches' "$tmp/run.md")"

# try names it too: the technique needs what the variable hides (it said
# this CPU lacked it).
"$bin" try color/gated --asm 'lea eax, [rdi + rdi*8 + 8]; shr eax, 3; and eax, 1' --needs BMI2 --quick \
    >/dev/null 2>"$tmp/try.err"
rc=$?
[ $rc -eq 1 ] && [ "$(cat "$tmp/try.err")" = "sqcolor try: color/gated/asm needs BMI2, which ${hid#with } hides" ] &&
    ok || bad "try of a technique needing a hidden feature: exit $rc, $(cat "$tmp/try.err")"

# The Google Benchmark front end registers none of them. It registers before it
# filters; listing only the gated ones and inreg64 saves some 8 s on 12,000 names.
if [ -n "$gbench" ]; then
    "$gbench" --benchmark_list_tests=true --benchmark_filter="^(color/inreg64/|$gated)" >"$tmp/gb.txt" 2>"$tmp/gb.err" ||
        bad "gbench list: exit $?"
    grep -q '^color/inreg64/asm/' "$tmp/gb.txt" && ! grep -qE "^($gated)" "$tmp/gb.txt" &&
        grep -qF "not supported $hid" "$tmp/gb.err" && ok || bad "gbench lists gated variants"
fi

# One gate for scalar and batch variants: their skip lines have one shape.
shape='skipped [0-9]+ variants? not supported with SQCOLOR_HIDE_FEATURES=bmi2,avx2 \(needs [a-z0-9, ]+: [a-z0-9_/, ]+(; needs [a-z0-9, ]+: [a-z0-9_/, ]+)*\)$'
SQCOLOR_HIDE_FEATURES=bmi2,avx2 "$bin" verify --filter 'color/inreg64_shrx/*,color/bt/asm,color_batch/avx2/asm,color_batch/sse2/asm' \
    >"$tmp/both.out" 2>"$tmp/both.err" || bad "verify, scalar and batch gated: exit $?"
grep -Eq "^sqcolor verify: $shape" "$tmp/both.err" && grep -Eq "^$shape" "$tmp/both.out" &&
    grep -q 'needs avx2: color_batch/avx2)$' "$tmp/both.out" && ok ||
    bad "the scalar and batch skip lines differ: $(cat "$tmp/both.err") / $(grep skipped "$tmp/both.out")"

# Only batch variants this CPU cannot run: one line, exit 2, nothing saved.
SQCOLOR_HIDE_FEATURES=avx2 expect_usage "no selected variant is supported with SQCOLOR_HIDE_FEATURES=avx2 (needs avx2: color_batch/avx2)" \
    run --quick --filter color_batch/avx2/asm --save --results-dir "$tmp/none"
[ ! -e "$tmp/none" ] && ok || bad "run of gated batch variants left $(find "$tmp/none" | head -3)"
SQCOLOR_HIDE_FEATURES=avx2 expect_usage "no selected variant is supported with SQCOLOR_HIDE_FEATURES=avx2 (needs avx2: color_batch/avx2)" \
    batch --quick --filter color_batch/avx2/asm
SQCOLOR_HIDE_FEATURES=bmi2,avx2 expect_usage \
    "no selected variant is supported with SQCOLOR_HIDE_FEATURES=bmi2,avx2 (needs bmi2: color/inreg64_shrx; needs avx2: color_batch/avx2)" \
    verify --filter 'color/inreg64_shrx/asm,color_batch/avx2/asm'

# An unknown feature name is bad input.
SQCOLOR_HIDE_FEATURES=bmi9 expect_usage "unknown feature 'bmi9'" list
for empty in ',,,' ',bmi2' 'bmi2,' 'bmi1,,bmi2'; do
    SQCOLOR_HIDE_FEATURES=$empty expect_usage "SQCOLOR_HIDE_FEATURES: empty item between commas" list
done
finish gating
