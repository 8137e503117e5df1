#!/usr/bin/env bash
# Saved results: --save never overwrites, report reproduces the run's tables,
# compare finds nothing between a file and itself, bad files get exit 2.
# usage: tests/results.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
quick=(--quick --reps 5 --min-reps 5 --samples 2 --length 65536 --mode latency,throughput)


# --save: metadata, raw samples, and never the same name twice.
"$bin" run "${quick[@]}" --filter 'color/lea_shr_and/*,color/bt/asm' --save --results-dir "$tmp/res" \
    >"$tmp/run.txt" 2>"$tmp/run.err" && ok || bad "run --save: $(cat "$tmp/run.err")"
"$bin" run "${quick[@]}" --filter 'color/lea_shr_and/*' --save --results-dir "$tmp/res" \
    >/dev/null 2>"$tmp/run2.err" && ok || bad "second run --save"
mapfile -t saved < <(find "$tmp/res" -name '*.json' | sort)
[ ${#saved[@]} -eq 2 ] && ok || bad "two saves made ${#saved[@]} files"
full=$(grep -o "saved .*" "$tmp/run.err" | cut -d' ' -f2-)
part=$(grep -o "saved .*" "$tmp/run2.err" | cut -d' ' -f2-)
[ -f "$full" ] && [ -f "$part" ] && [ "$full" != "$part" ] && ok || bad "saved names: $full / $part"
jq -e "$rows_jq"' .tool.commit != null and (.tool.harness_version | type) == "number" and .tool.harness_version >= 1 and .machine.kernel != null and (.impls | length) >= 1
       and .impls[0].name == "asm" and .config.samples == 2 and .clock.tsc_hz > 0
       and ([rows | .samples | select(. != null) | length] | unique) == [5]' "$full" >/dev/null && ok || bad "metadata in $full"

# report reproduces the run's tables (all but the footer, which names the file).
"$bin" report "$full" >"$tmp/report.txt" && ok || bad "report exits non-zero"
diff <(sed '/^cycles: /,$d' "$tmp/run.txt") <(sed '/^cycles: /,$d' "$tmp/report.txt") >/dev/null && ok || bad "report differs from the run's tables"
"$bin" report "$full" --format markdown | grep -q '^| lea_shr_and | ' && ok || bad "report markdown"
"$bin" report "$full" --format html >"$tmp/r.html"
opened=$(grep -o '<table>' "$tmp/r.html" | wc -l) closed=$(grep -o '</table>' "$tmp/r.html" | wc -l)
[ "$opened" -gt 0 ] && [ "$opened" -eq "$closed" ] && [ "$(grep -o '<ul[ >]' "$tmp/r.html" | wc -l)" -eq "$(grep -o '</ul>' "$tmp/r.html" | wc -l)" ] &&
    grep -q '^</html>$' "$tmp/r.html" && ok || bad "report html: $opened tables opened, $closed closed"
"$bin" report "$full" --format csv | head -1 | grep -q '^machine,vendor,cpu_family,cpu_model,cpu_name,brand,sqcolor_commit,compiler,flags,id,family,technique,impl,sequence,mode,' && ok || bad "report csv"
# Several files, one CSV: the header once, every file's rows, each naming its
# machine (the same CPU twice: by the file's place); run --format csv the same.
"$bin" report "$full" "$part" --format csv >"$tmp/two.csv" && ok || bad "report csv of two files"
rows=$(($(jq '.results.rows | length' "$full") + $(jq '.results.rows | length' "$part") + 1))
[ "$(wc -l <"$tmp/two.csv")" -eq "$rows" ] && [ "$(grep -c '^machine,' "$tmp/two.csv")" -eq 1 ] &&
    [ "$(cut -d, -f1 "$tmp/two.csv" | sed 1d | sed 's/.* #/#/' | sort -u | tr '\n' ' ')" = "#1 #2 " ] &&
    ok || bad "report csv of two files: $(cut -d, -f1 "$tmp/two.csv" | sort | uniq -c)"
"$bin" run "${quick[@]}" --filter 'color/bt/asm' --mode latency --sequence random --format csv >"$tmp/run.csv" &&
    [ "$(wc -l <"$tmp/run.csv")" -eq 2 ] && head -1 "$tmp/run.csv" | cmp -s - <(head -1 "$tmp/two.csv") &&
    grep -q ',color/bt/asm,color,bt,asm,random,latency,' "$tmp/run.csv" && ok || bad "run --format csv: $(cat "$tmp/run.csv")"
# Batch rows are lines too, in the same columns: mode batch-<squares a call>.
"$bin" run "${quick[@]}" --filter 'color/bt/asm,color_batch/sse2/asm' --mode latency --sequence random --format csv \
    >"$tmp/batch.csv" 2>/dev/null &&
    grep -Eq '^([^,]*,){9}color_batch/sse2/asm,color_batch,sse2,asm,random,batch-8192,[0-9.]+,' "$tmp/batch.csv" &&
    grep -q ',color_batch/copy_xmm/bound,color_batch,copy_xmm,bound,random,batch-262144,' "$tmp/batch.csv" &&
    [ "$(awk -F, '{ print NF }' "$tmp/batch.csv" | sort -u)" = 28 ] && ok || bad "batch rows in csv: $(cat "$tmp/batch.csv")"
"$bin" report "$full" --format json | jq -e '.schema == 3' >/dev/null && ok || bad "report json"
"$bin" report "$full" "$part" | grep -q '^\[2\] ' && ok || bad "report of two files"
# --plot: the HTML report's figures, an SVG file per family and mode, and with
# several files one chart per family comparing the machines; each one valid
# XML.
"$bin" report "$full" --plot "$tmp/plots" >/dev/null && ok || bad "--plot"
[ "$(ls "$tmp/plots" | tr '\n' ' ')" = "color-latency.svg color-throughput.svg " ] && ok || bad "--plot made $(ls "$tmp/plots")"
"$bin" report "$full" "$part" --plot "$tmp/plots2" >/dev/null && ok || bad "--plot of two files"
[ "$(ls "$tmp/plots2" | tr '\n' ' ')" = "machines-color-latency.svg " ] &&
    ok || bad "--plot of two files made $(ls "$tmp/plots2")"
xmllint --noout "$tmp"/plots/*.svg "$tmp"/plots2/*.svg && ok || bad "--plot: not valid XML"
grep -q '<text[^>]*>color — latency by machine (the asm impl)</text>' "$tmp/plots2/machines-color-latency.svg" && ok || bad "machines chart title"
# A bar that dwarfs the rest is cut at the linear axis's end; a log axis only
# when asked, nothing cut.
# Every row that timed itself gets its samples, even one whose samples a busy
# host dropped (null): a file with such a row is refused.
jq "$rows_jq"' maprows(if .mode == "latency" and (.shared_from | not) then .samples = [2, 2, 2, 2, 2] | .host = null
    else . end)' "$full" >"$tmp/flat.json"
jq "$rows_jq"' maprows(if .mode == "latency" and .id == "color/bt/asm" then .samples |= map(20) else . end)' \
    "$tmp/flat.json" >"$tmp/dwarf.json"
"$bin" report "$tmp/flat.json" --plot "$tmp/flat" >/dev/null && "$bin" report "$tmp/dwarf.json" --plot "$tmp/dwarf" >/dev/null &&
    "$bin" report "$tmp/dwarf.json" --plot "$tmp/dwarf_log" --log-axis >/dev/null &&
    ! grep -q 'log scale\|sqfig-cut' "$tmp/flat/color-latency.svg" &&
    ! grep -q 'log scale' "$tmp/dwarf/color-latency.svg" && grep -q 'class="sqfig-cut"' "$tmp/dwarf/color-latency.svg" &&
    grep -q '>20.00</text>' "$tmp/dwarf/color-latency.svg" &&
    grep -q '>core cycles per square (log scale)</text>' "$tmp/dwarf_log/color-latency.svg" &&
    ! grep -q 'class="sqfig-cut"' "$tmp/dwarf_log/color-latency.svg" &&
    ok || bad "--plot: a dwarfing bar cut on a linear axis, whole on a log one only with --log-axis"
# A pair family's figures count per pair.
jq "$rows_jq"' maprows(.id |= sub("^color/"; "same_color/") | .shared_from |= (if . then sub("^color/"; "same_color/") else . end))' \
    "$full" >"$tmp/pairs.json"
"$bin" report "$tmp/pairs.json" --plot "$tmp/pairs" >/dev/null && grep -q '>core cycles per pair</text>' "$tmp/pairs/same_color-latency.svg" &&
    ! grep -q 'per square' "$tmp/pairs/same_color-latency.svg" && ok || bad "--plot: a pair family's unit"
# A figure is only ever written over a regular file: a fifo in its place is
# refused, as bad input, before the report is written (tests/bad_input.txt).
mkdir "$tmp/fifo" && mkfifo "$tmp/fifo/color-latency.svg"
timeout 20 "$bin" report "$full" --plot "$tmp/fifo" >"$tmp/plot.out" 2>"$tmp/plot.err"
[ $? -eq 2 ] && [ ! -s "$tmp/plot.out" ] && grep -qF "sqcolor report: --plot: cannot write $tmp/fifo/color-latency.svg: not a regular file" "$tmp/plot.err" &&
    ok || bad "--plot over a fifo: $(cat "$tmp/plot.err")"
# --plot and --output naming one path are refused before anything is
# written (the report was renamed over the charts' folder after them).
expect_usage "--plot and --output name one path, '$tmp/same'" report "$full" --plot "$tmp/same" --output "$tmp/same"
expect_usage "--plot and --output name one path" report "$full" --plot "$tmp/same/" --output "$tmp/./same"
[ ! -e "$tmp/same" ] && ok || bad "--plot X --output X left $tmp/same"
# A full disk: the write error exits 2, as every other one does, and the
# folders made for the charts are removed again; a folder that was there
# stays. A small tmpfs as root; skipped where it cannot be mounted.
mkdir "$tmp/disk"
if mount -t tmpfs -o size=64k tmpfs "$tmp/disk" 2>/dev/null; then
    head -c 1M /dev/zero >"$tmp/disk/fill" 2>/dev/null
    mkdir "$tmp/disk/there"
    for plots in "$tmp/disk/new/plots" "$tmp/disk/there"; do
        "$bin" report "$full" --plot "$plots" >/dev/null 2>"$tmp/plot.err"
        rc=$?
        [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/plot.err")" -eq 1 ] &&
            grep -qF "sqcolor report: --plot: cannot write $plots/color-latency.svg: No space left on device" "$tmp/plot.err" &&
            ok || bad "--plot $plots on a full disk -> exit $rc: $(cat "$tmp/plot.err")"
    done
    [ "$(ls "$tmp/disk" | tr '\n' ' ')" = "fill there " ] && [ -z "$(ls "$tmp/disk/there")" ] &&
        ok || bad "--plot on a full disk left $(find "$tmp/disk" | tr '\n' ' ')"
    umount "$tmp/disk"
else
    echo "results: skipped --plot on a full disk: cannot mount a tmpfs here (not root?)"
fi

# A hostile result file: names that would be shell code in a script, markup in
# HTML or SVG, or extra columns and lines in CSV. Nothing may run, and every
# name must come out as the text it is. (A technique holds no '/': an id is
# family/technique/impl, the impl the rest.)
cat >"$tmp/evil.jq" <<'JQ'
def evil: split("/") as [$f, $t, $i]
    | if $t == "bt" then "\($f)/<img src=x onerror=alert(\"&'\")>/`touch \($p)-impl`"
      elif $i == "asm" then "\($f)/\($t)/x'; system \"touch \($p)\"; #"
      else "\($f)/a,\"b\"\nc/\($i)" end;
.machine.brand = "Evil \"brand\" `touch \($p)-brand` @x"
| maprows(.id |= evil | .shared_from |= (if . then evil else . end))
JQ
jq --arg p "$tmp/pwned" "$rows_jq $(cat "$tmp/evil.jq")" "$full" >"$tmp/evil.json"
for plots in "$tmp/plots-evil" "$tmp/it's \"plots\""; do
    "$bin" report "$tmp/evil.json" --plot "$plots" >/dev/null 2>"$tmp/plot.err" && [ -s "$plots/color-latency.svg" ] &&
        [ -s "$plots/color-throughput.svg" ] && ok || bad "--plot of a hostile file into $plots: $(cat "$tmp/plot.err")"
    ! ls "$tmp"/pwned* >/dev/null 2>&1 && ok || bad "--plot ran a command from a result file: $(ls "$tmp"/pwned*)"
    xmllint --noout "$plots"/*.svg && ok || bad "--plot of a hostile file: not valid XML"
    grep -qF '>&lt;img src=x onerror=alert(&quot;&amp;&#39;&quot;)&gt;</text>' "$plots/color-latency.svg" &&
        ! grep -q '<img' "$plots/color-latency.svg" && grep -qF "x&#39;; system &quot;touch " "$plots/color-latency.svg" &&
        grep -qF '>Evil &quot;brand&quot; `touch ' "$plots/color-latency.svg" && grep -qF '>a,&quot;b&quot; c</text>' "$plots/color-latency.svg" &&
        ok || bad "--plot: the names are not the chart's labels"
done
# HTML: every name as text.
"$bin" report "$tmp/evil.json" --format html >"$tmp/evil.html"
! grep -q '<img' "$tmp/evil.html" && grep -qF '<th scope="row">&lt;img src=x onerror=alert(&quot;&amp;&#39;&quot;)&gt;</th>' "$tmp/evil.html" &&
    grep -qF 'x&#39;; system &quot;touch' "$tmp/evil.html" && grep -qF 'Evil &quot;brand&quot;' "$tmp/evil.html" &&
    ok || bad "report html: names not escaped"
# CSV (RFC 4180): the names back as shown (a control character as a space,
# util/escape.h's rule), every record with the header's fields.
"$bin" report "$tmp/evil.json" --format csv >"$tmp/evil.csv"
grep -qF ',"a,""b""' "$tmp/evil.csv" && grep -qF ',"<img src=x onerror=alert(""&'\''"")>",' "$tmp/evil.csv" && ok || bad "report csv: names not quoted"
if command -v python3 >/dev/null; then
    python3 - "$tmp/evil.csv" "$tmp/evil.json" <<'PY' && ok || bad "report csv does not read back"
import csv, json, re, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
run = json.load(open(sys.argv[2]))
shown = lambda s: re.sub("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]", " ", s)
table = run["results"]
want = []
for row in table["rows"]:
    r = dict(zip(table["columns"], row))
    family, technique, impl = r["id"].split("/", 2)
    want.append([shown(x) for x in (r["id"], family, technique, impl, r["sequence"], r["mode"])])
assert {len(r) for r in rows} == {len(rows[0])}, "ragged records"
at = rows[0].index("id")
assert [r[at:at + 6] for r in rows[1:]] == want, "names changed"
assert {r[rows[0].index("brand")] for r in rows[1:]} == {shown(run["machine"]["brand"])}, "brand changed"
PY
fi
# Text a spreadsheet would run as a formula comes out as the file holds it
# (a spreadsheet imports the CSV as text: docs/file-formats.md).
jq '.machine.brand = "=1+2" | .tool.commit = "@cmd"' "$full" >"$tmp/formula.json"
"$bin" report "$tmp/formula.json" --format csv | sed -n 2p | grep -qF ",=1+2,@cmd," && ok || bad "report csv: text changed"

# compare: a file with itself differs nowhere; a filtered run misses rows.
"$bin" compare "$full" "$full" >"$tmp/cmp.txt" && grep -qx 'scalar rows: no changes' "$tmp/cmp.txt" &&
    grep -qx 'slower: none' "$tmp/cmp.txt" && grep -qx 'faster: none' "$tmp/cmp.txt" && ok || bad "compare X X: $(cat "$tmp/cmp.txt")"
"$bin" compare "$full" "$part" >"$tmp/cmp2.txt"
grep -q '^rows only in A:' "$tmp/cmp2.txt" && grep -q '^  color/bt/asm ' "$tmp/cmp2.txt" && ok || bad "compare lists missing rows"
"$bin" compare "$full" "$full" --fail-over 5 >/dev/null && ok || bad "--fail-over on identical files"
# A made-up slowdown of every row by half trips the gate; both sides get 15
# samples (each of the 5 three times, a hair apart).
jq "$rows_jq"' maprows(if .samples then .samples |= [range(3) as $k | .[] | . + $k * 1e-4] | .host = null else . end)' "$full" >"$tmp/full15.json"
jq "$rows_jq"' maprows(if .samples then .samples |= map(. * 1.5 + 1) else . end)' "$tmp/full15.json" >"$tmp/slow.json"
"$bin" compare "$tmp/full15.json" "$tmp/slow.json" --fail-over 10 --alpha 0.05 >/dev/null; [ $? -eq 1 ] && ok || bad "--fail-over gate"

# The save comes before standard output: a reader gone before the output
# (| head -1 after its line; here | true, gone at once) does not lose it
# (SIGPIPE ended the run before it saved).
"$bin" run "${quick[@]}" --filter 'color/bt/asm' --mode latency --save --results-dir "$tmp/piped" 2>"$tmp/pipe.err" | true
[ "$(find "$tmp/piped" -name '*.json' 2>/dev/null | wc -l)" -eq 1 ] && ok || bad "run --save | head -1 saved nothing: $(cat "$tmp/pipe.err")"
# An unusable results folder is refused before verification and timing.
echo file >"$tmp/notadir"
expect_usage "--save: cannot write in $tmp/notadir: Not a directory" run "${quick[@]}" --save --results-dir "$tmp/notadir"
grep -q '^verify: ' "$tmp/err" && bad "--save into a file's folder refused only after verification" || ok
expect_usage "--save: cannot create $tmp/notadir/res: Not a directory" run "${quick[@]}" --save --results-dir "$tmp/notadir/res/deeper"
# A usage error found after --output was opened leaves no temporary.
expect_usage "--format json takes one file" report "$full" "$part" --format json --output "$tmp/two.json"
! ls "$tmp"/two.json* >/dev/null 2>&1 && ok || bad "report's usage error left $(ls "$tmp"/two.json*)"
# The HTML page is made in memory, then written: a page that cannot be written
# whole is an error that leaves nothing behind, not half a page.
(
    trap '' XFSZ
    ulimit -f 1
    exec "$bin" report "$full" --format html --output "$tmp/cut.html"
) >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ! ls "$tmp"/cut.html* >/dev/null 2>&1 && ok ||
    bad "report --format html, cut short: $(cat "$tmp/err"; ls "$tmp"/cut.html*)"
cp "$tmp/err" "$tmp/cut.err"
# report and compare to a full disk: one line, exit 2.
for args in "report $full" "report $full --format json" "compare $full $full"; do
    # shellcheck disable=SC2086
    "$bin" $args >"$devfull" 2>"$tmp/err"
    [ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q 'cannot write standard output' "$tmp/err" &&
        ok || bad "$args >/dev/full: $(cat "$tmp/err")"
done
# --output to a full device (a copy of it) names the reason: it said only
# "cannot write FILE". Cut short by ulimit -f, the same.
cp -a "$devfull" "$tmp/fulldev"
for format in table json html csv; do
    "$bin" report "$full" --format $format --output "$tmp/fulldev" >/dev/null 2>"$tmp/err"
    [ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -qx "sqcolor report: cannot write $tmp/fulldev: No space left on device" "$tmp/err" &&
        ok || bad "report --format $format --output a full device: $(cat "$tmp/err")"
done
grep -q "cut.html: File too large" "$tmp/cut.err" && ok || bad "report cut short by ulimit -f: $(cat "$tmp/cut.err")"

# Bad files: one line naming the file and the problem, exit 2.
: >"$tmp/empty.json"
head -c 300 "$full" >"$tmp/truncated.json"
echo '{"schema": 4}' >"$tmp/schema4.json"
echo '{"hello": "world"}' >"$tmp/unrelated.json"
echo '[1, 2' >"$tmp/malformed.json"
jq '.results.rows[0][4] = "x"' "$full" >"$tmp/badsamples.json"
jq '.results.rows[0][0] = "nope/bt/asm"' "$full" >"$tmp/badfamily.json"
jq '.machine.family = -26' "$full" >"$tmp/negative.json" # found by the fuzzer: UB in a cast
jq '.config.visits = "twelve"' "$full" >"$tmp/badvisits.json"
jq 'del(.config.visits)' "$full" >"$tmp/novisits.json" # files from before visits were recorded
jq '.results.columns as $c | .results.rows[0][$c | index("harness")] = [1]' "$full" >"$tmp/badharness.json"
jq '.results.rows[0][3] = "yes"' "$full" >"$tmp/badflags.json"
jq '.results.rows[0][3] = ["control_dependent", "noisy"]' "$full" >"$tmp/badflag.json"
# Files from before the interval (schema 2 and older): it comes from the samples, as every
# statistic does; the noisy flags and spread threshold they had are dropped.
schema2=$(dirname "$0")/data/schema2.json
jq 'del(.results[].cycles.ci95) | .config.spread_threshold = 0.05
    | .results[].noisy = false' "$schema2" >"$tmp/old.json"
expect_usage "$tmp/empty.json: empty file" report "$tmp/empty.json"
expect_usage "$tmp/truncated.json: not valid JSON" report "$tmp/truncated.json"
expect_usage "$tmp/schema4.json: schema 4 is not supported" report "$tmp/schema4.json"
expect_usage "$tmp/unrelated.json: not a sqcolor result file" compare "$tmp/unrelated.json" "$full"
expect_usage "$tmp/malformed.json: not valid JSON" compare "$full" "$tmp/malformed.json"
expect_usage "results.rows[0].samples: not an array" report "$tmp/badsamples.json"
expect_usage "unknown family 'nope'" report "$tmp/badfamily.json"
expect_usage "machine.family: -26 is not a whole number" report "$tmp/negative.json"
expect_usage "config.visits: not a number" report "$tmp/badvisits.json"
expect_usage "results.rows[0].harness: not an array of five numbers" report "$tmp/badharness.json"
expect_usage "results.rows[0].flags: not an array" report "$tmp/badflags.json"
expect_usage "results.rows[0].flags[1]: not a flag name" report "$tmp/badflag.json"
# Optional fields (item 16 of issue 14): absent, each takes its default;
# present with the wrong type, it is an error naming it.
while read -r field value want; do
    jq "$field = $value" "$full" >"$tmp/opt.json"
    expect_usage "$tmp/opt.json: $want" report "$tmp/opt.json"
done <<'EOF'
.tool.version 1 tool.version: not a string
.tool.commit [] tool.commit: not a string
.machine.kernel 5 machine.kernel: not a string
.machine.hypervisor "yes" machine.hypervisor: not a boolean
.clock.core_hz_min "x" clock.core_hz_min: not a number
.clock.core_hz_max {} clock.core_hz_max: not a number
.clock.timer_overhead_ticks "x" clock.timer_overhead_ticks: not a number
.clock.alu_per_cycle true clock.alu_per_cycle: not a number
.config.tight "x" config.tight: not a number
.config.sample_us "25" config.sample_us: not a number
.config.spread_threshold "x" config.spread_threshold: not a number
.config.sequences 3 config.sequences: not a string
.config.aslr "on" config.aslr: not a boolean
.elapsed_s "x" .elapsed_s: not a number
.impls "x" impls: not an array
.impls [1] impls[0]: not an object
.impls[0].name 3 impls[0].name: not a string
EOF
jq 'del(.tool.version, .tool.commit, .machine.kernel, .machine.hypervisor, .clock.core_hz_min,
        .clock.core_hz_max, .clock.timer_overhead_ticks, .clock.alu_per_cycle, .config.tight,
        .config.sample_us, .config.sequences, .config.aslr, .elapsed_s, .impls)' "$full" >"$tmp/bare.json"
"$bin" report "$tmp/bare.json" --format json | jq -e '.tool.commit == "unknown" and .machine.kernel == "unknown"
    and .machine.hypervisor == false and .config.aslr == true and .config.sample_us == 0
    and .config.sequences == "unknown" and .elapsed_s == 0 and .clock.alu_per_cycle == null
    and (.impls | length) == 0' >/dev/null && ok || bad "a file without its optional fields: $("$bin" report "$tmp/bare.json" --format json 2>&1 | head -c 300)"
"$bin" report "$tmp/old.json" --format json | cmp -s - <("$bin" report "$schema2" --format json) &&
    ok || bad "an old file's interval from its samples, its noise flags and threshold dropped"
"$bin" report "$tmp/novisits.json" --format json | jq -e '.config.visits == 1' >/dev/null && ok || bad "a file without config.visits reads as one visit"
# A string longer than its field is refused, not cut (found with item 10 of
# issue 14: a brand, kernel or impl name was silently shortened); strings the
# run keeps whole (clock sources, the file's path) are not limited.
while read -r field limit; do
    jq "$field = (\"x\" * 300)" "$full" >"$tmp/long_field.json"
    expect_usage "$tmp/long_field.json: ${field#.}: longer than $limit bytes" report "$tmp/long_field.json"
done <<'EOF'
.machine.brand 63
.machine.vendor 15
.machine.kernel 127
.tool.version 31
.tool.commit 63
.impls[0].compiler 159
EOF
jq '.clock.tsc_source = ("measured " * 20) | .clock.source = "perf"' "$full" >"$tmp/long_source.json"
"$bin" report "$tmp/long_source.json" --format json | jq -e '.clock.tsc_source == ("measured " * 20)' >/dev/null &&
    ok || bad "a long clock.tsc_source read back cut"
deep="$tmp/$(printf 'd%.0s' {1..200})/$(printf 'e%.0s' {1..100})"
mkdir -p "$deep" && cp "$full" "$deep/r.json"
"$bin" report "$deep/r.json" | grep -qF "$deep/r.json" && ok || bad "the footer cut a long path"

# Labels of any length read back whole (a file's label was cut at 31 bytes).
jq '.results.rows[0][1] = "file:" + ("x" * 200) + ".txt"' "$full" >"$tmp/longlabel.json"
"$bin" report "$tmp/longlabel.json" --format json | jq -e '.results.rows[0][1] == "file:" + ("x" * 200) + ".txt"' >/dev/null &&
    ok || bad "a long sequence label read back cut"
expect_usage "$tmp/missing.json: No such file or directory" report "$tmp/missing.json"
expect_usage "name two result files" compare "$full"
expect_usage "name at least one result file" report
expect_usage "--format must be one of" report "$full" --format pdf

# A 700-byte technique name from a file is printed whole in the tables (cells
# were cut at 512 bytes).
long=$(printf 'L%.0s' {1..700})
# (renamed in every row and shared_from, as a C row may take the asm row's figure)
jq --arg t "$long" '(.results.columns | index("shared_from")) as $s
    | .results.rows[0][0] as $id | ($id | split("/") | "\(.[0])/\($t)/\(.[2])") as $new
    | .results.rows |= map(if .[0] == $id then .[0] = $new else . end
                           | if .[$s] == $id then .[$s] = $new else . end)' \
    "$full" >"$tmp/longname.json"
"$bin" report "$tmp/longname.json" 2>/dev/null | grep -q "^$long " && ok || bad "a 700-byte technique name was cut"
# A shared row may come before the row it names (a C row of an earlier
# technique takes a later asm row's figure): read alike in any order.
jq '.results.rows |= (.[1:] + [.[0]])' "$full" >"$tmp/source_last.json"
[ "$("$bin" report "$tmp/source_last.json" --format csv 2>&1 | sort)" = \
  "$("$bin" report "$full" --format csv | sort)" ] && ok ||
    bad "a source after its shared rows: $("$bin" report "$tmp/source_last.json" 2>&1 | head -2)"
# A chart of 70 techniques draws them all, in parts no taller than 1400 px.
jq '.results.rows |= (.[0] as $r | [range(70) as $i | $r | .[0] |= (split("/") as [$f, $_, $m] | "\($f)/t\($i)/\($m)")])' \
    "$full" >"$tmp/wide.json"
"$bin" report "$tmp/wide.json" --plot "$tmp/wide" >/dev/null 2>"$tmp/wide.err"
[ "$(cat "$tmp"/wide/*.svg | grep -c 'class="sqfig-panel"')" -eq 70 ] && ok || bad "a 70-technique chart: $(cat "$tmp/wide.err")"
tallest=$(sed -n 's/^<svg [^>]* height="\([0-9.]*\)".*/\1/p' "$tmp"/wide/*.svg | sort -n | tail -1)
awk -v h="$tallest" 'BEGIN { exit !(h > 0 && h <= 1400) }' &&
    ok || bad "a 70-technique chart in $(ls "$tmp"/wide | tr '\n' ' '), the tallest $tallest px"
# A folder plotted again with charts of one part: the earlier parts of the
# charts written (color-latency-N.svg) are removed, said in one line; other
# names, parts of charts not written and what is not a file stay.
jq '.results.rows |= (.[0] as $r | [range(150) as $i | $r | .[0] |= (split("/") as [$f, $_, $m] | "\($f)/t\($i)/\($m)")])' \
    "$full" >"$tmp/parts.json"
"$bin" report "$tmp/parts.json" --plot "$tmp/parts" >/dev/null
[ "$(ls "$tmp/parts" | tr '\n' ' ')" = "color-latency-2.svg color-latency-3.svg color-latency.svg " ] ||
    bad "a 150-technique chart in $(ls "$tmp/parts" | tr '\n' ' '), not three parts"
mkfifo "$tmp/parts/color-latency-99.svg"
touch "$tmp/parts/"{color-latency-02.svg,color-latency-2.svg.bak,machines-color-latency-2.svg,color-latency-x.svg}
"$bin" report "$full" --plot "$tmp/parts" >/dev/null 2>"$tmp/parts.err" && [ "$(wc -l <"$tmp/parts.err")" -eq 1 ] &&
    grep -qF "sqcolor report: --plot: removed color-latency-" "$tmp/parts.err" &&
    grep -qF ": parts of earlier charts beyond those written now" "$tmp/parts.err" &&
    grep -qF "color-latency-2.svg" "$tmp/parts.err" && grep -qF "color-latency-3.svg" "$tmp/parts.err" &&
    ok || bad "--plot over earlier parts: $(cat "$tmp/parts.err")"
[ "$(ls "$tmp/parts" | tr '\n' ' ')" = "color-latency-02.svg color-latency-2.svg.bak color-latency-99.svg color-latency-x.svg color-latency.svg color-throughput.svg machines-color-latency-2.svg " ] &&
    ok || bad "--plot over earlier parts left $(ls "$tmp/parts" | tr '\n' ' ')"
finish results
