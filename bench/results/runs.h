/* Questions about the runs a report or compare shows together: what to call a
 * run's CPU among the others, and what code a run recorded for a variant. */
#ifndef SQCOLOR_RUNS_H
#define SQCOLOR_RUNS_H

#include "bench/machine/cpu_model.h"
#include "bench/results/results.h"

#include <stdbool.h>
#include <stddef.h>

typedef void (*sq_cpu_namer)(char *buf, size_t len, const sq_machine *m);

/* runs[k]'s CPU as namer (sq_cpu_label, sq_cpu_short) names it, followed by
 * its place, " [k+1]" (bracketed, as the tables' columns) or " #k+1", where
 * another of the runs would read the same. */
void sq_cpu_name_among(char *buf, size_t len, const sq_run *runs, int nruns, int k,
                       sq_cpu_namer namer, bool bracketed);

/* The fact a run recorded for variant id, or NULL (files from before facts
 * were recorded, or a variant without one). */
const sq_code_fact *sq_run_code_of(const sq_run *run, const char *id);

#endif
