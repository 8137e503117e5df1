#!/usr/bin/env bash
# Out of memory while a valid result file is read says so: jansson reported it
# as a syntax error ("not valid JSON (line 9072: ...)") or as nothing at all
# ("(line -1: )"). Each of the JSON arena's chunk allocations fails in turn
# (tests/failmalloc.c) until the file reads whole.
# In a sanitizer build, whose malloc the shim would bypass, the sanitizer's own
# limit on one allocation fails the file's buffer instead: it said "cannot
# read it".
# usage: tests/out_of_memory.sh path/to/sqcolor path/to/failmalloc.so|asan
bin=$1 shim=$2
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
"$bin" run --quick --reps 3 --samples 1 --filter color/bt/asm --mode latency --sequence random \
    --format json --output "$tmp/good.json" 2>/dev/null || bad "could not make a result file"
# Valid, and a few MiB of jansson's nodes: strings the reader does not use.
jq -c '.padding = [range(100000) | tostring]' "$tmp/good.json" >"$tmp/big.json" || bad "jq"
if [ "$shim" = asan ]; then
    # Over 1 MiB of text: its buffer is the allocation that fails.
    jq -c '.padding = [range(300000) | tostring]' "$tmp/good.json" >"$tmp/big.json" || bad "jq"
    ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=1 "$bin" report "$tmp/big.json" \
        >/dev/null 2>"$tmp/err"
    rc=$?
    # The sanitizer's own warning ("==pid==WARNING: ...") aside, one line.
    [ $rc -eq 2 ] && [ "$(grep -vc '^==' "$tmp/err")" -eq 1 ] &&
        grep -qF "big.json: out of memory while reading it" "$tmp/err" &&
        ok || bad "a 1 MiB allocation limit -> exit $rc: $(cat "$tmp/err")"
    finish out_of_memory
    exit
fi
failed=0
for n in $(seq 0 60); do
    SQ_FAIL_BIG_MALLOC=$n LD_PRELOAD=$shim "$bin" report "$tmp/big.json" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] && break
    failed=$((failed + 1))
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -qF "big.json: out of memory while reading it" "$tmp/err" &&
        ok || bad "the chunk after $n failing -> exit $rc: $(cat "$tmp/err")"
done
[ $rc -eq 0 ] && [ $failed -ge 3 ] && ok || bad "$failed failing chunks, then exit $rc"
finish out_of_memory
