; The checked-call trampoline (after checkasm): calls a routine the way an
; unforgiving caller would and reports what it broke.

%include "sqcolor.inc"

%define SAVED   rbx, rbp, r12, r13, r14, r15
%define SCRATCH rax, rcx, rdx, r8, r9, r10, r11

section .bss
align 16
global sq_cc_canary:data hidden
global sq_cc_broken:data hidden
; [0..5] values for SAVED, [6..12] junk for SCRATCH (a routine must not read it).
sq_cc_canary:   resq 13
; Bit i set: SAVED register i changed across the call; bit 6: rsp changed.
sq_cc_broken:   resd 1
sq_cc_rsp:      resq 1

section .text

; LOAD first_slot, regs...: regs = sq_cc_canary[first_slot...]; r11 last.
%macro LOAD 2-*
%assign slot %1
%rotate 1
%rep %0 - 1
    mov         %1, [r11 + slot*8]
%assign slot slot + 1
%rotate 1
%endrep
%endmacro

; COMPARE regs...: ecx |= 1 << i for each regs[i] != sq_cc_canary[i].
%macro COMPARE 1-*
%assign slot 0
%rep %0
    cmp         %1, [r11 + slot*8]
    setne       dl
    movzx       edx, dl
    shl         edx, slot
    or          ecx, edx
%assign slot slot + 1
%rotate 1
%endrep
%endmacro

; unsigned sq_checked_call(const void *fn, uint64_t a, uint64_t b)
; a and b reach the routine as they are: the caller fills their upper 32 bits
; with garbage. SAVED registers hold sq_cc_canary[0..5] across the call.
FUNC sq_checked_call
    push        rbp
    push        rbx
    push        r12
    push        r13
    push        r14
    push        r15
    sub         rsp, 8                      ; 16-byte aligned at the call
    mov         [rsp], rdi                  ; fn
    mov         rdi, rsi                    ; a, upper half as given
    mov         rsi, rdx                    ; b, upper half as given
    mov         [sq_cc_rsp], rsp
    lea         r11, [sq_cc_canary]
    LOAD        0, SAVED
    LOAD        6, SCRATCH
    call        [rsp]
    lea         r11, [sq_cc_canary]
    xor         ecx, ecx                    ; mask of broken registers
    COMPARE     SAVED
    cmp         rsp, [sq_cc_rsp]
    setne       dl
    movzx       edx, dl
    shl         edx, 6
    or          ecx, edx
    mov         [sq_cc_broken], ecx
    mov         rsp, [sq_cc_rsp]            ; recover even from a moved rsp
    add         rsp, 8
    pop         r15
    pop         r14
    pop         r13
    pop         r12
    pop         rbx
    pop         rbp
    ret
ENDFUNC

%include "noexecstack.inc"
