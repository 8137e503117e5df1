; Deliberately broken batch routines: the batch verifier must catch each one.
; void f(const uint8_t *sq, uint8_t *color, size_t n), as color_batch.

%include "sqcolor.inc"

section .rodata
align 16
dark_by_nibble:
    db  1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 1

section .text

; BYTES_BY_16 tail_label: color[i..i+16) = dark(sq[i..]) for whole blocks of
; 16, rax = i; jumps to tail_label when fewer than 16 are left.
%macro BLOCKS_OF_16 1
    vmovdqu     xmm2, [dark_by_nibble]
    xor         eax, eax                    ; i = 0
.block:
    lea         rcx, [rax + 16]
    cmp         rcx, rdx
    ja          %1                          ; fewer than 16 left
    vpshufb     xmm0, xmm2, [rdi + rax]     ; dark(sq[i..i+16))
    vmovdqu     [rsi + rax], xmm0
    mov         rax, rcx
    jmp         .block
%endmacro

; SCALAR_TAIL flip: color[i..n) one square at a time, flipped when flip is 0
; (light instead of dark); then vzeroupper and ret.
%macro SCALAR_TAIL 1
.tail:
    cmp         rax, rdx
    jae         .done
    movzx       ecx, byte [rdi + rax]       ; sq
    mov         r8d, ecx
    shr         r8d, 3
    xor         ecx, r8d                    ; b0 ^ b3: light
%if %1
    not         ecx                         ; dark
%endif
    and         ecx, 1
    mov         [rsi + rax], cl
    inc         rax
    jmp         .tail
.done:
    vzeroupper
    ret
%endmacro

; Light instead of dark for every square past the last whole 16: a wrong result.
FUNC broken_batch_wrong
    BLOCKS_OF_16 .tail
    SCALAR_TAIL 0
ENDFUNC

; The last block written whole: up to 15 bytes past n.
FUNC broken_batch_overrun
    BLOCKS_OF_16 .tail
.tail:
    cmp         rax, rdx
    jae         .done
    vpshufb     xmm0, xmm2, [rdi + rax]     ; reads past n as well
    vmovdqu     [rsi + rax], xmm0           ; writes past n
.done:
    vzeroupper
    ret
ENDFUNC

; Right, but the upper halves of ymm registers left in use: no vzeroupper.
FUNC broken_batch_no_vzeroupper
    vpcmpeqb    ymm3, ymm3, ymm3            ; upper ymm state in use
    BLOCKS_OF_16 .tail
.tail:
    cmp         rax, rdx
    jae         .done
    vpshufb     xmm0, xmm2, [rdi + rax]
    vpextrb     ecx, xmm0, 0                ; dark(sq[i])
    mov         [rsi + rax], cl
    inc         rax
    jmp         .tail
.done:
    ret
ENDFUNC

; Right, but rbx lost.
FUNC broken_batch_clobber_rbx
    mov         rbx, rdx
    BLOCKS_OF_16 .tail
    SCALAR_TAIL 1
ENDFUNC

%include "noexecstack.inc"
