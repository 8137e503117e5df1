# Shared by the shell tests: counters, a scratch folder, and the check that bad
# input gets exit status 2 and one line naming the problem.
# Source it after setting bin (the program under test).
set -u
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A quiet history of the test's own, empty: what earlier runs on this host
# read must not move what a test sees (bench/results/quiet_history.h).
export XDG_STATE_HOME=$tmp/state
# A full device of the tests' own (as root), so that neither a test nor a
# broken binary under test can replace or create the real /dev/full.
devfull=$tmp/full-device
mknod "$devfull" c 1 7 2>/dev/null || devfull=/dev/full

ok() { pass=$((pass + 1)); }

# jq definitions for a result file's rows (schema 3: a table, see
# docs/file-formats.md): rows, each row as an object keyed by the columns;
# maprows(f), each row made such an object, changed by f, and put back in
# the file's columns.
# shellcheck disable=SC2034
rows_jq='def as_row($c): [$c, .] | transpose | map({key: .[0], value: .[1]}) | from_entries;
def rows: .results.columns as $c | .results.rows[] | as_row($c);
def maprows(f): .results.columns as $c | .results.rows |= map(as_row($c) | f | [.[$c[]]]);'


# scratch_tree SRC: a copy of the source tree in $tmp/src, less its build folders.
scratch_tree() {
    mkdir "$tmp/src"
    for f in "$1"/* "$1"/.clang-format; do
        [ -e "$f/CMakeCache.txt" ] || cp -r "$f" "$tmp/src/"
    done
}
bad() { fail=$((fail + 1)); echo "FAILED: $*"; }

# read_file VAR FILE: FILE's text into VAR, by bash alone: the tests check
# thousands of messages, and a process a check (grep, cat) cost more than
# the program checked.
read_file() { IFS= read -r -d '' "$1" <"$2" || true; }

# message_of FILE: FILE's lines less a "verify: ..." summary, into message
# (each with its newline) and their count into message_lines.
message_of() {
    local line
    message="" message_lines=0
    while IFS= read -r line || [ -n "$line" ]; do
        [[ $line == "verify: "* ]] && continue
        message+=$line$'\n'
        message_lines=$((message_lines + 1))
    done <"$1"
}

# expect_usage "message part" args...: "$bin" args exits 2 with one line on
# stderr containing the message (a "verify: ..." summary before it is allowed).
expect_usage() {
    local want=$1 rc
    shift
    "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    message_of "$tmp/err"
    if [ $rc -eq 2 ] && [ "$message_lines" -eq 1 ] && [[ $message == *"$want"* ]]; then
        ok
    else
        bad "$(basename "$bin") $* -> exit $rc, $lines stderr lines: $(cat "$tmp/err") (wanted '$want')"
    fi
}

# stack_for KIB ARGS...: the ulimit -s that leaves the program ARGS KIB KiB of
# stack for its own frames in this environment. The limit counts what the
# kernel puts on the stack before main too: the arguments and environment,
# their pointers, the auxiliary vector (a page is ample) and the random gap
# below them (up to 8 KiB on x86-64); so a test's margin does not shrink with
# a larger environment (3 KB more crashed report --plot under 32 KiB one run
# in two).
stack_for() {
    local kib=$1 bytes
    shift
    bytes=$(($(env | wc -c) + $(printf '%s\0' "$@" | wc -c) + 8 * ($(env | wc -l) + $# + 2)))
    echo $((kib + (bytes + 1023) / 1024 + 4 + 8))
}

# finish NAME: the closing line, and the exit status.
finish() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
