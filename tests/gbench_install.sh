#!/usr/bin/env bash
# The C API over Google Benchmark as installed: 'cmake --install' into a
# temporary prefix, then, from a folder outside the tree, examples/gbench/
# built and run once through pkg-config and once through find_package (the
# shared library, and the static archive), as docs/gbench.md says.
# usage: tests/gbench_install.sh BUILD_DIR SOURCE_DIR C_COMPILER [--no-gbench | --flags=FLAGS]
# FLAGS: the sanitizers the build's library has, which the example needs too.
build=$1 src=$2 cc=$3 extra=
case ${4:-} in
--no-gbench) # the build found no Google Benchmark
    echo "gbench_install: skipped: libbenchmark-dev not found ('apt-get install libbenchmark-dev')"
    exit 77
    ;;
--flags=*) extra=${4#--flags=} ;;
esac
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
prefix=$tmp/prefix

fatal() {
    bad "$@"
    finish gbench_install
    exit 1
}
cmake --install "$build" --prefix "$prefix" >"$tmp/log" 2>&1 || fatal "install: $(tail -5 "$tmp/log")"

# What a user links against, found wherever the libdir is (lib, lib64, lib/<arch>).
pc=$(find "$prefix" -name sqcolor-gbench.pc | head -1)
[ -n "$pc" ] || fatal "no sqcolor-gbench.pc under the prefix: $(cd "$prefix" && find . -type f | head)"
libdir=$(dirname "$(dirname "$pc")")
[ -f "$prefix/include/sqcolor/gbench.h" ] && ok || bad "no include/sqcolor/gbench.h"
[ -f "$libdir/libsqcolor-gbench.a" ] && ok || bad "no libsqcolor-gbench.a in $libdir"
[ -x "$prefix/bin/sqcolor-gbench" ] && ok || bad "no bin/sqcolor-gbench"
[ -f "$libdir/cmake/sqcolor-gbench/sqcolor-gbenchConfigVersion.cmake" ] && ok || bad "no version file"
so=$libdir/libsqcolor-gbench.so
soname=$(readelf -dW "$so" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = libsqcolor-gbench.so.0 ] && [ -L "$libdir/$soname" ] && ok ||
    bad "$so: soname '$soname', or no $soname link"
# The shared library exports the C API and nothing else.
nm -D --defined-only "$so" | awk '{print $NF}' >"$tmp/syms"
others=$(grep -v '^sqgb_' "$tmp/syms" | tr '\n' ' ')
grep -qx sqgb_run "$tmp/syms" && [ -z "$others" ] && ok || bad "$so exports: $others"

# check HOW PROGRAM: a short run of one benchmark, a name and a time printed.
check() {
    local how=$1 prog=$2
    shift 2
    (cd "$tmp" && "$@" "$prog" --benchmark_filter='sum_bytes/512' --benchmark_min_time=0.01 \
        >"$tmp/out" 2>"$tmp/err") || {
        bad "$how: the example exits $?: $(tail -3 "$tmp/err")"
        return
    }
    # The row on stdout, the context (its own key among it) on stderr.
    grep -qE '^sum_bytes/512 +[0-9.]+ ns +[0-9.]+ ns +[0-9]+ ' "$tmp/out" &&
        ! grep -q 'sum_bytes/64' "$tmp/out" && grep -q '^example: sqcolor C API$' "$tmp/err" && ok ||
        bad "$how: the example's output: $(cat "$tmp/out" "$tmp/err")"
}

# pkg-config, from a folder outside the tree, the shared library found by rpath.
mkdir "$tmp/pc" && cp "$src/examples/gbench/example.c" "$tmp/pc/"
export PKG_CONFIG_PATH=$libdir/pkgconfig
flags=$(pkg-config --cflags --libs sqcolor-gbench 2>"$tmp/err") || fatal "pkg-config: $(cat "$tmp/err")"
rpath=$(pkg-config --variable=libdir sqcolor-gbench)
# shellcheck disable=SC2086 # the flags are words
(cd "$tmp/pc" && "$cc" $extra example.c $flags -Wl,-rpath,"$rpath" -o example) >"$tmp/log" 2>&1 &&
    check pkg-config "$tmp/pc/example" || bad "pkg-config: $cc $flags: $(tail -5 "$tmp/log")"

# find_package: a project of its own, by the shared and by the static target.
for kind in shared static; do
    static=OFF
    [ $kind = shared ] || static=ON
    cp -r "$src/examples/gbench" "$tmp/$kind"
    (cmake -S "$tmp/$kind" -B "$tmp/$kind/build" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$extra" -DEXAMPLE_STATIC=$static &&
        cmake --build "$tmp/$kind/build") \
        >"$tmp/log" 2>&1 && check "find_package ($kind)" "$tmp/$kind/build/example" ||
        bad "find_package ($kind): $(tail -5 "$tmp/log")"
done
# The static one has no libsqcolor-gbench.so to load.
readelf -dW "$tmp/static/build/example" 2>/dev/null | grep -q 'NEEDED.*libsqcolor-gbench' &&
    bad "the static example loads libsqcolor-gbench.so" || ok

# The program docs/gbench.md shows is the example's.
awk '/^### From another project/ { on = 1 } on && /^```c$/ { code = 1; next }
     code && /^```$/ { exit } code' "$src/docs/gbench.md" >"$tmp/shown.c"
cmp -s "$tmp/shown.c" "$src/examples/gbench/example.c" && ok ||
    bad "docs/gbench.md shows another program than examples/gbench/example.c"
finish gbench_install
