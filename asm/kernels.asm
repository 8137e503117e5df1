; Timing kernels: each technique's body inlined into unrolled loops, one per
; mode. The bodies are the macros the callable routines expand, so what is
; timed is exactly what verify checked.
;
; uint64_t sq_asm_<family>_<technique>_<mode>(const uint8_t *a, const uint8_t *b, size_t n)
;   a, b   squares (b only for pair families); n > 0, a multiple of UNROLL
;   latency     square i is a[i] ^ result(i-1): the engine stores a[i] already
;               xored with the expected previous result, so the squares visited
;               are the requested ones; returns the last result
;   throughput  independent squares; returns the sum of the results
;   branch      the result steers a conditional jump; returns the count of 1s

%include "sqcolor.inc"
%include "color.inc"
%include "color_x88.inc"
%include "pair.inc"

%define UNROLL 8

; ARITY_<family>: 1 (a square) or 2 (a pair), from c/techniques.h's families
; (sq_families.inc is made from SQ_FOR_EACH_FAMILY).
%macro SQ_FAMILY 2
%xdefine ARITY_%1 %2
%endmacro
%include "sq_families.inc"

; The baselines: the same harness around an identity body.
%macro baseline1 0
    mov         eax, edi
%endmacro
%macro baseline2 0
    mov         eax, edi
%endmacro
%macro baseline1_branch_light 1
    lea         eax, [rdi + 1]              ; never 0: a branch never taken
    test        eax, eax
    jz          %1
%endmacro
%macro baseline2_branch_light 1
    baseline1_branch_light %1
%endmacro
%define ARITY_baseline1 1
%define ARITY_baseline2 2

; Kernel registers: r11 = a + n, r12 = b + n, rbx = index - n (counts up to 0);
; r13, r14, r15, rbp accumulate. Bodies use rdi, rsi, eax, ecx, edx, r8-r10.
%macro PROLOGUE 0
    SAVE_CALLEE
    lea         r11, [rdi + rdx]            ; a + n
    lea         r12, [rsi + rdx]            ; b + n
    mov         rbx, rdx
    neg         rbx                         ; -n
    xor         eax, eax
    xor         r13d, r13d
    xor         r14d, r14d
    xor         r15d, r15d
    xor         ebp, ebp
%endmacro

%macro EPILOGUE 0
    RESTORE_CALLEE
    ret
%endmacro

; LOAD arity, k: edi = a[i + k] (and esi = b[i + k]).
%macro LOAD 2
    movzx       edi, byte [r11 + rbx + %2]
%if %1 == 2
    movzx       esi, byte [r12 + rbx + %2]
%endif
%endmacro

; LATENCY_STEP body, arity, k
%macro LATENCY_STEP 3
    LOAD        %2, %3
    xor         edi, eax                    ; the square, given the right result before
    %1
%endmacro

; THROUGHPUT_STEP body, arity, k
%macro THROUGHPUT_STEP 3
    LOAD        %2, %3
    %1
%if %3 % 4 == 0
    add         r13, rax
%elif %3 % 4 == 1
    add         r14, rax
%elif %3 % 4 == 2
    add         r15, rax
%else
    add         rbp, rax
%endif
%endmacro

; BRANCH_STEP body, arity, k: a technique may jump on its own flags through
; <body>_branch_light label (jump when the result is 0).
%macro BRANCH_STEP 3
    LOAD        %2, %3
%ifmacro %1_branch_light
    %1_branch_light %%light
%else
    %1
    test        eax, eax
    jz          %%light
%endif
    inc         r13
%%light:
%endmacro

; KERNEL name, body, arity, step: one unrolled loop.
%macro KERNEL 4
FUNC %1
    PROLOGUE
%ifmacro %2_setup
    %2_setup
%endif
align 64
.loop:
%assign k 0
%rep UNROLL
    %4          %2, %3, k
%assign k k + 1
%endrep
    add         rbx, UNROLL
    jnz         .loop
    add         r13, r14
    add         r15, rbp
%ifidn %4, LATENCY_STEP
%else
    lea         rax, [r13 + r15]
%endif
    EPILOGUE
ENDFUNC
%endmacro

; KERNELS symbol_stem, body, arity: the three modes.
%macro KERNELS 3
    KERNEL      %1_latency, %2, %3, LATENCY_STEP
    KERNEL      %1_throughput, %2, %3, THROUGHPUT_STEP
    KERNEL      %1_branch, %2, %3, BRANCH_STEP
%endmacro

section .text

; The kernels of every catalogue line (sq_techniques.inc is made from c/techniques.h).
%macro SQ_TECHNIQUE 2
    KERNELS     sq_asm_%1_%2, %1_%2, ARITY_%1
%endmacro
%include "sq_techniques.inc"

    KERNELS     sq_asm_baseline_1, baseline1, 1
    KERNELS     sq_asm_baseline_2, baseline2, 2

%include "noexecstack.inc"
