/* A run's batch rows in a report, and as CSV (sqcolor batch --format csv). */
#ifndef SQCOLOR_REPORT_BATCH_H
#define SQCOLOR_REPORT_BATCH_H

#include "bench/render/doc.h"
#include "bench/results/batch_index.h"
#include "bench/results/results.h"

#include <stdio.h>

/* The batch table (a row per variant, a column per size) and the best per CPU
 * feature level at every size, its C impls by key (code_groups.h); compact:
 * that last table alone, without the techniques' names (the console's).
 * Nothing without batch rows. */
void sq_report_batch(sq_doc *d, const sq_run *run, bool compact);

/* Header id,n,reps,cycles_median,ci_lo,ci_hi and a line per row. */
void sq_write_batch_csv(FILE *out, const sq_run *run);

#endif
