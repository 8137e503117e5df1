/* Declarations of every variant routine: each technique of c/techniques.h times
 * each impl of the generated sq_impls.h (asm and the C builds). One line makes
 * them all, so a C or asm routine cannot drift from its siblings' prototype. */
#ifndef SQCOLOR_VARIANTS_H
#define SQCOLOR_VARIANTS_H

#include "sq_impls.h"
#include "techniques.h"

#include <stddef.h>
#include <stdint.h>

/* A timing kernel (asm/kernels.asm, c/kernels_c.c): n squares from a (and b),
 * n a multiple of SQ_KERNEL_UNROLL. */
#define SQ_KERNEL_UNROLL    8
#define SQ_KERNEL_SIG(name) uint64_t name(const uint8_t *a, const uint8_t *b, size_t n)
#define SQ_DECLARE_KERNELS(stem)                                                                   \
    SQ_KERNEL_SIG(SQ_CAT(stem, _latency));                                                         \
    SQ_KERNEL_SIG(SQ_CAT(stem, _throughput));                                                      \
    SQ_KERNEL_SIG(SQ_CAT(stem, _branch));

#define SQ_DECLARE_IMPL(tag, name, fam, tech)                                                      \
    SQ_SIG(fam)(SQ_FN(tag, fam, tech));                                                            \
    SQ_DECLARE_KERNELS(SQ_FN(tag, fam, tech))
#define SQ_DECLARE(fam, tech, formula, insns) SQ_FOR_EACH_IMPL(SQ_DECLARE_IMPL, fam, tech)
SQ_FOR_EACH_TECHNIQUE(SQ_DECLARE)

/* Each impl's baselines: the kernels around an identity body, per arity. */
#define SQ_DECLARE_BASELINES(tag, name, unused)                                                    \
    SQ_DECLARE_KERNELS(SQ_FN(tag, baseline, 1)) SQ_DECLARE_KERNELS(SQ_FN(tag, baseline, 2))
SQ_FOR_EACH_IMPL(SQ_DECLARE_BASELINES, 0)

#undef SQ_DECLARE
#undef SQ_DECLARE_IMPL
#undef SQ_DECLARE_BASELINES

#endif
