; The checked-call trampoline (after checkasm): calls a routine the way an
; unforgiving caller would and reports what it broke.

%include "sqcolor.inc"
%include "sq_checked_call.inc"              ; SQ_CC_CANARIES, from checked_call.h

%define SAVED   rbx, rbp, r12, r13, r14, r15
%define SCRATCH rax, rcx, rdx, r8, r9, r10, r11

; A canary for each SAVED register, then junk for each SCRATCH one at most.
%macro CANARIES_FIT 1-*
%if %0 != SQ_CC_CANARIES
%error "SQ_CC_CANARIES (checked_call.h) is not one a SAVED and a SCRATCH register"
%endif
%endmacro
CANARIES_FIT SAVED, SCRATCH

section .bss
align 16
global sq_cc_canary:data hidden
global sq_cc_broken:data hidden
; [0..5] values for SAVED, [6..] junk for SCRATCH (a routine must not read it).
sq_cc_canary:   resq SQ_CC_CANARIES
; Bit i set: SAVED register i changed across the call; bit 6: rsp changed.
sq_cc_broken:   resd 1
global sq_cc_check_upper:data hidden
global sq_cc_dirty_upper:data hidden
; Set by the C side where XGETBV ecx=1 works; the XINUSE bits left dirty.
sq_cc_check_upper: resd 1
sq_cc_dirty_upper: resd 1
global sq_cc_mxcsr:data hidden
global sq_cc_x87cw:data hidden
; The state the SysV ABI has a routine keep besides its registers, before
; and after the call: MXCSR, the x87 control word.
sq_cc_mxcsr:    resd 2
sq_cc_x87cw:    resw 2
sq_cc_rsp:      resq 1
sq_cc_fenv:     resb 28                     ; FNSTENV's image: the tag word at 8

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

; BROKEN_IF cc, bit: sq_cc_broken |= 1 << bit where the flags say cc.
%macro BROKEN_IF 2
    set%1       dl
    movzx       edx, dl
    shl         edx, %2
    or          [sq_cc_broken], edx
%endmacro

; CHECK_STATE: after a call, the bits of sq_cc_broken for the state a routine
; keeps: 7 the direction flag left set, 8 the MXCSR control bits (not its
; status bits) changed, 9 the x87 control word changed, 10 the x87 register
; stack left in use (the tag word not all empty). Then the caller's state
; back: DF clear, the x87 unit empty with its control word, its MXCSR.
%macro CHECK_STATE 0
    pushfq
    pop         rdx
    test        edx, 1 << 10                ; DF
    BROKEN_IF   nz, 7
    stmxcsr     [sq_cc_mxcsr + 4]
    mov         edx, [sq_cc_mxcsr + 4]
    xor         edx, [sq_cc_mxcsr]
    test        edx, 0xffc0                 ; DAZ, the masks, RC, FTZ
    BROKEN_IF   nz, 8
    fnstcw      [sq_cc_x87cw + 2]
    movzx       edx, word [sq_cc_x87cw + 2]
    cmp         dx, [sq_cc_x87cw]
    BROKEN_IF   ne, 9
    fnstenv     [sq_cc_fenv]
    cmp         word [sq_cc_fenv + 8], 0xffff
    BROKEN_IF   ne, 10
    cld
    fninit
    fldcw       [sq_cc_x87cw]
    ldmxcsr     [sq_cc_mxcsr]
%endmacro

; CALL_CHECKED junk_regs...: calls [rsp] with SAVED = sq_cc_canary[0..5] and
; junk_regs = sq_cc_canary[6..], then sets sq_cc_broken. Keeps rax (the result).
%macro CALL_CHECKED 1-*
    stmxcsr     [sq_cc_mxcsr]
    fnstcw      [sq_cc_x87cw]
    mov         [sq_cc_rsp], rsp
    lea         r11, [sq_cc_canary]
    LOAD        0, SAVED
    LOAD        6, %{1:-1}
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
    CHECK_STATE
%endmacro

%macro ENTER_CHECKED 0
    push        rbp
    push        rbx
    push        r12
    push        r13
    push        r14
    push        r15
    sub         rsp, 8                      ; 16-byte aligned at the call
    mov         [rsp], rdi                  ; fn
%endmacro

%macro LEAVE_CHECKED 0
    add         rsp, 8
    pop         r15
    pop         r14
    pop         r13
    pop         r12
    pop         rbx
    pop         rbp
    ret
%endmacro

; unsigned sq_checked_call(const void *fn, uint64_t a, uint64_t b)
; a and b reach the routine as they are: the caller fills their upper 32 bits
; with garbage. SAVED registers hold sq_cc_canary[0..5] across the call.
FUNC sq_checked_call
    ENTER_CHECKED
    mov         rdi, rsi                    ; a, upper half as given
    mov         rsi, rdx                    ; b, upper half as given
    CALL_CHECKED SCRATCH
    LEAVE_CHECKED
ENDFUNC

; uint64_t sq_checked_call4(const void *fn, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3)
; fn(a0, a1, a2, a3) as above, its rax returned; then, when sq_cc_check_upper
; is set (the C side knows XGETBV with ecx = 1 works), sq_cc_dirty_upper = the
; XINUSE bits of the upper ymm (2) and zmm (6) halves the routine left in use:
; it forgot vzeroupper.
FUNC sq_checked_call4
    ENTER_CHECKED
    mov         rdi, rsi                    ; a0
    mov         rsi, rdx                    ; a1
    mov         rdx, rcx                    ; a2
    mov         rcx, r8                     ; a3
    cmp         dword [sq_cc_check_upper], 0
    je          .called_clean
    vzeroupper                              ; the routine starts clean
.called_clean:
    CALL_CHECKED rax, r8, r9, r10, r11
    cmp         dword [sq_cc_check_upper], 0
    je          .done
    mov         r11, rax                    ; the result
    mov         ecx, 1
    xgetbv                                  ; edx:eax = XINUSE
    and         eax, 0x44                   ; YMM_Hi128, ZMM_Hi256
    mov         [sq_cc_dirty_upper], eax
    mov         rax, r11
.done:
    LEAVE_CHECKED
ENDFUNC

%include "noexecstack.inc"
