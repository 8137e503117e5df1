#include "bench/measure/row_flags.h"

#include "bench/code/chain.h"
#include "bench/code/disasm.h"
#include "bench/code/timed_loop.h"

#include <stdint.h>
#include <stdlib.h>

bool sq_row_control_dependent(const sq_variant *v, sq_mode mode) {
    bool loop = mode == SQ_MODE_LATENCY || mode == SQ_MODE_THROUGHPUT;
    int kernel = mode == SQ_MODE_LATENCY ? SQ_KERNEL_LATENCY : SQ_KERNEL_THROUGHPUT;
    return (loop ? sq_kernel_loop_branches(v, kernel) : sq_code_branches(v)) == 1;
}

bool sq_flag_cache_init(sq_flag_cache *c) {
    c->branches = calloc((size_t)sq_variant_count * SQ_MODE_COUNT, 1);
    c->chains = calloc((size_t)sq_variant_count, 1);
    return c->branches && c->chains;
}

void sq_flag_cache_free(sq_flag_cache *c) {
    free(c->branches);
    free(c->chains);
}

/* v's place in the registry, or -1 for a variant from elsewhere (sqcolor
 * try's), whose answers are read every time. */
static long registry_slot(const sq_variant *v) {
    uintptr_t p = (uintptr_t)v, first = (uintptr_t)sq_variants;
    return p >= first && p < (uintptr_t)(sq_variants + sq_variant_count) ? v - sq_variants : -1;
}

/* sq_row_control_dependent, cached. */
static bool control_dependent(const sq_variant *v, sq_mode mode, sq_flag_cache *c) {
    long slot = registry_slot(v);
    signed char unkept = 0, *b = slot < 0 ? &unkept : &c->branches[slot * SQ_MODE_COUNT + mode];
    if (!*b)
        *b = sq_row_control_dependent(v, mode) ? 2 : 1;
    return *b == 2;
}

/* Whether v's latency loop chains fewer instructions than its routine and
 * the harness's xor a square (bench/code/chain.h), cached. */
static bool chain_apart(const sq_variant *v, sq_flag_cache *c) {
    long slot = registry_slot(v);
    signed char unkept = 0, *b = slot < 0 ? &unkept : &c->chains[slot];
    if (!*b) {
        int routine = sq_routine_chain(v), loop = sq_latency_loop_chain(v);
        *b = routine >= 0 && loop >= 0 && loop < SQ_KERNEL_UNROLL * (routine + 1) ? 2 : 1;
    }
    return *b == 2;
}

void sq_result_set_flags(sq_result *r, sq_flag_cache *c) {
    r->control_dependent = control_dependent(r->variant, r->mode, c);
    /* The routine's answer is call mode's: a loop's branch it does not have. */
    r->loop_branch_only = r->control_dependent && r->mode != SQ_MODE_CALL &&
                          r->mode != SQ_MODE_BRANCH &&
                          !control_dependent(r->variant, SQ_MODE_CALL, c);
    r->chain_apart =
        r->mode == SQ_MODE_LATENCY && !r->control_dependent && chain_apart(r->variant, c);
}
