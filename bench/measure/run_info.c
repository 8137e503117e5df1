#include "bench/measure/run_info.h"

#include "bench/measure/share.h"

#include "bench/code/code_identity.h"
#include "bench/code/timed_loop.h"
#include "bench/measure/harness_version.h"
#include "bench/machine/placement.h"
#include "bench/util/stats.h"
#include "sq_version.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

/* Each variant's machine code in brief, its routine's and each mode's timed
 * code's (share.h: the loop, and what it jumps out to), for the reports and
 * the run's own check to tell which impls are one code. Code that does not
 * decode gets no fact. */
static int record_code(sq_run *run, const sq_engine_config *cfg) {
    static const sq_mode modes[] = {SQ_MODE_LATENCY, SQ_MODE_THROUGHPUT, SQ_MODE_BRANCH};
    size_t n = (size_t)(cfg->nvariants ? cfg->nvariants : 1);
    run->code = sq_run_alloc(run, sizeof *run->code * n);
    run->loops = sq_run_alloc(run, sizeof *run->loops * n * 3);
    if (!run->code || !run->loops)
        return -1;
    char err[256];
    for (int i = 0; i < cfg->nvariants; i++) {
        const sq_variant *v = cfg->variants[i];
        if (sq_code_fact_of(v, &run->code[run->ncode], err, sizeof err))
            run->ncode++;
        for (int m = 0; m < 3; m++) {
            sq_loop_fact *l = &run->loops[run->nloops];
            if (sq_timed_code_fact(v, modes[m], &l->code)) {
                l->mode = modes[m];
                run->nloops++;
            }
        }
    }
    return 0;
}

int sq_run_describe(sq_run *run, const sq_engine_config *cfg, const sq_calibration *cal,
                    const double *cpt, int n) {
    sq_stats s = sq_stats_of(cpt, n);
    double max = s.min;
    for (int i = 0; i < n; i++)
        max = fmax(max, cpt[i]);
    run->machine = cal->machine;
    run->clock.source = cal->perf ? "perf" : "calibrated";
    run->clock.tsc_source = cal->tsc_source;
    run->clock.tsc_hz = cal->tsc_hz;
    run->clock.core_hz = s.median * cal->tsc_hz;
    run->clock.core_hz_min = s.min * cal->tsc_hz;
    run->clock.core_hz_max = max * cal->tsc_hz;
    run->clock.timer_overhead = cal->timer_overhead;
    run->clock.alu_per_cycle = cal->alu_per_cycle;
    run->clock.modulation_hz = cal->modulation.hz;
    run->clock.modulation_amplitude = cal->modulation.amplitude;
    run->reps = cfg->timing.reps;
    run->min_reps = sq_engine_min_reps(cfg);
    run->tight = cfg->tight;
    run->length = cfg->length;
    run->seed = cfg->seed;
    run->share = cfg->no_share ? -1 : 1;
    run->cpu = cal->cpu;
    run->samples = cfg->timing.samples;
    run->visits = sq_engine_visits(cfg);
    run->processes = 1;
    run->sample_us = cfg->timing.sample_s * 1e6;
    run->aslr = !sq_placement_fixed();
    snprintf(run->version, sizeof run->version, "%s", SQCOLOR_VERSION);
    snprintf(run->commit, sizeof run->commit, "%s", SQCOLOR_COMMIT);
    run->harness_version = SQ_HARNESS_VERSION;
    struct utsname u;
    if (uname(&u) == 0)
        snprintf(run->kernel, sizeof run->kernel, "%s", u.release);
    size_t len = sizeof "default";
    for (int i = 0; i < cfg->nsequences; i++)
        len += strlen(cfg->sequences[i]) + 1;
    char *list = sq_run_alloc(run, len), *end = list;
    if (!list)
        return -1;
    for (int i = 0; i < cfg->nsequences; i++)
        end += sprintf(end, "%s%s", i ? "," : "", cfg->sequences[i]);
    if (!cfg->nsequences)
        strcpy(list, "default");
    run->sequences = list;
    for (int i = 0; i < sq_impl_count && i < SQ_MAX_IMPLS; i++) {
        sq_impl_info *m = &run->impls[run->nimpls++];
        snprintf(m->name, sizeof m->name, "%s", sq_impls[i].name);
        snprintf(m->compiler, sizeof m->compiler, "%s", sq_impls[i].compiler);
        snprintf(m->flags, sizeof m->flags, "%s", sq_impls[i].flags);
    }
    return record_code(run, cfg);
}
