/* CPU features a routine may need beyond x86-64's baseline (SSE2), and the
 * requirements the catalogues name. One owner: the registry's gating masks and
 * the C builds' target attributes both come from here.
 *
 * X(token, bit, name): name is what list prints and SQCOLOR_HIDE_FEATURES takes. */
#ifndef SQCOLOR_ISA_FEATURES_H
#define SQCOLOR_ISA_FEATURES_H

#define SQ_FOR_EACH_FEATURE(X)                                                                     \
    X(POPCNT, 0, "popcnt")                                                                         \
    X(BMI1, 1, "bmi1")                                                                             \
    X(BMI2, 2, "bmi2")                                                                             \
    X(SSSE3, 3, "ssse3")                                                                           \
    X(AVX2, 4, "avx2")                                                                             \
    X(AVX512F, 5, "avx512f")                                                                       \
    X(AVX512BW, 6, "avx512bw")                                                                     \
    X(AVX512VBMI, 7, "avx512vbmi")                                                                 \
    X(GFNI, 8, "gfni")

#define SQ_FEATURE_BIT(tok, bit, name) SQ_FEATURE_##tok = 1u << (bit),
enum { SQ_FOR_EACH_FEATURE(SQ_FEATURE_BIT) };
#undef SQ_FEATURE_BIT

/* A requirement: the token a catalogue line names, e.g. X(..., BMI2). SQ_NEEDS_<req>
 * is the features the routine executes (with their prerequisites); SQ_TARGET_<req>
 * lets a C body use them without -march flags (GCC and clang spell these alike). */
#define SQ_NEEDS(req)  SQ_CAT(SQ_NEEDS_, req)
#define SQ_TARGET(req) SQ_CAT(SQ_TARGET_, req)

#define SQ_NEEDS_NONE 0u
#define SQ_TARGET_NONE
#define SQ_NEEDS_POPCNT       SQ_FEATURE_POPCNT
#define SQ_TARGET_POPCNT      __attribute__((target("popcnt")))
#define SQ_NEEDS_BMI1         SQ_FEATURE_BMI1
#define SQ_TARGET_BMI1        __attribute__((target("bmi")))
#define SQ_NEEDS_BMI2         SQ_FEATURE_BMI2
#define SQ_TARGET_BMI2        __attribute__((target("bmi2")))
#define SQ_NEEDS_SSSE3        SQ_FEATURE_SSSE3
#define SQ_TARGET_SSSE3       __attribute__((target("ssse3")))
#define SQ_NEEDS_AVX2         SQ_FEATURE_AVX2
#define SQ_TARGET_AVX2        __attribute__((target("avx2")))
#define SQ_NEEDS_AVX512F      (SQ_FEATURE_AVX2 | SQ_FEATURE_AVX512F)
#define SQ_TARGET_AVX512F     __attribute__((target("avx2,avx512f")))
#define SQ_NEEDS_AVX512BW     (SQ_NEEDS_AVX512F | SQ_FEATURE_AVX512BW)
#define SQ_TARGET_AVX512BW    __attribute__((target("avx2,avx512f,avx512bw")))
#define SQ_NEEDS_AVX512VBMI   (SQ_NEEDS_AVX512BW | SQ_FEATURE_AVX512VBMI)
#define SQ_TARGET_AVX512VBMI  __attribute__((target("avx2,avx512f,avx512bw,avx512vbmi")))
#define SQ_NEEDS_GFNI_AVX512  (SQ_NEEDS_AVX512BW | SQ_FEATURE_GFNI)
#define SQ_TARGET_GFNI_AVX512 __attribute__((target("avx2,avx512f,avx512bw,gfni")))

/* Every requirement token, for what names one at run time (sqcolor try's
 * needs:): each has its SQ_NEEDS_ and SQ_TARGET_ above. */
#define SQ_FOR_EACH_REQUIREMENT(X)                                                                 \
    X(NONE)                                                                                        \
    X(POPCNT) X(BMI1) X(BMI2) X(SSSE3) X(AVX2) X(AVX512F) X(AVX512BW) X(AVX512VBMI) X(GFNI_AVX512)

#ifndef SQ_CAT
#define SQ_CAT_(a, b) a##b
#define SQ_CAT(a, b)  SQ_CAT_(a, b)
#endif

#endif
