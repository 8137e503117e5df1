#!/usr/bin/env bash
# Every technique file in examples/ behaves as docs/try.md says: the good ones
# build, pass their check and get their row in the table (exit 0); a file named
# *_wrong.sq fails its check on purpose (exit 1) with the one-line message the
# page shows (a line 'try: ... built' may come before it). Nothing about
# timings is asserted, and no build folder may be left.
# usage: tests/try_examples.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/.." && pwd)
export TMPDIR=$tmp/builds
mkdir "$TMPDIR"

# What each failing example must say on standard error (its stable part:
# the variant, the input, expected and got), shown as is in docs/try.md.
declare -A wrong_message=(
    [xor_shl_wrong.sq]="sqcolor try: color/xor_shl/asm fails its check: sq=a1 (0): expected 1 (dark), got 0"
)

# A short run: one mode, one sequence, one process.
try_file() {
    "$bin" try --quick --mode latency --sequence random --processes 1 "$1" >"$tmp/out" 2>"$tmp/err"
}

left_nothing() {
    [ -z "$(ls -A "$TMPDIR")" ] && ok || bad "$1: left behind: $(ls -A "$TMPDIR" | tr '\n' ' ')"
}

n=0
for file in "$root"/examples/*.sq; do
    [ -e "$file" ] || continue
    n=$((n + 1))
    base=$(basename "$file")
    name=$(sed -n 's/^name:[[:space:]]*\([a-z0-9_]*\).*/\1/p' "$file")
    try_file "$file"
    rc=$?
    case $base in
    *_wrong.sq)
        want=${wrong_message[$base]-}
        if [ -z "$want" ]; then
            bad "$base: no expected message in ${BASH_SOURCE[0]}"
        elif [ $rc -eq 1 ] && [ "$(grep -vc '^try: ' "$tmp/err")" -eq 1 ] &&
            grep -qxF -- "$want" "$tmp/err"; then
            ok
        else
            bad "$base: exit $rc (wanted 1): $(cat "$tmp/err") (wanted '$want')"
        fi
        # The page shows the very message.
        grep -qF -- "$want" "$root/docs/try.md" && ok || bad "$base: docs/try.md does not show '$want'"
        ;;
    *)
        if [ $rc -eq 1 ] && grep -qE 'which (this CPU lacks|SQCOLOR_HIDE_FEATURES=[a-z0-9,]+ hides)$' "$tmp/err"; then
            echo "try_examples: $base skipped: $(cat "$tmp/err")"
            ok
        elif [ $rc -eq 0 ] && [ -n "$name" ] && grep -q "^$name " "$tmp/out"; then
            ok
        else
            bad "$base: exit $rc (wanted 0), row '$name' $(grep -c "^$name " "$tmp/out") times: $(cat "$tmp/err")"
        fi
        ;;
    esac
    left_nothing "$base"
done
[ "$n" -ge 1 ] && ok || bad "no examples/*.sq under $root"
finish try_examples
