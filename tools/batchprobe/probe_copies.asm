; batchprobe's copies: the ways a copy of squares could be written, each
; with color_batch's signature (in, out, n), so the probe times them with
; the harness's own loop driver (asm/batch_loops.asm) beside the routines.
;
; probe_copy<W>_u<U>[_nt|_mv]: W bytes a register (16, 32, 64), U loads then
; U stores a trip (1, 2, 4); _nt: the stores non-temporal (movntdq,
; vmovntdq: out must be aligned to W) and an sfence after the last; _mv:
; each register moved to another before its store. probe_copy<W>_at<k>:
; _u1 again at eight other addresses. n is cut to whole trips (the probe's
; sizes are multiples of 256).

%include "sqcolor.inc"

; PROBE_RET W: a copy's end, vzeroupper after ymm or zmm.
%macro PROBE_RET 1
%if %1 > 16
    vzeroupper
%endif
    ret
ENDFUNC
%endmacro

; PROBE_COPY W, U, kind: 0 plain, 1 streaming stores (_nt), 2 each register
; moved to another before its store (_mv, as asm/batch.asm's copy_<width>)
; (its name probe_copy<W>_u<U><kind>, or the 4th argument)
%macro PROBE_COPY 3-4
%if %1 == 16
%define PV(k) xmm %+ k
%define PLOAD movdqu
%define PSTORE movdqu
%define PSTORE_NT movntdq
%elif %1 == 32
%define PV(k) ymm %+ k
%define PLOAD vmovdqu
%define PSTORE vmovdqu
%define PSTORE_NT vmovntdq
%else
%define PV(k) zmm %+ k
%define PLOAD vmovdqu8
%define PSTORE vmovdqu8
%define PSTORE_NT vmovntdq
%endif
%if %0 == 4
FUNC %4
%elif %3 == 1
FUNC probe_copy%1_u%2_nt
%elif %3 == 2
FUNC probe_copy%1_u%2_mv
%else
FUNC probe_copy%1_u%2
%endif
    xor         eax, eax                    ; i = 0
    mov         rcx, rdx
    and         rcx, -(%1 * %2)             ; n in whole trips
    jz          %%done
    align       64
%%trip:
%assign k 0
%rep %2
    PLOAD       PV(k), [rdi + rax + k * %1]
%assign k k + 1
%endrep
%if %3 == 2
%assign k 0
%rep %2
%assign j k + 4
%if %1 == 16
    movdqa      PV(j), PV(k)
%elif %1 == 32
    vmovdqa     PV(j), PV(k)
%else
    vmovdqa64   PV(j), PV(k)
%endif
%assign k k + 1
%endrep
%endif
%assign k 0
%rep %2
%if %3 == 1
    PSTORE_NT   [rsi + rax + k * %1], PV(k)
%elif %3 == 2
%assign j k + 4
    PSTORE      [rsi + rax + k * %1], PV(j)
%else
    PSTORE      [rsi + rax + k * %1], PV(k)
%endif
%assign k k + 1
%endrep
    add         rax, %1 * %2
    cmp         rax, rcx
    jb          %%trip
%%done:
%if %3 == 1
    sfence                                  ; the streaming stores ordered
%endif
    PROBE_RET   %1
%endmacro

section .text

%assign w 16
%rep 3
%assign u 1
%rep 3
    PROBE_COPY  w, u, 0
    PROBE_COPY  w, u, 1
    PROBE_COPY  w, u, 2
%assign u u * 2
%endrep
%assign w w * 2
%endrep

; PROBE_CHUNKED W, T: probe_copy<W>_c<T>, copy<W>_u1's loop run over chunks
; of T trips, an outer loop around it: each call's inner loop exits after T
; trips however long the call.
%macro PROBE_CHUNKED 2
%if %1 == 16
%define CLOAD movdqu
%define CREG xmm0
%elif %1 == 32
%define CLOAD vmovdqu
%define CREG ymm0
%else
%define CLOAD vmovdqu8
%define CREG zmm0
%endif
FUNC probe_copy%1_c%2
    xor         eax, eax                    ; i = 0
    mov         rcx, rdx
    and         rcx, -%1                    ; n in whole registers
    jz          %%done
%%chunk:
    lea         r8, [rax + %1 * %2]         ; the chunk's end
    cmp         r8, rcx
    cmova       r8, rcx
    jmp         %%trip
    align       64
%%trip:
    CLOAD       CREG, [rdi + rax]
    CLOAD       [rsi + rax], CREG
    add         rax, %1
    cmp         rax, r8
    jb          %%trip
    cmp         rax, rcx
    jb          %%chunk
%%done:
    PROBE_RET   %1
%endmacro

%assign w 16
%rep 3
    PROBE_CHUNKED w, 64
    PROBE_CHUNKED w, 128
    PROBE_CHUNKED w, 256
%assign w w * 2
%endrep

; probe_copy<W>_at<k>: copy<W>_u1 again, eight times, each on its own 4 KiB
; page and k * 5 lines into it: the same loop at other addresses.
%assign at 0
%rep 8
    align       4096
    times at * 320 db 0xcc
%xdefine AT16 probe_copy16_at %+ at
%xdefine AT64 probe_copy64_at %+ at
    PROBE_COPY  16, 1, 0, AT16
    align       4096
    times at * 320 db 0xcc
    PROBE_COPY  64, 1, 0, AT64
%assign at at + 1
%endrep

%include "noexecstack.inc"
