/* The engine's rows as the run times them and its rounds of sampling
 * (engine_rounds.c), which the engine (engine.c: inputs, rows, results)
 * calls; private to bench/measure. */
#ifndef SQCOLOR_ENGINE_ROUNDS_H
#define SQCOLOR_ENGINE_ROUNDS_H

#include "bench/measure/engine_config.h"
#include "bench/measure/row.h"
#include "bench/util/progress.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* A row as the run times it: per repetition, its fastest visit so far. */
typedef struct timed {
    sq_row row;
    sq_visit *kept; /* per repetition: its fastest visit (sq_visit_faster): core cycles
                       per square, the clock and probe beside them, what the host did */
    struct timed *baseline;
    struct timed *shared;    /* the row of byte-identical code whose figure this one takes
                                (share.h), not sampled itself; NULL: sampled */
    int result;              /* its row in the run's results (build_rows) */
    int reps;                /* repetitions taken */
    int retaken;             /* samples taken again, the host having spoiled them */
    bool active;             /* still sampled */
    double need;             /* how much it needs more repetitions (need_of) */
    double cost;             /* a baseline's: what it costs (price_baselines) ... */
    unsigned char cost_host; /* ... and what spoiled it, where none of it is clean */
} timed;

typedef struct sq_engine {
    const sq_engine_config *cfg;
    double prepare_s; /* seconds sq_engine_prepare took: part of the run's */
    sq_sampler sampler;
    sq_input *inputs;
    int ninputs;
    timed *rows;
    int nrows;
    int nsampled;        /* rows sampled: not shared (share.h), baselines of those */
    const char **labels; /* each asked sequence's label (label_files): NULL for built-ins */
    char *err;
    size_t errlen;
    sq_progress bar; /* the rounds' progress line (cfg->progress) */
} engine;

/* The reason into the engine's err; returns code. */
static inline int sq_engine_fail(engine *e, int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->err, e->errlen, fmt, ap);
    va_end(ap);
    return code;
}

/* Rounds of repetitions until every row is settled, has the most
 * repetitions, or the budget (from t_start) is spent: SQ_ENGINE_*. */
int sq_rounds_sample(engine *e, double t_start);

/* Marks shared every repetition whose probe read under the run's quiet
 * level as it stood at the end. */
void sq_rounds_mark_shared(engine *e);

/* What each baseline costs (cost, cost_host): 0, or -1 out of memory. */
int sq_rounds_price_baselines(engine *e);

/* A variant row's net cost per repetition so far into out, and what the
 * host did to each into host. */
void sq_rounds_net_cycles(const timed *t, double *out, unsigned char *host);

#endif
