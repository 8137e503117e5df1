/* The catalogue: every technique sqcolor knows, one line each.
 *
 * X(family, technique, formula, asm, req) — family and technique are bare words that
 * become part of symbol names and of the variant id "family/technique/impl"; req is
 * the requirement token (c/isa_features.h) of the instructions beyond x86-64's
 * baseline that the routine executes, NONE for none: it gates the variant and gives
 * the C bodies their target attribute.
 * Every line needs a C body in c/techniques_c.h and a NASM body in asm/; a line
 * without both fails to link, so the catalogue cannot drift from the code. */
#ifndef SQCOLOR_TECHNIQUES_H
#define SQCOLOR_TECHNIQUES_H

#define SQ_FOR_EACH_TECHNIQUE(X)                                                                   \
    X(color, lookup, "Crafty: color_table[sq]", "movzx eax, byte [table + sq]", NONE)              \
    X(color, inreg64, "(0xAA55AA55AA55AA55 >> sq) & 1", "mov rax, imm64; shr rax, cl; and eax, 1", \
      NONE)                                                                                        \
    X(color, inreg32, "(0xAA55AA55 >> (sq & 31)) & 1", "mov eax, imm32; shr eax, cl; and eax, 1",  \
      NONE)                                                                                        \
    X(color, antidiag_add, "(((sq >> 3) + sq) & 1) ^ 1", "shr; lea sq+1; add; and", NONE)          \
    X(color, antidiag_sub, "(((sq >> 3) - sq) & 1) ^ 1", "shr; lea sq-1; sub; and", NONE)          \
    X(color, antidiag_xor, "(((sq >> 3) ^ sq) & 1) ^ 1", "shr; xor 1; xor; and", NONE)             \
    X(color, lea_shr_and, "((9 * sq + 8) >> 3) & 1",                                               \
      "lea eax, [rdi+rdi*8+8]; shr eax, 3; and eax, 1", NONE)                                      \
    X(color, lea_test_jz, "((9 * sq) & 8) == 0",                                                   \
      "lea ecx, [rdi+rdi*8]; test ecx, 8; jz (a real branch)", NONE)                               \
    X(color, bt, "bit sq of 0xAA55AA55AA55AA55", "bt r64, rdi; setc al", NONE)                     \
    X(color, texel, "Texel: (file & 1) == (rank & 1)", "and; shr; and; cmp; sete", NONE)           \
    X(color, parity, "!parity(sq & 9)", "xor eax, eax; test dil, 9; setpe al", NONE)               \
    X(color, popcnt, "(popcnt(sq & 9) & 1) ^ 1", "and; popcnt; and; xor", POPCNT)                  \
    X(color, inreg64_shrx, "(0xAA55AA55AA55AA55 >> sq) & 1", "shrx rax, r64, rdi; and eax, 1",     \
      BMI2)                                                                                        \
    X(color, lea_bextr, "bextr(9 * sq + 8, start 3, length 1)",                                    \
      "lea eax, [rdi+rdi*8+8]; bextr eax, eax, r32", BMI1)                                         \
    X(color, cmov, "(sq & 8) ? (sq & 1) : (sq & 1) ^ 1", "and; mov; xor; test; cmovz", NONE)       \
    X(color, stockfish_2018, "Stockfish 2018: bool(DarkSquares & SquareBB[sq])",                   \
      "bt r64, rdi; setc al", NONE)                                                                \
    X(color, ethereal, "Ethereal: !testBit(WHITE_SQUARES, sq)", "bt r64, rdi; setnc al", NONE)     \
    X(color, weiss, "Weiss: (BB(sq) & BlackSquaresBB) != 0", "bt r64, rdi; setc al", NONE)         \
    X(color_x88, inreg_x88, "(0x00AA0055 >> (x88 & 31)) & 1",                                      \
      "mov eax, imm32; shr eax, cl; and eax, 1", NONE)                                             \
    X(color_x88, fruit, "Fruit 2.1, toggled: ((x88 ^ (x88 >> 4)) & 1) ^ 1",                        \
      "shr 4; xor 1; xor; and", NONE)                                                              \
    X(color_x88, parity, "!parity(x88 & 0x11)", "xor eax, eax; test dil, 0x11; setpe al", NONE)    \
    X(color_x88, inreg_x88_shrx, "(0x00AA0055 >> (x88 & 31)) & 1",                                 \
      "shrx eax, r32, edi; and eax, 1", BMI2)                                                      \
    X(same_color, xor_shift, "s = a ^ b; !(((s >> 3) ^ s) & 1)", "xor; shr; xor 1; xor; and",      \
      NONE)                                                                                        \
    X(same_color, lea_xor, "((9 * (a ^ b)) & 8) == 0", "xor; lea; test cl, 8; sete", NONE)         \
    X(same_color, inreg32_xor, "Cyrano: (0xAA55AA55 >> ((a ^ b) & 31)) & 1",                       \
      "xor; mov imm32; shr cl; and", NONE)                                                         \
    X(same_color, knight_distance, "!(knight_distance[a][b] & 1), the table by BFS",               \
      "shl; or; movzx; not; and", NONE)                                                            \
    X(same_color, via_color, "color_inreg64(a) == color_inreg64(b)",                               \
      "2x shr r64, cl; xor; not; and", NONE)                                                       \
    X(same_color, stockfish_2019, "Stockfish 2019-2023: !((a + rank(a) + b + rank(b)) & 1)",       \
      "2x shr; lea; add; add; and", NONE)                                                          \
    X(same_color, parity, "!parity((a ^ b) & 9)", "xor; xor; test cl, 9; setpe", NONE)             \
    X(same_color, inreg32_xor_shrx, "(0xAA55AA55 >> ((a ^ b) & 31)) & 1", "xor; shrx; and", BMI2)  \
    X(different_color, xor_shift, "s = a ^ b; ((s >> 3) ^ s) & 1", "xor; shr; xor; and", NONE)     \
    X(different_color, lea_xor, "((9 * (a ^ b)) & 8) != 0", "xor; lea; shr; and", NONE)            \
    X(different_color, stockfish_2010, "Stockfish 2010-2018: s = a ^ b; ((s >> 3) ^ s) & 1",       \
      "same as xor_shift", NONE)                                                                   \
    X(different_color, parity, "parity((a ^ b) & 9)", "xor; xor; test cl, 9; setpo", NONE)         \
    X(different_color, stockfish_2018,                                                             \
      "Stockfish 2018: bool(DarkSquares & SquareBB[a]) != bool(DarkSquares & SquareBB[b])",        \
      "2x shr r64, cl; xor; and", NONE)

/* How many lines the catalogue has. */
#define SQ_COUNT_LINE(fam, tech, formula, insns, req) +1
enum { SQ_TECHNIQUE_COUNT = 0 SQ_FOR_EACH_TECHNIQUE(SQ_COUNT_LINE) };
#undef SQ_COUNT_LINE

/* Families: X(family, arity). Arity 1 takes a square, arity 2 a pair. */
#define SQ_FOR_EACH_FAMILY(X)                                                                      \
    X(color, 1)                                                                                    \
    X(color_x88, 1)                                                                                \
    X(same_color, 2)                                                                               \
    X(different_color, 2)

/* Per-family C signature, so one line declares a routine of any family. */
#define SQ_ARITY_color           1
#define SQ_ARITY_color_x88       1
#define SQ_ARITY_same_color      2
#define SQ_ARITY_different_color 2
/* ... which must agree with SQ_FOR_EACH_FAMILY's (asm/kernels.asm's source). */
#define SQ_ARITY_AGREES(fam, arity) _Static_assert(SQ_ARITY_##fam == (arity), #fam "'s arity");
SQ_FOR_EACH_FAMILY(SQ_ARITY_AGREES)

#define SQ_SIG_1(name) unsigned name(unsigned a)
#define SQ_SIG_2(name) unsigned name(unsigned a, unsigned b)
#define SQ_ARGS_1      (a)
#define SQ_ARGS_2      (a, b)

#define SQ_CAT_(a, b) a##b
#define SQ_CAT(a, b)  SQ_CAT_(a, b)
#define SQ_SIG(fam)   SQ_CAT(SQ_SIG_, SQ_CAT(SQ_ARITY_, fam))
#define SQ_ARGS(fam)  SQ_CAT(SQ_ARGS_, SQ_CAT(SQ_ARITY_, fam))

/* The symbol of a variant: sq_<impl>_<family>_<technique>, e.g. sq_asm_color_bt. */
#define SQ_FN_(impl, fam, tech) sq_##impl##_##fam##_##tech
#define SQ_FN(impl, fam, tech)  SQ_FN_(impl, fam, tech)

#endif
