#!/usr/bin/env bash
# c/batch.h's lines are what make asm/batch.asm's routines: in a scratch copy
# of the tree, built with one compiler (only the kernels library),
#   - the object defines sq_asm_<family>_<technique> for exactly the ASM and
#     BOUND lines;
#   - a line removed removes its routine (configure runs again by itself);
#   - a line of a technique asm/batch.asm has not written fails the build,
#     naming the routine;
#   - a line that cannot be read fails configure, naming it.
# usage: tests/catalogue_gen.sh SOURCE_DIR C_COMPILER CMAKE_GENERATOR
src=$1 cc=$2 generator=$3
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

scratch_tree "$src"
b=$tmp/build
h=$tmp/src/c/batch.h
cp "$h" "$tmp/batch.h"
fatal() {
    bad "$@"
    finish catalogue_gen
    exit 1
}
configure() { cmake -S "$tmp/src" -B "$b" -G "$generator" -DSQCOLOR_COMPILERS="$cc" >"$tmp/log" 2>&1; }
build() { cmake --build "$b" --target sqcolor_kernels -j 2 >"$tmp/log" 2>&1; }
# routines: the batch routines the object defines, sorted.
routines() {
    find "$b" -name batch.asm.o -exec nm --defined-only -g {} + | awk '{ print $3 }' |
        grep '^sq_asm_' | sort
}
# lines: sq_asm_<family>_<technique> of c/batch.h's ASM and BOUND lines, sorted.
lines() {
    tr -d '\\\n' <"$h" | grep -oE 'X\([a-z0-9_]+, *[a-z0-9_]+, *[A-Z0-9_]+, *(ASM|BOUND),' |
        sed -E 's/X\(([a-z0-9_]+), *([a-z0-9_]+),.*/sq_asm_\1_\2/' | sort
}

configure || fatal "configure: $(tail -5 "$tmp/log")"
build || fatal "build: $(tail -5 "$tmp/log")"
lines >"$tmp/want"
routines >"$tmp/got"
[ "$(wc -l <"$tmp/want")" -ge 20 ] && ok || bad "only $(wc -l <"$tmp/want") ASM and BOUND lines read from c/batch.h"
diff "$tmp/want" "$tmp/got" >"$tmp/diff" && ok || bad "the routines are not c/batch.h's lines: $(cat "$tmp/diff")"

# A line removed: its routine goes, and only it.
grep -v 'X(color_batch, ternlog,' "$tmp/batch.h" >"$h"
build || fatal "build without the ternlog line: $(tail -5 "$tmp/log")"
routines >"$tmp/got"
grep -vx sq_asm_color_batch_ternlog "$tmp/want" | diff - "$tmp/got" >"$tmp/diff" && ok ||
    bad "without its line, sq_asm_color_batch_ternlog is still built, or others went: $(cat "$tmp/diff")"

# A line of a technique asm/batch.asm does not know.
sed 's/^\( *\)\(X(color_batch, gfni,\)/\1X(color_batch, bogus, NONE, ASM, "none") \\\n\1\2/' "$tmp/batch.h" >"$h"
grep -q 'X(color_batch, bogus,' "$h" || fatal "the bogus line was not added"
! build && grep -q 'sq_asm_color_batch_bogus: asm/batch.asm has no technique bogus' "$tmp/log" && ok ||
    bad "a line of an unwritten technique: $(grep -m1 -i error "$tmp/log")"

# Lines that cannot be read: a field missing, a kind unknown.
for broken in 's/X(color_batch, sse2, NONE, ASM,/X(color_batch, sse2, ASM,/' \
    's/X(color_batch, sse2, NONE, ASM,/X(color_batch, sse2, NONE, ASMX,/'; do
    sed "$broken" "$tmp/batch.h" >"$h"
    cmp -s "$h" "$tmp/batch.h" && fatal "'$broken' changed nothing"
    # CMake wraps its messages: the log as one line.
    ! configure && tr -s ' \n' ' ' <"$tmp/log" |
        grep -q 'c/batch.h: a line of SQ_FOR_EACH_BATCH is not X(.*): X(color_batch, sse2,' &&
        ok || bad "configure with '$broken': $(grep -A3 'Error' "$tmp/log")"
done

finish catalogue_gen
