/* A run spread over processes, put back together: each process
 * times every row with its share of the repetitions, and the run's cell is
 * the median of all of them, with an interval that says what another
 * process would see (docs/statistics.md). */
#ifndef SQCOLOR_MERGE_H
#define SQCOLOR_MERGE_H

#include "bench/results/results.h"

#include <stddef.h>

/* Merges parts[1..n + batch_only) into parts[0], each part one process's
 * run (as read from its file): parts[0..n) of the same rows in the same
 * order, parts[n..) of the same batch rows alone. Every row's samples are
 * pooled with their process (p for parts[p]), its figures left to
 * sq_run_finish (figures.h); the clock's readings joined from parts[0..n); the batch rows
 * pooled over all the parts. Returns 0, or -1 with a reason in err: rows that
 * do not match (parts[0] then unchanged), or out of memory. */
int sq_runs_merge(sq_run *parts, int n, int batch_only, char *err, size_t errlen);

/* Adds to a merged run the samples of one more process that timed some of
 * its rows again (a top-up: the others have none in it), part, as process
 * run->nhost, its host counts with them; the run's harness and clock stay
 * the first processes'. Returns 0, or -1 with a reason in err: rows that do
 * not match (run unchanged), or out of memory (run then to be freed). */
int sq_run_add_process(sq_run *run, const sq_run *part, char *err, size_t errlen);

/* Marks shared every sample, scalar and batch, of a process whose samples
 * cannot be told clean: its quiet level under the run's (or the CPU's in
 * earlier runs: history_quiet), or most of its samples shared (results.h).
 * sq_runs_merge does so; a run of one process calls it itself, and a run
 * again once it has its history. */
void sq_run_mark_shared_processes(sq_run *run);

#endif
