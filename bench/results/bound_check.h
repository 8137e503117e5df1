/* The load/store bound, checked: what every run and report of batch rows
 * asks of them. No routine that stores a byte a square can be cheaper than
 * the cheapest copy of those bytes (the bound rows, c/batch.h's BOUND
 * lines), nor slower at L1 than at L2: a cell that is says the bound, or
 * the harness, missed a cost, and is named under the batch table. */
#ifndef SQCOLOR_BOUND_CHECK_H
#define SQCOLOR_BOUND_CHECK_H

#include "bench/results/results.h"

typedef enum sq_bound_breach_kind {
    SQ_BOUND_BEATEN,      /* a routine's cell below its width's bound at that size */
    SQ_BOUND_L1_ABOVE_L2, /* a row's L1 cell above its own L2 cell */
} sq_bound_breach_kind;

/* cell is the routine's (below the bound) or its L1 cell; other the bound's
 * cell at that size, or the row's L2 cell. */
typedef struct sq_bound_breach {
    sq_bound_breach_kind kind;
    const sq_batch_result *cell, *other;
} sq_bound_breach;

/* Two cells told apart: hi's interval above lo's, and its median more than
 * SQ_PROCESS_SPREAD (stats.h) above lo's, the spread a batch row's
 * processes are allowed before it reads at two speeds. */
bool sq_bound_apart(const sq_batch_result *lo, const sq_batch_result *hi);

/* The breaches of run's batch rows, in the rows' order, into *out (the
 * caller frees). Routines of color_batch and same_color_batch (a byte
 * stored a square) against the bound of their vector width
 * (sq_batch_width), or where it is not known (C, dispatchers, scalar loops)
 * against the cheapest bound at that size; every row's L1 cell against its
 * L2 cell in a run of those two sizes (a curve over sizes, batch --sizes,
 * shows each call's own cost at the small ones on purpose). Returns how
 * many, or -1 out of memory. */
int sq_bound_breaches(const sq_run *run, sq_bound_breach **out);

#endif
