/* Several result files as one run, each file a process of it: what compare
 * reads for a side of several runs, and what sqcolor ab keeps of a side's
 * processes (docs/statistics.md). */
#ifndef SQCOLOR_MERGE_FILES_H
#define SQCOLOR_MERGE_FILES_H

#include "bench/results/results.h"

#include <stddef.h>

/* Reads files[0..n) (1 <= n <= SQ_MAX_PROCESSES) into run: one file as it
 * is; several merged as a run's processes are (merge.h), file p's samples
 * all process p's, so that each file is a unit of the tests, and the run's
 * limits (reps, min_reps, elapsed_s) the files' together, its start's
 * probe (clock.alu_per_cycle) the highest of theirs. The files must be runs
 * of one command, each once: the same rows in the same order, the same
 * machine (vendor, family, model, brand), length, sequences and seed, and no
 * two with the same samples (one run named twice, or a copy of it).
 * Returns 0, or -1 with the reason in err (naming the files), run then all
 * zero. */
int sq_results_load_merged(const char *const *files, int n, sq_run *run, char *err, size_t errlen);

#endif
