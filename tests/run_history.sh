#!/usr/bin/env bash
# A run and this CPU's quiet history (bench/results/quiet_history.h): a run
# keeps its level for the CPU model; a run whose core gives less than the
# model's earlier runs (a level planted far over any CPU's) has every sample
# marked shared, says so, and records the history it was held to; a history
# that does not read, or cannot be, is one line and not used, the file left
# as it was, the run's exit status 0.
# usage: tests/run_history.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
small=(--processes 2 --reps 4 --min-reps 4 --samples 2 --visits 1 --mode latency
    --filter 'color/lea_shr_and/asm,color/inreg64/asm' --format json)
file=$XDG_STATE_HOME/sqcolor/quiet-levels

"$bin" run "${small[@]}" --output "$tmp/first.json" 2>"$tmp/err"
rc=$?
cpu=$(awk '!/^#/ {print $1}' "$file" 2>/dev/null)
level=$(awk '!/^#/ {print $2}' "$file" 2>/dev/null)
[ $rc -eq 0 ] && [ -n "$cpu" ] && [ "$(grep -vc '^#' "$file")" -eq 1 ] &&
    jq -e --argjson l "$level" '(.history == null) and ([.host[].quiet] | max | . - $l | fabs < 1e-4)' \
        "$tmp/first.json" >/dev/null && ok || bad "first run -> $rc: $(cat "$file" "$tmp/err")"

# A level no core reaches, three times: the run lies under it.
printf '# planted\n%s 60 60 60\nother-00-00 1\n' "$cpu" >"$file"
"$bin" run "${small[@]}" --output "$tmp/held.json" 2>"$tmp/err"
rc=$?
jq -e '.history == {quiet: 60, runs: 3}' "$tmp/held.json" >/dev/null &&
    jq -e "$rows_jq"'[rows | select(.shared_from == null) | .host // [] | all(. >= 2) and length > 0] | all
        and length > 0' "$tmp/held.json" >/dev/null &&
    [ $rc -eq 0 ] && ok || bad "held to 60 -> $rc: $(jq -c '.history' "$tmp/held.json") $(cat "$tmp/err")"
[ "$(awk -v c="$cpu" '$1 == c {print NF}' "$file")" -eq 5 ] && grep -q '^other-00-00 1' "$file" &&
    ok || bad "the run's level not kept beside the others: $(cat "$file")"
"$bin" report "$tmp/held.json" >"$tmp/report.txt" 2>&1 &&
    grep -q "under the 60.00 of this CPU's last 3 runs: a neighbour shared it throughout" "$tmp/report.txt" &&
    grep -q '~$' "$tmp/report.txt" && ok || bad "report of a run held to 60: $(grep -n 'host\|~' "$tmp/report.txt")"

# Files that do not read: one line, the run goes on, the file as it was.
for text in "$cpu 5 x 5" "$cpu 5 5 5 5 5 5 5 5 5 5" "Bad name 5"; do
    printf '%s\n' "$text" >"$file"
    "$bin" run "${small[@]}" --output "$tmp/bad.json" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] && [ "$(grep -vc '^verify' "$tmp/err")" -eq 1 ] &&
        grep -q "^sqcolor run: quiet history not used: $file line 1: " "$tmp/err" &&
        [ "$(cat "$file")" = "$text" ] && jq -e '.history == null' "$tmp/bad.json" >/dev/null &&
        ok || bad "history '$text' -> $rc: $(cat "$tmp/err")"
done
# A state folder that is a file: said, not used.
: >"$tmp/not-a-folder"
XDG_STATE_HOME=$tmp/not-a-folder "$bin" run "${small[@]}" --output "$tmp/bad.json" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && grep -q '^sqcolor run: quiet history not used: .*Not a directory' "$tmp/err" &&
    ok || bad "state folder a file -> $rc: $(cat "$tmp/err")"
echo "run_history: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
