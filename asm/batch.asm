; The batch routines: sq_asm_<family>_<technique>, one per ASM or BOUND line of
; c/batch.h (CMake makes sq_batch.inc from them: SQ_BATCH below).
;
; A square is dark exactly when its bits 0 (file) and 3 (rank) are equal, so
; the color repeats every 16 squares: one 16-byte table indexed by the low
; nibble serves pshufb, and four copies of it are vpermb's 64-entry table.
;
; Every routine first moves its arguments to the same registers, so one driver
; serves every family and width:
;   r8 = first input (sq or a), r9 = second input (b) or the mask word pointer,
;   r10 = output, r11 = n, rax = i (squares done).
; V0 holds the squares (a ^ b for pairs) of a block, V1 its result; V2 and V3
; hold a technique's constants; V5 is scratch. Routines that touch ymm or zmm
; end with vzeroupper; the AVX-512 ones finish with a masked block, the others
; with one square at a time.

%include "sqcolor.inc"

section .rodata
align 64
; dark_by_nibble[s & 15]: 1 if s is dark (bit 0 == bit 3), four times over.
dark_by_nibble:
%rep 4
    db  1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 1
%endrep
; The same with the color in bit 7, where pmovmskb and vpmovb2m read it.
dark7_by_nibble:
%rep 4
    db  0x80, 0, 0x80, 0, 0x80, 0, 0x80, 0, 0, 0x80, 0, 0x80, 0, 0x80, 0, 0x80
%endrep
bytes_1:
    times 16 db 1
; gf2p8affineqb's matrix: result bit i is the parity of x & byte 7-i of the
; qword. Bit 0 = b0 ^ b3 (byte 7 = 0x09), flipped by the constant 0x01;
; AFFINE_TO_BIT7 puts it in bit 7 instead (byte 0 = 0x09, constant 0x80).
affine_to_bit0:
    dq  0x0900000000000000
affine_to_bit7:
    dq  0x0000000000000009

section .text

; USE xmm|ymm|zmm: V0..V5 name that width's registers 0..5, W its bytes.
%macro USE 1
%xdefine V0 %1 %+ 0
%xdefine V1 %1 %+ 1
%xdefine V2 %1 %+ 2
%xdefine V3 %1 %+ 3
%xdefine V5 %1 %+ 5
%ifidn %1, xmm
%define W 16
%define MOVU movdqu
%define XORV(a, b) pxor a, b
%elifidn %1, ymm
%define W 32
%define MOVU vmovdqu
%define XORV(a, b) vpxor a, a, b
%else
%define W 64
%define MOVU vmovdqu8
%define XORV(a, b) vpxorq a, a, b
%endif
%endmacro

; ---- the families' arguments, loads and one-square steps -----------------

; void color_batch(const uint8_t *sq, uint8_t *color, size_t n)
%macro ARGS_color_batch 0
    mov         r8, rdi                     ; sq
    mov         r10, rsi                    ; color
    mov         r11, rdx                    ; n
%endmacro
; void same_color_batch(const uint8_t *a, const uint8_t *b, uint8_t *same, size_t n)
%macro ARGS_same_color_batch 0
    mov         r8, rdi                     ; a
    mov         r9, rsi                     ; b
    mov         r10, rdx                    ; same
    mov         r11, rcx                    ; n
%endmacro
; void color_mask(const uint8_t *sq, uint64_t *mask, size_t n)
%macro ARGS_color_mask 0
    mov         r8, rdi                     ; sq
    mov         r9, rsi                     ; mask
    mov         r11, rdx                    ; n
%endmacro

; LOAD_<family> dst[, masked]: dst = the W squares (a ^ b) from i; masked
; loads only the bytes of k1 and zeroes the others.
%macro LOAD_color_batch 1-2
%ifidn %2, masked
    MOVU        %1{k1}{z}, [r8 + rax]       ; sq[i..], zero past n
%else
    MOVU        %1, [r8 + rax]              ; sq[i..i+W)
%endif
%endmacro
%define LOAD_color_mask LOAD_color_batch
%macro LOAD_same_color_batch 1-2
%ifidn %2, masked
    MOVU        %1{k1}{z}, [r8 + rax]       ; a[i..], zero past n
    MOVU        V5{k1}{z}, [r9 + rax]       ; b[i..], zero past n
%else
    MOVU        %1, [r8 + rax]              ; a[i..i+W)
    MOVU        V5, [r9 + rax]              ; b[i..i+W)
%endif
    XORV(%1, V5)                            ; a ^ b: same color iff a ^ b is dark
%endmacro

; ONE_<family>: ecx = square i (a[i] ^ b[i]).
%macro ONE_color_batch 0
    movzx       ecx, byte [r8 + rax]        ; sq[i]
%endmacro
%define ONE_color_mask ONE_color_batch
%macro ONE_same_color_batch 0
    movzx       ecx, byte [r8 + rax]        ; a[i]
    xor         cl, [r9 + rax]              ; a[i] ^ b[i]
%endmacro

; DARK_ONE: ecx = 1 if square ecx is dark, else 0; clobbers edx.
%macro DARK_ONE 0
    mov         edx, ecx
    shr         edx, 3                      ; rank's bit 0 in bit 0
    xor         ecx, edx                    ; b0 ^ b3 (and junk above)
    not         ecx
    and         ecx, 1                      ; dark = !(b0 ^ b3)
%endmacro

; SCALAR_TAIL family[, aligned]: outputs i (rax) .. n (r11), one square at a
; time; aligned: the loop on a 64-byte line, where it is a routine's hot loop.
%macro SCALAR_TAIL 1-2
    cmp         rax, r11
    jae         %%done
%if %0 > 1
    align       64
%endif
%%square:
    ONE_%1                                  ; ecx = sq
    DARK_ONE                                ; ecx = dark(sq)
    mov         [r10 + rax], cl
    inc         rax
    cmp         rax, r11
    jb          %%square
%%done:
%endmacro

; MASK_WORD_SCALAR [aligned]: the word [r9] from squares i (rax) .. min(i + 64,
; n); rax advances past them, r9 to the next word. Bits past n stay 0.
; aligned: the loop on a 64-byte line, where it is a routine's hot loop.
%macro MASK_WORD_SCALAR 0-1
    xor         esi, esi                    ; bits
    xor         edi, edi                    ; j, the bit of square i
%if %0 > 0
    align       64
%endif
%%square:
    ONE_color_mask                          ; ecx = sq[i]
    DARK_ONE                                ; ecx = dark(sq[i])
    mov         edx, ecx                    ; dark
    mov         ecx, edi                    ; j
    shl         rdx, cl                     ; dark << j
    or          rsi, rdx
    inc         rax
    inc         edi
    cmp         edi, 64
    je          %%store
    cmp         rax, r11
    jb          %%square
%%store:
    mov         [r9], rsi                   ; mask[word]
    add         r9, 8
%endmacro

; ---- the transforms: V0 = squares -> V1 = results -------------------------
; A technique's WIDTH_<technique> is the registers its BATCH routine uses.

; sse2: ~(s ^ (s >> 3)) & 1 with word shifts (bits crossing into a byte's top
; are masked off).
%define WIDTH_sse2 xmm
%macro SETUP_sse2 0
    movdqa      V2, [bytes_1]
%endmacro
%macro XFORM_sse2 0
    movdqa      V1, V0
    psrlw       V1, 3                       ; b3 in bit 0
    pxor        V1, V0                      ; b0 ^ b3 in bit 0
    pandn       V1, V2                      ; ~(b0 ^ b3) & 1
%endmacro

; ssse3, avx2, avx512bw: the 16-entry table indexed by the low nibble.
%macro SETUP_pshufb 0
%if W == 64
    vmovdqu64   V2, [dark_by_nibble]
%elif W == 32
    vmovdqu     V2, [dark_by_nibble]
%else
    movdqa      V2, [dark_by_nibble]
%endif
%endmacro
%define WIDTH_ssse3 xmm
%define WIDTH_avx2 ymm
%define WIDTH_avx512bw zmm
%define SETUP_ssse3 SETUP_pshufb
%define SETUP_avx2 SETUP_pshufb
%define SETUP_avx512bw SETUP_pshufb
%macro XFORM_ssse3 0
    movdqa      V1, V2                      ; the table
    pshufb      V1, V0                      ; dark_by_nibble[s & 15] (bit 7 of s is 0)
%endmacro
%macro XFORM_avx2 0
    vpshufb     V1, V2, V0                  ; dark_by_nibble[s & 15], per 16-byte lane
%endmacro
%define XFORM_avx512bw XFORM_avx2

; vbmi: vpermb reads the low 6 bits of each index: the whole board in V2.
%define WIDTH_vbmi zmm
%define SETUP_vbmi SETUP_pshufb
%macro XFORM_vbmi 0
    vpermb      V1, V0, V2                  ; color of s (0..63)
%endmacro

; ternlog: one vpternlogd does xor, not and and: ~(A ^ B) & C = 0x82.
%define WIDTH_ternlog zmm
%macro SETUP_ternlog 0
    vpbroadcastd V2, [bytes_1]
%endmacro
%macro XFORM_ternlog 0
    vpsrlw      V1, V0, 3                   ; b3 in bit 0
    vpternlogd  V1, V0, V2, 0x82            ; ~(b3 ^ b0) & 1
%endmacro

; gfni: the whole color in one affine transform per byte.
%define WIDTH_gfni zmm
%macro SETUP_gfni 0
    vpbroadcastq V2, [affine_to_bit0]
%endmacro
%macro XFORM_gfni 0
    vgf2p8affineqb V1, V0, V2, 0x01         ; (b0 ^ b3) ^ 1 in bit 0
%endmacro

; ---- drivers ---------------------------------------------------------------

; VEC_RET: a vector routine's end, vzeroupper where it used ymm or zmm.
%macro VEC_RET 0
%if W > 16
    vzeroupper
%endif
    ret
ENDFUNC
%endmacro

; FROM_ZERO width, end, tail: i = 0, end = n rounded down to whole blocks of
; width; jumps to tail when there is none. Aligns the block loop that follows.
%macro FROM_ZERO 3
    xor         eax, eax                    ; i = 0
    mov         %2, r11
    and         %2, -%1                     ; n rounded down to a multiple of width
    jz          %3
    align       64
%endmacro

; LEFT_MASK done: k1 = the bytes left, (1 << (n - i)) - 1 (fewer than 64);
; jumps to done when none is.
%macro LEFT_MASK 1
    mov         rcx, r11
    sub         rcx, rax                    ; left = n - i < 64
    jz          %1
    mov         rdx, -1
    shl         rdx, cl
    not         rdx                         ; (1 << left) - 1
    kmovq       k1, rdx
%endmacro

; BATCH family, width, technique: sq_asm_<family>_<technique>, W bytes a step.
%macro BATCH 3
; void sq_asm_%1_%3(...): see ARGS_%1
FUNC sq_asm_%1_%3
    ARGS_%1
    USE         %2
    SETUP_%3
    FROM_ZERO   W, rsi, %%tail              ; i = 0, rsi = n in whole blocks
%%block:
    LOAD_%1     V0                          ; squares i .. i+W
    XFORM_%3                                ; V1 = their colors
    MOVU        [r10 + rax], V1
    add         rax, W
    cmp         rax, rsi
    jb          %%block
%%tail:
%if W == 64
    LEFT_MASK   %%done
    LOAD_%1     V0, masked
    XFORM_%3
    vmovdqu8    [r10 + rax]{k1}, V1         ; the left bytes, nothing past n
%%done:
%else
    SCALAR_TAIL %1
%endif
    VEC_RET
%endmacro

; SCALAR family: one square at a time.
%macro SCALAR 1
; void sq_asm_%1_scalar(...): see ARGS_%1
FUNC sq_asm_%1_scalar
    ARGS_%1
    xor         eax, eax                    ; i = 0
    SCALAR_TAIL %1, aligned
    ret
ENDFUNC
%endmacro

; ---- the load/store bounds ---------------------------------------------------

; copy_<width> (c/batch.h's BOUND lines): the squares copied, nothing computed;
; the bound that a width's loads and stores alone set, measured instead of
; taken on trust. Each is three ways, the harness keeping the cheapest
; (bench/catalog/batch_registry.h): 4, 2 and 1 registers a trip. On AMD Zen 5
; one a trip cannot store 16 or 32 bytes as fast as the core does (one trip a
; cycle), and a loop of more than about 128 trips a call mispredicts its
; exit (docs/batch.md).

; COPY_WAY name, width, registers a trip: copies n bytes; the trips, then
; whole registers one at a time, then the bytes left.
%macro COPY_WAY 3
FUNC %1
    ARGS_color_batch
    USE         %2
    FROM_ZERO   W * %3, rsi, %%registers    ; i = 0, rsi = n in whole trips
%%trip:
    MOVU        V0, [r8 + rax]
%if %3 > 1
    MOVU        V1, [r8 + rax + W]
%endif
%if %3 > 2
    MOVU        V2, [r8 + rax + 2 * W]
    MOVU        V3, [r8 + rax + 3 * W]
%endif
    MOVU        [r10 + rax], V0
%if %3 > 1
    MOVU        [r10 + rax + W], V1
%endif
%if %3 > 2
    MOVU        [r10 + rax + 2 * W], V2
    MOVU        [r10 + rax + 3 * W], V3
%endif
    add         rax, W * %3
    cmp         rax, rsi
    jb          %%trip
%%registers:
%if %3 > 1
    mov         rsi, r11
    and         rsi, -W                     ; n in whole registers
    cmp         rax, rsi
    jae         %%tail
%%register:
    MOVU        V0, [r8 + rax]
    MOVU        [r10 + rax], V0
    add         rax, W
    cmp         rax, rsi
    jb          %%register
%endif
%%tail:
%if W == 64
    LEFT_MASK   %%done
    vmovdqu8    V0{k1}{z}, [r8 + rax]
    vmovdqu8    [r10 + rax]{k1}, V0         ; the bytes left, nothing past n
%%done:
%else
    cmp         rax, r11
    jae         %%done
%%byte:
    movzx       ecx, byte [r8 + rax]
    mov         [r10 + rax], cl
    inc         rax
    cmp         rax, r11
    jb          %%byte
%%done:
%endif
    VEC_RET
%endmacro

; COPY_BOUND width: sq_asm_color_batch_copy_<width> (4 a trip) and the ways
; sq_bound_color_batch_copy_<width>_x2 and _x1.
%macro COPY_BOUND 1
    COPY_WAY    sq_asm_color_batch_copy_%1, %1, 4
    COPY_WAY    sq_bound_color_batch_copy_%1_x2, %1, 2
    COPY_WAY    sq_bound_color_batch_copy_%1_x1, %1, 1
%endmacro
%macro ROUTINE_color_batch_copy_xmm 0
    COPY_BOUND  xmm
%endmacro
%macro ROUTINE_color_batch_copy_ymm 0
    COPY_BOUND  ymm
%endmacro
%macro ROUTINE_color_batch_copy_zmm 0
    COPY_BOUND  zmm
%endmacro

; ---- color_mask --------------------------------------------------------------

; ROUTINE_color_mask_<technique>: a color_mask routine written for its line.
%macro ROUTINE_color_mask_scalar 0
; void sq_asm_color_mask_scalar(const uint8_t *sq, uint64_t *mask, size_t n)
FUNC sq_asm_color_mask_scalar
    ARGS_color_mask
    xor         eax, eax                    ; i = 0
    cmp         rax, r11
    jae         .done
.word:
    MASK_WORD_SCALAR aligned
    cmp         rax, r11
    jb          .word
.done:
    ret
ENDFUNC
%endmacro

; MASK_TAIL: the last, partial word (n % 64 squares) one square at a time.
%macro MASK_TAIL 0
    cmp         rax, r11
    jae         %%done
    MASK_WORD_SCALAR
%%done:
%endmacro

; MASK_VEC width, per_word: whole words of 64 squares, per_word's lines
; building rdx (the word) from squares i .. i+64; then the tail.
%macro MASK_VEC 2
    ARGS_color_mask
    USE         %1
    FROM_ZERO   64, r10, %%tail             ; i = 0, r10 = n in whole words
%%word:
    %2                                      ; rdx = the word's bits
    mov         [r9], rdx                   ; mask[i / 64]
    add         r9, 8
    add         rax, 64
    cmp         rax, r10
    jb          %%word
%%tail:
    MASK_TAIL
%endmacro

; sse2: light squares in bit 7 (b0 << 7 ^ b3 << 4), pmovmskb, four per word, not.
%macro SSE2_WORD 0
    xor         edx, edx
%assign part 3
%rep 4
    movdqu      V0, [r8 + rax + part*16]    ; sq[i + 16*part ..]
    movdqa      V1, V0
    psllw       V1, 7                       ; b0 in bit 7
    psllw       V0, 4                       ; b3 in bit 7
    pxor        V1, V0                      ; b0 ^ b3: light, in bit 7
    pmovmskb    ecx, V1                     ; 16 light bits
    shl         rdx, 16
    or          rdx, rcx
%assign part part - 1
%endrep
    not         rdx                         ; dark bits
%endmacro

%macro ROUTINE_color_mask_sse2 0
; void sq_asm_color_mask_sse2(const uint8_t *sq, uint64_t *mask, size_t n)
FUNC sq_asm_color_mask_sse2
    MASK_VEC    xmm, SSE2_WORD
    ret
ENDFUNC
%endmacro

; avx2: vpshufb to bit 7, vpmovmskb, two per word.
%macro AVX2_WORD 0
    vpshufb     V0, V2, [r8 + rax + 32]     ; sq[i+32..i+64) dark in bit 7
    vpmovmskb   edx, V0
    shl         rdx, 32
    vpshufb     V1, V2, [r8 + rax]          ; sq[i..i+32) dark in bit 7
    vpmovmskb   ecx, V1
    or          rdx, rcx
%endmacro

%macro ROUTINE_color_mask_avx2 0
; void sq_asm_color_mask_avx2(const uint8_t *sq, uint64_t *mask, size_t n)
FUNC sq_asm_color_mask_avx2
    vmovdqu     ymm2, [dark7_by_nibble]
    MASK_VEC    ymm, AVX2_WORD
    vzeroupper
    ret
ENDFUNC
%endmacro

; MASK_ZMM technique: per 64 squares V1 = dark in bit 7, vpmovb2m, kmovq; the
; tail a masked load, and the mask's bits past n cleared.
%macro MASK_ZMM 1
; void sq_asm_color_mask_%1(const uint8_t *sq, uint64_t *mask, size_t n)
FUNC sq_asm_color_mask_%1
    ARGS_color_mask
    USE         zmm
    SETUP7_%1
    FROM_ZERO   64, rsi, %%tail             ; i = 0, rsi = n in whole words
%%word:
    LOAD_color_mask V0
    XFORM7_%1                               ; V1 = dark in bit 7
    vpmovb2m    k2, V1
    kmovq       [r9], k2                    ; mask[i / 64]
    add         r9, 8
    add         rax, 64
    cmp         rax, rsi
    jb          %%word
%%tail:
    LEFT_MASK   %%done
    LOAD_color_mask V0, masked              ; zero bytes (dark a1s) past n
    XFORM7_%1
    vpmovb2m    k2, V1
    kandq       k2, k2, k1                  ; bits past n are 0
    kmovq       [r9], k2
%%done:
    vzeroupper
    ret
ENDFUNC
%endmacro

%macro SETUP7_avx512bw 0
    vmovdqu64   V2, [dark7_by_nibble]
%endmacro
%macro XFORM7_avx512bw 0
    vpshufb     V1, V2, V0                  ; dark in bit 7
%endmacro
%macro SETUP7_gfni 0
    vpbroadcastq V2, [affine_to_bit7]
%endmacro
%macro XFORM7_gfni 0
    vgf2p8affineqb V1, V0, V2, 0x80         ; (b0 ^ b3) ^ 1 in bit 7
%endmacro

; ---- the routines ------------------------------------------------------------

; SQ_BATCH family, technique: sq_asm_<family>_<technique>, for its line in
; c/batch.h. A routine written for its line alone is ROUTINE_<family>_<technique>;
; otherwise scalar is SCALAR, color_mask's others MASK_ZMM, and the others
; BATCH at their technique's WIDTH. A line with no such pieces here fails the
; build, naming the routine.
%macro SQ_BATCH 2
%ifnmacro ARGS_%1
%error sq_asm_%1_%2: asm/batch.asm has no family %1 (ARGS_%1)
%elifmacro ROUTINE_%1_%2
    ROUTINE_%1_%2
%elifidn %2, scalar
    SCALAR      %1
%elifidn %1, color_mask
%ifnmacro XFORM7_%2
%error sq_asm_%1_%2: asm/batch.asm has no color_mask technique %2 (XFORM7_%2)
%endif
    MASK_ZMM    %2
%elifndef WIDTH_%2
%error sq_asm_%1_%2: asm/batch.asm has no technique %2 (WIDTH_%2)
%else
    BATCH       %1, WIDTH_%2, %2
%endif
%endmacro

%include "sq_batch.inc"

%include "noexecstack.inc"
