/* disasm --predict --results: llvm-mca's prediction for each variant's
 * routine beside what a saved run of this machine measured, and how far
 * apart they are. */
#ifndef SQCOLOR_MODEL_VS_MEASUREMENT_H
#define SQCOLOR_MODEL_VS_MEASUREMENT_H

#include "bench/code/mca.h"
#include "bench/results/results.h"

#include <stdbool.h>
#include <stddef.h>

/* Cycles: a model and a measurement further apart are flagged. */
#define SQ_MODEL_TOLERANCE 0.5

/* Whether measured and model differ by more than SQ_MODEL_TOLERANCE as the
 * table prints them, to two decimals: 0.50 apart is not flagged, 0.51 is.
 * False when either is not a number. */
bool sq_model_off(double model, double measured);

/* Whether run can be set beside this binary's code on host: it was measured
 * on the same CPU (sq_same_cpu), else false with a reason in err. Another
 * machine's run timed code built for that machine (-march=native) that llvm-mca
 * would be modelling for this one. */
bool sq_measured_here(const sq_run *run, const sq_machine *host, char *err, size_t errlen);

/* The document, table or Markdown: per family a row per variant of vs[0..n)
 * with its instructions, the model's latency and reciprocal throughput
 * (model NULL: none), run's headline latency and throughput and the
 * differences; path names run. SQ_EXIT_FAIL when a routine cannot be decoded,
 * SQ_FAILED_MEMORY (failure.h) when the document found no memory. */
int sq_model_vs_measurement(const sq_variant *const *vs, int n, sq_mca_model *model,
                            const sq_run *run, const char *path, bool markdown);

#endif
