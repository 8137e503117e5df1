#!/usr/bin/env bash
# The paper table compiles: report --format latex of each result file given,
# of all of them side by side, in every --figure, and of a file whose brand
# holds LaTeX's special characters, each \input by a minimal article that
# loads booktabs alone, through pdflatex without an error. Skipped (exit 77)
# when pdflatex is not installed; tools/setup.sh installs it
# (texlive-latex-base, texlive-latex-recommended). tests/paper_table.py checks
# the same tables' shape and figures without TeX.
# usage: tests/latex_compile.sh path/to/sqcolor RESULT.json...
bin=$1
shift
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

if ! command -v pdflatex >/dev/null; then
    echo "latex_compile: skipped: pdflatex is not installed (tools/setup.sh installs it)"
    exit 77
fi

# compiles NAME REPORT-ARGS...: the table in a document, built without an error.
compiles() {
    local name=$1
    shift
    if ! "$bin" report "$@" --format latex >"$tmp/$name.tex" 2>"$tmp/$name.err"; then
        bad "report $* --format latex: $(cat "$tmp/$name.err")"
        return
    fi
    printf '%s\n' '\documentclass{article}' '\usepackage{booktabs}' '\begin{document}' \
        "\\input{$name.tex}" '\end{document}' >"$tmp/doc-$name.tex"
    if (cd "$tmp" && pdflatex -interaction=nonstopmode -halt-on-error "doc-$name.tex" >/dev/null 2>&1) &&
        [ -s "$tmp/doc-$name.pdf" ] && ! grep -q '^!' "$tmp/doc-$name.log"; then
        ok
    else
        bad "$name: pdflatex: $(grep -m3 -A2 '^!' "$tmp/doc-$name.log")"
    fi
}

for file in "$@"; do
    compiles "$(basename "$(dirname "$file")")" "$file"
done
for figure in latency throughput branch mispredict; do
    compiles "all-$figure" "$@" --figure "$figure"
done
jq '.machine.brand = "\\input{x} & $x$ #1 ^_%~ {[*]} | <b> \"q\"" | .tool.commit = "a_b"' "$1" >"$tmp/special.json"
compiles special "$tmp/special.json"
finish latex_compile
