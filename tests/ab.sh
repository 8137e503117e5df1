#!/usr/bin/env bash
# sqcolor ab on fake builds: shell scripts that answer `run ... --output F`
# with prepared result files (tests/ab_fixtures.py: a real quick run's rows,
# their samples made anew), so the statistics meet known answers and nothing
# is timed. A drift of up to 30% moves both runs of each pair alike; B's
# color/inreg32/asm latency rows are 17% slower, or nothing is. Then the
# failures of a run.
# usage: tests/ab.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

"$bin" run --quick --filter 'color/inreg32/*' --format json --output "$tmp/base.json" \
    2>/dev/null || bad "could not make a result file"
python3 "$(dirname "$0")/ab_fixtures.py" "$tmp/base.json" "$tmp/fx" || bad "no fixtures"

# fake FOLDER: a fake sqcolor there, answering its K-th run with run-K.json
# and logging "SIDE ARGS..." to the scenario's calls.
fake() {
    cat >"$1/sqcolor" <<'SH'
#!/bin/sh
here=$(dirname "$0")
n=$(cat "$here/count")
echo $((n + 1)) >"$here/count"
echo "$(basename "$here") $*" >>"$here/../calls"
out= prev=
for a; do [ "$prev" = --output ] && out=$a; prev=$a; done
cp "$here/run-$n.json" "$out"
SH
    chmod +x "$1/sqcolor"
    echo 0 >"$1/count"
}
for s in pairs-change pairs-same; do fake "$tmp/fx/$s/a" && fake "$tmp/fx/$s/b"; done

# flagged FILE: the rows a compare JSON calls slower or faster, "id mode verdict test" a line.
flagged() {
    jq -r '.rows[] | select(.verdict == "slower" or .verdict == "faster") |
           "\(.id) \(.mode) \(.verdict) \(.test)"' "$1" | sort | uniq -c | sed 's/^ *//'
}
want_inreg32='7 color/inreg32/asm latency slower pairs'

# A change: exactly the changed rows, slower, tested in pairs; exit 1.
cd "$tmp/fx/pairs-change" || exit 1
mkdir "$tmp/t"
TMPDIR=$tmp/t "$bin" ab a/sqcolor b/sqcolor --quick --filter 'color/inreg32/*' --format json \
    --output-a "$tmp/change-a.json" --output-b "$tmp/change-b.json" >"$tmp/change.json" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && ok || bad "ab, B 17% slower: exit $rc: $(cat "$tmp/err")"
[ "$(flagged "$tmp/change.json")" = "$want_inreg32" ] && ok ||
    bad "ab, B 17% slower flagged: $(flagged "$tmp/change.json")"
[ -z "$(ls -A "$tmp/t")" ] && ok || bad "ab left files behind: $(ls -A "$tmp/t")"
# The turns: 16 runs, A B B A A B B A ..., each one process, the options passed on.
[ "$(cut -d' ' -f1 calls | tr -d '\n')" = abbaabbaabbaabba ] && ok ||
    bad "the order of the runs: $(cut -d' ' -f1 calls | tr -d '\n')"
grep -vc '^[ab] run --processes 1 --format json --output [^ ]* --filter color/inreg32/\* --quick --cpu [0-9]*$' calls |
    grep -qx 0 && ok || bad "a run's arguments: $(head -2 calls)"

# The kept files are each side's runs as the processes of one result file:
# compare --paired reads the same verdicts from them; unpaired, the drift is
# the spread and the change is lost in it (why ab pairs).
[ "$(jq .config.processes "$tmp/change-a.json")" = 8 ] && ok || bad "--output-a: not 8 processes"
"$bin" compare --paired "$tmp/change-a.json" "$tmp/change-b.json" --format json >"$tmp/paired.json"
rc=$?
[ $rc -eq 1 ] && [ "$(flagged "$tmp/paired.json")" = "$want_inreg32" ] && ok ||
    bad "compare --paired of ab's files: exit $rc, $(flagged "$tmp/paired.json")"
"$bin" compare "$tmp/change-a.json" "$tmp/change-b.json" --format json >"$tmp/unpaired.json"
rc=$?
[ $rc -eq 0 ] && [ -z "$(flagged "$tmp/unpaired.json")" ] && ok ||
    bad "unpaired compare of ab's files saw the change through the drift: exit $rc"

# No change, the same drift: nothing flagged, exit 0; the table says it is paired.
cd "$tmp/fx/pairs-same" || exit 1
"$bin" ab a/sqcolor b/sqcolor --format json >"$tmp/same.json" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && [ -z "$(flagged "$tmp/same.json")" ] && ok ||
    bad "ab, no change: exit $rc, $(flagged "$tmp/same.json") $(cat "$tmp/err")"
echo 0 >a/count && echo 0 >b/count
"$bin" ab a/sqcolor b/sqcolor --pairs 8 --alpha 0.05 --fail-over 5 >"$tmp/same.txt" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q '^ab: A a/sqcolor, B b/sqcolor: 8 pairs .* (paired t)$' "$tmp/same.txt" &&
    grep -q '^compare: .* tested ([0-9]* paired t-tests of runs at q ' "$tmp/same.txt" && ok ||
    bad "ab's table: exit $rc, $(head -3 "$tmp/same.txt")"

# A run that fails: ab says which, shows its output, exits as it did (2:
# it refused its options), and leaves no files.
fail_bin() { # fail_bin NAME STATUS
    printf '#!/bin/sh\necho "sqcolor run: it went wrong" >&2\nexit %s\n' "$2" >"$tmp/$1"
    chmod +x "$tmp/$1"
}
fail_bin fails 1
fail_bin refuses 2
cd "$tmp/fx" || exit 1
echo 0 >pairs-same/a/count
TMPDIR=$tmp/t "$bin" ab pairs-same/a/sqcolor "$tmp/fails" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "^sqcolor ab: B's run of pair 1 of 8 (.*fails) exited with status 1" "$tmp/err" &&
    grep -q '^  sqcolor run: it went wrong$' "$tmp/err" && [ -z "$(ls -A "$tmp/t")" ] && ok ||
    bad "a run that fails: exit $rc, $(cat "$tmp/err"), left $(ls -A "$tmp/t")"
"$bin" ab "$tmp/refuses" "$tmp/refuses" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q "^sqcolor ab: A's run of pair 1 of 8 .* status 2" "$tmp/err" && ok ||
    bad "a run that refuses its options: exit $rc, $(cat "$tmp/err")"

# A failed run's output is anyone's text: shown as a message shows text from
# outside, its escape sequences never reach the terminal.
printf '#!/bin/sh\nprintf "\\033]0;PWNED\\007\\033[31m\\033[2J"\necho done\nexit 3\n' >"$tmp/escapes"
chmod +x "$tmp/escapes"
"$bin" ab "$tmp/escapes" "$tmp/escapes" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && ! grep -q "$(printf '\033')" "$tmp/err" &&
    grep -qF '  \x1b]0;PWNED\x07\x1b[31m\x1b[2Jdone' "$tmp/err" && ok ||
    bad "a run's escape sequences: exit $rc, $(od -c "$tmp/err" | head -5)"

# Stopped during a turn, by a stop signal or a SIGKILL that no handler sees,
# ab leaves nothing: not the run going on, nor what it started, nor the folder.
printf '#!/bin/sh\necho $$ >"%s/run.pid"\nsleep 1000\n' "$tmp" >"$tmp/sleeper"
chmod +x "$tmp/sleeper"
for sig in TERM KILL; do
    mkdir "$tmp/t-$sig"
    rm -f "$tmp/run.pid"
    TMPDIR=$tmp/t-$sig "$bin" ab "$tmp/sleeper" "$tmp/sleeper" >/dev/null 2>&1 &
    ab=$!
    for _ in $(seq 200); do
        [ -s "$tmp/run.pid" ] && break
        sleep 0.05
    done
    run=$(cat "$tmp/run.pid" 2>/dev/null)
    sleeping=$(pgrep -P "${run:-0}" sleep)
    kill -"$sig" "$ab"
    wait "$ab" 2>/dev/null
    rc=$?
    for _ in $(seq 40); do
        left=$(ps -o pid= -o stat= -p "${run:-0},${sleeping:-0}" | awk '$2 !~ /^Z/ { print $1 }')
        [ -z "$left" ] && [ -z "$(ls -A "$tmp/t-$sig")" ] && break
        sleep 0.05
    done
    [ -n "$run" ] && [ -n "$sleeping" ] && [ $rc -eq $((128 + $(kill -l $sig))) ] && [ -z "$left" ] &&
        [ -z "$(ls -A "$tmp/t-$sig")" ] && ok ||
        bad "SIG$sig to ab: exit $rc, run '$run' and its sleep '$sleeping', left: '$left' $(ls -A "$tmp/t-$sig")"
    [ -z "$left" ] || kill -KILL $left
done

# The same with sqcolor's own run as A and B: after a SIGKILL to ab, neither
# the run nor its process is left, nor the run's folder (its own janitor's
# work, which ab's killing the run's group does not take).
mkdir "$tmp/t-run"
TMPDIR=$tmp/t-run "$bin" ab "$bin" "$bin" --quick >/dev/null 2>&1 &
ab=$!
run= process=
for _ in $(seq 200); do
    run=$(ps -o pid=,comm= --ppid "$ab" | awk '$2 != "sqcolor-janitor" { print $1; exit }')
    [ -n "$run" ] && process=$(ps -o pid=,comm= --ppid "$run" |
        awk '$2 != "sqcolor-janitor" { print $1; exit }')
    [ -n "$process" ] && break
    sleep 0.05
done
{
    kill -KILL "$ab"
    wait "$ab"
} 2>/dev/null
for _ in $(seq 40); do
    left=$(ps -o pid= -o stat= -p "${run:-0},${process:-0}" | awk '$2 !~ /^Z/ { print $1 }')
    [ -z "$left" ] && [ -z "$(ls -A "$tmp/t-run")" ] && break
    sleep 0.05
done
[ -n "$process" ] && [ -z "$left" ] && [ -z "$(ls -A "$tmp/t-run")" ] && ok ||
    bad "SIGKILL to ab running sqcolor: run '$run', its process '$process', left: '$left' $(ls -A "$tmp/t-run")"
[ -z "$left" ] || kill -KILL $left

finish ab
