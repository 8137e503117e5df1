#!/usr/bin/env bash
# The test switches (bench/machine/test_switches.h) are named wherever they
# act: SQCOLOR_TEST_BRAND's brand is recorded as a stand-in by run and
# calibrate, in their output and their files; a value cpuid could not give is
# bad input; sqcolor-gbench names the switches in its context; without them,
# nothing is said or recorded. (SQCOLOR_HIDE_FEATURES: tests/gating.sh.)
# usage: tests/switches.sh path/to/sqcolor [path/to/sqcolor-gbench]
bin=$1 gbench=${2:-}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
brand="A stand-in brand of 48 bytes, as cpuid's longest"
one=(--quick --reps 3 --samples 1 --length 4096 --filter color/bt/asm --mode latency --sequence random
    --format json)
none() { env -u SQCOLOR_TEST_BRAND -u SQCOLOR_HIDE_FEATURES "$@"; }

# None set: no note, no key.
none "$bin" run "${one[@]}" --output "$tmp/plain.json" 2>/dev/null || bad "a plain run failed"
jq -e '.machine | has("test_brand") or has("hidden_features") | not' "$tmp/plain.json" >/dev/null &&
    ! "$bin" report "$tmp/plain.json" | grep -q 'test switches' &&
    ! none "$bin" calibrate --reps 3 --sample-us 5 | grep -q '^switches' && ok ||
    bad "a run without switches: $(jq -c .machine "$tmp/plain.json")"

# The brand: in the file as the brand, marked a stand-in; named in the notes.
none env SQCOLOR_TEST_BRAND="$brand" "$bin" run "${one[@]}" --output "$tmp/brand.json" 2>"$tmp/err" &&
    jq -e --arg b "$brand" '.machine.brand == $b and .machine.test_brand == true' "$tmp/brand.json" >/dev/null &&
    "$bin" report "$tmp/brand.json" | grep -q "^test switches: .*SQCOLOR_TEST_BRAND set the brand in place of cpuid's" &&
    ok || bad "run with SQCOLOR_TEST_BRAND: $(cat "$tmp/err") $(jq -c .machine "$tmp/brand.json")"
# calibrate: its output says so, its instruction-form file records it.
none env SQCOLOR_TEST_BRAND="$brand" "$bin" calibrate --reps 3 --sample-us 5 >"$tmp/cal.txt" &&
    grep -q "^machine    $brand (" "$tmp/cal.txt" &&
    grep -q "^switches   SQCOLOR_TEST_BRAND (the brand in place of cpuid's)" "$tmp/cal.txt" &&
    ok || bad "calibrate with SQCOLOR_TEST_BRAND: $(head -3 "$tmp/cal.txt")"
none env SQCOLOR_TEST_BRAND="$brand" SQCOLOR_HIDE_FEATURES=gfni "$bin" calibrate --reps 3 --sample-us 5 \
    --format json --output "$tmp/forms.json" &&
    jq -e --arg b "$brand" '.machine.brand == $b and .machine.test_brand == true and .machine.hidden_features == "gfni"' \
        "$tmp/forms.json" >/dev/null && ok || bad "calibrate's file: $(jq -c .machine "$tmp/forms.json")"

# What cpuid's 48 bytes of ASCII could not hold is bad input, for any command.
for value in "${brand}x" "$(printf 'a\033[2Jb')" "$(printf 'caf\303\251')"; do
    none env SQCOLOR_TEST_BRAND="$value" "$bin" list >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^sqcolor: SQCOLOR_TEST_BRAND: ' "$tmp/err" &&
        ok || bad "SQCOLOR_TEST_BRAND=$(printf %q "$value"): exit $rc, $(cat "$tmp/err")"
done

# sqcolor-gbench: both in its context, beside the results.
if [ -n "$gbench" ]; then
    none env SQCOLOR_TEST_BRAND="$brand" SQCOLOR_HIDE_FEATURES=avx2 "$gbench" --benchmark_format=json \
        --benchmark_filter='^color/bt/asm/ordered/latency' --benchmark_min_time=0.01 >"$tmp/gb.json" 2>"$tmp/err"
    jq -e '.context.sqcolor_test_switches | test("^SQCOLOR_HIDE_FEATURES=avx2 .*SQCOLOR_TEST_BRAND")' \
        "$tmp/gb.json" >/dev/null && ok || bad "sqcolor-gbench's context: $(jq -c .context "$tmp/gb.json") $(cat "$tmp/err")"
    none "$gbench" --benchmark_format=json --benchmark_filter='^color/bt/asm/ordered/latency' \
        --benchmark_min_time=0.01 2>/dev/null | jq -e '.context | has("sqcolor_test_switches") | not' >/dev/null &&
        ok || bad "sqcolor-gbench names a switch none set"
fi
finish switches
