; Call mode's timed loops: a routine through a pointer, chained like the
; latency kernels, each loop on a 64-byte line of its own. In C (where they
; were) the loop moved with whatever the compiler laid out before it: one
; instruction added to color_inreg32 moved it 16 bytes, and
; color/lea_test_jz/asm, a branchy routine, read a cycle slower in call mode.
;
; uint64_t sq_call_chain1(unsigned (*fn)(unsigned), const uint8_t *a, size_t n)
; uint64_t sq_call_chain2(unsigned (*fn)(unsigned, unsigned), const uint8_t *a,
;                         const uint8_t *b, size_t n)
;   r = fn(a[i] ^ pad(r)[, b[i]]) for i < n, from r = 0; returns the last r.
;   pad: eight dependent xors whose constants cancel (8 cycles on any x86-64
;   core), which the identity loop pays too (call_loops.h says why).

%include "sqcolor.inc"

%macro PAD 0
    xor         eax, 0x11
    xor         eax, 0x22
    xor         eax, 0x44
    xor         eax, 0x88
    xor         eax, 0x11
    xor         eax, 0x22
    xor         eax, 0x44
    xor         eax, 0x88                   ; r again
%endmacro

; CALL_CHAIN name, arity
%macro CALL_CHAIN 2
FUNC %1
    push        rbx
    push        rbp
    push        r12
    push        r13
    push        r14                         ; rsp 16-byte aligned at the calls
    mov         rbx, rdi                    ; fn
    mov         rbp, rsi                    ; a
%if %2 == 2
    mov         r12, rdx                    ; b
    mov         r13, rcx                    ; n
%else
    mov         r13, rdx                    ; n
%endif
    xor         r14d, r14d                  ; i
    xor         eax, eax                    ; r
    test        r13, r13
    jz          .done
align 64
.loop:
    PAD
    movzx       edi, byte [rbp + r14]
    xor         edi, eax                    ; a[i] ^ r
%if %2 == 2
    movzx       esi, byte [r12 + r14]       ; b[i]
%endif
    call        rbx                         ; r = fn(...)
    inc         r14
    cmp         r14, r13
    jb          .loop
.done:
    mov         eax, eax                    ; the unsigned r, zero-extended
    pop         r14
    pop         r13
    pop         r12
    pop         rbp
    pop         rbx
    ret
ENDFUNC
%endmacro

section .text

    CALL_CHAIN  sq_call_chain1, 1
    CALL_CHAIN  sq_call_chain2, 2

%include "noexecstack.inc"
