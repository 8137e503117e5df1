/* Portable C bodies of every technique in c/techniques.h.
 *
 * static inline, so that the callable routines (c/impl_c.c) and the timing
 * kernels compile the very same definition. Squares are LERF (a1 = 0, h8 = 63),
 * 0x88 squares are 16 * rank + file; results are 0 or 1. */
#ifndef SQCOLOR_TECHNIQUES_C_H
#define SQCOLOR_TECHNIQUES_C_H

#include "isa_features.h"
#include "knight.h"
#include "techniques.h"

#include <immintrin.h>
#include <stdint.h>

/* Every body carries its catalogue line's target attribute: it may use the
 * instructions the line requires, and it inlines into the routines and kernels
 * (c/impl_c.c, c/kernels_c.c) that carry the same. */
#define SQ_DECLARE_BODY(fam, tech, formula, insns, req)                                            \
    static inline SQ_TARGET(req) SQ_SIG(fam)(sq_##fam##_##tech);
SQ_FOR_EACH_TECHNIQUE(SQ_DECLARE_BODY)
#undef SQ_DECLARE_BODY

#define SQ_DARK_SQUARES   0xAA55AA55AA55AA55ULL
#define SQ_DARK_SQUARES32 0xAA55AA55u
#define SQ_DARK_X88       0x00AA0055u

/* ---- color: 1 = dark --------------------------------------------------- */

/* Crafty's square_color[64], printed rank 1 first. */
static const unsigned char sq_color_table[64] = {
    1, 0, 1, 0, 1, 0, 1, 0, /* rank 1: a1 is dark */
    0, 1, 0, 1, 0, 1, 0, 1, /* rank 2 */
    1, 0, 1, 0, 1, 0, 1, 0, /* rank 3 */
    0, 1, 0, 1, 0, 1, 0, 1, /* rank 4 */
    1, 0, 1, 0, 1, 0, 1, 0, /* rank 5 */
    0, 1, 0, 1, 0, 1, 0, 1, /* rank 6 */
    1, 0, 1, 0, 1, 0, 1, 0, /* rank 7 */
    0, 1, 0, 1, 0, 1, 0, 1, /* rank 8 */
};

static inline unsigned sq_color_lookup(unsigned sq) {
    return sq_color_table[sq & 63];
}

static inline unsigned sq_color_inreg64(unsigned sq) {
    return (unsigned)(SQ_DARK_SQUARES >> (sq & 63)) & 1;
}

/* The asm relies on shr r32, cl masking the count; C has to say so. */
static inline unsigned sq_color_inreg32(unsigned sq) {
    return (SQ_DARK_SQUARES32 >> (sq & 31)) & 1;
}

static inline unsigned sq_color_antidiag_add(unsigned sq) {
    return (((sq >> 3) + sq) & 1) ^ 1;
}

static inline unsigned sq_color_antidiag_sub(unsigned sq) {
    return (((sq >> 3) - sq) & 1) ^ 1;
}

static inline unsigned sq_color_antidiag_xor(unsigned sq) {
    return (((sq >> 3) ^ sq) & 1) ^ 1;
}

static inline unsigned sq_color_lea_shr_and(unsigned sq) {
    return ((9 * sq + 8) >> 3) & 1;
}

/* Written as the seed's branch: the compiler may or may not keep the jump. */
static inline unsigned sq_color_lea_test_jz(unsigned sq) {
    if (((9 * sq) & 8) == 0)
        return 1;
    return 0;
}

static inline unsigned sq_color_bt(unsigned sq) {
    return (SQ_DARK_SQUARES & (1ULL << (sq & 63))) != 0;
}

/* Texel: isDark = (x & 1) == (y & 1). */
static inline unsigned sq_color_texel(unsigned sq) {
    unsigned file = sq & 7, rank = sq >> 3;
    return (file & 1) == (rank & 1);
}

/* Dark iff bits 0 (file) and 3 (rank) are equal: an even number of them set. */
static inline unsigned sq_color_parity(unsigned sq) {
    return !__builtin_parity(sq & 9);
}

static inline unsigned sq_color_popcnt(unsigned sq) {
    return ((unsigned)__builtin_popcount(sq & 9) & 1) ^ 1;
}

/* inreg64's formula, built for BMI2: the shift becomes shrx. */
static inline unsigned sq_color_inreg64_shrx(unsigned sq) {
    return sq_color_inreg64(sq);
}

/* lea_shr_and's shift and mask as one bextr (control 0x0103: start 3, length 1). */
static inline unsigned sq_color_lea_bextr(unsigned sq) {
    return _bextr_u32(9 * sq + 8, 3, 1);
}

/* The rank's parity selects the file's parity or its complement. */
static inline unsigned sq_color_cmov(unsigned sq) {
    unsigned file_odd = sq & 1;
    return (sq & 8) ? file_odd : file_odd ^ 1;
}

/* Stockfish's SquareBB[64]: one bit per square. */
#define SQ_BB4(s)  (1ULL << (s)), (1ULL << ((s) + 1)), (1ULL << ((s) + 2)), (1ULL << ((s) + 3))
#define SQ_BB16(s) SQ_BB4(s), SQ_BB4((s) + 4), SQ_BB4((s) + 8), SQ_BB4((s) + 12)
static const uint64_t sq_square_bb[64] = {SQ_BB16(0), SQ_BB16(16), SQ_BB16(32), SQ_BB16(48)};

/* Stockfish 2018 opposite_colors' half: bool(DarkSquares & s). */
static inline unsigned sq_color_stockfish_2018(unsigned sq) {
    return (SQ_DARK_SQUARES & sq_square_bb[sq & 63]) != 0;
}

#define SQ_LIGHT_SQUARES 0x55AA55AA55AA55AAULL

/* Ethereal: testBit(bb, i) is bb & (1ull << i); 1 = light there, negated here. */
static inline unsigned sq_color_ethereal(unsigned sq) {
    return !(SQ_LIGHT_SQUARES & (1ULL << sq));
}

/* Weiss: BB(sq) is 1ull << sq; BlackSquaresBB the dark squares. */
static inline unsigned sq_color_weiss(unsigned sq) {
    return ((1ULL << sq) & SQ_DARK_SQUARES) != 0;
}

/* ---- color_x88: 0x88 square, 1 = dark ---------------------------------- */

static inline unsigned sq_color_x88_inreg_x88(unsigned x88) {
    return (SQ_DARK_X88 >> (x88 & 31)) & 1;
}

/* Fruit 2.1's (sq ^ (sq >> 4)) & 1 is 0 on dark squares; toggled here. */
static inline unsigned sq_color_x88_fruit(unsigned x88) {
    return ((x88 ^ (x88 >> 4)) & 1) ^ 1;
}

/* Bits 0 (file) and 4 (rank) of the 0x88 square. */
static inline unsigned sq_color_x88_parity(unsigned x88) {
    return !__builtin_parity(x88 & 0x11);
}

/* inreg_x88's formula, built for BMI2. */
static inline unsigned sq_color_x88_inreg_x88_shrx(unsigned x88) {
    return sq_color_x88_inreg_x88(x88);
}

/* ---- same_color: 1 = same ---------------------------------------------- */

static inline unsigned sq_same_color_xor_shift(unsigned a, unsigned b) {
    unsigned s = a ^ b;
    return !(((s >> 3) ^ s) & 1);
}

static inline unsigned sq_same_color_lea_xor(unsigned a, unsigned b) {
    return ((9 * (a ^ b)) & 8) == 0;
}

/* Cyrano. */
static inline unsigned sq_same_color_inreg32_xor(unsigned a, unsigned b) {
    return (SQ_DARK_SQUARES32 >> ((a ^ b) & 31)) & 1;
}

static inline unsigned sq_same_color_knight_distance(unsigned a, unsigned b) {
    return !(sq_knight_distance[a & 63][b & 63] & 1);
}

static inline unsigned sq_same_color_via_color(unsigned a, unsigned b) {
    return sq_color_inreg64(a) == sq_color_inreg64(b);
}

static inline unsigned sq_same_color_stockfish_2019(unsigned a, unsigned b) {
    return !((a + (a >> 3) + b + (b >> 3)) & 1);
}

static inline unsigned sq_same_color_parity(unsigned a, unsigned b) {
    return !__builtin_parity((a ^ b) & 9);
}

/* inreg32_xor's formula, built for BMI2. */
static inline unsigned sq_same_color_inreg32_xor_shrx(unsigned a, unsigned b) {
    return sq_same_color_inreg32_xor(a, b);
}

/* ---- different_color: 1 = different ------------------------------------ */

static inline unsigned sq_different_color_xor_shift(unsigned a, unsigned b) {
    a ^= b;
    return ((a >> 3) ^ a) & 1;
}

static inline unsigned sq_different_color_lea_xor(unsigned a, unsigned b) {
    return ((9 * (a ^ b)) & 8) != 0;
}

/* Stockfish 2010-2018 opposite_colors: the seed's formula, in its own words. */
static inline unsigned sq_different_color_stockfish_2010(unsigned a, unsigned b) {
    int s = (int)a ^ (int)b;
    return (unsigned)(((s >> 3) ^ s) & 1);
}

static inline unsigned sq_different_color_parity(unsigned a, unsigned b) {
    return (unsigned)__builtin_parity((a ^ b) & 9);
}

/* Stockfish 2018 opposite_colors. */
static inline unsigned sq_different_color_stockfish_2018(unsigned a, unsigned b) {
    return sq_color_stockfish_2018(a) != sq_color_stockfish_2018(b);
}

#endif
