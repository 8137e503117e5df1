/* A run's figures from its samples, and the resolution the samples are kept
 * to (docs/file-formats.md). The measuring layer and merge.c hand on
 * samples alone; sq_run_finish rounds them and derives every figure, once,
 * as a timed run leaves measurement. A file keeps the samples and not what
 * follows from them, so its reader derives the figures of what was written
 * (sq_run_figures). */
#ifndef SQCOLOR_RESULTS_FIGURES_H
#define SQCOLOR_RESULTS_FIGURES_H

#include "bench/results/results.h"

/* The length of a batch row's sample (bench/measure/batch_timing.c), which
 * its digits follow. */
#define SQ_BATCH_SAMPLE_US 25

/* to takes from's samples (a block of its own), processes, repetitions and
 * harness: a row timed for another, as byte-identical code (shared_from).
 * Returns false out of memory (to's samples then NULL). */
bool sq_result_take_samples(sq_result *to, const sq_result *from);

/* Whether a and b have the same samples, processes and harness, bit for
 * bit: the same figures. */
bool sq_result_same_figures(const sq_result *a, const sq_result *b);

/* The significant digits a sample of window_us microseconds keeps: enough
 * that rounding moves it by less than half a count of the counter it was
 * read from (the TSC, or the core cycle counter where the clock is "perf")
 * over its window; 17 (every bit) where the clock is not known. */
int sq_sample_digits(const sq_run *run, double window_us);

/* x rounded to digits significant digits (as "%.*g" prints it); x itself
 * where it is not finite. */
double sq_to_digits(double x, int digits);

/* The digits a row's host_loss keeps, in the run as in its file, so that
 * a figure printed from the file is the run's. */
#define SQ_HOST_LOSS_DIGITS 4

/* Every row's figures from its samples: a row's cycles from its samples
 * and processes (sq_pooled_stats), its ticks and ns those cycles at the
 * run's clock (core_hz, tsc_hz), its two speeds; a batch row's cycles and
 * two speeds (one without samples, of an older file, keeps its
 * statistics). */
void sq_run_figures(sq_run *run);

/* A timed run on its way out of measurement: every sample and harness
 * statistic rounded to the resolution measured (sq_sample_digits; a batch
 * row of an older file without samples, its statistics), then every figure
 * derived from them (sq_run_figures). What a result file keeps, so a run's
 * tables, those of its file and those of any file converted to the current
 * schema are one. */
void sq_run_finish(sq_run *run);

#endif
