/* compare's batch rows: a result file's batch rows keep their statistics, not
 * their samples, so a change is judged by disjoint 95% intervals. */
#ifndef SQCOLOR_COMPARE_BATCH_H
#define SQCOLOR_COMPARE_BATCH_H

#include "bench/results/results.h"

/* The batch rows both runs have (same id and size), one line each, then a
 * line counting them. Returns how many B is slower on, their intervals apart,
 * by more than fail_over percent (fail_over < 0: none). Nothing without batch
 * rows in either run. */
int sq_compare_batch(const sq_run *a, const sq_run *b, double fail_over);

#endif
