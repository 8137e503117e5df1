/* The batch catalogue: routines that do many squares per call, one line each.
 *
 * X(family, technique, req, kind, how): req is the requirement token of
 * c/isa_features.h the routine needs (the gate; ASM and BOUND lines only, C
 * impls run wherever they were built); kind says who writes it: ASM
 * (asm/batch.asm, sq_asm_<family>_<technique>), C (c/batch_c.c, built by every
 * C impl) or DISPATCH (bench/catalog/batch_dispatch.c: the best ASM line of the
 * family this CPU runs, chosen at the first call). BOUND is asm/batch.asm's too
 * but computes no color: the family's loads and stores at one width with
 * nothing between, timed beside the routines as impl "bound" and not verified
 * (bench/catalog/batch_registry.h). A family's ASM lines go from the baseline
 * up: the dispatcher takes the last one the CPU runs. CMake makes asm/batch.asm's
 * list of routines from the ASM and BOUND lines (cmake/catalogues.cmake). */
#ifndef SQCOLOR_BATCH_H
#define SQCOLOR_BATCH_H

#include "isa_features.h" /* the req tokens */

#include <stddef.h>
#include <stdint.h>

#define SQ_FOR_EACH_BATCH(X)                                                                       \
    X(color_batch, scalar, NONE, C, "the plain loop, vectorizer off")                              \
    X(color_batch, autovec, NONE, C, "the plain loop, vectorized by the compiler")                 \
    X(color_batch, scalar, NONE, ASM, "per square: mov; shr 3; xor; not; and 1")                   \
    X(color_batch, sse2, NONE, ASM, "per 16: psrlw 3; pxor; pandn 1")                              \
    X(color_batch, ssse3, SSSE3, ASM, "per 16: pshufb, 16-entry table by the low nibble")          \
    X(color_batch, avx2, AVX2, ASM, "per 32: vpshufb")                                             \
    X(color_batch, avx512bw, AVX512BW, ASM, "per 64: vpshufb zmm; masked tail")                    \
    X(color_batch, ternlog, AVX512BW, ASM, "per 64: vpsrlw 3; vpternlogd ~(a^b)&1")                \
    X(color_batch, vbmi, AVX512VBMI, ASM, "per 64: vpermb, the 64-entry table in a zmm")           \
    X(color_batch, gfni, GFNI_AVX512, ASM, "per 64: gf2p8affineqb, bit0 = b0^b3^1")                \
    X(color_batch, copy_xmm, NONE, BOUND, "movdqu loads, stores: the cheapest of 4, 2, 1 a trip")  \
    X(color_batch, copy_ymm, AVX2, BOUND, "vmovdqu loads, stores: the cheapest of 4, 2, 1 a trip") \
    X(color_batch, copy_zmm, AVX512BW, BOUND, "vmovdqu8 loads, stores: the cheapest of 4, 2, 1")   \
    X(color_batch, dispatch, NONE, DISPATCH, "cpuid at the first call: the best asm above")        \
    X(same_color_batch, scalar, NONE, C, "the plain loop, vectorizer off")                         \
    X(same_color_batch, autovec, NONE, C, "the plain loop, vectorized by the compiler")            \
    X(same_color_batch, scalar, NONE, ASM, "per pair: xor; mov; shr 3; xor; not; and 1")           \
    X(same_color_batch, sse2, NONE, ASM, "per 16: pxor; psrlw 3; pxor; pandn 1")                   \
    X(same_color_batch, ssse3, SSSE3, ASM, "per 16: pxor; pshufb")                                 \
    X(same_color_batch, avx2, AVX2, ASM, "per 32: vpxor; vpshufb")                                 \
    X(same_color_batch, avx512bw, AVX512BW, ASM, "per 64: vpxorq; vpshufb zmm")                    \
    X(same_color_batch, gfni, GFNI_AVX512, ASM, "per 64: vpxorq; gf2p8affineqb")                   \
    X(same_color_batch, dispatch, NONE, DISPATCH, "cpuid at the first call: the best asm above")   \
    X(color_mask, scalar, NONE, C, "the plain loop, vectorizer off")                               \
    X(color_mask, autovec, NONE, C, "the plain loop, vectorized by the compiler")                  \
    X(color_mask, scalar, NONE, ASM, "per square: shr 3; xor; not; and 1; shl; or")                \
    X(color_mask, sse2, NONE, ASM, "per 16: psllw 7, 4; pxor; pmovmskb; per 64: not")              \
    X(color_mask, avx2, AVX2, ASM, "per 32: vpshufb to bit 7; vpmovmskb")                          \
    X(color_mask, avx512bw, AVX512BW, ASM, "per 64: vpshufb to bit 7; vpmovb2m; kmovq")            \
    X(color_mask, gfni, GFNI_AVX512, ASM, "per 64: gf2p8affineqb to bit 7; vpmovb2m; kmovq")       \
    X(color_mask, dispatch, NONE, DISPATCH, "cpuid at the first call: the best asm above")

/* Families: X(family, inputs, unit, bits, output): bits of output per element,
 * 8 (a byte) or 1 (a bit of a 64-bit mask word). */
#define SQ_FOR_EACH_BATCH_FAMILY(X)                                                                \
    X(color_batch, 1, "square", 8, "color[i] = 1 if sq[i] is dark")                                \
    X(same_color_batch, 2, "pair", 8, "same[i] = 1 if a[i] and b[i] share a color")                \
    X(color_mask, 1, "square", 1,                                                                  \
      "bit i%64 of mask[i/64] = 1 if sq[i] is dark; the last word's bits past n are 0")

/* The signatures: squares are 0..63 (a1 = 0); outputs are written for i < n
 * and nowhere else (color_mask: words 0 .. (n+63)/64 - 1, whole). */
#define SQ_BATCH_SIG_color_batch(name) void name(const uint8_t *sq, uint8_t *color, size_t n)
#define SQ_BATCH_SIG_same_color_batch(name)                                                        \
    void name(const uint8_t *a, const uint8_t *b, uint8_t *same, size_t n)
#define SQ_BATCH_SIG_color_mask(name) void name(const uint8_t *sq, uint64_t *mask, size_t n)

#define SQ_BATCH_ARGS_color_batch      (sq, color, n)
#define SQ_BATCH_ARGS_same_color_batch (a, b, same, n)
#define SQ_BATCH_ARGS_color_mask       (sq, mask, n)

typedef SQ_BATCH_SIG_color_batch((*sq_color_batch_fn));
typedef SQ_BATCH_SIG_same_color_batch((*sq_same_color_batch_fn));
typedef SQ_BATCH_SIG_color_mask((*sq_color_mask_fn));

#define SQ_BATCH_FN_(impl, fam, tech) sq_##impl##_##fam##_##tech
#define SQ_BATCH_FN(impl, fam, tech)  SQ_BATCH_FN_(impl, fam, tech)

#endif
