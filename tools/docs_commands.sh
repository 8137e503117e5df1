#!/usr/bin/env bash
# docs/commands.md is `sqcolor help --format markdown`, generated from the
# commands' option tables. This rewrites it (atomically: a temporary beside it
# renamed over it), or with --check only says whether it is up to date (exit 1
# and a diff when not: the ctest docs_commands).
# usage: tools/docs_commands.sh [--check] [path/to/sqcolor] [path/to/docs/commands.md]
set -euo pipefail
check=false
if [ "${1:-}" = --check ]; then
    check=true
    shift
fi
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/sqcolor}
doc=${2:-$root/docs/commands.md}

# Beside the file, so that the rename is atomic; a check writes nothing there.
if $check; then new=$(mktemp); else new=$(mktemp "$doc.XXXXXX"); fi
trap 'rm -f "$new"' EXIT
"$bin" help --format markdown >"$new"
if $check; then
    if ! diff -u "$doc" "$new"; then
        echo "docs_commands: $doc differs from 'sqcolor help --format markdown' (run tools/docs_commands.sh)" >&2
        exit 1
    fi
    echo "docs_commands: up to date"
    exit 0
fi
chmod 644 "$new"
mv "$new" "$doc"
