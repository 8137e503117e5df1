#!/usr/bin/env bash
# The Debian package: cpack -G DEB makes it from the build folder, and it
# holds the programs, man pages, completion, try's templates and the docs,
# and declares what sqcolor runs; with the C API installed (by
# bench/gbench/gbench.cmake), its libraries in the multiarch folder, header,
# .pc and CMake package too. What Debian's policy asks (cmake/deb_package.cmake,
# docs/install.md): a changelog.Debian.gz dpkg reads, of every version of
# CHANGELOG.md; dated man pages; and lintian finds no error, no hardening
# flag missing and no warning but those docs/install.md names with their
# reason. Skipped (exit 77) without cpack or dpkg-deb; lintian's part without
# lintian (tools/setup.sh installs it).
# usage: tests/deb.sh BUILD_DIR GBENCH (1: sqcolor-gbench is built)
build=$1 gbench=$2
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

for tool in cpack dpkg-deb; do
    if ! command -v "$tool" >/dev/null; then
        echo "deb: skipped: $tool is not installed (tools/setup.sh installs it)"
        exit 77
    fi
done

cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/pack" >"$tmp/cpack.log" 2>&1 && ok ||
    bad "cpack -G DEB: $(tail -3 "$tmp/cpack.log")"
debs=("$tmp"/pack/sqcolor_*_amd64.deb)
deb=${debs[0]}
[ ${#debs[@]} -eq 1 ] && [ -f "$deb" ] && ok || bad "no one sqcolor_*_amd64.deb: ${debs[*]}"
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$tmp/files"

# has REGEX WHAT: a path in the package matches REGEX.
has() {
    grep -qE "$1" "$tmp/files" && ok || bad "the package has no $2 ($1)"
}
has '^/usr/bin/sqcolor$' "sqcolor"
has '^/usr/share/man/man1/sqcolor\.1\.gz$' "sqcolor.1"
has '^/usr/share/bash-completion/completions/sqcolor$' "completion"
has '^/usr/share/sqcolor/try/asm/kernels\.inc$' "try template"
has '^/usr/share/sqcolor/try/c/impl_c\.c$' "try template"
for f in README.md LICENSE copyright CHANGELOG.md docs/try.md examples/xor_shl.sq; do
    has "^/usr/share/doc/sqcolor/$f\$" "$f"
done
if [ "$gbench" = 1 ]; then
    has '^/usr/share/man/man1/sqcolor-gbench\.1\.gz$' "sqcolor-gbench.1"
    has '^/usr/share/bash-completion/completions/sqcolor-gbench$' "sqcolor-gbench's completion"
    # What bench/gbench/gbench.cmake installs, once it installs anything.
    if grep -qE 'TYPE EXECUTABLE FILES "[^"]*/sqcolor-gbench"' "$build/cmake_install.cmake"; then
        has '^/usr/bin/sqcolor-gbench$' "sqcolor-gbench"
        has "^/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/libsqcolor-gbench\\.so\\.[0-9]" \
            "shared C API library in the multiarch folder"
        has '^/usr/lib/.*libsqcolor[-_]gbench[^/]*\.a$' "static C API library"
        has '^/usr/include/.*\.h$' "C API header"
        has '^/usr/lib/.*pkgconfig/[^/]*\.pc$' "pkg-config file"
        has '^/usr/lib/.+[Cc]onfig\.cmake$' "CMake package"
    else
        echo "deb: sqcolor-gbench and the C API are not installed yet (bench/gbench/gbench.cmake): not checked"
    fi
fi

# What it declares: the libraries sqcolor links, and what sqcolor try runs.
depends=$(dpkg-deb -f "$deb" Depends)
for d in libc6 libcapstone libjansson nasm gcc; do
    [[ $depends == *"$d"* ]] && ok || bad "Depends has no $d: $depends"
done
[ "$(dpkg-deb -f "$deb" Section)" = devel ] && ok || bad "Section is not devel"

# Debian's changelog, made from CHANGELOG.md: an entry per version, the newest
# the package's own.
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/sqcolor/changelog.Debian.gz |
    gunzip >"$tmp/changelog" && ok || bad "no usr/share/doc/sqcolor/changelog.Debian.gz"
[ "$(dpkg-parsechangelog -l "$tmp/changelog" -S Version 2>&1)" = "$(dpkg-deb -f "$deb" Version)" ] &&
    ok || bad "changelog.Debian.gz: $(dpkg-parsechangelog -l "$tmp/changelog" -S Version 2>&1 | head -3)"
versions=$(grep -c '^## [0-9]' "$(dirname "$0")/../CHANGELOG.md")
[ "$(dpkg-parsechangelog -l "$tmp/changelog" --format rfc822 --all | grep -c '^Version: ')" = "$versions" ] && ok ||
    bad "changelog.Debian.gz: not the $versions versions of CHANGELOG.md"
# A man page's date is the third field of its .TH line.
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/man/man1/sqcolor.1.gz | gunzip |
    grep -qE '^\.TH [^ ]+ 1 "[0-9]{4}-[0-9]{2}-[0-9]{2}" ' && ok || bad "sqcolor.1 has no date"
# The -native impls are the building machine's code: the description says so.
if grep -q '^SQCOLOR_NATIVE:BOOL=ON' "$build/CMakeCache.txt"; then
    dpkg-deb -f "$deb" Description | grep -q -- '-march=native' && ok ||
        bad "the description does not say the -native impls are this machine's"
fi

# lintian: no error; of the rest, no hardening flag missing (but in a build
# made without them: the sanitizers', cmake/hardening.cmake), and no warning
# docs/install.md does not name.
unhardened='^E: '
grep -qE '^SQCOLOR_(SANITIZE:BOOL=ON|HARDEN:BOOL=OFF)' "$build/CMakeCache.txt" ||
    unhardened='^E: |^I: [^ ]+ hardening-'
if command -v lintian >/dev/null; then
    lintian -I --tag-display-limit 0 "$deb" >"$tmp/lintian" 2>&1
    grep -E "$unhardened" "$tmp/lintian" >"$tmp/bad" && bad "lintian: $(cat "$tmp/bad")" || ok
    for tag in $(sed -n 's/^W: [^ ]* \([a-z0-9-]*\).*/\1/p' "$tmp/lintian" | sort -u); do
        grep -qF "| \`$tag\` |" "$(dirname "$0")/../docs/install.md" && ok ||
            bad "lintian warning $tag is not justified in docs/install.md: $(grep -m1 " $tag" "$tmp/lintian")"
    done
else
    echo "deb: lintian is not installed (tools/setup.sh installs it): not run"
fi
[ -n "$(dpkg-deb -f "$deb" Recommends)" ] && ok || bad "no Recommends (the impls' compilers)"
finish deb
