#!/usr/bin/env bash
# Compilers keep their names whatever the files in a report: two files of
# different impl sets, A (gcc-11, gcc-12) and B (clang-19, gcc-12), each
# compiler the best of a technique. report A, report B and report A B must
# call every compiler alike in the headline tables, the plots must label its
# bar so too, and the name must be the one the project fixes for it (issue 26:
# letters whose key followed the files named gcc-12 'b' in one report and 'a'
# in another).
# usage: tests/names.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

defs='
def one($c): [range(15) | $c + (((. * 7) % 15 - 7) * 0.0003)];
def stats: sort as $s | {min: $s[0], median: $s[7], p90: $s[13]};
def row($id; $c): ($id | split("/")) as $p |
  {id: $id, family: $p[0], technique: $p[1], impl: $p[2], sequence: "random", mode: "latency",
   cycles: (one($c) | stats), ticks: (one($c) | stats), ns: (one($c) | stats), reps: 15,
   samples: one($c)};
def run($model; $rows): {schema: 1, tool: {name: "sqcolor", version: "test", commit: "test"},
  machine: {vendor: "GenuineIntel", brand: "made up", family: 6, model: $model, stepping: 0},
  clock: {source: "perf", tsc_source: "measured", tsc_hz: 1e9, core_hz: 1e9},
  config: {reps: 15, length: 4096, seed: 1}, results: $rows};
# t1: the first compiler the best, the second the slowest; t2 the other way.
def techniques($c1; $c2): [row("color/t1/asm"; 3), row("color/t1/\($c1)"; 2), row("color/t1/\($c2)"; 4),
                           row("color/t2/asm"; 3), row("color/t2/\($c1)"; 5), row("color/t2/\($c2)"; 1)];
'
jq -n "$defs run(1; techniques(\"gcc-11\"; \"gcc-12\"))" >"$tmp/A.json" || bad "jq: A"
jq -n "$defs run(2; techniques(\"clang-19\"; \"gcc-12\"))" >"$tmp/B.json" || bad "jq: B"

# label FILE COLUMN TECHNIQUE: what the Markdown table's cell in COLUMN
# (its header) on TECHNIQUE's row names after its figure ("2.00±0.00 g12").
label() {
    awk -F' \\| ' -v col="$2" -v tech="$3" '
        { sub(/ \|$/, "") } # the row'\''s closing bar, so the last cell splits as the others
        /^\| technique / { at = 0; for (i = 1; i <= NF; i++) if ($i == col) at = i; next }
        at && $1 == "| " tech { v = $at; gsub(/\*/, "", v); sub(/^[^ ]* /, "", v); print v; exit }
    ' "$1"
}
for set in A B "A B"; do
    files=()
    for f in $set; do files+=("$tmp/$f.json"); done
    name=${set// /}
    "$bin" report "${files[@]}" --format markdown >"$tmp/$name.md" 2>"$tmp/$name.err" && ok ||
        bad "report $set: $(cat "$tmp/$name.err")"
done

# want FILE COLUMN TECHNIQUE NAME: the cell names NAME.
want() {
    local got
    got=$(label "$1" "$2" "$3")
    [ "$got" = "$4" ] && ok || bad "$(basename "$1") '$2' on $3 names '$got', wanted '$4'"
}
# One file's tables, then each file's column of the two files' table.
want "$tmp/A.md" "lat best C" t1 g11
want "$tmp/A.md" "lat slowest" t1 g12
want "$tmp/A.md" "lat best C" t2 g12
want "$tmp/B.md" "lat best C" t1 c19
want "$tmp/B.md" "lat slowest" t1 g12
want "$tmp/B.md" "lat best C" t2 g12
want "$tmp/AB.md" "\\[1\\] best C" t1 g11
want "$tmp/AB.md" "\\[1\\] best C" t2 g12
want "$tmp/AB.md" "\\[2\\] best C" t1 c19
want "$tmp/AB.md" "\\[2\\] best C" t2 g12

# The plots label a compiler's bar by the same name, alone or with others.
for name in A B; do
    "$bin" report "$tmp/$name.json" --plot "$tmp/plots$name" >/dev/null 2>"$tmp/plot.err" && ok ||
        bad "report $name --plot: $(cat "$tmp/plot.err")"
done
grep -q '<text class="sqfig-label"[^>]*>g12</text>' "$tmp/plotsA/color-latency.svg" &&
    grep -q '<text class="sqfig-label"[^>]*>g11</text>' "$tmp/plotsA/color-latency.svg" &&
    grep -q '<text class="sqfig-label"[^>]*>g12</text>' "$tmp/plotsB/color-latency.svg" &&
    grep -q '<text class="sqfig-label"[^>]*>c19</text>' "$tmp/plotsB/color-latency.svg" && ok ||
    bad "the plots' bars are not labelled g11, g12, c19: $(grep -o '<text class="sqfig-label"[^>]*>[^<]*' "$tmp"/plots?/color-latency.svg | sed 's/.*>//' | sort -u | tr '\n' ' ')"

finish names
