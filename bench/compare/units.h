/* What a side's test takes of a row: the repetitions the host left clean
 * (docs/statistics.md). A repetition whose sample was taken while the core
 * clock moved or another thread shared the core (sq_result.host) measures
 * the host as much as the code; a row's figures leave it out (figures.h),
 * and so does its test. Files without host flags are clean throughout. */
#ifndef SQCOLOR_COMPARE_UNITS_H
#define SQCOLOR_COMPARE_UNITS_H

#include "bench/results/results.h"

#include <stdbool.h>

/* Room for a row's units (sq_clean_units) and its clean samples. */
int sq_clean_room(const sq_result *r);

/* r's clean samples, in rep order, into out (room for r->reps). Returns
 * how many. */
int sq_clean_samples(const sq_result *r, double *out);

/* r's side of a test into out (sq_clean_room): with by_samples its clean
 * samples, and how many; else out[p] the median of process p's clean
 * samples, NAN for a process the host left none, and the processes (out
 * indexed by process, so that paired units stay paired). -1 out of
 * memory. */
int sq_clean_units(const sq_result *r, bool by_samples, double *out);

/* The least variance r's per-process medians can have: the spread of its
 * clean samples within their processes (pooled) over the clean samples a
 * process holds; 0 where no process holds two. A row whose samples jump
 * between speeds inside every process has medians of two samples that
 * fall alike between the speeds by chance: Intel 0xa7,
 * color/ethereal/gcc-11 game-moves throughput read 0.665-0.708 in each of
 * three processes, their medians 0.686-0.688, against 0.707-0.710 in
 * another run of the same code, a t of 29. */
double sq_unit_variance_floor(const sq_result *r);

#endif
