/* sqcolor run's rows timed in this process: the engine's, then the batch
 * rows at their own sizes. */
#include "bench/cli/run_plan.h"

#include "bench/measure/batch_timing.h"
#include "bench/measure/run_info.h"

#include <math.h>
#include <stdio.h>

/* The batch rows, this process's share of the repetitions among count,
 * their calibration into *cal. */
static int time_batch(const sq_run_plan *plan, int count, sq_run *run, sq_calibration *cal,
                      char *err, size_t errlen) {
    sq_batch_timing bt = sq_batch_timing_defaults(plan->quick);
    bt.reps = sq_share_of(bt.reps, count);
    bt.seed = plan->cfg.order_seed;
    static char skipped[2200]; /* not on a small stack */
    if (sq_batch_time_run(run, plan->batch, plan->nbatch, &bt, &plan->cfg.timing,
                          plan->cfg.progress, skipped, sizeof skipped, cal)) {
        snprintf(err, errlen, "out of memory");
        return SQ_ENGINE_CHECK_FAILED; /* a failure of the run, not of its input */
    }
    /* Only batch rows: the run's core clock is the batch calibration's
     * (there was no scalar row beside which to read it), or the file would
     * have none and no reader would take it. */
    if (!run->nresults && !isfinite(run->clock.core_hz))
        run->clock.core_hz = run->clock.core_hz_min = run->clock.core_hz_max = cal->core_hz;
    return SQ_ENGINE_OK;
}

int sq_run_time_here(const sq_run_plan *plan, sq_engine *engine, sq_run *run, char *err,
                     size_t errlen) {
    int count = plan->processes + plan->batch_only; /* the processes the batch rows share */
    sq_calibration cal;
    if (!engine) { /* the batch rows alone: the run described from their calibration */
        int rc = time_batch(plan, count, run, &cal, err, errlen);
        if (!rc && sq_run_describe(run, &plan->cfg, &cal, &cal.cycles_per_tick, 1)) {
            snprintf(err, errlen, "out of memory");
            rc = SQ_ENGINE_CHECK_FAILED;
        }
        return rc;
    }
    int rc = sq_engine_time(engine, run, err, errlen);
    if (!rc && plan->nbatch)
        rc = time_batch(plan, plan->index < 0 ? 1 : count, run, &cal, err, errlen);
    return rc;
}
