#!/usr/bin/env bash
# A run of sqcolor try as its result file keeps it (issue 36): rows of a
# technique not in the catalogue beside the catalogue's, and the "try"
# member, the technique's file name and text. The file reads back (report
# --format json writes it unchanged, the text byte for byte), report shows
# the technique as a row of its family and names it in its footer, the
# HTML page shows the text in a <pre> escaped, compare takes two such
# files, a malformed "try" is one line and exit 2, and a catalogue run's
# file has no "try". Made from the reference runs in results/ by renaming
# a technique: nothing is timed.
# usage: tests/try_results.sh SOURCE_DIR path/to/sqcolor
src=$1 bin=$2
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

mapfile -t refs < <(ls "$src"/results/*/20*.json | head -2)
[ "${#refs[@]}" -eq 2 ] || bad "two reference runs in $src/results"

# The technique's text: a tab, markup, an escape sequence, a bidi override.
printf 'asm:\n\txor eax, edi\t; <b>&"x"\n\033[31m red \342\200\256 rtl\n' >"$tmp/xor_shl.sq"
esc=$(printf '\033') rlo=$(printf '\342\200\256')

# tried REF OUT: REF with lea_shr_and renamed xor_shl and the try member.
tried() {
    sed 's/lea_shr_and/xor_shl/g' "$1" |
        jq --rawfile t "$tmp/xor_shl.sq" '. + {try: {file: "mine/xor_shl.sq", text: $t}}' >"$2" ||
        bad "jq: $2"
}
tried "${refs[0]}" "$tmp/a.json"
tried "${refs[1]}" "$tmp/b.json"

# raw FILE WHAT: FILE holds no escape sequence or bidi override raw.
raw() {
    if grep -q "$esc\|$rlo" "$1"; then bad "$2: a hidden character raw"; else ok; fi
}

# Read and written back: the member whole, the text byte for byte, and the
# file written again unchanged.
"$bin" report --format json "$tmp/a.json" >"$tmp/a2.json" || bad "report --format json: exit $?"
"$bin" report --format json "$tmp/a2.json" | cmp -s - "$tmp/a2.json" && ok || bad "written again, not the same"
jq -j .try.text "$tmp/a2.json" | cmp -s - "$tmp/xor_shl.sq" && ok || bad "try.text is not the file's text"
[ "$(jq -r .try.file "$tmp/a2.json")" = mine/xor_shl.sq ] && ok || bad "try.file: $(jq -c .try "$tmp/a2.json")"
# Its place: after config (and the host's counts and the quiet history, where
# the run has them).
[ "$(jq -r 'keys_unsorted | .[index("try") - 1]' "$tmp/a2.json")" = \
    "$(jq -r 'if has("history") then "history" elif has("host") then "host" else "config" end' "$tmp/a2.json")" ] &&
    ok || bad "try is not after config, host and history: $(jq -c keys_unsorted "$tmp/a2.json")"
raw "$tmp/a2.json" "report --format json"

# A catalogue run's file has none, and reads back byte for byte.
"$bin" report --format json "${refs[0]}" | cmp -s - "${refs[0]}" && ok || bad "a catalogue run changed"
grep -q '"try"' "${refs[0]}" && bad "a catalogue run has a try member" || ok

# The footer's line, the technique a row of its family, in table and Markdown.
line="tried: color/xor_shl from mine/xor_shl.sq (its text is in the result file: jq -j .try.text $tmp/a.json)"
for fmt in table markdown; do
    "$bin" report --format "$fmt" "$tmp/a.json" >"$tmp/r.$fmt" || bad "report --format $fmt: exit $?"
    grep -qxF -- "$([ $fmt = markdown ] && echo "- ")$line" "$tmp/r.$fmt" && ok || bad "$fmt: no line '$line'"
    grep -q '^| xor_shl \|^xor_shl ' "$tmp/r.$fmt" && ok || bad "$fmt: no headline row of xor_shl"
    raw "$tmp/r.$fmt" "report --format $fmt"
done
# A file name the shell would split, quoted; a name with an escape, a space.
cp "$tmp/a.json" "$tmp/it's.json"
"$bin" report "$tmp/it's.json" | grep -qF "jq -j .try.text '$tmp/it'\\''s.json')" && ok ||
    bad "the file's name not quoted for the shell"
jq '.try.file = "x\u001b[31m.sq"' "$tmp/a.json" >"$tmp/c.json"
"$bin" report "$tmp/c.json" >"$tmp/c.txt" || bad "report of an escape in try.file: exit $?"
grep -qF "from x [31m.sq (" "$tmp/c.txt" && ok || bad "try.file not shown escaped"
raw "$tmp/c.txt" "an escape in try.file"

# The HTML page: the text in a <pre>, escaped, the tabs made spaces.
"$bin" report --format html "$tmp/a.json" >"$tmp/r.html" || bad "report --format html: exit $?"
cat >"$tmp/pre.want" <<'EOF'
<div class="scroll"><pre>
asm:
        xor eax, edi    ; &lt;b&gt;&amp;&quot;x&quot;
 [31m red   rtl
</pre></div>
EOF
awk '/<pre>/,/<\/pre>/' "$tmp/r.html" >"$tmp/pre.got"
cmp -s "$tmp/pre.got" "$tmp/pre.want" && ok || bad "html: the <pre> of the text: $(cat "$tmp/pre.got")"
grep -q '<b>' "$tmp/r.html" && bad "html: the text's markup raw" || ok
raw "$tmp/r.html" "report --format html"
"$bin" report --format csv "$tmp/a.json" | grep -q ',color/xor_shl/asm,color,xor_shl,asm,' && ok ||
    bad "csv: no row of color/xor_shl/asm"

# compare: two such files, the technique's rows side by side (--all: those
# that did not change too; two machines: exit 1 on a slowdown).
"$bin" compare "$tmp/a.json" "$tmp/a2.json" --all >"$tmp/cmp.txt" || bad "compare a a: exit $?"
grep -q '^color/xor_shl/asm ' "$tmp/cmp.txt" && ok || bad "compare a a: no row of color/xor_shl/asm"
"$bin" compare "$tmp/a.json" "$tmp/b.json" --all >"$tmp/cmp.txt"
rc=$?
[ $rc -le 1 ] && ok || bad "compare a b: exit $rc"
grep -q '^color/xor_shl/asm ' "$tmp/cmp.txt" && ok || bad "compare a b: no row of color/xor_shl/asm"
raw "$tmp/cmp.txt" "compare"

# A malformed member: one line, exit 2.
for bad_try in '3' '{"file": "x.sq"}' '{"file": 1, "text": ""}' '{"file": "x", "text": null}'; do
    jq ".try = $bad_try" "$tmp/a.json" >"$tmp/bad.json"
    case $bad_try in
    3) want="try: not an object" ;;
    *'"x.sq"}') want="try.text: missing" ;;
    *'1,'*) want="try.file: not a string" ;;
    *) want="try.text: not a string" ;;
    esac
    expect_usage "$want" report "$tmp/bad.json"
done

finish try_results
