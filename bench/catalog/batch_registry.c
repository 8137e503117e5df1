#include "bench/catalog/batch_registry.h"

#include "bench/catalog/batch_dispatch.h"
#include "bench/machine/cpu_features.h"
#include "sq_impls.h"

#include <string.h>

#define SQ_BATCH_FAMILY_ROW(fam, inputs, unit, bits, meaning) {#fam, inputs, unit, bits, meaning},
const sq_batch_family sq_batch_families[] = {SQ_FOR_EACH_BATCH_FAMILY(SQ_BATCH_FAMILY_ROW)};
const int sq_batch_family_count = sizeof sq_batch_families / sizeof sq_batch_families[0];

enum {
#define SQ_BATCH_FAMILY_INDEX(fam, inputs, unit, bits, meaning) SQ_BATCH_FAMILY_INDEX_##fam,
    SQ_FOR_EACH_BATCH_FAMILY(SQ_BATCH_FAMILY_INDEX)
#undef SQ_BATCH_FAMILY_INDEX
};

/* Each line's routines: one for ASM, DISPATCH and BOUND (asm), one per C impl. */
#define SQ_BATCH_DECLARE_ONE(tag, name, fam, tech)  SQ_BATCH_SIG_##fam(SQ_BATCH_FN(tag, fam, tech));
#define SQ_BATCH_DECLARE_ASM(fam, tech)             SQ_BATCH_DECLARE_ONE(asm, "asm", fam, tech)
#define SQ_BATCH_DECLARE_DISPATCH                   SQ_BATCH_DECLARE_ASM
#define SQ_BATCH_DECLARE_BOUND                      SQ_BATCH_DECLARE_ASM
#define SQ_BATCH_DECLARE_C(fam, tech)               SQ_FOR_EACH_C_IMPL(SQ_BATCH_DECLARE_ONE, fam, tech)
#define SQ_BATCH_DECLARE(fam, tech, req, kind, how) SQ_BATCH_DECLARE_##kind(fam, tech)
SQ_FOR_EACH_BATCH(SQ_BATCH_DECLARE)

#define SQ_BATCH_ROW(tag, name, fam, tech, req, how, dispatcher)                                   \
    {#fam "/" #tech "/" name,                                                                      \
     &sq_batch_families[SQ_BATCH_FAMILY_INDEX_##fam],                                              \
     #tech,                                                                                        \
     name,                                                                                         \
     #req,                                                                                         \
     SQ_NEEDS(req),                                                                                \
     how,                                                                                          \
     dispatcher,                                                                                   \
     {.any = (void (*)(void))SQ_BATCH_FN(tag, fam, tech)},                                         \
     {NULL}},
#define SQ_BATCH_ROWS_ASM(fam, tech, req, how) SQ_BATCH_ROW(asm, "asm", fam, tech, req, how, false)
#define SQ_BATCH_ROWS_DISPATCH(fam, tech, req, how)                                                \
    SQ_BATCH_ROW(asm, "asm", fam, tech, req, how, true)
/* A C impl runs wherever it was built: its flags, not a token, decide its code. */
#define SQ_BATCH_ROWS_C(fam, tech, req, how)                                                       \
    SQ_FOR_EACH_C_IMPL(SQ_BATCH_ROW, fam, tech, NONE, how, false)
#define SQ_BATCH_ROWS_BOUND(fam, tech, req, how)
#define SQ_BATCH_ROWS(fam, tech, req, kind, how) SQ_BATCH_ROWS_##kind(fam, tech, req, how)

const sq_batch_variant sq_batch_variants[] = {SQ_FOR_EACH_BATCH(SQ_BATCH_ROWS)};
const int sq_batch_variant_count = sizeof sq_batch_variants / sizeof sq_batch_variants[0];

/* The load/store bounds: c/batch.h's BOUND lines, impl "bound", each with
 * its ways (asm/batch.asm's COPY_BOUND). */
#define SQ_BATCH_WAY(fam, tech, ways) SQ_BATCH_SIG_##fam(sq_bound_##fam##_##tech##_##ways);
#define SQ_BATCH_DECLARE_WAYS_BOUND(fam, tech, req, how)                                           \
    SQ_BATCH_WAY(fam, tech, x2) SQ_BATCH_WAY(fam, tech, x1)
#define SQ_BATCH_DECLARE_WAYS_ASM(fam, tech, req, how)
#define SQ_BATCH_DECLARE_WAYS_DISPATCH(fam, tech, req, how)
#define SQ_BATCH_DECLARE_WAYS_C(fam, tech, req, how)
#define SQ_BATCH_DECLARE_WAYS(fam, tech, req, kind, how)                                           \
    SQ_BATCH_DECLARE_WAYS_##kind(fam, tech, req, how)
SQ_FOR_EACH_BATCH(SQ_BATCH_DECLARE_WAYS)

#define SQ_BATCH_BOUNDS_BOUND(fam, tech, req, how)                                                 \
    {#fam "/" #tech "/bound",                                                                      \
     &sq_batch_families[SQ_BATCH_FAMILY_INDEX_##fam],                                              \
     #tech,                                                                                        \
     "bound",                                                                                      \
     #req,                                                                                         \
     SQ_NEEDS(req),                                                                                \
     how,                                                                                          \
     false,                                                                                        \
     {.any = (void (*)(void))SQ_BATCH_FN(asm, fam, tech)},                                         \
     {(void (*)(void))SQ_BATCH_FN(asm, fam, tech), (void (*)(void))sq_bound_##fam##_##tech##_x2,   \
      (void (*)(void))sq_bound_##fam##_##tech##_x1}},
#define SQ_BATCH_BOUNDS_ASM(fam, tech, req, how)
#define SQ_BATCH_BOUNDS_DISPATCH(fam, tech, req, how)
#define SQ_BATCH_BOUNDS_C(fam, tech, req, how)
#define SQ_BATCH_BOUNDS(fam, tech, req, kind, how) SQ_BATCH_BOUNDS_##kind(fam, tech, req, how)
const sq_batch_variant sq_batch_bounds[] = {SQ_FOR_EACH_BATCH(SQ_BATCH_BOUNDS)};
const int sq_batch_bound_count = sizeof sq_batch_bounds / sizeof sq_batch_bounds[0];

const sq_batch_variant *sq_batch_variant_by_id(const char *id) {
    for (int i = 0; i < sq_batch_variant_count; i++)
        if (strcmp(sq_batch_variants[i].id, id) == 0)
            return &sq_batch_variants[i];
    for (int i = 0; i < sq_batch_bound_count; i++)
        if (strcmp(sq_batch_bounds[i].id, id) == 0)
            return &sq_batch_bounds[i];
    return NULL;
}

int sq_batch_width(const sq_batch_variant *v) {
    bool hand = strcmp(v->impl, "asm") == 0 || strcmp(v->impl, "bound") == 0;
    if (!hand || v->dispatcher || strcmp(v->technique, "scalar") == 0)
        return 0;
    if (v->needs & SQ_FEATURE_AVX512F)
        return 64;
    return v->needs & SQ_FEATURE_AVX2 ? 32 : 16;
}

const sq_batch_variant *sq_batch_best_asm(const sq_batch_family *fam) {
    sq_batch_any_fn chosen = sq_batch_dispatch_choice(fam->name);
    for (int i = 0; i < sq_batch_variant_count; i++) {
        const sq_batch_variant *v = &sq_batch_variants[i];
        if (v->family == fam && !v->dispatcher && v->fn.any == chosen)
            return v;
    }
    return NULL;
}

void sq_batch_call(const sq_batch_variant *v, const uint8_t *in0, const uint8_t *in1, void *out,
                   size_t n) {
    if (v->family->inputs == 2)
        v->fn.same(in0, in1, out, n);
    else if (v->family->bits == 1)
        v->fn.mask(in0, out, n);
    else
        v->fn.color(in0, out, n);
}
