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
if "$bin" list --format csv | grep -qE ',clang-[0-9]+$'; then
    grep -q 'add eax, 8' "$tmp/t.txt" && ok || bad "clang generic splits the lea: no 'add eax, 8'"
fi
"$bin" disasm --filter 'color/lea_shr_and/asm' --format markdown >"$tmp/m.md" && ok || bad "markdown"
grep -q '^#### color/lea_shr_and$' "$tmp/m.md" && grep -q '^| `lea eax, \[rdi + rdi\*8 + 8\]` |$' "$tmp/m.md" && ok || bad "markdown table: $(cat "$tmp/m.md")"

if command -v llvm-mca >/dev/null; then
    "$bin" disasm --filter 'color/lea_shr_and/asm' --predict >"$tmp/p.txt" && grep -q 'mca rthr [0-9.]* lat [0-9.]*' "$tmp/p.txt" && ok || bad "--predict: $(cat "$tmp/p.txt")"
    "$bin" disasm --mcpu bogus >"$tmp/out" 2>"$tmp/err"
    [ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "does not know the CPU 'bogus'" "$tmp/err" && ok || bad "--mcpu bogus: $(cat "$tmp/err")"
fi
"$bin" disasm --format xml >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] && ok || bad "--format xml"
"$bin" disasm --filter nope >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] && grep -q "matches no variant" "$tmp/err" && ok || bad "--filter nope"

finish disasm
