/* A run's batch rows in a report, and as CSV (sqcolor batch --format csv). */
#ifndef SQCOLOR_REPORT_BATCH_H
#define SQCOLOR_REPORT_BATCH_H

#include "bench/render/doc.h"
#include "bench/results/results.h"

#include <stdio.h>

/* The batch table (a row per variant, a column per size) and the best per CPU
 * feature level at every size, its C impls by key (code_groups.h); compact:
 * that last table alone, without the techniques' names (the console's).
 * Nothing without batch rows. */
void sq_report_batch(sq_doc *d, const sq_run *run, bool compact);

/* A run's batch rows sorted by (id, n), so a lookup costs log n. */
typedef struct sq_batch_index {
    const sq_batch_result **by_key;
    int n;
} sq_batch_index;

/* Returns 0, or -1 out of memory (ix then holds nothing; freeing is fine). */
int sq_batch_index_init(sq_batch_index *ix, const sq_run *run);

/* The run's first batch row of variant id at n squares (pairs) a call; NULL
 * if none. */
const sq_batch_result *sq_batch_find(const sq_batch_index *ix, const char *id, size_t n);

void sq_batch_index_free(sq_batch_index *ix);

/* Header id,n,reps,cycles_median,ci_lo,ci_hi and a line per row. */
void sq_write_batch_csv(FILE *out, const sq_run *run);

#endif
