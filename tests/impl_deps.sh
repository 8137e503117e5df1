#!/usr/bin/env bash
# Every C compiler builds c/ and nothing else, and each impl object is rebuilt
# when a file it includes changes, and only then: touching the harness (bench/,
# the generated headers) rebuilds none of the impls, c/techniques_c.h all.
# A scratch copy of the tree and build, one compiler, only the library.
# usage: tests/impl_deps.sh SOURCE_DIR C_COMPILER CMAKE_GENERATOR
src=$1 cc=$2 generator=$3
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

scratch_tree "$src"
b=$tmp/build
gen=$b/generated
fatal() {
    bad "$@"
    finish impl_deps
    exit 1
}
build() { # what: builds the library, the log in $tmp/log
    cmake --build "$b" --target sqcolor_kernels -j 2 >"$tmp/log" 2>&1 ||
        fatal "$1: the build failed: $(tail -5 "$tmp/log")"
}
cmake -S "$tmp/src" -B "$b" -G "$generator" -DSQCOLOR_COMPILERS="$cc" >"$tmp/log" 2>&1 ||
    fatal "configure: $(tail -5 "$tmp/log")"
build "fresh"

# The impl objects: each c/*.c's, one per impl.
objects=()
for c in "$tmp"/src/c/*.c; do
    stem=$(basename "$c" .c)
    [ "$stem" = knight ] && continue # the table the routines read: built once, by the host compiler
    built=()
    for o in "$gen/${stem}"_*.o; do
        [ -e "$o" ] && built+=("$o")
    done
    [ ${#built[@]} -gt 0 ] && ok || bad "c/$stem.c is built by no impl: c/ is for what every compiler builds"
    objects+=("${built[@]}")
done
# What the impls read (their depfiles, less the targets): every header of c/,
# nothing of the harness's.
: >"$tmp/read"
for o in "${objects[@]}"; do
    [ -s "$o.d" ] && sed '1s/^[^:]*://' "$o.d" >>"$tmp/read" && ok ||
        bad "$(basename "$o") has no depfile: its headers are not known"
done
for h in "$tmp"/src/c/*.h; do
    grep -qF "$h" "$tmp/read" && ok || bad "c/$(basename "$h") is read by no impl: it belongs to the harness"
done
! grep -oE "$tmp/(src/bench|build)/[^ ]*" "$tmp/read" >"$tmp/harness" && ok ||
    bad "an impl reads the harness: $(sort -u "$tmp/harness" | tr '\n' ' ')"

# rebuild_after what files...: touches the files, builds, and sets rebuilt to
# how many impl objects were built again.
rebuild_after() {
    local what=$1 o
    shift
    touch "$@"
    : >"$tmp/mark"
    build "$what"
    rebuilt=0
    for o in "${objects[@]}"; do
        [ "$o" -nt "$tmp/mark" ] && rebuilt=$((rebuilt + 1))
    done
}
rebuild_after "harness" "$tmp"/src/bench/*/*.h "$tmp"/src/cmake/*.in "$gen"/*.h
[ "$rebuilt" -eq 0 ] && ok || bad "touching the harness's headers rebuilt $rebuilt of ${#objects[@]} impl objects"
rebuild_after "techniques_c.h" "$tmp/src/c/techniques_c.h"
[ "$rebuilt" -eq ${#objects[@]} ] && ok ||
    bad "touching c/techniques_c.h rebuilt $rebuilt of ${#objects[@]} impl objects"

finish impl_deps
