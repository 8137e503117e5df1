/* The engine's rounds: repetitions of the rows in a new order each pass,
 * spoiled ones taken again, the budget spent on the rows that need it, and
 * what each baseline costs. */
#include "bench/measure/engine_rounds.h"

#include "bench/measure/timing_defaults.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One visit of a row for repetition rep: a repetition keeps its fastest
 * visit. Some loops settle into one of two speeds for the length of a visit
 * (on the Intel guest this was written on, the throughput harness at 0.56 or
 * 0.77 cycles per square; via_color/gcc-12 at 2.13 or 2.88): the samples of
 * one visit share its luck, visits in other passes do not. */
static bool time_row(engine *e, timed *t, int rep, int v) {
    int visits = sq_engine_visits(e->cfg), samples = e->cfg->timing.samples;
    sq_visit got;
    long retaken = e->sampler.host.retaken;
    e->sampler.rep = rep;
    e->sampler.visit = v;
    bool right =
        sq_row_visit(&e->sampler, &t->row, samples / visits + (v < samples % visits), &got);
    t->retaken += (int)(e->sampler.host.retaken - retaken);
    if (v == 0 || sq_visit_faster(&got, &t->kept[rep], e->sampler.cal.perf))
        t->kept[rep] = got;
    return right;
}

/* A random order of n rows, Fisher-Yates. */
static void shuffle_rows(timed **order, int n, uint64_t *state) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sq_random_below(state, (uint64_t)i + 1);
        timed *t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

/* What each baseline costs (its cost and cost_host): the lower quartile of
 * its clean repetitions, where it has two or more. The identity loop's cost
 * does not move between repetitions, and the host only slows a clean one
 * (a virtual CPU descheduled inside a sample whose clocks agree): its
 * faster clean repetitions are the ones the host touched least. One
 * repetition slowed in all its visits, subtracted, took every row of its
 * input below its chain at once, and with the 3 repetitions of --quick at
 * a load of 12 on the two vCPUs of the AMD Zen 5 guest (0x1a/2) a median of
 * them did too (13 to 27 samples a run up to 0.75 cycle under their
 * chains). With fewer clean, the lower quartile of those whose clock held,
 * and every row subtracting it is marked as its baseline was. */
static int by_cycles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int sq_rounds_price_baselines(engine *e) {
    double *x = malloc(sizeof *x * (size_t)e->cfg->timing.reps);
    if (!x)
        return -1;
    for (int i = 0; i < e->nrows; i++) {
        timed *b = &e->rows[i];
        int n = 0;
        if (b->row.variant || !b->reps)
            continue;
        /* clean ones; else those whose clock held; else all */
        static const unsigned char allowed[] = {0, SQ_HOST_SHARED, SQ_HOST_SHARED | SQ_HOST_MOVED};
        for (int level = 0; level < 3 && n < 2; level++) {
            b->cost_host = allowed[level];
            n = 0;
            for (int k = 0; k < b->reps; k++)
                if (!(b->kept[k].host & ~allowed[level]))
                    x[n++] = b->kept[k].cycles;
        }
        qsort(x, (size_t)n, sizeof *x, by_cycles);
        b->cost = n ? x[(n - 1) / 4] : NAN;
    }
    free(x);
    return 0;
}

/* A variant row's net cost per repetition so far: core cycles less its
 * baseline's (price_baselines); with host, what the host did to it. */
void sq_rounds_net_cycles(const timed *t, double *out, unsigned char *host) {
    for (int k = 0; k < t->reps; k++) {
        out[k] = t->kept[k].cycles - t->baseline->cost;
        if (host)
            host[k] = t->kept[k].host | t->baseline->cost_host;
    }
}

/* The repetitions the host left clean, moved to the front of x; how many. */
static int clean_first(double *x, const unsigned char *host, int n) {
    int c = 0;
    for (int k = 0; k < n; k++)
        if (!host[k]) {
            double v = x[c];
            x[c++] = x[k];
            x[k] = v;
        }
    return c;
}

/* Marks shared every repetition whose probe reads under the quiet level as
 * it stands now: the level rises as quiet readings come, and a run that
 * began on a shared core took its first samples as clean. */
void sq_rounds_mark_shared(engine *e) {
    double quiet = e->sampler.host.quiet;
    for (int i = 0; i < e->nrows; i++)
        for (int k = 0; k < e->rows[i].reps; k++) {
            sq_visit *v = &e->rows[i].kept[k];
            if (isfinite(v->cycles) && sq_alu_shared(v->alu, quiet))
                v->host |= SQ_HOST_SHARED;
        }
}

/* How much a row needs more repetitions (sq_settle_need), of its clean
 * ones; a row with fewer clean than the fewest, more than any other. */
static double need_of(const engine *e, const timed *t, double *scratch, unsigned char *host) {
    sq_rounds_net_cycles(t, scratch, host);
    int clean = clean_first(scratch, host, t->reps);
    return sq_settle_need(scratch, NULL, clean, sq_engine_min_reps(e->cfg), e->cfg->tight,
                          e->cfg->tight_abs);
}

/* The round's rows and share done, and the time it has left at the pace so
 * far (the round after it, if any, only for rows not yet settled). */
static void progress(engine *e, int reps, int active, double done, double t_round) {
    if (!e->cfg->progress)
        return;
    double left = sq_progress_left_s(sq_monotonic_s() - t_round, done);
    char line[256];
    snprintf(line, sizeof line,
             "sqcolor: %s%s%s%d of %d rows at %d repetitions, %3.0f%%, %.0f s left in this round",
             e->cfg->process ? "process " : "", e->cfg->process ? e->cfg->process : "",
             e->cfg->process ? ": " : "", active, e->nsampled, reps, 100 * done,
             isnan(left) ? 0 : left);
    sq_progress_line(&e->bar, line);
}

/* Repetitions [k0, k1) of the active rows: (k1 - k0) x visits passes, each
 * over the active rows in a new order. Pass p is a visit of repetition k0 +
 * p % (k1 - k0), so a repetition's visits are spread over the round, and drift
 * touches every row alike. The order matters: which kernel ran just before
 * decides the speed some loops settle into (texel's throughput kernel at 1.65
 * or 1.88 cycles per square on the Intel guest), and in a fixed order that
 * predecessor is always the same. The order follows --seed. */
static int sample_round(engine *e, timed **order, int nactive, int k0, int k1, uint64_t *shuffle) {
    int span = k1 - k0, passes = span * sq_engine_visits(e->cfg);
    double t_round = sq_monotonic_s();
    for (int pass = 0; pass < passes; pass++) {
        shuffle_rows(order, nactive, shuffle);
        for (int i = 0; i < nactive; i++) {
            timed *t = order[i];
            if (!time_row(e, t, k0 + pass % span, pass / span))
                return sq_engine_fail(
                    e, SQ_ENGINE_CHECK_FAILED, "kernel check failed while timing %s (%s, %s)",
                    t->row.variant->id, sq_mode_names[t->row.mode], t->row.in->sequence);
        }
        progress(e, k1, nactive, (double)(pass + 1) / passes, t_round);
    }
    for (int i = 0; i < nactive; i++)
        order[i]->reps = k1;
    return 0;
}

/* Makes active every baseline of an active row; returns how many rows are
 * active. */
static int activate_baselines(engine *e) {
    int nactive = 0;
    for (int i = 0; i < e->nrows; i++)
        if (e->rows[i].row.variant && e->rows[i].active)
            e->rows[i].baseline->active = true;
    for (int i = 0; i < e->nrows; i++)
        nactive += e->rows[i].active;
    return nactive;
}

/* The rows (baselines too) holding a repetition the host spoiled, into
 * order; how many repetitions they hold. */
static int spoiled_rows(engine *e, timed **order, int *n) {
    int reps = 0;
    *n = 0;
    for (int i = 0; i < e->nrows; i++) {
        timed *t = &e->rows[i];
        int mine = 0;
        for (int k = 0; k < t->reps; k++)
            mine += t->kept[k].host != 0;
        if (mine)
            order[(*n)++] = t;
        reps += mine;
    }
    return reps;
}

/* One more visit of every repetition the host spoiled, the rows in a new
 * order, while the budget allows (at per_visit seconds a visit): a clean
 * sample replaces the spoiled one (sq_visit_faster), within the
 * repetitions a row was given. Up to SQ_RETAKE_PASSES passes; the visits
 * made into *visits. */
#define SQ_RETAKE_PASSES 2
static int retake_spoiled(engine *e, timed **order, uint64_t *shuffle, double t_start,
                          double per_visit, double *visits) {
    for (int pass = 0; pass < SQ_RETAKE_PASSES; pass++) {
        int n, reps = spoiled_rows(e, order, &n);
        double left = e->cfg->budget_s - (sq_monotonic_s() - t_start);
        if (!reps || (e->cfg->budget_s > 0 && reps * per_visit > left))
            return 0;
        shuffle_rows(order, n, shuffle);
        for (int i = 0; i < n; i++)
            for (int k = 0; k < order[i]->reps; k++)
                if (order[i]->kept[k].host && !time_row(e, order[i], k, 1))
                    return sq_engine_fail(
                        e, SQ_ENGINE_CHECK_FAILED, "kernel check failed while timing %s (%s, %s)",
                        order[i]->row.variant ? order[i]->row.variant->id : "the harness",
                        sq_mode_names[order[i]->row.mode], order[i]->row.in->sequence);
        *visits += reps;
        sq_rounds_mark_shared(e);
    }
    return 0;
}

static int by_need(const void *a, const void *b) {
    const timed *x = *(timed *const *)a, *y = *(timed *const *)b;
    return (x->need < y->need) - (x->need > y->need);
}

/* Keeps active the neediest rows whose visits, with their baselines', fit
 * in `room` visits of a row; the rest stop. The budget goes to the rows
 * that need it, not evenly. Returns the rows active. */
static int fit_budget(engine *e, timed **order, double room) {
    int n = 0;
    for (int i = 0; i < e->nrows; i++) {
        timed *t = &e->rows[i];
        if (t->row.variant && t->active)
            order[n++] = t;
        t->active = false;
    }
    qsort(order, (size_t)n, sizeof *order, by_need);
    int used = 0;
    for (int i = 0; i < n; i++) {
        int cost = 1 + !order[i]->baseline->active;
        if (used + cost > room)
            break;
        order[i]->active = order[i]->baseline->active = true;
        used += cost;
    }
    return used;
}

/* Rounds until every row is settled, has the most repetitions, or the
 * budget is spent: a round that would end past it (its length foreseen from
 * the visits so far) is cut to the neediest rows that fit (fit_budget). A
 * baseline is sampled while any of its rows is; a shared row never is, nor
 * a baseline only shared rows would have had. */
int sq_rounds_sample(engine *e, double t_start) {
    const sq_engine_config *cfg = e->cfg;
    timed **order = malloc(sizeof *order * (size_t)e->nrows);
    double *scratch = malloc(sizeof *scratch * (size_t)cfg->timing.reps);
    unsigned char *host = malloc((size_t)cfg->timing.reps);
    if (!order || !scratch || !host) {
        free(order);
        free(scratch);
        free(host);
        return sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for %d rows", e->nrows);
    }
    uint64_t shuffle = (cfg->order_seed ? cfg->order_seed : cfg->seed) ^ SQ_ORDER_SALT;
    for (int i = 0; i < e->nrows; i++) {
        timed *t = &e->rows[i];
        bool asked =
            !cfg->only || (t->row.variant && (cfg->only[t->result / 8] >> t->result % 8 & 1));
        t->active = t->row.variant && !t->shared && asked;
    }
    e->nsampled = activate_baselines(e);
    int rc = 0, k0 = 0, k1 = sq_engine_min_reps(cfg), nactive = 0;
    double visits = 0, t_sampling = sq_monotonic_s();
    while (!rc && k0 < k1) {
        nactive = 0;
        for (int i = 0; i < e->nrows; i++)
            if (e->rows[i].active)
                order[nactive++] = &e->rows[i];
        rc = sample_round(e, order, nactive, k0, k1, &shuffle);
        visits += (double)nactive * (k1 - k0) * sq_engine_visits(cfg);
        sq_rounds_mark_shared(e);
        if (!rc)
            rc = retake_spoiled(e, order, &shuffle, t_start,
                                (sq_monotonic_s() - t_sampling) / visits, &visits);
        if (!rc && sq_rounds_price_baselines(e))
            rc = sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for %d rows", e->nrows);
        for (int i = 0; i < e->nrows; i++) {
            timed *t = &e->rows[i];
            t->need = t->row.variant && t->active ? need_of(e, t, scratch, host) : 0;
            t->active = t->need > 0;
        }
        nactive = activate_baselines(e);
        k0 = k1;
        k1 = k1 + SQ_RUN_REPS_STEP < cfg->timing.reps ? k1 + SQ_RUN_REPS_STEP : cfg->timing.reps;
        double now = sq_monotonic_s(),
               per_row = (now - t_sampling) / visits * (k1 - k0) * sq_engine_visits(cfg);
        if (cfg->budget_s > 0 && now - t_start + per_row * nactive > cfg->budget_s)
            nactive = fit_budget(e, order, (cfg->budget_s - (now - t_start)) / per_row);
        if (!nactive)
            k1 = k0;
    }
    free(order);
    free(scratch);
    free(host);
    sq_progress_clear(&e->bar);
    return rc;
}
