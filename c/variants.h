/* The prototypes of the variant routines, one impl (tag) at a time: each technique
 * of c/techniques.h and the identity baselines. A C build declares its own
 * (c/this_impl.h), the registry every impl's (bench/catalog/registry.c): both from these
 * lines, so a C or asm routine cannot drift from its siblings' prototype. */
#ifndef SQCOLOR_VARIANTS_H
#define SQCOLOR_VARIANTS_H

#include "isa_features.h"
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

/* Impl tag's routine of technique tech and its kernels. */
#define SQ_DECLARE_VARIANT(tag, fam, tech)                                                         \
    SQ_SIG(fam)(SQ_FN(tag, fam, tech));                                                            \
    SQ_DECLARE_KERNELS(SQ_FN(tag, fam, tech))

/* Impl tag's baselines: the kernels around an identity body, per arity. */
#define SQ_DECLARE_BASELINES(tag)                                                                  \
    SQ_DECLARE_KERNELS(SQ_FN(tag, baseline, 1)) SQ_DECLARE_KERNELS(SQ_FN(tag, baseline, 2))

#endif
