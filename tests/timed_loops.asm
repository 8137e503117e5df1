; A routine and kernels with known loops for test_timed_loop, found through
; their symbols as sqcolor's own are. Never run: only read.

%include "sqcolor.inc"

section .text

; ENTRY skip: a kernel's start, n squares from rdi, and the head of its loop
; skip bytes past a 64-byte line, loading square i into edi; NEXT: its end.
%macro ENTRY 1
    xor         eax, eax
    lea         r11, [rdi + rdx]
    mov         rcx, rdx
    neg         rcx
    align       64
    times %1    nop
.loop:
    movzx       edi, byte [r11 + rcx]
%endmacro
%macro NEXT 0
    add         rcx, 1
    jnz         .loop
    ret
%endmacro

; unsigned sq_fake_color_branchless(unsigned sq): no branch.
FUNC sq_fake_color_branchless
    mov         eax, edi
    and         eax, 1
    ret
ENDFUNC

; Kernels (a, b, n) of that routine. Latency: a 64-byte aligned loop whose
; only conditional branch is its exit test.
FUNC sq_fake_color_branchless_latency
    ENTRY       0
    xor         edi, eax
    mov         eax, edi
    and         eax, 1
    NEXT
ENDFUNC

; Throughput: the loop branches on the square, as gcc-11 -O3 -march=native's
; color/cmov loop does around a branch-free routine.
FUNC sq_fake_color_branchless_throughput
    ENTRY       0
    test        dil, 8
    jne         .odd
    not         edi
.odd:
    and         edi, 1
    add         rax, rdi
    NEXT
ENDFUNC

; Branch: one branch a square, as meant; the loop's head 16 bytes past a line.
FUNC sq_fake_color_branchless_branch
    ENTRY       16
    test        edi, 1
    jz          .light
    inc         rax
.light:
    NEXT
ENDFUNC

; A jump to the latency kernel, as gcc makes one of two identical kernels.
FUNC sq_fake_tail_call
    jmp         sq_fake_color_branchless_latency
ENDFUNC

%include "noexecstack.inc"
