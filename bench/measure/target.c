/* One variant in one mode over one sequence, timed through the row interface
 * as sqcolor run times it: the API the Google Benchmark front end uses. */
#include "bench/measure/engine.h"

#include "bench/measure/row.h"
#include "bench/code/timed_loop.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct sq_target {
    sq_input in;
    sq_row variant, harness;
    sq_sampler sampler;
    uint64_t stir; /* state of the choice of kernel run before a visit */
};

sq_target *sq_target_new(const sq_variant *v, sq_mode mode, const char *sequence,
                         const sq_engine_config *cfg, const sq_calibration *cal, char *err,
                         size_t errlen) {
    sq_target *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (sq_input_build(v->family, sequence, cfg->length, cfg->seed, &t->in, err, errlen)) {
        free(t);
        return NULL;
    }
    const sq_impl *impl = sq_impl_find(mode == SQ_MODE_CALL ? "asm" : v->impl);
    sq_row_init(&t->variant, v, impl, &t->in, mode);
    sq_row_init(&t->harness, NULL, impl, &t->in, mode);
    if (!sq_row_check(&t->variant, err, errlen)) {
        sq_target_free(t);
        return NULL;
    }
    sq_row_size(&t->variant, cfg->timing.sample_s * cal->tsc_hz);
    /* the harness over as many squares a sample, as in sqcolor run (engine.c) */
    t->harness.chunk = t->variant.chunk;
    sq_sampler_init(&t->sampler, cal, cfg->timing.sample_s, cfg->seed);
    t->stir = cfg->seed ^ SQ_ORDER_SALT;
    return t;
}

/* Runs a kernel of the target's family picked at random over a few of its
 * squares. In sqcolor run a visit follows whichever row the shuffled pass
 * put before it; which kernel ran just before decides the speed some loops
 * settle into, so a target's visits follow a random one too, not always the
 * harness. */
static void stir(sq_target *t) {
    const sq_variant *v;
    do
        v = &sq_variants[sq_random_below(&t->stir, (uint64_t)sq_variant_count)];
    while (v->family != t->in.family || !sq_variant_supported(v));
    /* the copy a run times (timed_loop.h), as the row before would be */
    sq_timed_kernel(v, SQ_KERNEL_THROUGHPUT)(t->in.a, t->in.b, t->in.n < 1024 ? t->in.n : 1024);
}

size_t sq_target_squares(const sq_target *t) {
    return t->variant.chunk;
}

bool sq_target_visit(sq_target *t, sq_target_visit_times *out) {
    sq_visit variant, harness;
    stir(t);
    bool right = sq_row_visit(&t->sampler, &t->variant, 1, &variant);
    stir(t);
    sq_row_visit(&t->sampler, &t->harness, 1, &harness);
    *out =
        (sq_target_visit_times){{variant.cycles, harness.cycles}, {variant.ticks, harness.ticks}};
    return right;
}

/* Over groups of `size` visits: the fastest variant visit less the fastest
 * harness visit, in ticks or in core cycles, each group's into net. A group
 * with no clean visit on a side (the host moved every one: infinite) has no
 * net figure and is left out, as a repetition without one is in a run. */
static sq_stats net_of_groups(const sq_target_visit_times *v, int groups, int size, bool ticks,
                              double *net) {
    for (int g = 0; g < groups; g++) {
        double fastest[2] = {INFINITY, INFINITY};
        for (int i = g * size; i < (g + 1) * size; i++)
            for (int k = 0; k < 2; k++)
                fastest[k] = fmin(fastest[k], ticks ? v[i].ticks[k] : v[i].cycles[k]);
        net[g] = isfinite(fastest[0]) && isfinite(fastest[1]) ? fastest[0] - fastest[1] : NAN;
    }
    return sq_pooled_stats(net, NULL, groups);
}

bool sq_target_net(const sq_target_visit_times *v, int n, int group, sq_stats *cycles,
                   double *ticks) {
    int groups = n >= group ? n / group : 1, size = n >= group ? group : n;
    double *net = n > 0 ? calloc((size_t)groups, sizeof *net) : NULL;
    if (!net)
        return false;
    *cycles = net_of_groups(v, groups, size, false, net);
    *ticks = net_of_groups(v, groups, size, true, net).median;
    free(net);
    return true;
}

void sq_target_free(sq_target *t) {
    if (!t)
        return;
    sq_input_free(&t->in);
    free(t);
}
