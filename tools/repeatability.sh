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
# A run's rows by key, "id sequence mode": {m: median, modes: [the speeds], reps},
# from the figures report derives from the file's samples (its CSV; the JSON
# keeps the samples only, docs/file-formats.md).
figures() { # figures FILE.json: FILE.figures.json
    "$bin" report "$1" --format csv | jq -R -s 'split("\n")[1:] | map(select(length > 0) | split(",")
        | select(.[14] | startswith("batch") | not))
        | map({key: "\(.[9]) \(.[13]) \(.[14])", value: {m: (.[15] | tonumber? // null),
               modes: ([.[21], .[23]] | map(select(. != "") | tonumber)), reps: (.[20] | tonumber)}})
        | from_entries' >"${1%.json}.figures.json"
}
# Rows of both runs by key, as [A, B] pairs of {median, modes}.
pairs='. as [$a, $b] | [$a | keys[] | select($b[.]) | {k: ., a: $a[.], b: $b[.]}]'
# How far apart two costs are, relative to the smaller.
gap='def gap($x; $y): (($x - $y) | fabs) / ([($x | fabs), ($y | fabs)] | min);'
beyond() { # beyond A B PCT: rows of a cycle or more, one speed in both, beyond PCT%
    jq -s -r "$gap $pairs | map(select((.a.modes | length) == 0 and (.b.modes | length) == 0
        and ([.a.m, .b.m] | max) >= 1 and gap(.a.m; .b.m) > $3 / 100))
        | .[] | \"  \\(.k): \\(.a.m) against \\(.b.m)\"" "${1%.json}.figures.json" "${2%.json}.figures.json"
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
        | \"  \\(.k): \\(\$x) against \\(\$y)\") | .[]" "${1%.json}.figures.json" "${2%.json}.figures.json"
}
# color/lea_test_jz/asm's cycles per mispredict: its "mispr asm" headline.
penalty() {
    "$bin" report "$1" --format markdown | awk -F' *[|] *' '
        /^[|] technique [|]/ && !col { for (i = 1; i <= NF; i++) if ($i == "mispr asm") col = i; next }
        col && $2 == "lea_test_jz" { v = $col; gsub(/[*]/, "", v); sub(/±.*/, "", v); print v; exit }'
}
latency() {
    jq -r '[to_entries[] | select(.key | test("^color/lea_shr_and/asm .* latency$")) | .value.m]
           | min, max' "${1%.json}.figures.json" | paste -sd' '
}

echo "machine: $("$bin" calibrate --reps 3 | head -1)"
for i in 1 2; do
    t=$(timed_run "$out/run$i.json")
    figures "$out/run$i.json"
    echo "run $i: $t s wall, $(jq -r '.elapsed_s' "$out/run$i.json") s in the run"
    awk -v t="$t" 'BEGIN { exit !(t <= 12) }'
    check "run $i within 12 s" $?
    flagged=$(jq '[.[] | select(.modes | length > 0)] | length' "$out/run$i.figures.json")
    total=$(jq 'length' "$out/run$i.figures.json")
    echo "     $flagged of $total rows at two speeds; reps per row: $(jq -c '[.[].reps] | group_by(.) | map({(.[0] | tostring): length}) | add' "$out/run$i.figures.json")"
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
rc=$? # before the message's substitution, which sets $? itself
check "compare --fail-over 5 exits 0 ($(grep -E '^(slower|faster): ' "$out/compare.txt" | paste -sd ';' | sed 's/;/; /'))" $rc
p1=$(penalty "$out/run1.json") p2=$(penalty "$out/run2.json")
echo "color/lea_test_jz/asm cycles per mispredict: $p1 and $p2 ($("$bin" report "$out/run1.json" | grep -o "the vendor's figure for this CPU.*\|no vendor's figure.*"))"
awk -v a="$p1" -v b="$p2" 'BEGIN { d = a > b ? a - b : b - a; m = a < b ? a : b; exit !(m > 0 && d / m <= 0.05) }'
check "mispredict penalty within 5%" $?

if [ "$busy" = --busy ]; then
    cpu=$(jq -r '.config.cpu' "$out/run1.json")
    other=$(( (cpu + 1) % $(nproc) ))
    taskset -c "$other" sh -c 'while :; do :; done' &
    spinner=$!
    t=$(timed_run "$out/busy.json" --cpu "$cpu")
    kill "$spinner"
    figures "$out/busy.json"
    echo "busy run (a loop on cpu $other): $t s"
    # Beyond what the quiet pair shows: a row may differ from the nearer quiet run by 3% more
    # than the quiet runs differ from each other.
    moved=$(jq -s -r "$gap
        . as [\$q1, \$q2, \$b]
        | [\$b | keys[] | select(\$q1[.] and \$q2[.]) | {k: ., x: \$q1[.], y: \$q2[.], z: \$b[.]}
           | select([.x, .y, .z] | map(.modes | length) | all(. == 0))
           | select([.x, .y, .z] | map(.m) | max >= 1)
           | (gap(.x.m; .y.m)) as \$quiet
           | ([gap(.z.m; .x.m), gap(.z.m; .y.m)] | min) as \$busy
           | select(\$busy > \$quiet + 0.03) | \"  \\(.k): \\(.z.m) against \\(.x.m), \\(.y.m)\"]
        | .[]" "$out/run1.figures.json" "$out/run2.figures.json" "$out/busy.figures.json")
    echo "${moved:-  (none)}"
    [ -z "$moved" ]
    check "with the other core busy no row moves 3% beyond the quiet pair" $?
fi
echo "repeatability: $fails failed"
[ "$fails" -eq 0 ]
