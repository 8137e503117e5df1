#!/bin/sh
# One code, one figure (issue 39): in a run, every group of rows that time
# one machine code, by the file's own code and loops hashes, reads one
# figure (tools/identical_code.py); and the tool finds a group of two.
# usage: tests/identical_code.sh path/to/sqcolor path/to/tools
set -u
sqcolor=$1 tools=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME=$tmp/state # no history of earlier runs (quiet_history.h)
fails=0
bad() { echo "FAILED: $*"; fails=$((fails + 1)); }

"$sqcolor" run --quick --filter 'color/*/*,same_color/*/*' --format json \
    --output "$tmp/run.json" 2>"$tmp/err" || bad "run: $(cat "$tmp/err")"
python3 "$tools/identical_code.py" "$tmp/run.json" >"$tmp/check.txt" ||
    bad "identical code, two figures: $(cat "$tmp/check.txt")"
grep -q ' groups of rows timing one code, 0 with two figures$' "$tmp/check.txt" ||
    bad "no count of groups: $(cat "$tmp/check.txt")"

# A shared row timed itself at another figure: the tool names its group.
python3 - "$tmp/run.json" "$tmp/apart.json" <<'PY' || bad "no shared row to take apart"
import json, sys
run = json.load(open(sys.argv[1]))
cols = run["results"]["columns"]
sf, sm = cols.index("shared_from"), cols.index("samples")
rows = run["results"]["rows"]
timed = {(r[0], r[1], r[2]): r[sm] for r in rows if r[sm] is not None}
# A sample the host spoiled is null (a busy host spoils some): it stays so,
# and the row taken apart has at least one that is not.
for r in rows:
    source = timed.get((r[sf], r[1], r[2])) if r[sf] else None
    if r[2] == "latency" and source and any(x is not None for x in source):
        r[sm] = [None if x is None else x + 1.0 for x in source]
        r[sf] = None
        break
else:
    sys.exit(1)
json.dump(run, open(sys.argv[2], "w"))
PY
python3 "$tools/identical_code.py" "$tmp/apart.json" >"$tmp/apart.txt"
rc=$?
[ $rc -eq 1 ] && grep -q ' 1 with two figures$' "$tmp/apart.txt" && grep -q '^  latency ' "$tmp/apart.txt" ||
    bad "a group of two figures: exit $rc: $(cat "$tmp/apart.txt")"
python3 "$tools/identical_code.py" /etc/hostname >/dev/null 2>&1
[ $? -eq 2 ] || bad "not a result file: exit 2 expected"

echo "identical_code: $fails failed"
[ $fails -eq 0 ]
