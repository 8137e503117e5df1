/* A run's batch rows in a report, and as CSV (sqcolor batch --format csv). */
#ifndef SQCOLOR_REPORT_BATCH_H
#define SQCOLOR_REPORT_BATCH_H

#include "doc.h"
#include "results.h"

#include <stdio.h>

/* The batch table and the best per CPU feature level; nothing without rows. */
void sq_report_batch(sq_doc *d, const sq_run *run);

/* Header id,n,reps,cycles_median,ci_lo,ci_hi and a line per row. */
void sq_write_batch_csv(FILE *out, const sq_run *run);

#endif
