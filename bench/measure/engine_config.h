/* What a run of the engine is asked: the variants, sequences and modes, and
 * how it times them; and the defaults of sqcolor run (timing_defaults.h).
 * Apart from engine.h, so that what describes a run (run_info.h) needs the
 * config and not the engine. */
#ifndef SQCOLOR_ENGINE_CONFIG_H
#define SQCOLOR_ENGINE_CONFIG_H

#include "bench/catalog/registry.h"
#include "bench/machine/calibration.h"
#include "bench/results/results.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct sq_engine_config {
    const sq_variant *const *variants;
    int nvariants;
    const char *const *sequences; /* specs, e.g. "random", "file:moves.txt"; none = all */
    int nsequences;
    bool mode[SQ_MODE_COUNT];
    sq_calibration_config timing; /* reps (the most a row gets), samples per rep,
                                     sample length, cpu */
    int min_reps;                 /* every row gets these; 0 = timing.reps */
    double tight;                 /* a row stops once its interval's half-width is
                                     within this fraction of its median ... */
    double tight_abs;             /* ... or this many cycles */
    double budget_s;              /* no new round of repetitions after this many
                                     seconds of sampling; 0 = no limit */
    int visits;                   /* visits of each row per repetition, among which
                                     the samples are shared; 0 = 1 */
    size_t length;                /* squares (pairs) per sequence */
    uint64_t seed;
    uint64_t order_seed; /* the rows' order and the samples' windows: each process of a
                            run spread over several draws its own; 0 = seed */
    bool no_share;       /* time every row itself, even rows of byte-identical code (share.h) */
    bool progress;       /* a progress line on stderr */
    FILE *trace;         /* each kernel sample's readings, a line an attempt (row.h's
                            sq_trace_line), or NULL */
    const char *process; /* the progress line's name of this process ("2 of 3"), or NULL */
    bool checked;        /* the kernels' answers were checked (sq_engine_check) by the run
                            this process is one of: not again */
    bool check_only;     /* prepared for sq_engine_check alone: each sequence only as far
                            as the check reads (SQ_CHECK_SQUARES, row.h), not timed */
    const unsigned char *only; /* NULL: every row sampled; else one bit a row of the
                                  run's results, in their order (bit i: only[i / 8] >> i % 8),
                                  and only the rows set are (a run's top-up process) */
    int nonly;                 /* the rows those bits are of: the run's results */
} sq_engine_config;

enum { SQ_ENGINE_OK = 0, SQ_ENGINE_CHECK_FAILED = 1, SQ_ENGINE_BAD_INPUT = 2 };

/* The visits a repetition is shared among, and the repetitions every row
 * gets, as cfg means them (0 stands for 1 and for all of timing.reps). */
static inline int sq_engine_visits(const sq_engine_config *cfg) {
    return cfg->visits > 0 ? cfg->visits : 1;
}
static inline int sq_engine_min_reps(const sq_engine_config *cfg) {
    int n = cfg->min_reps > 0 ? cfg->min_reps : cfg->timing.reps;
    return n < cfg->timing.reps ? n : cfg->timing.reps;
}

/* The config of sqcolor run's defaults, with --quick or not
 * (timing_defaults.h): its timing, length and tolerances; no variant, every
 * mode off. */
sq_engine_config sq_engine_defaults(bool quick);

#endif
