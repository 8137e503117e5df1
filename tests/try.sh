#!/usr/bin/env bash
# sqcolor try (docs/try.md) on bodies that must not be timed: each gets one
# line naming the problem (the variant, the input or the file's own line) and
# its exit status, 2 for a file that cannot be read or built, 1 for a body that
# fails its check, and leaves no output file and no build folder.
# usage: tests/try.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
export TMPDIR=$tmp/builds
mkdir "$TMPDIR"

# body NAME TEXT: $tmp/NAME.sq holding TEXT.
body() { printf '%s\n' "$2" >"$tmp/$1.sq"; }

# refused STATUS "message part" NAME: try NAME.sq exits STATUS with one line
# on stderr holding the message, writes no --output, leaves no build folder.
refused() {
    local want_rc=$1 want=$2 name=$3
    "$bin" try --quick --output "$tmp/$name.out" "$tmp/$name.sq" >/dev/null 2>"$tmp/err"
    local rc=$? lines
    lines=$(grep -vc '^verify: ' "$tmp/err")
    if [ $rc -eq "$want_rc" ] && [ "$lines" -eq 1 ] && grep -qF -- "$want" "$tmp/err" &&
        [ ! -e "$tmp/$name.out" ] && [ -z "$(ls -A "$TMPDIR")" ]; then
        ok
    else
        bad "$name: exit $rc (wanted $want_rc), $lines lines: $(cat "$tmp/err") (wanted '$want'); left: $(ls -A "$tmp" "$TMPDIR" | tr '\n' ' ')"
    fi
}

body wrong 'family: color
name: wrong
asm:
    lea         eax, [rdi*8]
    xor         eax, edi
    shr         eax, 3
    and         eax, 1'
refused 1 "color/wrong/asm fails its check: sq=a1 (0): expected 1 (dark), got 0" wrong

body rbx 'family: color
name: rbx
asm:
    xor         ebx, ebx
    lea         eax, [rdi+rdi*8+8]
    shr         eax, 3
    and         eax, 1'
refused 1 "color/rbx/asm fails its check: clobbered callee-saved register rbx" rbx

body ud2 'family: color
name: ud2
asm:
    ud2'
refused 1 "color/ud2/asm executed an instruction this CPU lacks (SIGILL) on sq=a1 (0)" ud2

body null 'family: color
name: null
asm:
    xor         ecx, ecx
    mov         eax, [rcx]'
refused 1 "color/null/asm crashed (SIGSEGV: a memory access it may not make) on sq=a1 (0)" null

body spin 'family: color
name: spin
asm:
    jmp         $'
refused 1 "color/spin/asm did not return within 2 s on sq=a1 (0)" spin

body nasm 'family: color
name: typo
asm:
    lea         eax, [rdi+rdi*8+8]
    shrr        eax, 3
    and         eax, 1'
refused 2 "nasm.sq:5: the asm body does not assemble:" nasm

body csyntax 'family: color
name: csyntax
c:
    return ((9 * sq + 8) >> 3) & 1
'
refused 2 "csyntax.sq:4: the C body does not compile with " csyntax

body family 'family: colour
name: x
c: sq & 1'
refused 2 "family.sq:1: unknown family 'colour' (families: color, " family

# The kernels are checked too: a body that keeps its routine's answer but
# breaks the kernel's registers (rbx counts the loop) is caught before timing.
body kernel 'family: color
name: kernel
asm:
    mov         r11, rdi
    lea         eax, [rdi+rdi*8+8]
    shr         eax, 3
    and         eax, 1'
refused 1 "color/kernel/asm" kernel

# A branch hook that jumps on the wrong answer: the routine is right, the
# branch kernel counts the 0s (the check's inputs hold more 1s than 0s).
body inverted 'family: color
name: inverted
asm:
    lea         eax, [rdi+rdi*8+8]
    shr         eax, 3
    and         eax, 1
branch:
    lea         eax, [rdi+rdi*8+8]
    test        eax, 8
    jnz         %1'
refused 1 "color/inverted/asm: its branch kernel returned 32 over the domain, not 64 (a branch hook jumps to %1" inverted

body nobody 'family: color
name: nobody
formula: sq'
refused 2 "neither a 'c:' nor an 'asm:' body" nobody
body taken 'family: color
name: lea_shr_and
c: ((9 * sq + 8) >> 3) & 1'
refused 2 "taken.sq:2: name: color/lea_shr_and is the catalogue's" taken
# The one-liner: FAMILY/NAME with the bodies as options, the same checks.
expect_usage "--c and --asm take FAMILY/NAME, not 'color'" try color --c 'sq & 1'
expect_usage "the command line:4: the C body does not compile with " try color/x --c 'sq &'
expect_usage "--needs goes with --c or --asm" try "$tmp/wrong.sq" --needs BMI2
"$bin" try color/oneliner --asm 'lea eax, [rdi*8]; xor eax, edi; shr eax, 3; and eax, 1' \
    --quick >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && [ "$(grep -vc '^verify: ' "$tmp/err")" -eq 1 ] &&
    grep -qF "color/oneliner/asm fails its check: sq=a1 (0): expected 1 (dark), got 0" "$tmp/err"; then
    ok
else
    bad "one-liner asm: exit $rc: $(cat "$tmp/err")"
fi
# ... its tables, machine code and the catalogue's code all in --output.
"$bin" try color/oneliner --c '((sq ^ (sq << 3)) & 8) == 0' --quick --mode latency \
    --sequence random --length 4096 --output "$tmp/out" >"$tmp/stdout" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q '^oneliner ' "$tmp/out" && grep -qF 'tried: color/oneliner' "$tmp/out" &&
    grep -q '^color/oneliner$' "$tmp/out" && grep -qF "the catalogue's code:" "$tmp/out" &&
    [ ! -s "$tmp/stdout" ]; then
    ok
else
    bad "one-liner C: exit $rc: $(cat "$tmp/err")"
fi
# Under a small stack (the small_stack test's ulimit -s 64) the compilers
# still get theirs: a soft limit is raised for them; a hard one leaves them
# crashing, which is the machine's fault (exit 1), not the body's.
body small 'family: color
name: small
c: ((9 * sq + 8) >> 3) & 1'
# sqcolor itself gets 64 KiB for its frames, whatever the environment takes.
small=("$bin" try --quick --mode latency --sequence random --length 4096 "$tmp/small.sq")
(ulimit -S -s "$(stack_for 64 "${small[@]}")"; exec "${small[@]}" >"$tmp/out" 2>"$tmp/err")
rc=$?
[ $rc -eq 0 ] && grep -q '^small ' "$tmp/out" && ok || bad "ulimit -S -s 64: exit $rc: $(cat "$tmp/err")"
(ulimit -s "$(stack_for 64 "$bin" try --quick "$tmp/small.sq")"; exec "$bin" try --quick "$tmp/small.sq" >/dev/null 2>"$tmp/err")
rc=$?
[ $rc -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "crashed building" "$tmp/err" &&
    ok || bad "ulimit -s 64: exit $rc: $(cat "$tmp/err")"
# A stop signal during the build (any of bench/util/cleanup.c's list, SIGUSR1
# and SIGALRM among them) takes the build's folder with it, and its jobs with
# what they started; so does a SIGKILL, which no handler sees (the janitor's
# work), even one to try's whole process group (timeout(1) kills so), which
# the janitor is not in: the bodies include a FIFO no one writes, so the
# assembler and the compilers wait on it until they are killed.
mkfifo "$tmp/never"
body never "family: color
name: never
asm:
    %include \"$tmp/never\"
c:
    #include \"$tmp/never\"
    return sq & 1;"
for sig in USR1 ALRM KILL group; do
    how="SIG$sig to try"
    export TMPDIR=$tmp/stop-$sig
    mkdir "$TMPDIR"
    setsid "$bin" try --quick "$tmp/never.sq" >/dev/null 2>"$tmp/err" &
    try=$!
    jobs_seen=
    for _ in $(seq 200); do
        jobs_seen=$(pgrep -f -- "$TMPDIR/sqcolor-try-" | tr '\n' ' ')
        [ -n "$jobs_seen" ] && break
        sleep 0.05
    done
    if [ $sig = group ]; then
        sig=KILL how="SIGKILL to try's process group"
        kill -KILL -- -"$try"
    else
        kill -"$sig" "$try"
    fi
    wait "$try" 2>/dev/null
    rc=$?
    for _ in $(seq 40); do # killed jobs are gone within moments
        left=$(pgrep -f -- "$TMPDIR/" | tr '\n' ' ')
        [ -z "$left" ] && [ -z "$(ls -A "$TMPDIR")" ] && break
        sleep 0.05
    done
    [ -n "$jobs_seen" ] && [ $rc -eq $((128 + $(kill -l "$sig"))) ] && [ -z "$left" ] &&
        [ -z "$(ls -A "$TMPDIR")" ] && ok ||
        bad "$how during its build: exit $rc, jobs seen '$jobs_seen', left: processes '$left', files '$(ls -A "$TMPDIR" | tr '\n' ' ')'"
    [ -z "$left" ] || kill -KILL $left 2>/dev/null
done
export TMPDIR=$tmp/builds

# A build that would not end (an endless input, a %rep or a macro that grows
# past any memory) is stopped at --build-limit: the file is refused, exit 2,
# and nothing is left.
mkfifo "$tmp/silent"
endless() { # endless NAME "message part": NAME.sq's build stopped at 1 s, refused
    timeout -s KILL 120 "$bin" try --quick --build-limit 1 "$tmp/$1.sq" >/dev/null 2>"$tmp/err"
    local rc=$? left
    left=$(pgrep -f -- "$TMPDIR/" | tr '\n' ' ')
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF "$1.sq:4: $2" "$tmp/err" &&
        grep -qF -- "(--build-limit)" "$tmp/err" && [ -z "$left" ] && [ -z "$(ls -A "$TMPDIR")" ] &&
        ok || bad "$1 past --build-limit: exit $rc: $(cat "$tmp/err"); left: '$left' $(ls -A "$TMPDIR")"
    [ -z "$left" ] || kill -KILL $left 2>/dev/null
    rm -rf "${TMPDIR:?}"/*
}
body asm-zero 'family: color
name: endless
asm:
    %include "/dev/zero"'
endless asm-zero "the asm body does not assemble within 1 s"
body asm-fifo "family: color
name: endless
asm:
    %include \"$tmp/silent\""
endless asm-fifo "the asm body does not assemble within 1 s"
body asm-rep 'family: color
name: endless
asm:
    %pragma limit rep 2000000000
    %rep 2000000000
    nop
    %endrep'
endless asm-rep "the asm body does not assemble within 1 s"
body c-zero 'family: color
name: endless
c:
    #include </dev/zero>
    return sq & 1;'
endless c-zero "the C body does not compile with gcc-11"
body c-macro 'family: color
name: endless
c:
    #define A(x) x x
    #define B(x) A(A(A(A(A(A(A(A(A(A(x))))))))))
    return (((9 * sq + 8) >> 3) & 1) B(B(B(+0)));'
endless c-macro "the C body does not compile with gcc-11"

# A body that leaves the process, or the state the SysV ABI has it keep
# (DF clear, MXCSR's control bits, the x87 control word and an empty x87
# stack), fails its check, named.
routine() { # routine NAME INSNS...: a color asm body of INSNS, then the right answer
    local name=$1
    shift
    body "$name" "$(printf 'family: color\nname: %s\nasm:\n' "$name"; printf '    %s\n' "$@" \
        'lea eax, [rdi+rdi*8+8]' 'shr eax, 3' 'and eax, 1')"
}
routine exits 'mov eax, 231' 'xor edi, edi' 'syscall'
refused 1 "color/exits/asm ended the process that checked it (exited with status 0) on sq=a1 (0): a body must return" exits
routine std std
refused 1 "color/std/asm fails its check: left the direction flag set" std
routine mxcsr 'push rax' 'mov dword [rsp], 0' 'ldmxcsr [rsp]' 'pop rax'
refused 1 "color/mxcsr/asm fails its check: changed the MXCSR control bits (0x1f80 before, 0x0000 after" mxcsr
routine fpucw 'push rax' 'mov word [rsp], 0x0f7f' 'fldcw [rsp]' 'pop rax'
refused 1 "color/fpucw/asm fails its check: changed the x87 control word (0x037f before, 0x0f7f after)" fpucw
routine fld fld1
refused 1 "color/fld/asm fails its check: left the x87 register stack in use" fld
# ... and the timing loops are called as the routine is: a branch hook (the
# branch loop's alone) that sets DF leaves the routine right, the loop not.
body branch-std 'family: color
name: branch_std
asm:
    lea         eax, [rdi+rdi*8+8]
    shr         eax, 3
    and         eax, 1
branch:
    std
    lea         eax, [rdi+rdi*8+8]
    test        eax, 8
    jz          %1'
refused 1 "color/branch_std/asm: its branch kernel left the direction flag set" branch-std

# A body that stops returning only after its check (its 10,000th call) is
# stopped while it is timed, in the run itself or in a process of it, and
# named: exit 1, nothing left.
body late 'family: color
name: late
asm:
    %ifndef LATE_COUNTER
    %define LATE_COUNTER
    [section .bss]
    ..@late_calls: resq 1
    [section .text]
    %endif
    inc         qword [rel ..@late_calls]
    cmp         qword [rel ..@late_calls], 10000
    jbe         %%fine
    %%spin:
    jmp         %%spin
    %%fine:
    lea         eax, [rdi+rdi*8+8]
    shr         eax, 3
    and         eax, 1'
# --call-limit 2 rather than the default 10 s: the test waits on it.
for processes in 1 2; do
    timeout -s KILL 120 "$bin" try --quick --call-limit 2 --processes "$processes" --filter color/bt/asm \
        --mode latency --sequence random --output "$tmp/late.out" "$tmp/late.sq" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 1 ] && grep -q '^sqcolor try: color/late/asm did not return within 2 s while ' "$tmp/err" &&
        [ ! -e "$tmp/late.out" ] && [ -z "$(ls -A "$TMPDIR")" ] && ok ||
        bad "a body that stops returning after its check, --processes $processes: exit $rc: $(cat "$tmp/err"); left: $(ls -A "$TMPDIR")"
    rm -rf "${TMPDIR:?}"/*
done

# The messages name the body's own line, whatever the file is called (NASM's
# %line would end at ';' and take ' and ` for a string), and nothing of the
# build's folder, which is gone when they are read.
for name in "semi;colon" "quote'd" 'back`tick'; do
    cp "$tmp/nasm.sq" "$tmp/$name.sq"
    "$bin" try --quick "$tmp/$name.sq" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && grep -qF "$name.sq:5: the asm body does not assemble:" "$tmp/err" &&
        ! grep -q "in the code around the body" "$tmp/err" && ok ||
        bad "a file named '$name': exit $rc: $(cat "$tmp/err")"
done
routine fast
for limit in "-f 1" "-n 12"; do
    # shellcheck disable=SC2086
    (ulimit $limit && exec "$bin" try --quick "$tmp/fast.sq" >/dev/null 2>"$tmp/err")
    rc=$?
    [ $rc -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ! grep -qF "$TMPDIR" "$tmp/err" &&
        [ -z "$(ls -A "$TMPDIR")" ] && ok ||
        bad "ulimit $limit: exit $rc: $(cat "$tmp/err"); left: $(ls -A "$TMPDIR")"
done

expect_usage "no technique file" try
expect_usage "$tmp/absent.sq: No such file or directory" try "$tmp/absent.sq"
expect_usage "--call-limit 0 is out of range (1 to 86400)" try "$tmp/absent.sq" --call-limit 0
finish try
