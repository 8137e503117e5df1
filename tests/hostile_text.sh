#!/usr/bin/env bash
# Nothing from a file, an argument or the environment reaches a terminal raw.
# A result file whose every free text field holds ESC sequences (a title, a
# screen clear), BEL, CR, backspace, C1 characters (U+009B, U+0085), bidi
# overrides (U+202E, U+2066) and newlines is fed to every command and format
# that reads it, and to the error paths; no byte below 0x20 but newline and
# tab, no DEL, no C1 and no bidi control may reach standard output or standard
# error, and every error stays one line.
# usage: tests/hostile_text.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
T=$tmp

# The hostile text: ESC ] 0 ; title BEL, ESC [ 2 J, CR, BS, U+009B, U+0085,
# U+202E, U+2066, a newline and DEL.
H=$(printf 'X\033]0;PWNED\a\033[2J\r\b\302\233\302\205\342\200\256\342\201\246\nY\177Z')
# A shorter one for the fields of 15 bytes (the vendor) and 31 (the version).
S=$(printf '\033]0;P\a\n\302\233\342\200\256')

# clean NAME FILE: FILE holds no byte the rule keeps off a terminal.
clean() {
    if perl -0777 -ne 'exit 1 if /[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\x8e\x8f\xaa-\xae]|\xe2\x81[\xa6-\xa9]/' "$2"; then
        ok
    else
        bad "$1: raw control bytes in $(basename "$2"): $(head -c 300 "$2" | od -c | head -5)"
    fi
}

# runs NAME args...: exit 0 (or 1: compare's verdict), both streams clean.
runs() {
    local name=$1
    shift
    "$bin" "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    [ $rc -le 1 ] || bad "$name: exit $rc: $(head -c 300 "$T/err")"
    clean "$name (stdout)" "$T/out"
    clean "$name (stderr)" "$T/err"
}

# refuses NAME "message part" args...: exit 2, one line on stderr holding the
# message, both streams clean.
refuses() {
    local name=$1 want=$2
    shift 2
    "$bin" "$@" >"$T/out" 2>"$T/err"
    local rc=$? lines
    lines=$(wc -l <"$T/err")
    if [ $rc -eq 2 ] && [ "$lines" -eq 1 ] && grep -qF -- "$want" "$T/err"; then
        ok
    else
        bad "$name: exit $rc, $lines stderr lines: $(head -c 300 "$T/err" | od -c | head -8) (wanted '$want')"
    fi
    clean "$name (stdout)" "$T/out"
    clean "$name (stderr)" "$T/err"
}

# ---- the files -------------------------------------------------------------
"$bin" run --quick --reps 3 --samples 2 --length 4096 --filter 'color/bt/*' --sequence random \
    --save --results-dir "$T/runs" >/dev/null 2>&1 || bad "could not make a result file"
good=$(find "$T/runs" -name '*.json' | head -1)
[ -n "$good" ] || { bad "no result file saved"; finish hostile_text; exit 1; }
cp "$good" "$T/good.json"
# Every free text field gets H; ids stay family/technique/impl, so the reader
# takes the file. A field whose text comes from this machine (the brand, up to
# 48 bytes; the kernel, the clock's source, the compilers) gets H after a
# letter, not after that text: each stays within its limit whatever the host.
jq --arg h "$H" --arg s "$S" "$rows_jq"'
  def h: tostring + $h;
  def hid: split("/") | [.[0], (.[1] | h), (.[2] | h)] | join("/");
  .tool.version = $s | .tool.commit = "c" + $h
  | .machine.vendor = $s | .machine.brand = "b" + $h | .machine.kernel = "k" + $h
  | .clock.source = "s" + $h | .clock.tsc_source = "t" + $h
  | .config.sequences |= h
  | (.impls // []) |= map(.name |= h | .compiler = "c" + $h | .flags = "f" + $h)
  | (.code // []) |= map(.id |= hid)
  | maprows(.id |= hid | .shared_from |= (if . then hid else . end) | .sequence |= h)
' "$T/good.json" >"$T/hostile.json" || bad "jq could not make the hostile file"

# ---- every reader and format -------------------------------------------------
for f in table markdown csv html json; do
    runs "report --format $f" report --format "$f" "$T/hostile.json"
    runs "report --format $f --detail" report --format "$f" --detail "$T/hostile.json"
done
runs "report, two files" report "$T/hostile.json" "$T/good.json"
runs "report --plot" report --plot "$T/plots" "$T/hostile.json"
runs "compare, itself" compare "$T/hostile.json" "$T/hostile.json" --all
runs "compare, clean A" compare "$T/good.json" "$T/hostile.json" --all
runs "compare, clean B" compare "$T/hostile.json" "$T/good.json" --all
runs "compare --format json" compare "$T/good.json" "$T/hostile.json" --format json --all
# disasm sets beside its code only this CPU's runs: the vendor as measured.
jq --arg v "$(jq -r .machine.vendor "$T/good.json")" '.machine.vendor = $v' "$T/hostile.json" \
    >"$T/hostile_here.json" || bad "jq could not make hostile_here"
runs "disasm --results" disasm --filter 'color/bt/*' --results "$T/hostile_here.json"
# calibrate's instruction-form file of this machine, its free text hostile: a
# chain this binary lacks and a link it holds otherwise are named on stderr.
"$bin" calibrate --reps 3 --sample-us 5 --format json --output "$T/forms.json" ||
    bad "could not make an instruction-form file"
jq --arg h "$H" --arg s "$S" '.machine.brand = $h | .tool.commit = $h | .tool.version = $s |
    .forms[0].link = $h | .forms += [{"chain": $h, "link": $h, "cycles": {"min": 1, "median": 1, "p90": 1}}]' \
    "$T/forms.json" >"$T/hostile_forms.json" || bad "jq could not make hostile_forms"
runs "disasm --results --forms" disasm --filter 'color/bt/*' --results "$T/good.json" --forms "$T/hostile_forms.json"
grep -c 'left out' "$T/err" | grep -qx 2 && ok || bad "hostile chains not named: $(od -c "$T/err" | head)"
jq --arg h "$H" '.tool.name = $h' "$T/forms.json" >"$T/forms_tool.json" || bad "jq could not make forms_tool"
refuses "disasm --forms, hostile tool" "written by 'X\\x1b]0;PWNED" disasm --results "$T/good.json" --forms "$T/forms_tool.json"

# ---- the error paths ---------------------------------------------------------
mutate() { # mutate NAME JQ-FILTER: a copy of good.json changed by the filter, $h the text
    jq --arg h "$H" "$2" "$T/good.json" >"$T/$1.json" || bad "jq could not make $1"
}
mutate mode '.results.rows[0][2] = $h'
mutate family '.results.rows[0][0] = $h + "/bt/asm"'
mutate id '.results.rows[0][0] = $h'
mutate tool '.tool.name = $h'
mutate hash '.code[0].hash = $h'
mutate long '.machine.brand = ($h * 40)'
for cmd in report compare; do
    extra=()
    [ $cmd = compare ] && extra=("$T/good.json")
    refuses "$cmd, hostile mode" "unknown mode 'X\\x1b]0;PWNED" $cmd "$T/mode.json" "${extra[@]}"
    refuses "$cmd, hostile family" "unknown family 'X\\x1b" $cmd "$T/family.json" "${extra[@]}"
    refuses "$cmd, hostile id" "is not family/technique/impl" $cmd "$T/id.json" "${extra[@]}"
    refuses "$cmd, hostile tool" "not sqcolor" $cmd "$T/tool.json" "${extra[@]}"
    refuses "$cmd, hostile hash" "is not 16 lowercase hex digits" $cmd "$T/hash.json" "${extra[@]}"
    refuses "$cmd, too long" "longer than" $cmd "$T/long.json" "${extra[@]}"
done
refuses "disasm --results, hostile mode" "unknown mode" disasm --results "$T/mode.json"
# A duplicate key and a raw control character: jansson quotes the file's text.
printf '{"schema": 1, "%s": 1, "%s": 2}' "$H" "$H" | sed 's/\x1b/\\u001b/g; s/\x07/\\u0007/g; s/\r/\\r/g; s/\x08/\\b/g' |
    tr '\n' ' ' >"$T/dupkey.json"
refuses "duplicate hostile key" "not valid JSON" report "$T/dupkey.json"
printf '{"schema": 1, "%s": 1}' "$H" >"$T/rawctl.json"
refuses "raw control characters" "not valid JSON" report "$T/rawctl.json"
printf '{"schema": 1, "k\033]0;PWNED\a": tru\033[2J}' >"$T/badtoken.json"
refuses "hostile bad token" "not valid JSON" report "$T/badtoken.json"
# A file's name is outside text too.
refuses "hostile file name" "No such file" report "$T/$H.json"
refuses "hostile operand" "unexpected argument" list "$H"
refuses "hostile --output" "$T/none/X\\x1b]0;PWNED" report --output "$T/none/$H/x.txt" "$T/good.json"
runs "report --plot to a hostile folder" report --plot "$T/$H/plots" "$T/good.json"
runs "run --save to a hostile folder" run --quick --reps 3 --samples 1 --filter color/bt/asm \
    --mode latency --sequence random --save --results-dir "$T/$H"
grep -qF 'saved ' "$T/err" || bad "run --save to a hostile folder: no 'saved' line"

# ---- arguments and the environment -------------------------------------------
refuses "--filter with a newline" "matches no variant" list --filter "$H"
refuses "--filter with a newline, a comma" "matches no variant" list --filter "color/bt/asm,$H"
refuses "--filter, empty glob" "empty glob between commas" list --filter "color/bt/asm,,$H"
refuses "--format" "--format must be one of" list --format "$H"
refuses "--reps" "--reps takes a whole number" run --reps "$H"
refuses "unknown option" "unknown option" list "--$H"
refuses "unknown command" "unknown command" "$H"
refuses "--mcpu" "--mcpu" disasm --filter color/bt/asm --mcpu "$H"
refuses "--sequence" "" run --quick --filter color/bt/asm --sequence "$H"
SQCOLOR_HIDE_FEATURES="$H" refuses "SQCOLOR_HIDE_FEATURES" "unknown feature" list
SQCOLOR_HIDE_FEATURES="bmi2,$H" refuses "SQCOLOR_HIDE_FEATURES, second" "unknown feature" list

finish hostile_text
