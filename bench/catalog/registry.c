#include "bench/catalog/registry.h"

#include "bench/machine/cpu_features.h"
#include "bench/util/globs.h"
#include "bench/catalog/reference.h"
#include "sq_impls.h"
#include "c/variants.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Per family: what result 1 means, and the definition's answer. */
#define SQ_FAMILY_MEANING_color           "dark"
#define SQ_FAMILY_MEANING_color_x88       "dark"
#define SQ_FAMILY_MEANING_same_color      "same color"
#define SQ_FAMILY_MEANING_different_color "different colors"
#define SQ_FAMILY_X88_color               false
#define SQ_FAMILY_X88_color_x88           true
#define SQ_FAMILY_X88_same_color          false
#define SQ_FAMILY_X88_different_color     false

/* Every impl's routines: asm and each C build. */
#define SQ_DECLARE_EACH_IMPL(tag, name, fam, tech) SQ_DECLARE_VARIANT(tag, fam, tech)
#define SQ_DECLARE(fam, tech, formula, insns, req) SQ_FOR_EACH_IMPL(SQ_DECLARE_EACH_IMPL, fam, tech)
SQ_FOR_EACH_TECHNIQUE(SQ_DECLARE)
#define SQ_DECLARE_IMPL_BASELINES(tag, name, unused) SQ_DECLARE_BASELINES(tag)
SQ_FOR_EACH_IMPL(SQ_DECLARE_IMPL_BASELINES, 0)

static unsigned expect_color(unsigned a, unsigned b) {
    (void)b;
    return ref_color(a);
}
static unsigned expect_color_x88(unsigned a, unsigned b) {
    (void)b;
    return ref_color(x88_to_sq(a));
}
static unsigned expect_same_color(unsigned a, unsigned b) {
    return ref_same_color(a, b);
}
static unsigned expect_different_color(unsigned a, unsigned b) {
    return ref_different_color(a, b);
}

#define SQ_FAMILY_ROW(fam, arity)                                                                  \
    {                                                                                              \
        #fam,                                                                                      \
        arity,                                                                                     \
        (arity) == 1 ? 64 : 64 * 64,                                                               \
        SQ_FAMILY_X88_##fam,                                                                       \
        SQ_FAMILY_MEANING_##fam,                                                                   \
        expect_##fam},

const sq_family sq_families[] = {SQ_FOR_EACH_FAMILY(SQ_FAMILY_ROW)};
const int sq_family_count = sizeof sq_families / sizeof sq_families[0];

/* Index of each family in sq_families, in SQ_FOR_EACH_FAMILY order. */
enum {
#define SQ_FAMILY_INDEX(fam, arity) SQ_FAMILY_INDEX_##fam,
    SQ_FOR_EACH_FAMILY(SQ_FAMILY_INDEX)
#undef SQ_FAMILY_INDEX
};

#define SQ_KERNEL_ROW(stem)                                                                        \
    { SQ_CAT(stem, _latency), SQ_CAT(stem, _throughput), SQ_CAT(stem, _branch) }

#define SQ_VARIANT_ROW(tag, name, fam, tech, formula, insns, req)                                  \
    {#fam "/" #tech "/" name,                                                                      \
     &sq_families[SQ_FAMILY_INDEX_##fam],                                                          \
     #tech,                                                                                        \
     name,                                                                                         \
     formula,                                                                                      \
     insns,                                                                                        \
     SQ_NEEDS(req),                                                                                \
     {.any = (sq_any_fn)SQ_FN(tag, fam, tech)},                                                    \
     SQ_KERNEL_ROW(SQ_FN(tag, fam, tech))},
#define SQ_TECHNIQUE_ROWS(fam, tech, formula, insns, req)                                          \
    SQ_FOR_EACH_IMPL(SQ_VARIANT_ROW, fam, tech, formula, insns, req)

const sq_variant sq_variants[] = {SQ_FOR_EACH_TECHNIQUE(SQ_TECHNIQUE_ROWS)};
const int sq_variant_count = sizeof sq_variants / sizeof sq_variants[0];

#define SQ_IMPL_ROW(tag, name, unused)                                                             \
    {name,                                                                                         \
     #tag,                                                                                         \
     SQ_IMPL_COMPILER_##tag,                                                                       \
     SQ_IMPL_FLAGS_##tag,                                                                          \
     {SQ_KERNEL_ROW(SQ_FN(tag, baseline, 1)), SQ_KERNEL_ROW(SQ_FN(tag, baseline, 2))}},
const sq_impl sq_impls[] = {SQ_FOR_EACH_IMPL(SQ_IMPL_ROW, 0)};
const int sq_impl_count = sizeof sq_impls / sizeof sq_impls[0];

const sq_impl *sq_impl_find(const char *name) {
    for (int i = 0; i < sq_impl_count; i++)
        if (strcmp(sq_impls[i].name, name) == 0)
            return &sq_impls[i];
    return NULL;
}

const sq_family *sq_family_find(const char *name) {
    for (int i = 0; i < sq_family_count; i++)
        if (strcmp(sq_families[i].name, name) == 0)
            return &sq_families[i];
    return NULL;
}

#define SQ_FAMILY_NAME(fam, arity) ", " #fam
const char *sq_family_names(void) {
    return SQ_FOR_EACH_FAMILY(SQ_FAMILY_NAME) + 2; /* past the first ", " */
}

void sq_domain_input(const sq_family *fam, int i, unsigned *a, unsigned *b) {
    if (fam->arity == 2) {
        *a = (unsigned)i / 64;
        *b = (unsigned)i % 64;
        return;
    }
    *a = fam->x88 ? sq_to_x88((unsigned)i) : (unsigned)i;
    *b = 0;
}

unsigned sq_call(const sq_variant *v, unsigned a, unsigned b) {
    return v->family->arity == 1 ? v->fn.f1(a) : v->fn.f2(a, b);
}

int sq_select(const char *globs, const sq_variant **out, char *err, size_t errlen) {
    bool chosen[sizeof sq_variants / sizeof sq_variants[0]];
    sq_glob_table t = {sq_variants, sizeof sq_variants[0], sq_variant_count, chosen};
    if (sq_globs_select(globs, &t, 1, err, errlen) < 0)
        return -1;
    int n = 0;
    for (int i = 0; i < sq_variant_count; i++)
        if (chosen[i])
            out[n++] = &sq_variants[i];
    return n;
}

bool sq_variant_supported(const sq_variant *v) {
    return sq_cpu_features_missing(v->needs) == 0;
}

const char *sq_family_unit(const sq_family *fam) {
    return fam->arity == 2 ? "per pair" : "per square";
}
