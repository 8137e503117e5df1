#!/usr/bin/env bash
# Installs what sqcolor needs to build, run and test, from Debian's packages.
# Only what is missing is installed; run as root or with sudo available.
set -euo pipefail

packages=(
    cmake make ninja-build gcc clang nasm # build: C11 + NASM (tools/test.sh builds with ninja)
    gcc-11 gcc-12                        # every C compiler Debian 12 ships for x86-64:
    clang-13 clang-14 clang-15 clang-16 clang-19 # each one an impl, twice
    binutils                             # readelf/objdump for the tests
    strace                               # the tests count a run's opens of its input
    jq                                   # the tests read sqcolor's JSON
    clang-format                         # the format check
    pkg-config libcapstone-dev           # sqcolor disasm
    llvm llvm-19                         # llvm-mca for disasm --predict (19 knows Zen 4, Zen 5)
    libjansson-dev                       # reading result files
    libxml2-utils                        # xmllint: the tests check report --plot's SVG
    chromium chromium-driver tidy        # the tests render the HTML report headless
    g++ libbenchmark-dev                 # sqcolor-gbench
    libbenchmark-tools python3-scipy     # Google Benchmark's compare.py
    stockfish                            # tools/games/generate.py: the games behind bench/sequences
    groff-base man-db dpkg-dev           # the install and deb tests: man pages, dpkg-shlibdeps
    lintian                              # the deb test: the package as Debian's policy reads it
    texlive-latex-base texlive-latex-recommended # pdflatex and booktabs: report --format latex
    texlive-science texlive-publishers poppler-utils # siunitx, IEEEtran, pdftoppm: its tests
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "tools/setup.sh: all ${#packages[@]} packages are installed" >&2
    exit 0
fi

# What it does, as it goes: apt's own output is pages long, and silent with -qq.
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
say() { echo "tools/setup.sh: $*" >&2; }
say "${#missing[@]} of ${#packages[@]} packages to install: ${missing[*]}"
say "apt-get update"
$sudo apt-get update -qq
say "apt-get install (with what they depend on; a line as each is set up)"
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" |
    sed -un 's/^Setting up \([^ ]*\) .*/tools\/setup.sh:   set up \1/p' >&2
say "done"
