/* Rows that time one machine code, timed once. Where two variants' rows of a
 * mode time byte-identical code (code_identity.h) in byte-identical harnesses
 * over one input, sampling both measures one thing twice: the run samples the
 * first and gives the others its figure, marked with the id it was timed as
 * (sq_result.shared_from). asm is the reference every verdict is against: an
 * asm row never takes a C row's figure (it may take another asm technique's
 * of its code), and a C row of asm's code takes asm's figure: one code, one
 * figure (docs/measurement.md). */
#ifndef SQCOLOR_SHARE_H
#define SQCOLOR_SHARE_H

#include "bench/results/results.h"

#include <stdbool.h>

/* What a row of variant v in mode times, in brief. The harness is not part
 * of it: rows of one loop are one measurement of that loop, whatever loop
 * each impl's compiler made around an identity body, so they take one
 * figure, net of the timed row's harness (in latency and call mode one
 * harness serves every impl anyway). */
typedef struct sq_timed_code {
    bool known;         /* false: a part did not decode, or the code jumps or calls out
                           of what the facts cover: such a row is timed itself */
    sq_code_fact code;  /* the timed loop of the mode (timed_loop.h); call mode: the routine */
    sq_code_fact whole; /* where that loop jumps out of its bytes (to blocks the compiler
                           moved out of it, which its fact masks), the whole kernel's
                           function; else zeros */
} sq_timed_code;

/* v's timed code in mode; out->known false where it cannot be told. */
void sq_timed_code_of(const sq_variant *v, sq_mode mode, sq_timed_code *out);

/* One fact that names what a row times, for the result file's loops (two
 * rows time one code exactly when their facts are the same): the loop's,
 * its hash mixed with the whole kernel's where the loop jumps out of its
 * bytes, and with v's id where the timed code is not known (never the same
 * as another's). False where v's loop cannot be read at all. */
bool sq_timed_code_fact(const sq_variant *v, sq_mode mode, sq_code_fact *out);

/* Whether rows of a and b time one code: both known, every fact the same. */
bool sq_timed_code_same(const sq_timed_code *a, const sq_timed_code *b);

/* For each of vs[0..n), the index of the variant whose rows in mode its own
 * rows take their figures from: k itself (timed), or the first variant of
 * the same family whose timed code is the same and that is timed itself,
 * the asm variants planned before the others (so a C row of asm's code
 * takes asm's figure wherever asm lies in vs), each kind in vs's order; an
 * asm variant only from an asm one. Returns how many are timed themselves,
 * -1 out of memory. */
int sq_share_plan(const sq_variant *const *vs, int n, sq_mode mode, int *from);

#endif
