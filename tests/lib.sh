# Shared by the shell tests: counters, a scratch folder, and the check that bad
# input gets exit status 2 and one line naming the problem.
# Source it after setting bin (the program under test).
set -u
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A full device of the tests' own (as root), so that neither a test nor a
# broken binary under test can replace or create the real /dev/full.
devfull=$tmp/full-device
mknod "$devfull" c 1 7 2>/dev/null || devfull=/dev/full

ok() { pass=$((pass + 1)); }

# scratch_tree SRC: a copy of the source tree in $tmp/src, less its build folders.
scratch_tree() {
    mkdir "$tmp/src"
    for f in "$1"/* "$1"/.clang-format; do
        [ -e "$f/CMakeCache.txt" ] || cp -r "$f" "$tmp/src/"
    done
}
bad() { fail=$((fail + 1)); echo "FAILED: $*"; }

# expect_usage "message part" args...: "$bin" args exits 2 with one line on
# stderr containing the message (a "verify: ..." summary before it is allowed).
expect_usage() {
    local want=$1
    shift
    "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$? lines
    lines=$(grep -vc '^verify: ' "$tmp/err")
    if [ $rc -eq 2 ] && [ "$lines" -eq 1 ] && grep -qF -- "$want" "$tmp/err"; then
        ok
    else
        bad "$(basename "$bin") $* -> exit $rc, $lines stderr lines: $(cat "$tmp/err") (wanted '$want')"
    fi
}

# finish NAME: the closing line, and the exit status.
finish() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
