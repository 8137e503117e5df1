/* A row's figures from its samples, derived in one place: when a run is
 * timed (measure/engine.c, measure/batch_timing.c), when its processes are
 * put together (merge.c) and when a result file is read (results_read.c),
 * so a file need keep only the samples, not what follows from them. */
#ifndef SQCOLOR_FIGURES_H
#define SQCOLOR_FIGURES_H

#include "bench/results/results.h"

/* A row's cycles from its samples and processes (sq_pooled_stats), its
 * ticks and ns those cycles at the run's clock (core_hz, tsc_hz), and its
 * two speeds. */
void sq_result_figures(sq_result *r, const sq_clock *clock);

/* to takes from's samples (a block of its own), processes, repetitions,
 * harness and figures: a row timed for another, as byte-identical code
 * (shared_from). Returns false out of memory (to's samples then NULL). */
bool sq_result_take_figures(sq_result *to, const sq_result *from);

/* A batch row's cycles and two speeds from its samples (it must have them). */
void sq_batch_figures(sq_batch_result *b);

#endif
