#!/usr/bin/env bash
# An installed copy works outside the tree: cmake --install into a scratch
# prefix, then from a folder elsewhere the installed sqcolor verifies, runs and
# tries a technique (its templates found under the prefix), both man pages
# render without a warning, and bash completion offers the commands, an option
# of run and a variant id. Skipped (exit 77) without groff or man.
# usage: tests/install.sh BUILD_DIR GBENCH (1: sqcolor-gbench is built)
build=$1 gbench=$2
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

for tool in groff man; do
    if ! command -v "$tool" >/dev/null; then
        echo "install: skipped: $tool is not installed (tools/setup.sh installs it)"
        exit 77
    fi
done

p=$tmp/prefix
cmake --install "$build" --prefix "$p" >"$tmp/install.log" 2>&1 && ok ||
    bad "cmake --install: $(tail -3 "$tmp/install.log")"
doc=$p/share/doc/sqcolor
programs=(sqcolor)
[ "$gbench" = 1 ] && programs+=(sqcolor-gbench)
for f in bin/sqcolor share/sqcolor/try/asm/kernels.inc share/sqcolor/try/c/impl_c.c; do
    [ -e "$p/$f" ] && ok || bad "not installed: $f"
done
for f in README.md LICENSE CHANGELOG.md docs/commands.md examples/xor_shl.sq; do
    [ -e "$doc/$f" ] && ok || bad "not installed: $doc/$f"
done
for prog in "${programs[@]}"; do
    for f in "share/man/man1/$prog.1.gz" "share/bash-completion/completions/$prog"; do
        [ -e "$p/$f" ] && ok || bad "not installed: $f"
    done
done

# From a folder outside the tree, with nothing of the build folder at hand.
mkdir "$tmp/work" && cd "$tmp/work" || exit 1
export PATH=$p/bin:$PATH
sqcolor verify >out 2>err && grep -q "^verify: [0-9]* passed, 0 failed" out && ok ||
    bad "installed sqcolor verify: $(tail -2 out err)"
sqcolor run --quick --filter 'color/lea_shr_and/*' --mode latency --sequence random >out 2>err &&
    grep -q "lea_shr_and" out && ok || bad "installed sqcolor run: $(tail -2 err)"
sqcolor try --quick --mode latency --sequence random "$doc/examples/xor_shl.sq" >out 2>err &&
    grep -q "xor_shl" out && ok || bad "installed sqcolor try: $(tail -2 err)"

# Each page renders, groff warning of nothing (-ww), and man -l shows it.
for prog in "${programs[@]}"; do
    page=$p/share/man/man1/$prog.1.gz
    zcat "$page" | groff -ww -man -Tutf8 -z 2>"$tmp/groff.err" && [ ! -s "$tmp/groff.err" ] && ok ||
        bad "$prog.1: groff: $(head -3 "$tmp/groff.err")"
    title=$(echo "$prog" | tr a-z A-Z)
    MANWIDTH=80 man -l "$page" 2>"$tmp/man.err" | grep -q "^$title(1)" && [ ! -s "$tmp/man.err" ] &&
        ok || bad "man -l $prog.1: $(head -3 "$tmp/man.err")"
done
zcat "$p/share/man/man1/sqcolor.1.gz" | grep -q '^\\fB\\-\\-quick\\fR' && ok ||
    bad "sqcolor.1 has no --quick"

# complete WORDS...: what the installed completion offers for the last word,
# in a non-interactive bash, a line each.
complete_words() {
    bash -c '. "$0"; complete -p sqcolor >/dev/null || exit 1
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _sqcolor sqcolor
        printf "%s\n" "${COMPREPLY[@]}"' "$p/share/bash-completion/completions/sqcolor" "$@"
}
# offers WANT WORDS...: the completion of WORDS offers WANT.
offers() {
    local want=$1
    shift
    complete_words "$@" >"$tmp/offered" 2>&1 && grep -qxF -- "$want" "$tmp/offered" && ok ||
        bad "completing '$*' offers no '$want': $(head -5 "$tmp/offered" | tr '\n' ' ')"
}
for c in run try verify report compare help; do offers "$c" sqcolor ''; done
offers --quick sqcolor run --q
offers --quick sqcolor --q
offers color/lea_shr_and/asm sqcolor run --filter color/lea_sh
offers color/bt/asm,color/lea_shr_and/asm sqcolor run --filter color/bt/asm,color/lea_sh
offers json sqcolor compare --format ''
offers latency,throughput sqcolor run --mode latency,thr
offers "$doc/examples/xor_shl.sq" sqcolor try "$doc/examples/xor_s"
if [ "$gbench" = 1 ]; then
    bash -c '. "$0"; COMP_WORDS=(sqcolor-gbench --se); COMP_CWORD=1; _sqcolor_gbench sqcolor-gbench
        printf "%s\n" "${COMPREPLY[@]}"' "$p/share/bash-completion/completions/sqcolor-gbench" |
        grep -qx -- --seed && ok || bad "sqcolor-gbench's completion offers no --seed"
fi
finish install
