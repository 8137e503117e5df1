/* The registry: one table of every variant (technique x impl) that list, eval,
 * verify and the timing engine all walk. */
#ifndef SQCOLOR_REGISTRY_H
#define SQCOLOR_REGISTRY_H

#include "c/variants.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef void (*sq_any_fn)(void); /* any routine, cast back by arity */
typedef unsigned (*sq_fn1)(unsigned a);
typedef unsigned (*sq_fn2)(unsigned a, unsigned b);

/* A timing kernel (c/variants.h): n > 0 a multiple of SQ_KERNEL_UNROLL, which
 * is UNROLL in asm/kernels.asm. */
typedef SQ_KERNEL_SIG((*sq_kernel_fn));
enum { SQ_KERNEL_LATENCY, SQ_KERNEL_THROUGHPUT, SQ_KERNEL_BRANCH, SQ_KERNEL_MODES };

typedef struct sq_family {
    const char *name;
    int arity;           /* 1: a square; 2: a pair of squares */
    int domain_size;     /* inputs in the whole domain */
    bool x88;            /* squares are 0x88 squares: the domain is the 64 valid ones */
    const char *meaning; /* what result 1 means */
    /* The definition's answer for inputs a (and b): never one of the tricks. */
    unsigned (*expected)(unsigned a, unsigned b);
} sq_family;

typedef struct sq_variant {
    const char *id; /* family/technique/impl */
    const sq_family *family;
    const char *technique;
    const char *impl;
    const char *formula;
    const char *insns;
    unsigned needs; /* SQ_FEATURE_* bits its instructions need (c/isa_features.h) */
    union {
        sq_fn1 f1;
        sq_fn2 f2;
        sq_any_fn any;
    } fn;
    sq_kernel_fn kernel[SQ_KERNEL_MODES];
} sq_variant;

/* An impl: asm, or one build of the C code. Its baselines are the kernels
 * around an identity body, [arity - 1][mode]. */
typedef struct sq_impl {
    const char *name;     /* as in ids: asm, gcc-12, clang-14-native, ... */
    const char *tag;      /* as in symbols: asm, gcc_12, clang_14_native, ... */
    const char *compiler; /* the version line of the compiler or assembler */
    const char *flags;
    sq_kernel_fn baseline[2][SQ_KERNEL_MODES];
} sq_impl;

extern const sq_impl sq_impls[];
extern const int sq_impl_count;
const sq_impl *sq_impl_find(const char *name);

extern const sq_family sq_families[];
extern const int sq_family_count;
extern const sq_variant sq_variants[];
extern const int sq_variant_count;

const sq_family *sq_family_find(const char *name);

/* The families' names, "color, color_x88, ...", for messages. */
const char *sq_family_names(void);

/* Input i (0 <= i < domain_size) of a family's domain: the squares a and b
 * (b = 0 for one-square families; a is a 0x88 square for color_x88). */
void sq_domain_input(const sq_family *fam, int i, unsigned *a, unsigned *b);

/* Calls the variant directly. */
unsigned sq_call(const sq_variant *v, unsigned a, unsigned b);

/* Whether this CPU executes everything v needs (bench/machine/cpu_features.h). */
bool sq_variant_supported(const sq_variant *v);

/* "per square" or "per pair": what a family's cycles are counted per. */
const char *sq_family_unit(const sq_family *fam);

/* Selects the variants whose id matches any of the comma-separated shell globs
 * (NULL or "" selects all). Every glob must match something: otherwise returns
 * -1 with a one-line reason in err. Returns the number selected, in registry
 * order, written to out (room for sq_variant_count). */
int sq_select(const char *globs, const sq_variant **out, char *err, size_t errlen);

#endif
