#!/usr/bin/env bash
# Runs sqcolor run twice in a row (defaults) and checks what issue "Every cell
# honest" asks of a machine: wall time, agreement of every row of a cycle or
# more that neither run flags as two-speed (3%), two-speed rows' speeds (3%),
# compare --fail-over 5, the mispredict penalty of color/lea_test_jz/asm (5%),
# color/lea_shr_and/asm latency, and the share of rows flagged. With --busy,
# a third run with a busy loop on another CPU, against the quiet pair.
# usage: tools/repeatability.sh BUILD_DIR OUT_DIR [--busy]
set -uo pipefail
build=$1 out=$2 busy=${3:-}
bin=$build/sqcolor
mkdir -p "$out"
fails=0
check() { # check DESCRIPTION CONDITION-EXIT-STATUS
    if [ "$2" -eq 0 ]; then echo "ok   $1"; else echo "FAIL $1"; fails=$((fails + 1)); fi
}
timed_run() { # timed_run FILE [run options]: prints the wall time
    local file=$1 t0 t1
    shift
    t0=$(date +%s.%N)
    "$bin" run --format json --output "$file" "$@" 2>/dev/null
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
}
# Rows of both files by key, as [A, B] pairs of {median, modes}.
pairs='[.[0].results, .[1].results] | map(map({key: "\(.id) \(.sequence) \(.mode)",
        value: {m: .cycles.median, modes: ([.modes[]?.cycles])}}) | from_entries)
      | . as [$a, $b] | [$a | keys[] | select($b[.]) | {k: ., a: $a[.], b: $b[.]}]'
# How far apart two costs are, relative to the smaller.
gap='def gap($x; $y): (($x - $y) | fabs) / ([($x | fabs), ($y | fabs)] | min);'
beyond() { # beyond A B PCT: rows of a cycle or more, one speed in both, beyond PCT%
    jq -s -r "$gap $pairs | map(select((.a.modes | length) == 0 and (.b.modes | length) == 0
        and ([.a.m, .b.m] | max) >= 1 and gap(.a.m; .b.m) > $3 / 100))
        | .[] | \"  \\(.k): \\(.a.m) against \\(.b.m)\"" "$1" "$2"
}
# Two-speed rows (in either run): flagged in both, every speed of each finds
# one of the other's within 3%; flagged in one, the other's median is within 3%
# of one of its speeds.
speeds_apart() { # speeds_apart A B
    jq -s -r "$gap $pairs | map(select((.a.modes | length) > 0 or (.b.modes | length) > 0)
        | (if (.a.modes | length) > 0 then .a.modes else [.a.m] end) as \$x
        | (if (.b.modes | length) > 0 then .b.modes else [.b.m] end) as \$y
        | select(([\$x[], \$y[]] | max) >= 1)
        | ([\$x[] as \$u | [\$y[] | gap(\$u; .) <= 0.03] | any] | all) as \$xy
        | ([\$y[] as \$v | [\$x[] | gap(\$v; .) <= 0.03] | any] | all) as \$yx
        | select(if (\$x | length) > 1 and (\$y | length) > 1 then \$xy and \$yx
                 elif (\$x | length) > 1 then \$yx else \$xy end | not)
        | \"  \\(.k): \\(\$x) against \\(\$y)\") | .[]" "$1" "$2"
}
penalty() { jq -r '.summary[] | select(.id == "color/lea_test_jz/asm") | .mispredict_penalty' "$1"; }
latency() {
    jq -r '[.results[] | select(.id == "color/lea_shr_and/asm" and .mode == "latency")
            | .cycles.median] | min, max' "$1" | paste -sd' '
}

echo "machine: $("$bin" calibrate --reps 3 | head -1)"
for i in 1 2; do
    t=$(timed_run "$out/run$i.json")
    echo "run $i: $t s wall, $(jq -r '.elapsed_s' "$out/run$i.json") s in the run"
    awk -v t="$t" 'BEGIN { exit !(t <= 12) }'
    check "run $i within 12 s" $?
    flagged=$(jq '[.results[] | select(.modes)] | length' "$out/run$i.json")
    total=$(jq '.results | length' "$out/run$i.json")
    echo "     $flagged of $total rows at two speeds; reps per row: $(jq -c '[.results[].reps] | group_by(.) | map({(.[0] | tostring): length}) | add' "$out/run$i.json")"
    awk -v f="$flagged" -v n="$total" 'BEGIN { exit !(f <= 0.05 * n) }'
    check "run $i flags at most 5% of its rows" $?
    read -r lo hi <<<"$(latency "$out/run$i.json")"
    echo "     color/lea_shr_and/asm latency $lo to $hi over the sequences"
    awk -v a="$lo" -v b="$hi" 'BEGIN { exit !(a >= 3.99 && b <= 4.01) }'
    check "run $i: color/lea_shr_and/asm latency 4.00 +- 0.01" $?
done
far=$(beyond "$out/run1.json" "$out/run2.json" 3)
echo "${far:-  (none)}"
[ -z "$far" ]
check "rows of a cycle or more at one speed agree within 3%" $?
apart=$(speeds_apart "$out/run1.json" "$out/run2.json")
echo "${apart:-  (none)}"
[ -z "$apart" ]
check "two-speed rows' speeds agree within 3%" $?
"$bin" compare "$out/run1.json" "$out/run2.json" --fail-over 5 >"$out/compare.txt"
check "compare --fail-over 5 exits 0 ($(tail -1 "$out/compare.txt" | sed 's/.*tested, //; s/ (.*//'))" $?
p1=$(penalty "$out/run1.json") p2=$(penalty "$out/run2.json")
echo "color/lea_test_jz/asm cycles per mispredict: $p1 and $p2 ($(jq -r '.mispredict_reference | if . then "\(.core): \(.cycles)" else "no vendor figure" end' "$out/run1.json"))"
awk -v a="$p1" -v b="$p2" 'BEGIN { d = a > b ? a - b : b - a; m = a < b ? a : b; exit !(m > 0 && d / m <= 0.05) }'
check "mispredict penalty within 5%" $?

if [ "$busy" = --busy ]; then
    cpu=$(jq -r '.config.cpu' "$out/run1.json")
    other=$(( (cpu + 1) % $(nproc) ))
    taskset -c "$other" sh -c 'while :; do :; done' &
    spinner=$!
    t=$(timed_run "$out/busy.json" --cpu "$cpu")
    kill "$spinner"
    echo "busy run (a loop on cpu $other): $t s"
    # Beyond what the quiet pair shows: a row may differ from the nearer quiet run by 3% more
    # than the quiet runs differ from each other.
    moved=$(jq -s -r "$gap
        [.[] | .results | map({key: \"\\(.id) \\(.sequence) \\(.mode)\", value: .}) | from_entries] as [\$q1, \$q2, \$b]
        | [\$b | keys[] | select(\$q1[.] and \$q2[.]) | {k: ., x: \$q1[.], y: \$q2[.], z: \$b[.]}
           | select([.x, .y, .z] | map(.modes) | all(. == null))
           | select([.x, .y, .z] | map(.cycles.median) | max >= 1)
           | (gap(.x.cycles.median; .y.cycles.median)) as \$quiet
           | ([gap(.z.cycles.median; .x.cycles.median), gap(.z.cycles.median; .y.cycles.median)] | min) as \$busy
           | select(\$busy > \$quiet + 0.03) | \"  \\(.k): \\(.z.cycles.median) against \\(.x.cycles.median), \\(.y.cycles.median)\"]
        | .[]" "$out/run1.json" "$out/run2.json" "$out/busy.json")
    echo "${moved:-  (none)}"
    [ -z "$moved" ]
    check "with the other core busy no row moves 3% beyond the quiet pair" $?
fi
echo "repeatability: $fails failed"
[ "$fails" -eq 0 ]
