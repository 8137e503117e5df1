#!/usr/bin/env bash
# A file the user may not write is refused, one line and exit 2, as the
# shell's '>' refuses it, by every command that writes one (issue 40, item 2:
# report --output replaced a root-owned 0444 file): in a folder the user may
# write (where a rename would replace it) and in one it may not. As root, the
# commands run as nobody (root may write anything); RESULT is a result file.
# usage: tests/read_only.sh path/to/sqcolor RESULT [path/to/sqcolor-gbench]
bin=$1 result=$2 gb=${3:-}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
as_user() { "$@"; }
if [ "$(id -u)" -eq 0 ]; then
    command -v setpriv >/dev/null || { echo "read_only: setpriv (util-linux) is needed as root"; exit 1; }
    as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
fi
chmod 755 "$tmp"
cp "$result" "$tmp/good.json" && chmod 644 "$tmp/good.json"

# refused DIR NAME args...: args, run in DIR, exit 2 with one line naming
# DIR/ro.txt as not writable; ro.txt and the folder are as they were.
refused() {
    local d=$1 name=$2
    shift 2
    (cd "$d" && as_user "$@" >/dev/null 2>"$tmp/err")
    local rc=$? lines
    lines=$(wc -l <"$tmp/err")
    if [ $rc -eq 2 ] && [ "$lines" -eq 1 ] && grep -qF "Permission denied" "$tmp/err" &&
        [ "$(cat "$d/ro.txt")" = mine ] && [ "$(ls -A "$d")" = "$(printf 'plots\nro.txt')" ] &&
        [ "$(cat "$d/plots/color-latency.svg")" = mine ]; then
        ok
    else
        bad "$name in a folder of mode $(stat -c %a "$d"): exit $rc, $lines lines: $(cat "$tmp/err"); left: $(ls -A "$d" "$d/plots" | tr '\n' ' ')"
    fi
}

for mode in 777 555; do
    d=$tmp/folder-$mode
    mkdir -p "$d/plots"
    echo mine >"$d/ro.txt"
    echo mine >"$d/plots/color-latency.svg"
    chmod 444 "$d/ro.txt" "$d/plots/color-latency.svg"
    chmod "$mode" "$d" "$d/plots"
    refused "$d" "report --output" "$bin" report "$tmp/good.json" --output ro.txt
    refused "$d" "report --plot" "$bin" report "$tmp/good.json" --plot plots
    refused "$d" "calibrate --output" "$bin" calibrate --reps 3 --sample-us 5 --output ro.txt
    refused "$d" "run --output" "$bin" run --quick --processes 1 --filter color/lea_shr_and/asm \
        --mode latency --output ro.txt
    [ -z "$gb" ] || refused "$d" "sqcolor-gbench --benchmark_out" "$gb" \
        --benchmark_filter=color/lea_shr_and/asm --benchmark_min_time=0.01 --benchmark_out=ro.txt
    chmod 755 "$d" "$d/plots"
done
finish read_only
