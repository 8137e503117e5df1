#!/usr/bin/env bash
# sqcolor disasm shows what was built: the asm's lea/shr/and, clang's split LEA.
# usage: tests/disasm.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

"$bin" disasm --filter 'color/lea_shr_and/*' >"$tmp/t.txt" && ok || bad "disasm exits non-zero"
grep -q '^  asm ' "$tmp/t.txt" && grep -q 'lea eax, \[rdi + rdi\*8 + 8\]' "$tmp/t.txt" &&
    grep -q 'shr eax, 3' "$tmp/t.txt" && grep -q 'and eax, 1' "$tmp/t.txt" && ok || bad "asm lea/shr/and: $(cat "$tmp/t.txt")"
grep -q '4 insns, 11 bytes' "$tmp/t.txt" && ok || bad "asm: 4 instructions (with ret), 11 bytes"
if "$bin" list --format csv | grep -qE ',clang-[0-9]+,'; then
    grep -q 'add eax, 8' "$tmp/t.txt" && ok || bad "clang generic splits the lea: no 'add eax, 8'"
fi
"$bin" disasm --filter 'color/lea_shr_and/asm' --format markdown >"$tmp/m.md" && ok || bad "markdown"
grep -q '^#### color/lea_shr_and$' "$tmp/m.md" && grep -q '^| `+0x00 lea eax, \[rdi + rdi\*8 + 8\]` |$' "$tmp/m.md" &&
    grep -q '^| `+0x0a ret` |$' "$tmp/m.md" && ok || bad "markdown table: $(cat "$tmp/m.md")"

# --loops: each mode's timed loop after the routines, named by its mode, with
# where its head lies and whether it branches (†) besides its harness. Without
# it, no loop is shown.
! grep -q ' loop$' "$tmp/t.txt" && ok || bad "disasm without --loops shows a loop"
"$bin" disasm --loops --filter 'color/cmov/asm,color/lea_test_jz/asm' >"$tmp/loops.txt" && ok || bad "--loops exits non-zero"
for tech in cmov lea_test_jz; do
    for mode in latency throughput branch; do
        grep -q "^color/$tech $mode loop\$" "$tmp/loops.txt" && ok || bad "--loops: no $tech $mode loop: $(cat "$tmp/loops.txt")"
    done
done
heads() { grep -A3 "^color/$1 $2 loop\$" "$tmp/loops.txt" | sed -n 4p; }
heads cmov latency | grep -q '^  64-aligned, no branch *$' && ok || bad "cmov latency loop: $(heads cmov latency)"
heads cmov branch | grep -q '^  64-aligned, a branch a square *$' && ok || bad "cmov branch loop: $(heads cmov branch)"
heads lea_test_jz latency | grep -q '^  64-aligned, branches † *$' && ok || bad "lea_test_jz latency loop: $(heads lea_test_jz latency)"
section() { awk -v t="$1" '$0 == t { on = 1; next } on && $0 == "" { exit } on' "$tmp/loops.txt"; }
section 'color/cmov throughput loop' | tail -1 | grep -qE '^  \+0x[0-9a-f]+ jne \+0x0 *$' && ok || bad "the loop's last line is not its jump back to its head: $(section 'color/cmov throughput loop' | tail -3)"
"$bin" disasm --loops --format markdown --filter 'color/cmov/asm' >"$tmp/loops.md" && grep -q '^#### color/cmov throughput loop$' "$tmp/loops.md" &&
    grep -q '^| asm<br>[0-9]* insns, [0-9]* bytes<br>64-aligned, no branch |$' "$tmp/loops.md" && ok || bad "--loops markdown: $(head -8 "$tmp/loops.md")"

# Within the console's 160 columns (characters: † is one), however many impls
# a technique has: the columns past them go on below, under the title and
# ', continued', and none is lost (as many as the Markdown table has).
"$bin" disasm --loops --filter 'color/inreg32/*' >"$tmp/wide.txt" &&
    "$bin" disasm --loops --filter 'color/inreg32/*' --format markdown >"$tmp/wide.md" && ok || bad "disasm --loops inreg32"
"$bin" disasm --loops --filter 'color/*,same_color/*' >"$tmp/wider.txt" && ok || bad "disasm --loops color, same_color"
python3 - "$tmp/wide.txt" "$tmp/wide.md" "$tmp/wider.txt" <<'PY' && ok || bad "disasm wider than 160 columns, or columns lost"
import re, sys
text, md, wider = (open(f, encoding="utf-8").read() for f in sys.argv[1:])
errors = []
for name, t in (("inreg32", text), ("color, same_color", wider)):
    lines = t.split("\n")
    widest = max(range(len(lines)), key=lambda k: len(lines[k]))
    if len(lines[widest]) > 160:
        errors.append("%s: line %d has %d columns" % (name, widest + 1, len(lines[widest])))
for mode in ("latency", "throughput", "branch"):
    title = "color/inreg32 %s loop" % mode
    # each band: the title, then the impls, then "N insns, M bytes" a column
    bands = re.findall(r"^%s(?:, continued)?\n.*\n(.*)\n" % re.escape(title), text, re.M)
    shown = sum(len(re.findall(r"\d+ insns, \d+ bytes", b)) for b in bands)
    header = re.search(r"^#### %s\n\n(.*)$" % re.escape(title), md, re.M)
    want = header.group(1).count("insns") if header else -1
    if not bands or shown != want:
        errors.append("%s: %d bands, %d columns, the Markdown table %d" % (title, len(bands), shown, want))
print("\n".join(errors))
sys.exit(1 if errors else 0)
PY

# No absolute address: each instruction at its offset in the routine, a branch
# to an offset of the same routine, data by its symbol. The listing is the
# same in every process, whatever address space randomisation did.
"$bin" disasm --filter 'color/lea_test_jz/asm' --format markdown >"$tmp/jz.md"
target=$(grep -o '` *+0x[0-9a-f]* j[a-z]* +0x[0-9a-f]*`' "$tmp/jz.md" | grep -o '+0x[0-9a-f]*`$' | tr -d '`')
[ -n "$target" ] && grep -q "^| \`$target " "$tmp/jz.md" && ok || bad "the branch's target is not an instruction of its routine: $(cat "$tmp/jz.md")"
"$bin" disasm --filter 'color/lookup/*' >"$tmp/lookup.txt"
grep -qE 'lea r[a-z0-9]+, \[rip \+ [A-Za-z_][A-Za-z_0-9]*\]' "$tmp/lookup.txt" && ok || bad "lookup's table not named: $(cat "$tmp/lookup.txt")"
absolute='0x(5[56]|7f)[0-9a-f]{10}([^0-9a-f]|$)'
# --predict on one family's routines: llvm-mca, run twice a routine, took
# 24 s a listing of all of them, and what could differ between two runs
# (addresses, order) is sqcolor's, which the listings without it cover.
runs=("" "--format markdown" "--loops")
command -v llvm-mca >/dev/null && runs+=("--predict --filter color/*")
for args in "${runs[@]}"; do
    # shellcheck disable=SC2086
    "$bin" disasm $args >"$tmp/run1.txt" && "$bin" disasm $args >"$tmp/run2.txt" &&
        cmp -s "$tmp/run1.txt" "$tmp/run2.txt" && ok || bad "disasm $args differs between two runs: $(diff "$tmp/run1.txt" "$tmp/run2.txt" | head -5)"
    ! grep -nE "$absolute" "$tmp/run1.txt" && ok || bad "disasm $args prints an absolute address"
    ! grep -n '<outside>' "$tmp/run1.txt" && ok || bad "disasm $args: an address outside every known symbol"
done

if command -v llvm-mca >/dev/null; then
    "$bin" disasm --filter 'color/lea_shr_and/asm' --predict >"$tmp/p.txt" && grep -q 'mca rthr [0-9.]* lat [0-9.]*' "$tmp/p.txt" && ok || bad "--predict: $(cat "$tmp/p.txt")"
    "$bin" disasm --mcpu bogus >"$tmp/out" 2>"$tmp/err"
    [ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "does not know the CPU 'bogus'" "$tmp/err" && ok || bad "--mcpu bogus: $(cat "$tmp/err")"
fi
# Impls of one machine code share a column headed "a = b" ("clang-13..16": the
# versions between, of those built). Every impl of a technique heads exactly one
# of its columns, and on any machine with more than one compiler build at least
# one column is shared (the same compiler's two builds of lookup, if nothing else).
"$bin" disasm --format markdown >"$tmp/all.md" && "$bin" list --format csv >"$tmp/list.csv" &&
    python3 - "$tmp/all.md" "$tmp/list.csv" <<'PY' && ok || bad "disasm's columns of identical code"
import csv, re, sys
impls = {}
for row in csv.DictReader(open(sys.argv[2])):
    impls.setdefault(row["family"] + "/" + row["technique"], []).append(row["impl"])
def expand(name, built):
    m = re.fullmatch(r"([a-z]+)-(\d+)\.\.(\d+)(-native)?", name)
    if not m:
        return [name]
    kind, lo, hi, native = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4) or ""
    return [i for i in built if re.fullmatch(r"%s-(\d+)%s" % (kind, native), i)
            and lo <= int(i.split("-")[1]) <= hi]
lines, shared, errors = open(sys.argv[1]).read().split("\n"), 0, []
for k, line in enumerate(lines):
    if not line.startswith("#### "):
        continue
    tech = line[5:]
    heads = [c.split("<br>")[0].strip() for c in lines[k + 2].strip("|").split(" | ")]
    names = [i for h in heads for n in h.split(" = ") for i in expand(n, impls[tech])]
    shared += sum(" = " in h for h in heads)
    if sorted(names) != sorted(impls[tech]):
        errors.append("%s: columns %s, impls %s" % (tech, heads, impls[tech]))
if len(set(i for v in impls.values() for i in v)) > 2 and not shared:
    errors.append("no column shared by two impls")
print("\n".join(errors))
sys.exit(1 if errors else 0)
PY
# Under each table, each compiler's code version by version.
grep -qE '^- (gcc|clang) (generic|native): ' "$tmp/all.md" && ok || bad "no version history under the tables"

# The model beside a quick saved run of this machine: its structure, not its values.
if command -v llvm-mca >/dev/null; then
    "$bin" run --quick --filter 'color/lea_shr_and/*' --save --results-dir "$tmp/r" >/dev/null 2>&1 || bad "run --save"
    saved=$(find "$tmp/r" -name '*.json' | head -1)
    ids=$("$bin" list --format csv --filter 'color/lea_shr_and/*' | tail -n +2 | cut -d, -f1 | cut -d/ -f2-)
    filter='color/lea_shr_and/*,color/bt/asm,color/lea_test_jz/asm' # bt, lea_test_jz not in the file
    "$bin" disasm --predict --results "$saved" --filter "$filter" --all >"$tmp/mvm.txt" 2>"$tmp/err" && ok || bad "--results: $(cat "$tmp/err")"
    head -1 "$tmp/mvm.txt" | grep -q "^Where llvm-mca's model and the measurement disagree on " &&
        grep -qE '^Model: llvm-mca [0-9.]+ \(.*\) -mcpu=[a-z0-9_-]+, ' "$tmp/mvm.txt" &&
        grep -qF "Measured: the run $saved (sqcolor " "$tmp/mvm.txt" &&
        grep -qE '^Of [0-9]+ variants, [0-9]+ latencies and [0-9]+ throughputs disagree. No instruction-form file' "$tmp/mvm.txt" &&
        grep -q '^== By technique ==$' "$tmp/mvm.txt" &&
        grep -q '^== color — core cycles per square ==$' "$tmp/mvm.txt" &&
        grep -qE '^variant +insns +lat mca +lat measured +Δ lat +thr mca +thr measured +Δ thr$' "$tmp/mvm.txt" &&
        grep -q '^Δ = measured - mca; listed (and marked ! in the tables of every variant) from 0.50 apart' "$tmp/mvm.txt" &&
        ok || bad "--results table: $(cat "$tmp/mvm.txt")"
    # The model's throughput is on the measurement's basis: the loop timed less
    # its harness loop, per square, well under the routine's block (1.00).
    awk '$1 == "lea_shr_and/asm" { found = 1; exit !($6 + 0 < 0.9) } END { exit !found }' "$tmp/mvm.txt" &&
        ok || bad "thr mca of lea_shr_and/asm not net of its harness: $(grep lea_shr_and/asm "$tmp/mvm.txt")"
    "$bin" disasm --results "$saved" --filter "$filter" --format markdown --all >"$tmp/mvm.md" && ok || bad "--results markdown"
    grep -q '^| variant | insns | lat mca | lat measured | Δ lat | thr mca | thr measured | Δ thr |$' "$tmp/mvm.md" &&
        grep -q '^|---|---:|---:|---:|---:|---:|---:|---:|$' "$tmp/mvm.md" && ok || bad "markdown header: $(cat "$tmp/mvm.md")"
    # Without --all, no table of every variant: only what disagrees.
    "$bin" disasm --results "$saved" --filter "$filter" --format markdown >"$tmp/off.md" 2>/dev/null &&
        ! grep -q '^| variant | insns |' "$tmp/off.md" && ok || bad "--results without --all: $(cat "$tmp/off.md")"
    # A row per variant: the model's figures, the file's with their intervals,
    # differences flagged exactly from 0.50 apart as printed.
    num='[0-9]+\.[0-9]{2}' measured='([0-9]+\.[0-9]{2}±[0-9]+\.[0-9]{2}|≈0≤[0-9]+\.[0-9]{2})~?‖?≡?'
    row="^\| [a-z0-9_/-]+ \| [0-9]+ \| $num \| $measured \| [+-]?$num( !)? \| $num \| $measured \| [+-]?$num( !)? \|\$"
    for id in $ids; do
        grep -qE "^\| $id \| " "$tmp/mvm.md" && grep -E "^\| $id \| " "$tmp/mvm.md" | grep -qE "$row" && ok || bad "row of $id: $(grep -F "| $id |" "$tmp/mvm.md")"
    done
    grep -qE "^\| bt/asm \| [0-9]+ \| $num \| - \| - \| $num \| - \| - \|\$" "$tmp/mvm.md" && ok || bad "a variant not in the file: $(grep -F 'bt/asm' "$tmp/mvm.md")"
    # A routine that branches has no latency in the model either (llvm-mca runs
    # straight through the branch): † there, not a number.
    grep -qE "^\| lea_test_jz/asm \| [0-9]+ \| † \| - \| - \| $num \| - \| - \|\$" "$tmp/mvm.md" && ok || bad "a branching routine's model latency: $(grep -F 'lea_test_jz/asm' "$tmp/mvm.md")"
    flags=$(grep -E "$row" "$tmp/mvm.md" | awk -F' \\| ' '{
        for (k = 5; k <= 8; k += 3) { split($k, d, " "); a = d[1] < 0 ? -d[1] : d[1];
            if ((a >= 0.5) != (d[2] == "!")) print "misflagged: " $k } }')
    [ -z "$flags" ] && ok || bad "the 0.5 flag: $flags"
    # Each flagged figure is listed once above the tables, in a table by
    # technique (no form file: none is explained).
    nflags=$(grep -E "$row" "$tmp/mvm.md" | grep -o ' ! ' | wc -l)
    nlisted=$(sed -n '/^## By technique$/,/^## /p' "$tmp/mvm.md" | grep -cE '^\| color/')
    [ "$nflags" -ge "$nlisted" ] && { [ "$nflags" -eq 0 ] || [ "$nlisted" -gt 0 ]; } && ok || bad "$nflags flags, $nlisted rows by technique"

    # With calibrate's instruction-form file: the forms section. A file whose
    # lea_bisd (the asm's lea eax, [rdi + rdi*8 + 8]) reads 3 cycles off the
    # model's lists that form as disagreeing; a chain this binary holds as
    # other code, or not at all, is left out with one line each.
    "$bin" calibrate --reps 3 --sample-us 5 --format json --output "$tmp/forms.json" && ok || bad "calibrate --format json"
    jq -e '.kind == "instruction-forms" and (.forms | map(.chain) | index("lea_bisd")) != null and
        (.forms[] | select(.chain == "lea_bisd") | .link) == "lea eax, [rax + rax*8 + 8]"' "$tmp/forms.json" >/dev/null &&
        ok || bad "the instruction-form file: $(head -c 600 "$tmp/forms.json")"
    jq '(.forms[] | select(.chain == "lea_bisd") | .cycles.median) = 5 |
        (.forms[] | select(.chain == "lea_bi") | .link) = "lea eax, [rax + rcx]" |
        .forms += [{"chain": "nosuch", "link": "nop", "cycles": {"min": 1, "median": 1, "p90": 1}}]' \
        "$tmp/forms.json" >"$tmp/forms5.json"
    "$bin" disasm --results "$saved" --forms "$tmp/forms5.json" --filter "$filter" --format markdown >"$tmp/f.md" 2>"$tmp/err" && ok || bad "--forms: $(cat "$tmp/err")"
    grep -qE "^Measured: the run .*, and the instruction forms $tmp/forms5.json \(sqcolor calibrate" "$tmp/f.md" &&
        grep -q '^## Instruction forms$' "$tmp/f.md" &&
        grep -q '^| form | chain: one link | mca | measured | Δ | latencies explained |$' "$tmp/f.md" &&
        grep -qE '^\| lea r32, \\\[r \+ r\\\*8 \+ disp\\\] \| lea_bisd: lea eax, \\\[rax \+ rax\\\*8 \+ 8\\\] \| [0-9.]+ \| 5.00 \| \+[0-9.]+ \| [0-9]+ \|$' "$tmp/f.md" &&
        grep -q '^## By technique: what no form explains$' "$tmp/f.md" && ok || bad "the forms section: $(cat "$tmp/f.md")"
    grep -q "chain lea_bi measured as 'lea eax, \[rax + rcx\]', this binary holds 'lea eax, \[rax + rdx\]': left out" "$tmp/err" &&
        grep -q "this binary has no chain 'nosuch': left out" "$tmp/err" && [ "$(wc -l <"$tmp/err")" -eq 2 ] &&
        ! grep -q 'lea_bi:' "$tmp/f.md" && ok || bad "chains left out: $(cat "$tmp/err")"

    # A progress line while llvm-mca works (--predict, --results): nothing on
    # stderr without a terminal; on one (script(1) makes one), drawn from 0,
    # rewritten in place and cleared at the end, unless CI=true.
    "$bin" disasm --predict --filter "$filter" >/dev/null 2>"$tmp/err" && [ ! -s "$tmp/err" ] &&
        ok || bad "disasm --predict without a terminal wrote to stderr: $(cat -v "$tmp/err")"
    if command -v script >/dev/null; then
        for args in "--predict" "--results $saved"; do
            for ci in false true; do
                CI=$ci script -qec "'$bin' disasm --filter '$filter' $args >/dev/null" "$tmp/tty" >/dev/null 2>&1
                python3 - "$tmp/tty" "$ci" <<'PY' && ok || bad "disasm $args on a terminal, CI=$ci: $(tr '\r' '~' <"$tmp/tty" | head -c 600)"
import re, sys
text = open(sys.argv[1], encoding="utf-8", errors="replace", newline="").read()
counts = re.findall(r"\rsqcolor disasm: (\d+)/(\d+) routines", text)
if sys.argv[2] == "true":
    sys.exit(1 if counts else 0)
after_last = text[text.rindex("routines"):].split("\n")[0] if counts else ""
sys.exit(0 if counts and counts[0][0] == "0" and re.fullmatch(r"routines[^\r]*\r +\r", after_last) else 1)
PY
            done
        done
    fi

    # A stand-in is named as one: an llvm-mca-99 on PATH that knows every CPU
    # but this one's own falls back to an older core, or to LLVM's guess.
    own=$(sed -n 's/^Model: .* -mcpu=\([a-z0-9_-]*\), the model of this CPU.*/\1/p' "$tmp/mvm.txt")
    real=$(sed -n 's/^Model: llvm-mca [0-9.]* (\(.*\)) -mcpu=.*/\1/p' "$tmp/mvm.txt")
    if [ -n "$own" ] && [ -n "$real" ]; then
        mkdir -p "$tmp/path"
        printf '#!/bin/sh\ncase "$1" in -mcpu=help) "%s" -mcpu=help 2>&1 | grep -v "^  %s " >&2; exit 1 ;; esac\nexec "%s" "$@"\n' \
            "$real" "$own" "$real" >"$tmp/path/llvm-mca-99"
        chmod +x "$tmp/path/llvm-mca-99"
        PATH="$tmp/path:$PATH" "$bin" disasm --filter color/lea_shr_and/asm --predict >"$tmp/stand.txt" 2>&1
        grep -E "^mca: llvm-mca [0-9.]+ \($tmp/path/llvm-mca-99\) -mcpu=" "$tmp/stand.txt" | grep -q -e "a stand-in: an older core's model, as this LLVM does not know $own" -e "LLVM's guess" &&
            ! grep -q "mcpu=$own," "$tmp/stand.txt" && ok || bad "stand-in for $own: $(cat "$tmp/stand.txt")"
    fi
fi
"$bin" disasm --format xml >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] && ok || bad "--format xml"
"$bin" disasm --filter nope >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] && grep -q "matches no variant" "$tmp/err" && ok || bad "--filter nope"

# An llvm-mca that never answers is stopped after SQCOLOR_MCA_TIMEOUT seconds,
# said in one line, and the tables come without predictions: it hung disasm.
# One hangs at once (its --version), one only when it predicts (llvm-mca-999
# outranks every real one on PATH).
mkdir -p "$tmp/hang1" "$tmp/hang2"
printf '#!/bin/sh\nexec sleep 60\n' >"$tmp/hang1/llvm-mca-999"
printf '#!/bin/sh\ncase "$1" in\n--version) echo "LLVM version 999.0.0" ;;\n-mcpu=help)\n    printf "Available CPUs for this target:\\n\\n  znver4 - Select the znver4 processor.\\n\\n"\n    exit 1 ;;\n*) exec sleep 60 ;;\nesac\n' >"$tmp/hang2/llvm-mca-999"
chmod +x "$tmp/hang1/llvm-mca-999" "$tmp/hang2/llvm-mca-999"
"$bin" run --quick --reps 3 --samples 1 --filter 'color/lea_shr_and/asm' --format json \
    --output "$tmp/mine.json" 2>/dev/null || bad "could not make a result file"
for hang in hang1 hang2; do
    for args in "--predict" "--mcpu znver4" "--results $tmp/mine.json"; do
        start=$SECONDS
        # shellcheck disable=SC2086
        PATH="$tmp/$hang:$PATH" SQCOLOR_MCA_TIMEOUT=1 timeout 50 "$bin" disasm \
            --filter 'color/lea_shr_and/*' $args >"$tmp/out" 2>"$tmp/err"
        rc=$?
        [ $rc -eq 0 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ $((SECONDS - start)) -lt 30 ] &&
            grep -qF "sqcolor disasm: llvm-mca ($tmp/$hang/llvm-mca-999) did not finish within 1 s" "$tmp/err" &&
            grep -q -e 'no llvm-mca predictions: llvm-mca took too long' -e 'none (llvm-mca took too long)' "$tmp/out" &&
            ok || bad "$hang, disasm $args -> exit $rc after $((SECONDS - start)) s: $(cat "$tmp/err")"
    done
done

finish disasm
