#!/usr/bin/env bash
# sqcolor's command line as a user meets it: bad input gets one line and exit 2,
# machine-readable output has its exact header, eval agrees with the definition.
# usage: tests/cli.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"


expect_usage "unknown command 'bogus'" bogus
expect_usage "unknown option '--bogus'" list --bogus
expect_usage "unknown option '--bogus'" --bogus
expect_usage "unknown option '--bogus'" verify --bogus=1
expect_usage "option '--filter' needs a value" list --filter
expect_usage "option '--filter' needs a value" eval --filter --format
expect_usage "option '--filter' needs a non-empty value" verify --filter=
expect_usage "'nope/*' matches no variant" verify --filter 'nope/*'
expect_usage "'lea_shr_and' matches no variant" list --filter 'color/*,lea_shr_and'
expect_usage "'nope' matches no variant" eval --filter nope
expect_usage "'nope' matches no variant" run --filter nope
expect_usage "empty glob" list --filter 'color/*,,'
expect_usage "--format must be one of table|csv|markdown, not 'xml'" list --format xml
expect_usage "unexpected argument 'extra'" list extra
expect_usage "unknown command 'bogus'" help bogus

# A word close to a name gets "did you mean" on its one line; a far-off one
# gets none.
expect_usage "unknown command 'rnu'; did you mean 'run'?" rnu
expect_usage "unknown option '--quik'; did you mean '--quick'?" run --quik
for args in frobnicate "run --bogus" "list --filter zzz" "list --filter color/inreg32/icc"; do
    # shellcheck disable=SC2086
    expect_usage "sqcolor" $args
    ! grep -q 'did you mean' "$tmp/err" && ok || bad "sqcolor $args suggests: $(cat "$tmp/err")"
done

# Help and version answer on stdout with status 0.
for args in "--help" "help" "help verify" "help list" "help eval" "help run" "--version"; do
    # shellcheck disable=SC2086
    if "$bin" $args >"$tmp/out" 2>&1 && [ -s "$tmp/out" ]; then ok; else bad "sqcolor $args"; fi
done
grep -q '^sqcolor [0-9]' <("$bin" --version) && ok || bad "--version prints 'sqcolor N.N.N'"
# capstone is loaded when first decoded from (bench/code/capstone_loader.h),
# not linked: its relocations cost every process at start.
! readelf -d "$bin" | grep -q 'NEEDED.*capstone' && ok || bad "sqcolor links capstone: $(readelf -d "$bin" | grep NEEDED)"

# Every command takes --help and -h, anywhere an option may stand: its usage
# on stdout, nothing run, exit 0.
mapfile -t commands < <("$bin" --help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { exit }')
[ ${#commands[@]} -ge 9 ] && ok || bad "--help lists ${#commands[@]} commands"
for c in "${commands[@]}"; do
    "$bin" help "$c" >"$tmp/usage" 2>"$tmp/err" && [ -s "$tmp/usage" ] && ok || bad "help $c"
    for h in --help -h; do
        "$bin" "$c" "$h" >"$tmp/out" 2>"$tmp/err" && [ ! -s "$tmp/err" ] && cmp -s "$tmp/out" "$tmp/usage" &&
            ok || bad "sqcolor $c $h: exit $?, $(head -c 200 "$tmp/err")"
    done
done
for args in "--quick -h" "run --quick --mode latency --help" "report a.json --format csv -h" "compare a b --help"; do
    # shellcheck disable=SC2086
    set -- $args
    [ "$1" = --quick ] && c=run || c=$1
    "$bin" "$@" >"$tmp/out" 2>"$tmp/err" && [ ! -s "$tmp/err" ] && cmp -s "$tmp/out" <("$bin" help "$c") &&
        ok || bad "sqcolor $args: exit $?, $(head -c 200 "$tmp/err")"
done

# Each command's help ends with at least two examples, and each example's words
# (from the one that names the program on) parse as that command's: with
# --help after them they print its help and exit 0, where an unknown option,
# a bad value or a word too many would exit 2.
for c in "${commands[@]}"; do
    "$bin" help "$c" >"$tmp/usage"
    mapfile -t examples < <(awk '/^examples:$/ { on = 1; next } on && /^  [^ ]/ { print substr($0, 3) }' "$tmp/usage")
    [ ${#examples[@]} -ge 2 ] && ok || bad "help $c: ${#examples[@]} examples"
    for line in "${examples[@]}"; do
        [[ " $line" == *" sqcolor "* ]] || { bad "help $c: an example not of sqcolor: $line"; continue; }
        set -f # the words as the shell reads them, their globs kept as written
        eval "set -- ${line#*sqcolor }"
        set +f
        "$bin" "$@" --help >"$tmp/out" 2>"$tmp/err" && cmp -s "$tmp/out" "$tmp/usage" &&
            ok || bad "help $c: example '$line' with --help: exit $?, $(head -c 200 "$tmp/err")"
    done
done
# The man page has them all, in its EXAMPLES section.
in_man=$("$bin" help --format man | sed -n '/^\.SH EXAMPLES$/,/^\.SH [^E]/p' | grep -c '^\\fB.*sqcolor ')
[ "$in_man" -ge $((2 * ${#commands[@]})) ] && ok || bad "the man page's EXAMPLES: $in_man lines"

# Each command's help lists (a line starting with it) every option its parser
# accepts, and the parser accepts every option its help lists. The parser is
# asked about every --word any help names: 'CMD --word=x --zz-none' gets
# "unknown option '--word'" only if CMD does not take it (parsing ends before
# anything runs).
mapfile -t words < <(for c in "${commands[@]}"; do "$bin" help "$c" | grep -o -- '--[a-z][a-z0-9-]*'; done |
    sort -u | grep -vx -- '--help')
[ ${#words[@]} -ge 20 ] && ok || bad "only ${#words[@]} option names found"
for c in "${commands[@]}"; do
    accepted=$(for w in "${words[@]}"; do
        "$bin" "$c" "$w=x" --zz-none >/dev/null 2>"$tmp/err"
        read_file err "$tmp/err"
        [[ $err == *"unknown option '$w'"* ]] || echo "$w"
    done)
    described=$("$bin" help "$c" | grep -o '^  --[a-z][a-z0-9-]*' | tr -d ' ' | sort -u)
    [ "$accepted" = "$described" ] && ok || bad "$c: options taken: $(echo $accepted); listed: $(echo $described)"
done

# What the declaration says of each option, from the reference: a line each,
# command, option, default (when it is a value), what it accepts, apart by
# US (a tab would run two apart together in read).
"$bin" help --format markdown >"$tmp/commands.md"
python3 - "$tmp/commands.md" >"$tmp/options.tsv" <<'PY'
import re, sys
cmd = None
for line in open(sys.argv[1], encoding="utf-8"):
    m = re.match(r"## (\S+)$", line)
    if m:
        cmd = m.group(1)
    m = re.match(r"\| `(--[a-z0-9-]+)[^`]*` \|", line)
    if cmd and m:
        cells = [re.sub(r"\\([|*^$])", r"\1", c.strip())  # Markdown's escapes
                 for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        default = cells[2][1:-1] if cells[2].startswith("`") else ""
        print("\x1f".join([cmd, m.group(1), default, cells[3]]))
PY
[ "$(wc -l <"$tmp/options.tsv")" -ge 30 ] && ok || bad "the reference lists $(wc -l <"$tmp/options.tsv") options"
# Each one in its command's help too, with its default and range.
declare -A help_of # a command's help, asked once
while IFS=$'\x1f' read -r c opt def accepts; do
    [ -n "${help_of[$c]+given}" ] || help_of[$c]=$("$bin" help "$c")
    line=""
    while IFS= read -r l; do [[ $l == "  $opt "* ]] && line+=$l; done <<<"${help_of[$c]}"
    [[ $line == *"$accepts"* && $line == *"${def:+default $def}"* ]] && ok ||
        bad "help $c: '$line' lacks default '$def' or '$accepts'"
done <"$tmp/options.tsv"

# The parser holds each option to what the reference says it accepts:
# 'CMD OPT VALUE --zz-none' names --zz-none iff VALUE passed (so that a
# value wrongly let through runs nothing).
accepts() { # command option value
    "$bin" "$1" "$2" "$3" --zz-none >/dev/null 2>"$tmp/err"
    read_file err "$tmp/err"
    [[ $err == *"unknown option '--zz-none'"* ]] && ok || bad "$1 $2 $3 refused: $err"
}
number() { case $1 in 2^*) echo $((2 ** ${1#2^})) ;; *) echo "$1" ;; esac; }
while IFS=$'\x1f' read -r c opt def accepts; do
    [ -n "$def" ] && accepts "$c" "$opt" "$def"
    if [[ $accepts =~ ^(-?[0-9^]+)\ to\ (-?[0-9^]+)$ ]]; then
        lo=$(number "${BASH_REMATCH[1]}") hi=$(number "${BASH_REMATCH[2]}")
        accepts "$c" "$opt" "$lo"
        accepts "$c" "$opt" "$hi"
        for out in $((lo - 1)) $((hi + 1)); do
            expect_usage "$out" "$c" "$opt" "$out" --zz-none
            [[ $message == *"$accepts"* ]] && ok || bad "$c $opt $out: the message does not name $accepts: $message"
        done
    elif [[ $accepts =~ ^between\ ([0-9.]+)\ and\ ([0-9.]+)$ ]]; then
        expect_usage "$opt takes a number $accepts, not '${BASH_REMATCH[1]}'" "$c" "$opt" "${BASH_REMATCH[1]}" --zz-none
        expect_usage "$opt takes a number $accepts, not '${BASH_REMATCH[2]}'" "$c" "$opt" "${BASH_REMATCH[2]}" --zz-none
    elif [[ $accepts =~ ^(one|any)\ of\ ([a-z|-]+) ]]; then
        choices=${BASH_REMATCH[2]}
        for choice in ${choices//|/ }; do accepts "$c" "$opt" "$choice"; done
        expect_usage "$opt must be one of $choices, not 'zz'" "$c" "$opt" zz --zz-none
    fi
done <"$tmp/options.tsv"

# One way to write a number, for every numeric option: no sign where the range
# has no negatives, no space, hex, hex-float, inf or nan; decimals as digits
# with a fraction and an exponent.
while IFS=$'\x1f' read -r c opt def accepts; do
    if [[ $accepts =~ ^(-?[0-9^]+)\ to\ (-?[0-9^]+)$ ]]; then
        v=$(number "${BASH_REMATCH[2]}")
    elif [[ $accepts =~ ^between\ ([0-9.]+)\ and\ ([0-9.]+)$ ]]; then
        v=${BASH_REMATCH[2]}
        v=$(awk -v h="$v" 'BEGIN { print h / 2 }')
    elif [[ $accepts == "0 to 2^64-1 in decimal digits" ]]; then
        v=5
    else
        continue
    fi
    for bad in "+$v" " $v" "$v " "0x1" "0x1p-1" "inf" "nan" "-nan" "1e"; do
        expect_usage "$opt takes a" "$c" "$opt" "$bad" --zz-none
    done
done <"$tmp/options.tsv"
accepts compare --alpha 1e-3
accepts compare --alpha .05
accepts compare --fail-over 2.5
accepts compare --fail-over 1E2
accepts compare --fail-over 5.

# list --format csv: exact header, every technique as asm and as every C impl
# (the batch families' rows, which differ per impl, aside: tests/batch.sh).
"$bin" list --format csv | awk -F, 'NR == 1 || $5 == "scalar"' >"$tmp/list.csv"
[ "$(head -1 "$tmp/list.csv")" = "id,family,technique,impl,kind,needs,supported" ] && ok || bad "list csv header"
asm=$(grep -c ',asm,' "$tmp/list.csv")
[ "$asm" -ge 21 ] && ok || bad "list: $asm asm rows"
counts=$(awk -F, 'NR > 1 { n[$4]++ } END { for (i in n) print n[i] }' "$tmp/list.csv" | sort -u)
impls=$(awk -F, 'NR > 1 { print $4 }' "$tmp/list.csv" | sort -u | wc -l)
[ "$counts" = "$asm" ] && [ "$impls" -ge 3 ] && ok || bad "list: impls $impls, rows per impl $counts"
if command -v gcc >/dev/null && command -v clang >/dev/null; then
    for impl in gcc clang; do
        for suffix in "" "-native"; do
            grep -qE ",$impl-[0-9]+$suffix," "$tmp/list.csv" && ok || bad "list: no $impl$suffix impl"
        done
    done
fi
awk -F, 'NR > 1 && $1 != $2 "/" $3 "/" $4 { exit 1 }' "$tmp/list.csv" && ok || bad "list: id = family/technique/impl"

# eval: exact header; every row agrees with the definition, computed here.
"$bin" eval >"$tmp/eval.csv"
[ "$(head -1 "$tmp/eval.csv")" = "id,a,b,result" ] && ok || bad "eval header"
rows=$(awk -F, '
    function dark(sq) { return ((sq % 8) + int(sq / 8)) % 2 == 0 }
    NR == 1 { next }
    {
        split($1, id, "/"); fam = id[1]; n[fam]++
        if (fam == "color") want = dark($2)
        else if (fam == "color_x88") want = dark(8 * int($2 / 16) + $2 % 16)
        else if (fam == "same_color") want = dark($2) == dark($3)
        else if (fam == "different_color") want = dark($2) != dark($3)
        else { print "unknown family " fam; bad++ }
        if ($4 != want) { if (bad++ < 5) print "wrong row: " $0; }
    }
    END { print NR - 1, bad + 0 }' "$tmp/eval.csv" | tail -1)
set -- $rows
[ "$2" = 0 ] && ok || bad "eval: $2 rows disagree with the definition"
techs=$(grep -c ',yes$' "$tmp/list.csv") # the variants this CPU runs
[ "$1" -gt 0 ] && ok || bad "eval printed no rows"
"$bin" eval --filter 'color/bt/asm,same_color/lea_xor/asm' >"$tmp/eval2.csv"
[ "$(wc -l <"$tmp/eval2.csv")" -eq $((1 + 64 + 4096)) ] && ok || bad "eval --filter row count"
grep -q '^color/bt/asm,[0-9]*,,[01]$' "$tmp/eval2.csv" && ok || bad "eval: b empty for one-square rows"
"$bin" eval --filter 'color_x88/fruit/asm' >"$tmp/x88.csv"
grep -q '^color_x88/fruit/asm,119,,1$' "$tmp/x88.csv" && grep -q '^color_x88/fruit/asm,7,,0$' "$tmp/x88.csv" && ok || bad "eval: x88 h8 = 0x77 dark, h1 = 0x07 light"

# verify: exit 0 with every variant and property passing.
"$bin" verify >"$tmp/verify.txt" && ok || bad "verify exits non-zero"
vpass=$(grep -c ' PASS' "$tmp/verify.txt")
[ "$vpass" -ge "$techs" ] && ok || bad "verify: $vpass PASS lines for $techs variants"
grep -q '^verify: [0-9]* passed, 0 failed$' "$tmp/verify.txt" && ok || bad "verify summary"

# The default command verifies, then times.
"$bin" --quick --filter 'color/*' --mode latency --sequence random --reps 3 >"$tmp/run.txt" 2>"$tmp/run.err" &&
    grep -q "^verify: $(("$(grep -c '^color/.*,yes$' "$tmp/list.csv")" + 6)) passed, 0 failed\$" "$tmp/run.err" &&
    grep -q '^lea_shr_and ' "$tmp/run.txt" && ok || bad "default command: $(cat "$tmp/run.err")"

# A write error on standard output is one line and exit 2, whatever the
# command and however the output fails: a full disk, a closed descriptor,
# a reader gone with SIGPIPE ignored (each exited 0, or 1 for eval, unsaid).
expect_stdout_error() {
    local how=$1 want=$2
    shift 2
    case $how in
    full) "$bin" "$@" >"$devfull" 2>"$tmp/err" ;;
    closed) "$bin" "$@" >&- 2>"$tmp/err" ;;
    # A pipe whose reader is gone before the first write (a reader that exits
    # while the writer runs lets a short output fit in the pipe unread), and
    # SIGPIPE ignored: Python ignores it and its child inherits that.
    pipe) python3 -c 'import os, subprocess, sys
r, w = os.pipe()
os.close(r)
sys.exit(subprocess.run(sys.argv[1:], stdout=w, restore_signals=False).returncode)' "$bin" "$@" 2>"$tmp/err" ;;
    esac
    local rc=$? lines
    lines=$(grep -vc '^verify: ' "$tmp/err")
    if [ $rc -eq 2 ] && [ "$lines" -eq 1 ] && grep -qF -- "cannot write standard output$want" "$tmp/err"; then
        ok
    else
        bad "sqcolor $* ($how) -> exit $rc, $lines stderr lines: $(cat "$tmp/err")"
    fi
}
# CMD --help too (it said so twice: the help's own line, then the exit's).
for args in "list" "list --format csv" "verify" "eval" "help" "help run" "--version" "run --help" \
    "report -h" "--help" \
    "disasm --filter color/bt/*" "calibrate --reps 3 --sample-us 5" \
    "calibrate --reps 3 --sample-us 5 --format json"; do
    # shellcheck disable=SC2086
    expect_stdout_error full "" $args
done
expect_stdout_error full ": No space left on device" list
expect_stdout_error closed ": Bad file descriptor" list
expect_stdout_error closed "" eval --filter 'color/bt/*'
expect_stdout_error pipe "" eval
expect_stdout_error pipe ": Broken pipe" list --format csv
expect_stdout_error pipe "" verify

# --help COMMAND is help COMMAND.
[ "$("$bin" --help run)" = "$("$bin" help run)" ] && ok || bad "--help run differs from help run"
finish cli
