/* The timing engine: verifies every kernel's answers, then times every
 * (variant, sequence, mode) in interleaved repetitions and turns TSC ticks into
 * core cycles per square. */
#ifndef SQCOLOR_ENGINE_H
#define SQCOLOR_ENGINE_H

#include "calibration.h"
#include "results.h"

typedef struct sq_engine_config {
    const sq_variant *const *variants;
    int nvariants;
    const char *const *sequences; /* specs, e.g. "random", "file:moves.txt"; none = all */
    int nsequences;
    bool mode[SQ_MODE_COUNT];
    sq_calibration_config timing; /* reps, samples per rep, sample length, cpu */
    size_t length;                /* squares (pairs) per sequence */
    uint64_t seed;
    double spread_threshold;
    bool progress; /* a progress line on stderr */
} sq_engine_config;

enum { SQ_ENGINE_OK = 0, SQ_ENGINE_CHECK_FAILED = 1, SQ_ENGINE_BAD_INPUT = 2 };

/* Fills run; on failure returns SQ_ENGINE_CHECK_FAILED or SQ_ENGINE_BAD_INPUT
 * with a one-line reason in err. */
int sq_engine_run(const sq_engine_config *cfg, sq_run *run, char *err, size_t errlen);

void sq_run_free(sq_run *run);

#endif
