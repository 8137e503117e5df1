; Deliberately broken routines: the verifier must catch each one.

%include "sqcolor.inc"
%include "color.inc"
%include "pair.inc"

section .text

; unsigned broken_wrong(unsigned sq): lea_shr_and without the +8.
FUNC broken_wrong
    lea         eax, [rdi + rdi*8]          ; 9*sq (forgot + 8)
    shr         eax, 3
    and         eax, 1
    ret
ENDFUNC

; unsigned broken_clobber_<reg>(unsigned sq): right answer, callee-saved reg lost.
%macro CLOBBERS 1-*
%rep %0
FUNC broken_clobber_%1
    mov         %1, rdi
    color_lea_shr_and
    ret
ENDFUNC
%rotate 1
%endrep
%endmacro
CLOBBERS rbx, rbp, r12, r13, r14, r15

; unsigned broken_upper_index(unsigned sq): indexes with rdi, not zero-extended.
FUNC broken_upper_index
    lea         rax, [color_table]
    movzx       eax, byte [rax + rdi]       ; rdi = sq plus garbage above it
    ret
ENDFUNC

; unsigned broken_upper_range(unsigned sq): range check on the 64-bit register.
FUNC broken_upper_range
    xor         eax, eax
    cmp         rdi, 64
    jae         .out
    color_lea_shr_and
.out:
    ret
ENDFUNC

; unsigned broken_upper_b(unsigned a, unsigned b): same_color, b used 64-bit.
FUNC broken_upper_b
    xor         eax, eax
    cmp         rsi, 64
    jae         .out
    same_color_xor_shift
.out:
    ret
ENDFUNC

; unsigned broken_<state>(unsigned sq): right answer, but the state the SysV
; ABI has a routine keep besides its registers left changed.
FUNC broken_std                             ; the direction flag set
    std
    color_lea_shr_and
    ret
ENDFUNC

FUNC broken_mxcsr                           ; every SSE exception unmasked
    push        rax
    mov         dword [rsp], 0
    ldmxcsr     [rsp]
    pop         rax
    color_lea_shr_and
    ret
ENDFUNC

FUNC broken_x87cw                           ; the x87 rounding toward zero
    push        rax
    mov         word [rsp], 0x0f7f
    fldcw       [rsp]
    pop         rax
    color_lea_shr_and
    ret
ENDFUNC

FUNC broken_x87_push                        ; a value left on the x87 stack
    fld1
    color_lea_shr_and
    ret
ENDFUNC

FUNC broken_mmx                             ; MMX without emms
    movd        mm0, edi
    color_lea_shr_and
    ret
ENDFUNC

%include "noexecstack.inc"
