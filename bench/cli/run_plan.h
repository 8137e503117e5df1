/* What sqcolor run was asked, as its steps share it: the engine's config,
 * the batch variants, and the processes the repetitions spread over
 * (bench/cli/processes.h). */
#ifndef SQCOLOR_RUN_PLAN_H
#define SQCOLOR_RUN_PLAN_H

#include "bench/catalog/batch_registry.h"
#include "bench/measure/engine.h"

#include <stdbool.h>

typedef struct sq_run_plan {
    sq_engine_config cfg;
    bool quick;
    const sq_batch_variant *const *batch; /* the batch variants selected */
    int nbatch;
    int processes;  /* the processes that time every row, one after another */
    int batch_only; /* after them, the processes that time the batch rows alone */
    int index;      /* this process's place among them (0 first), or -1: the run itself */
} sq_run_plan;

/* One process's share of total repetitions among count processes, rounded
 * up: each takes this many, and the run's rows get count times it. */
static inline int sq_share_of(int total, int count) {
    return (total + count - 1) / count;
}

/* The plan's rows timed in this process, into *run: the engine's rows
 * (engine, prepared, then freed), then the batch rows; in a process that
 * times the batch rows alone (index >= processes), those, with no engine
 * (NULL). Samples only: the figures are sq_run_measure's (processes.h).
 * Returns an SQ_ENGINE_* code, with a reason in err. */
int sq_run_time_here(const sq_run_plan *plan, sq_engine *engine, sq_run *run, char *err,
                     size_t errlen);

#endif
