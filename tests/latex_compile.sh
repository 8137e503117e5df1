#!/usr/bin/env bash
# The paper table fits a page: report --format latex of each result file
# given, of all of them side by side in every --figure, and of a file whose
# brand holds LaTeX's special characters, each \input by a minimal document
# of article and of the two-column IEEEtran that loads booktabs and siunitx
# alone, through pdflatex: no error, no "Float too large", no overfull box;
# its first page rendered (pdftoppm) holds the table, not a blank. The pages
# stay in latex_pages/ of the folder it runs in (the build's tests/), to be
# looked at. Skipped (exit 77) without pdflatex, siunitx, IEEEtran or
# pdftoppm; tools/setup.sh installs them. tests/paper_table.py checks the
# same tables' shape and figures without TeX.
# usage: tests/latex_compile.sh path/to/sqcolor RESULT.json...
bin=$1
shift
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

for tool in pdflatex kpsewhich pdftoppm; do
    if ! command -v "$tool" >/dev/null; then
        echo "latex_compile: skipped: $tool is not installed (tools/setup.sh installs it)"
        exit 77
    fi
done
for file in booktabs.sty siunitx.sty IEEEtran.cls; do
    if [ -z "$(kpsewhich "$file")" ]; then
        echo "latex_compile: skipped: no $file (tools/setup.sh installs it)"
        exit 77
    fi
done
pages=$PWD/latex_pages
rm -rf "$pages" && mkdir -p "$pages" || pages=$tmp

# The share of dark pixels in an 8-bit PNG (gray or RGB: pdftoppm writes
# either), by its first channel: 0 for a blank page.
ink() {
    python3 - "$1" <<'EOF'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
w, h, depth, kind = struct.unpack(">IIBB", data[16:26])
assert depth == 8 and kind in (0, 2), "not an 8-bit gray or RGB PNG"
n = 1 if kind == 0 else 3  # bytes a pixel
stride = w * n
raw, at = b"", 8
while at < len(data):
    size, tag = struct.unpack(">I4s", data[at:at + 8])
    raw += data[at + 8:at + 8 + size] if tag == b"IDAT" else b""
    at += 12 + size
raw, prev, dark = zlib.decompress(raw), bytearray(stride), 0
for y in range(h):
    row = raw[y * (stride + 1):(y + 1) * (stride + 1)]
    f, line = row[0], bytearray(row[1:])
    for x in range(stride):  # PNG's filters: none, sub, up, average, Paeth
        a, b, c = (line[x - n], prev[x], prev[x - n]) if x >= n else (0, prev[x], 0)
        p = a + b - c
        pred = (0, a, b, (a + b) // 2,
                a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else b if abs(p - b) <= abs(p - c) else c)[f]
        line[x] = (line[x] + pred) & 255
    dark += sum(v < 192 for v in line[::n])
    prev = line
print("%.4f" % (dark / (w * h)))
EOF
}

# compiles CLASS NAME REPORT-ARGS...: the table in a document of CLASS, built
# without an error or a warning that it does not fit, its page 1 not blank.
compiles() {
    local class=$1 name=$2 doc
    shift 2
    doc=$class-$name
    if ! "$bin" report "$@" --format latex >"$tmp/$name.tex" 2>"$tmp/$name.err"; then
        bad "report $* --format latex: $(cat "$tmp/$name.err")"
        return
    fi
    printf '%s\n' "\\documentclass{$class}" '\usepackage{booktabs}' '\usepackage{siunitx}' \
        '\begin{document}' "\\input{$name.tex}" '\end{document}' >"$tmp/$doc.tex"
    (cd "$tmp" && pdflatex -interaction=nonstopmode -halt-on-error "$doc.tex" >/dev/null 2>&1)
    if [ ! -s "$tmp/$doc.pdf" ] || grep -q '^!' "$tmp/$doc.log"; then
        bad "$doc: pdflatex: $(grep -m3 -A2 '^!' "$tmp/$doc.log")"
        return
    fi
    ok
    local unfit
    unfit=$(grep -E 'Float too large|Overfull \\[hv]box' "$tmp/$doc.log")
    [ -z "$unfit" ] && ok || bad "$doc: $(echo "$unfit" | head -3)"
    if pdftoppm -f 1 -l 1 -r 30 -gray -png -singlefile "$tmp/$doc.pdf" "$pages/$doc"; then
        local share
        share=$(ink "$pages/$doc.png")
        # A page of table is some 4% ink at 30 dpi; a blank one, 0.
        python3 -c "import sys; sys.exit(not float('$share') > 0.01)" && ok ||
            bad "$doc: page 1 is blank ($share of it dark)"
    else
        bad "$doc: pdftoppm could not render page 1"
    fi
}

jq '.machine.brand = "\\input{x} & $x$ #1 ^_%~ {[*]} | <b> \"q\"" | .tool.commit = "a_b"' "$1" >"$tmp/special.json"
for class in article IEEEtran; do
    for file in "$@"; do
        compiles "$class" "$(basename "$(dirname "$file")")" "$file"
    done
    for figure in latency throughput branch mispredict; do
        compiles "$class" "all-$figure" "$@" --figure "$figure"
    done
    compiles "$class" special "$tmp/special.json"
done
finish latex_compile
