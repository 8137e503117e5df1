/* A row's figures from its samples, derived in one place: when a run is
 * timed (measure/engine.c, measure/batch_timing.c), when its processes are
 * put together (merge.c) and when a result file is read (results_read.c),
 * so a file keeps the samples and not what follows from them; and the
 * resolution the samples are kept to (docs/file-formats.md). */
#ifndef SQCOLOR_FIGURES_H
#define SQCOLOR_FIGURES_H

#include "bench/results/results.h"

/* The length of a batch row's sample (bench/measure/batch_timing.c), which
 * its digits follow. */
#define SQ_BATCH_SAMPLE_US 25

/* A row's cycles from its samples and processes (sq_pooled_stats), its
 * ticks and ns those cycles at the run's clock (core_hz, tsc_hz), and its
 * two speeds. */
void sq_result_figures(sq_result *r, const sq_clock *clock);

/* to takes from's samples (a block of its own), processes, repetitions,
 * harness and figures: a row timed for another, as byte-identical code
 * (shared_from). Returns false out of memory (to's samples then NULL). */
bool sq_result_take_figures(sq_result *to, const sq_result *from);

/* Whether a and b have the same samples, processes and harness, bit for
 * bit: the same figures. */
bool sq_result_same_figures(const sq_result *a, const sq_result *b);

/* A batch row's cycles and two speeds from its samples (it must have them). */
void sq_batch_figures(sq_batch_result *b);

/* The significant digits a sample of window_us microseconds keeps: enough
 * that rounding moves it by less than half a count of the counter it was
 * read from (the TSC, or the core cycle counter where the clock is "perf")
 * over its window; 17 (every bit) where the clock is not known. */
int sq_sample_digits(const sq_run *run, double window_us);

/* x rounded to digits significant digits (as "%.*g" prints it); x itself
 * where it is not finite. */
double sq_to_digits(double x, int digits);

/* Every sample and harness statistic of run rounded to the resolution
 * measured (sq_sample_digits), and every figure derived again from them
 * (a batch row without samples, of an older file, keeps its statistics,
 * rounded alike): what a result file keeps, so a run's tables, those of its
 * file and those of any file converted to the current schema are one. */
void sq_run_to_resolution(sq_run *run);

#endif
