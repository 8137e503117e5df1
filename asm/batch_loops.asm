; Batch timing's loops: `calls` calls of a batch routine through a pointer
; between two TSC stamps, each loop on a 64-byte line of its own. In C
; (where the loop was) it moved with whatever the compiler laid out before
; it, as call mode's loop did (call_loops.asm). It does not settle every
; routine: color_mask/scalar/asm, whose loop exits every 64 squares, reads
; 2.99 or 3.41 cycles a square by where the kernels lie in the binary.
;
; uint64_t sq_batch_calls1(void (*fn)(void), const uint8_t *in, void *out,
;                          size_t n, uint64_t calls)
; uint64_t sq_batch_calls2(void (*fn)(void), const uint8_t *a, const uint8_t *b,
;                          void *out, size_t n, uint64_t calls)
;   fn(in[, b], out, n) `calls` times; returns the TSC ticks from the stamp
;   before the first call to the one after the last (lfence as clock.h's).

%include "sqcolor.inc"

; STAMP: rax = the TSC (rdx clobbered)
%macro STAMP 0
    rdtsc
    shl         rdx, 32
    or          rax, rdx
%endmacro

; BATCH_CALLS name, inputs
%macro BATCH_CALLS 2
FUNC %1
    SAVE_CALLEE
    sub         rsp, 8                      ; the first stamp; rsp 16-byte aligned
    mov         rbx, rdi                    ; fn
    mov         rbp, rsi                    ; in, a
%if %2 == 2
    mov         r12, rdx                    ; b
    mov         r13, rcx                    ; out
    mov         r14, r8                     ; n
    mov         r15, r9                     ; calls
%else
    mov         r13, rdx                    ; out
    mov         r14, rcx                    ; n
    mov         r15, r8                     ; calls
%endif
    lfence
    STAMP
    lfence
    mov         [rsp], rax
    test        r15, r15
    jz          .done
align 64
.loop:
    mov         rdi, rbp
%if %2 == 2
    mov         rsi, r12
    mov         rdx, r13
    mov         rcx, r14                    ; fn(a, b, out, n)
%else
    mov         rsi, r13
    mov         rdx, r14                    ; fn(in, out, n)
%endif
    call        rbx
    dec         r15
    jnz         .loop
.done:
    lfence
    STAMP
    sub         rax, [rsp]                  ; ticks
    add         rsp, 8
    RESTORE_CALLEE
    ret
ENDFUNC
%endmacro

section .text

    BATCH_CALLS sq_batch_calls1, 1
    BATCH_CALLS sq_batch_calls2, 2

%include "noexecstack.inc"
