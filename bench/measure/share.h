/* Rows that time one machine code, timed once. Where two variants' rows of a
 * mode time byte-identical code (code_identity.h) in byte-identical harnesses
 * over one input, sampling both measures one thing twice: the run samples the
 * first and gives the others its figure, marked with the id it was timed as
 * (sq_result.shared_from). asm's rows are always timed themselves, asm being
 * the reference every verdict is against, and a C row of asm's code takes
 * asm's figure: one code, one figure (docs/measurement.md). */
#ifndef SQCOLOR_SHARE_H
#define SQCOLOR_SHARE_H

#include "bench/results/results.h"

#include <stdbool.h>

/* What a row of variant v in mode times, in brief. */
typedef struct sq_timed_code {
    bool known;           /* false: a part did not decode, or the code jumps or calls out
                             of what the facts cover: such a row is timed itself */
    sq_code_fact code;    /* the timed loop of the mode (timed_loop.h); call mode: the routine */
    sq_code_fact whole;   /* where that loop jumps out of its bytes (to blocks the compiler
                             moved out of it, which its fact masks), the whole kernel's
                             function; else zeros */
    sq_code_fact harness; /* the impl's baseline loop of the mode (the row's harness),
                             and its function where that loop jumps out; call mode:
                             zeros, one identity loop serves every impl */
    sq_code_fact harness_whole; /* the baseline's function, as whole is the kernel's */
} sq_timed_code;

/* v's timed code in mode; out->known false where it cannot be told. */
void sq_timed_code_of(const sq_variant *v, sq_mode mode, sq_timed_code *out);

/* Whether rows of a and b time one code in one harness: both known, every
 * fact the same. */
bool sq_timed_code_same(const sq_timed_code *a, const sq_timed_code *b);

/* For each of vs[0..n), the index of the variant whose rows in mode its own
 * rows take their figures from: k itself (timed), or the first j < k (in
 * vs's order) of the same family whose timed code is the same and that is
 * timed itself, asm's among them. asm variants are always timed themselves.
 * Returns how many are timed themselves, -1 out of memory. */
int sq_share_plan(const sq_variant *const *vs, int n, sq_mode mode, int *from);

#endif
