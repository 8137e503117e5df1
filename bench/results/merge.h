/* A run spread over processes (forks), put back together: each process
 * times every row with its share of the repetitions, and the run's cell is
 * the median of all of them, with an interval that says what another
 * process would see (docs/statistics.md). */
#ifndef SQCOLOR_MERGE_H
#define SQCOLOR_MERGE_H

#include "bench/results/results.h"

#include <stddef.h>

/* Merges parts[1..n) into parts[0], each part one process's run of the
 * same rows in the same order (as read from its file): every row's samples
 * pooled with their process (0 for parts[0]), its statistics taken again
 * from them, the clock's readings joined; batch rows alike. Returns 0, or -1
 * with a reason in err: rows that do not match (parts[0] then unchanged), or
 * out of memory. */
int sq_runs_merge(sq_run *parts, int n, char *err, size_t errlen);

#endif
