/* The batch registry: every batch variant (c/batch.h line x impl), the table
 * list, verify and the batch timing walk. */
#ifndef SQCOLOR_BATCH_REGISTRY_H
#define SQCOLOR_BATCH_REGISTRY_H

#include "c/batch.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct sq_batch_family {
    const char *name;
    int inputs;          /* input arrays: 1 (squares) or 2 (pairs) */
    const char *unit;    /* what one of n is: "square" or "pair" */
    int bits;            /* output bits per element: 8 (bytes) or 1 (mask words) */
    const char *meaning; /* what the output holds */
} sq_batch_family;

/* A load/store bound's ways: copies of one width with 4, 2 and 1 registers a
 * trip (asm/batch.asm); its figure is the cheapest of them. */
#define SQ_BATCH_BOUND_WAYS 3

typedef struct sq_batch_variant {
    const char *id; /* family/technique/impl; first, as in sq_variant (bench/util/globs.h) */
    const sq_batch_family *family;
    const char *technique;
    const char *impl;
    const char *req; /* the requirement token: NONE, AVX2, GFNI_AVX512, ... */
    unsigned needs;  /* SQ_FEATURE_* bits of req (c/isa_features.h) */
    const char *how; /* the catalogue's description */
    bool dispatcher; /* picks another variant at its first call */
    union {
        sq_color_batch_fn color;
        sq_same_color_batch_fn same;
        sq_color_mask_fn mask;
        void (*any)(void);
    } fn;
    /* A bound's ways, fn the first (color_batch's signature); NULL for the
     * others. */
    void (*ways[SQ_BATCH_BOUND_WAYS])(void);
} sq_batch_variant;

extern const sq_batch_family sq_batch_families[];
extern const int sq_batch_family_count;
extern const sq_batch_variant sq_batch_variants[];
extern const int sq_batch_variant_count;

/* The load/store bounds, c/batch.h's BOUND lines: copies of the squares at
 * each vector width (impl "bound"), the cheapest of their ways: the cost of a
 * color_batch routine's loads and stores alone. Not among the variants: they
 * compute no color, so verify has nothing to check. */
extern const sq_batch_variant sq_batch_bounds[];
extern const int sq_batch_bound_count;

/* The variant or bound of that id; NULL if the catalogue has none (a row of
 * an older file, or of another build's impls). */
const sq_batch_variant *sq_batch_variant_by_id(const char *id);

/* The bytes an asm routine or bound handles a step, from its requirement
 * (asm/batch.asm's widths: none and SSSE3 xmm, AVX2 ymm, AVX-512 zmm): 16,
 * 32 or 64; 0 where it is not known (scalar loops, C impls, dispatchers). */
int sq_batch_width(const sq_batch_variant *v);

/* The variant a dispatcher of family fam would pick on this CPU (with the
 * features sq_cpu_features() leaves): the family's last ASM line it runs. */
const sq_batch_variant *sq_batch_best_asm(const sq_batch_family *fam);

/* Calls v on in0 (and in1 for pairs) writing out: color or same bytes, or
 * mask words. */
void sq_batch_call(const sq_batch_variant *v, const uint8_t *in0, const uint8_t *in1, void *out,
                   size_t n);

#endif
