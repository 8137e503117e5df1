/* The C timing kernels: each technique's static inline body in the loops of
 * asm/kernels.asm (same contract, same modes), built once per C impl with its
 * own SQ_IMPL_TAG. Vectorizers are off for this file (cmake/compilers.cmake): the
 * unit is one square, as in the asm. */
#include "own_techniques.h"
#include "this_impl.h"

/* An identity the compiler cannot see through: the baselines' body. */
static inline unsigned opaque(unsigned x) {
    __asm__("" : "+r"(x));
    return x;
}

static inline unsigned baseline1(unsigned a) {
    return opaque(a);
}
static inline unsigned baseline2(unsigned a, unsigned b) {
    (void)b;
    return opaque(a);
}
/* Never 0: the baselines' branch is never taken. */
static inline unsigned baseline_branch1(unsigned a) {
    return opaque(a | 1);
}
static inline unsigned baseline_branch2(unsigned a, unsigned b) {
    (void)b;
    return opaque(a | 1);
}

#define SQ_KCALL_1(f, x, bv)      ((void)b, f(x))
#define SQ_KCALL_2(f, x, bv)      f(x, bv)
#define SQ_KCALL(arity, f, x, bv) SQ_CAT(SQ_KCALL_, arity)(f, x, bv)

/* Unrolled like the asm kernels, so both harnesses cost the same per square. */
#define SQ_UNROLLED      _Pragma("GCC unroll 8")
#define SQ_UNROLLED_BY_2 _Pragma("GCC unroll 2")

/* One link of the latency chain, built as a call's registers are: the
 * square a ^ r (and a pair's b) arrive in edi (and esi) through a barrier,
 * and the routine's 32-bit result leaves in eax through another, as in the
 * asm kernels. No compiler sees through either, so none reassociates
 * f(a ^ r, b) = (a ^ r) ^ b into (a ^ b) ^ r (an xor off the chain), starts
 * early on the operand loaded first, or narrows r to the byte it knows it
 * is. The fixed registers leave nothing to copy at the loop's back edge:
 * with any register allowed, clang-13 to 16 ended each 8 squares of
 * color/lookup with a movzx on the chain (5.12 cycles against clang-19's
 * 4.99 for one routine, Zen 5). */
#define SQ_CHAIN_STEP_1(body, r, a, b)                                                             \
    do {                                                                                           \
        unsigned x = a ^ r;                                                                        \
        __asm__("" : "+D"(x));                                                                     \
        r = body(x);                                                                               \
        __asm__("" : "+a"(r));                                                                     \
    } while (0)
#define SQ_CHAIN_STEP_2(body, r, a, b)                                                             \
    do {                                                                                           \
        unsigned x = a ^ r, y = b;                                                                 \
        __asm__("" : "+D"(x), "+S"(y));                                                            \
        r = body(x, y);                                                                            \
        __asm__("" : "+a"(r));                                                                     \
    } while (0)

/* Which kernels this object holds: SQ_KERNEL_PART 1 the latency and
 * throughput ones, 2 the branch ones, 0 (the default) all. gcc builds the
 * parts apart, with the flags that put each part's loops on their line
 * (cmake/compilers.cmake). */
#ifndef SQ_KERNEL_PART
#define SQ_KERNEL_PART 0
#endif
#if SQ_KERNEL_PART == 2
#define SQ_CHAIN_KERNELS(stem, body, arity, target)
#else
#define SQ_CHAIN_KERNELS(stem, body, arity, target)                                                \
    target uint64_t SQ_CAT(stem, _latency)(const uint8_t *a, const uint8_t *b, size_t n) {         \
        unsigned r = 0;                                                                            \
        (void)b;                                                                                   \
        SQ_UNROLLED for (size_t i = 0; i < n; i++)                                                 \
            SQ_CAT(SQ_CHAIN_STEP_, arity)(body, r, a[i], b[i]);                                    \
        return r;                                                                                  \
    }                                                                                              \
    /* Four sums, as in the asm: one would chain every square's add. */                            \
    target uint64_t SQ_CAT(stem, _throughput)(const uint8_t *a, const uint8_t *b, size_t n) {      \
        uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;                                                   \
        SQ_UNROLLED_BY_2 for (size_t i = 0; i < n; i += 4) {                                       \
            s0 += SQ_KCALL(arity, body, a[i], b[i]);                                               \
            s1 += SQ_KCALL(arity, body, a[i + 1], b[i + 1]);                                       \
            s2 += SQ_KCALL(arity, body, a[i + 2], b[i + 2]);                                       \
            s3 += SQ_KCALL(arity, body, a[i + 3], b[i + 3]);                                       \
        }                                                                                          \
        return s0 + s1 + s2 + s3;                                                                  \
    }
#endif

/* The branch kernel counts 1s inside an empty asm statement, which has to stay
 * conditional: the compiler must emit a real branch instead of adding flags. */
#if SQ_KERNEL_PART == 1
#define SQ_BRANCH_KERNEL(stem, branch_body, arity, target)
#else
#define SQ_BRANCH_KERNEL(stem, branch_body, arity, target)                                         \
    target uint64_t SQ_CAT(stem, _branch)(const uint8_t *a, const uint8_t *b, size_t n) {          \
        uint64_t ones = 0;                                                                         \
        SQ_UNROLLED for (size_t i = 0; i < n;                                                      \
                         i++) if (SQ_KCALL(arity, branch_body, a[i],                               \
                                           b[i])) __asm__ volatile("inc %0" : "+r"(ones));         \
        return ones;                                                                               \
    }
#endif

#define SQ_DEFINE_KERNELS(stem, body, branch_body, arity, target)                                  \
    SQ_CHAIN_KERNELS(stem, body, arity, target)                                                    \
    SQ_BRANCH_KERNEL(stem, branch_body, arity, target)

#define SQ_TECHNIQUE_KERNELS(fam, tech, formula, insns, req)                                       \
    SQ_DEFINE_KERNELS(SQ_FN(SQ_IMPL_TAG, fam, tech), sq_##fam##_##tech, sq_##fam##_##tech,         \
                      SQ_CAT(SQ_ARITY_, fam), SQ_TARGET(req))
SQ_OWN_TECHNIQUES(SQ_TECHNIQUE_KERNELS)

#ifndef SQ_TRY_BODIES
SQ_DEFINE_KERNELS(SQ_FN(SQ_IMPL_TAG, baseline, 1), baseline1, baseline_branch1, 1, )
SQ_DEFINE_KERNELS(SQ_FN(SQ_IMPL_TAG, baseline, 2), baseline2, baseline_branch2, 2, )
#endif
