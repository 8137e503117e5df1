/* The timing engine: verifies every kernel's answers, then times every
 * (variant, sequence, mode) in interleaved repetitions and turns TSC ticks into
 * core cycles per square. */
#ifndef SQCOLOR_ENGINE_H
#define SQCOLOR_ENGINE_H

#include "bench/measure/engine_config.h"
#include "bench/measure/row_flags.h"
#include "bench/results/results.h"

/* Fills run; on failure returns SQ_ENGINE_CHECK_FAILED or SQ_ENGINE_BAD_INPUT
 * with a one-line reason in err. sq_engine_prepare, then sq_engine_time. */
int sq_engine_run(const sq_engine_config *cfg, sq_run *run, char *err, size_t errlen);

/* A run in two steps, so that a front end refuses every bad input before it
 * opens a file or verifies anything. sq_engine_prepare finds what can be bad
 * input (a sequence named twice or of no selected family, a sequence file
 * that is not squares), labels the run's files and builds its inputs and
 * rows; cfg must outlive it. On failure it returns SQ_ENGINE_BAD_INPUT with a
 * reason in err, and *out is NULL. sq_engine_time checks the kernels'
 * answers, times the rows and fills run, as sq_engine_run; it frees e, as
 * sq_engine_discard does for a run that goes no further. */
typedef struct sq_engine sq_engine;
int sq_engine_prepare(const sq_engine_config *cfg, sq_run *run, sq_engine **out, char *err,
                      size_t errlen);
int sq_engine_time(sq_engine *e, sq_run *run, char *err, size_t errlen);

/* Checks every timing kernel's answers over the inputs it will be timed on,
 * as sq_engine_time does first: SQ_ENGINE_OK, or SQ_ENGINE_CHECK_FAILED with
 * the kernel, mode and sequence in err. e stays prepared. */
int sq_engine_check(sq_engine *e, char *err, size_t errlen);
void sq_engine_discard(sq_engine *e, sq_run *run);

/* One variant in one mode over one sequence, for other front ends (the Google
 * Benchmark one): the same inputs, kernels, windows, answer checks, sample
 * sizes and visits as sq_engine_run, through the row interface (row.h);
 * target.c. */
typedef struct sq_target sq_target;

/* Builds the inputs of cfg's length and seed, checks the kernel's answers and
 * sizes its samples to cfg's sample length at cal's clock; NULL with a reason. */
sq_target *sq_target_new(const sq_variant *v, sq_mode mode, const char *sequence,
                         const sq_engine_config *cfg, const sq_calibration *cal, char *err,
                         size_t errlen);

/* One visit of the variant and one of its harness (the same loop around an
 * identity body), as sqcolor run takes them: a warm-up, then a sample over
 * the next window between two add-chain samples for the clock of the moment. */
typedef struct sq_target_visit_times {
    double cycles[2]; /* core cycles per square: [0] the variant, [1] its harness */
    double ticks[2];  /* TSC ticks per square, likewise */
} sq_target_visit_times;

/* Squares in each sample of the variant (fixed when the target is built). */
size_t sq_target_squares(const sq_target *t);

/* Returns false if the variant answered wrong. */
bool sq_target_visit(sq_target *t, sq_target_visit_times *out);

/* sqcolor run's statistic over visits v[0..n) in the order taken: each group
 * of `group` counts its fastest variant visit less its fastest harness visit,
 * as a repetition does; the answer is the statistics of the groups with a
 * clean visit on both sides (one short group when n < group): in core cycles
 * per square, their median with its 95% interval as a repetition's cell has
 * it, and the median in ticks; nan when the host moved every group. False
 * when n is 0. */
bool sq_target_net(const sq_target_visit_times *v, int n, int group, sq_stats *cycles,
                   double *ticks);

void sq_target_free(sq_target *t);

#endif
