#include "bench/results/figures.h"

#include "bench/util/stats.h"

#include <stdlib.h>
#include <string.h>

static sq_stats scaled(sq_stats s, double k) {
    return (sq_stats){s.min * k, s.median * k, s.p90 * k, s.ci_lo * k, s.ci_hi * k};
}

void sq_result_figures(sq_result *r, const sq_clock *clock) {
    r->cycles = sq_pooled_stats(r->samples, r->process, r->reps);
    r->ticks = scaled(r->cycles, clock->tsc_hz / clock->core_hz);
    r->ns = scaled(r->ticks, 1e9 / clock->tsc_hz);
    r->nmodes = sq_modes_of(r->samples, r->reps, r->modes);
}

bool sq_result_take_figures(sq_result *to, const sq_result *from) {
    size_t n = (size_t)from->reps;
    to->process = NULL;
    to->samples = sq_samples_alloc(n);
    if (!to->samples)
        return false;
    memcpy(to->samples, from->samples, sizeof *to->samples * n);
    if (from->process) {
        to->process = (unsigned char *)(to->samples + (n ? n : 1));
        memcpy(to->process, from->process, n);
    }
    to->reps = from->reps;
    to->harness = from->harness;
    to->cycles = from->cycles;
    to->ticks = from->ticks;
    to->ns = from->ns;
    to->nmodes = from->nmodes;
    memcpy(to->modes, from->modes, sizeof to->modes);
    return true;
}

void sq_batch_figures(sq_batch_result *b) {
    b->cycles = sq_pooled_stats(b->samples, b->process, b->reps);
    b->nmodes = sq_gross_modes_of(b->samples, b->reps, b->modes);
}
