#include "bench/measure/run_info.h"

#include "bench/code/code_identity.h"
#include "bench/machine/placement.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

/* Each variant's machine code in brief, for the reports to tell which impls
 * are one code. A routine that does not decode gets no fact. */
static int record_code(sq_run *run, const sq_engine_config *cfg) {
    run->code = malloc(sizeof *run->code * (size_t)(cfg->nvariants ? cfg->nvariants : 1));
    if (!run->code)
        return -1;
    char err[256];
    for (int i = 0; i < cfg->nvariants; i++)
        if (sq_code_fact_of(cfg->variants[i], &run->code[run->ncode], err, sizeof err))
            run->ncode++;
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
    run->reps = cfg->timing.reps;
    run->min_reps = sq_engine_min_reps(cfg);
    run->tight = cfg->tight;
    run->length = cfg->length;
    run->seed = cfg->seed;
    run->cpu = cal->cpu;
    run->samples = cfg->timing.samples;
    run->visits = sq_engine_visits(cfg);
    run->sample_us = cfg->timing.sample_s * 1e6;
    run->aslr = !sq_placement_fixed();
    struct utsname u;
    if (uname(&u) == 0)
        snprintf(run->kernel, sizeof run->kernel, "%s", u.release);
    size_t len = sizeof "default";
    for (int i = 0; i < cfg->nsequences; i++)
        len += strlen(cfg->sequences[i]) + 1;
    char *list = malloc(len), *end = list;
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
