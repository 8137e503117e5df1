/* The C timing kernels: each technique's static inline body in the loops of
 * asm/kernels.asm (same contract, same modes), built once per C impl with its
 * own SQ_IMPL_TAG. Vectorizers are off for this file (cmake/compilers.cmake): the
 * unit is one square, as in the asm. */
#include "this_impl.h"
#include "techniques_c.h"

/* An identity the compiler cannot see through: the baselines' body, and the
 * latency chain's link. The square fed to the routine, a[i] ^ r, passes
 * through it whole, so the routine's whole path from its input is on the
 * chain, as in the asm kernels: with only r opaque, compilers reassociate
 * f(a ^ r, b) = (a ^ r) ^ b into (a ^ b) ^ r, an xor off the chain, and
 * clang turns f(a ^ r) into f(a) ^ r. r passes through it too, as the
 * 32-bit value the routine returns: knowing it is 0 or 1, clang-16 and later
 * xor it into the byte loaded in 8 bits and zero-extend, a movzx on the
 * chain that the asm and the harness do not have (color/bt: 2.75 against
 * 2.00). */
static inline unsigned opaque(unsigned x) {
    __asm__("" : "+r"(x));
    return x;
}
/* Both inputs out of one barrier: to the compiler they arrive together, as a
 * routine's arguments do, so it keeps the routine's order of operations
 * instead of reassociating to start early on the operand it sees loaded
 * first (clang-16 and later did so to same_color/stockfish_2019, 5.10
 * cycles against the routine's 6.00). A macro: clang called it as a
 * function from kernels with a target attribute. */
#define OPAQUE_PAIR(x, y) __asm__("" : "+r"(x), "+r"(y))

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

/* The latency chain's inputs: a square through barriers (a pair's two
 * squares through one, together); the arity-1 kernels load no b. */
#define SQ_CHAIN_STEP_1(body, r, a, b)                                                             \
    do {                                                                                           \
        r = body(opaque(a ^ opaque(r)));                                                           \
    } while (0)
#define SQ_CHAIN_STEP_2(body, r, a, b)                                                             \
    do {                                                                                           \
        unsigned x = a ^ opaque(r), y = b;                                                         \
        OPAQUE_PAIR(x, y);                                                                         \
        r = body(x, y);                                                                            \
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
SQ_FOR_EACH_TECHNIQUE(SQ_TECHNIQUE_KERNELS)

SQ_DEFINE_KERNELS(SQ_FN(SQ_IMPL_TAG, baseline, 1), baseline1, baseline_branch1, 1, )
SQ_DEFINE_KERNELS(SQ_FN(SQ_IMPL_TAG, baseline, 2), baseline2, baseline_branch2, 2, )
