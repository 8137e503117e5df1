/* Time as sqcolor-gbench reports it, so that compare.py compares core cycles
 * with digits to read: core cycles per GB_PER_ITERATION squares (pairs),
 * written as nanoseconds of a nominal 1 GHz clock (docs/gbench.md argues the
 * unit). No clock estimate enters it. */
#ifndef SQCOLOR_GBENCH_TIME_UNIT_H
#define SQCOLOR_GBENCH_TIME_UNIT_H

#include "bench/gbench/gbench.h"
#include "bench/util/stats.h"

#include <stdbool.h>
#include <stdint.h>

/* Squares (pairs) one iteration stands for: Time in ns is then thousandths
 * of a cycle per square, finer than sqcolor's tables print (0.01) and than
 * the noise of a latency row (about 0.002 cycles). */
#define GB_PER_ITERATION 1000

/* The iterations one timed step (a visit, a repetition) of `squares` squares
 * stands for: at least its own squares, and more when Google Benchmark asks
 * for more iterations than `most` steps give, so that a run takes at most
 * `most` steps however many iterations the nominal clock makes it ask for. */
int64_t gb_iterations_per_step(const sqgb_state *st, double squares, int most);

/* Whether this invocation of benchmark `bench` (at argument arg) continues
 * the last invocation. Google Benchmark runs a benchmark again with more
 * iterations until its Time adds up to the minimum time, and reports the
 * last; a repetition (--benchmark_repetitions), or the run after a warm-up,
 * starts again at no more iterations than the last. A benchmark keeps the
 * steps it timed over the invocations it continues, so that its statistic
 * draws on them all, taken over its whole time (about 40 ms), not on the
 * last invocation's 10 ms alone, which a passing disturbance of the machine
 * can cover: two runs of one build had a latency row differ by 2.7%. */
bool gb_continues(const sqgb_state *st, const void *bench, int64_t arg);

/* Reports a cost of `cycles` core cycles per square (its median) as the
 * benchmark's Time, with the cycles counter (the signed median) and squares
 * processed. net: a cost less its harness, which the tables print as ≈0 when
 * not told apart from zero (sq_cost_about_zero): Time is then the resolution,
 * SQ_RESOLUTION_CYCLES, and the label starts with "≈0". A cost that is not
 * net must be positive: otherwise the run is marked failed. A median of nan
 * (the host moved every sample) is skipped with an error that starts "no
 * clean sample: the host moved". note: more for the label, or NULL. */
void gb_report_cycles(sqgb_state *st, sq_stats cycles, bool net, const char *note);

/* The unit, in the context Google Benchmark prints first (sqcolor_time). */
void gb_describe_time(void);

#endif
