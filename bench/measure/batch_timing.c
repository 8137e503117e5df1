#include "bench/measure/batch_timing.h"

#include "bench/measure/timing_defaults.h"

#include "bench/catalog/gate.h"
#include "bench/code/timed_loop.h"
#include "bench/results/figures.h"

#include "bench/verify/batch_verify.h"
#include "bench/machine/cpu_features.h"
#include "bench/machine/huge_pages.h"
#include "bench/machine/machine.h"
#include "bench/measure/batch_loops.h"
#include "bench/measure/row.h"
#include "bench/util/progress.h"
#include "bench/util/stats.h"
#include "bench/util/xorshift.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SQ_BATCH_SIZE_N(tag, n, label)     n,
#define SQ_BATCH_SIZE_LABEL(tag, n, label) label,
const size_t sq_batch_size_n[SQ_BATCH_SIZES] = {SQ_FOR_EACH_BATCH_SIZE(SQ_BATCH_SIZE_N)};
const char *const sq_batch_size_label[SQ_BATCH_SIZES] = {
    SQ_FOR_EACH_BATCH_SIZE(SQ_BATCH_SIZE_LABEL)};

#define SQ_BATCH_LEVEL_NAME(name, req) name,
const char *const sq_batch_levels[] = {SQ_FOR_EACH_BATCH_LEVEL(SQ_BATCH_LEVEL_NAME)};
const int sq_batch_level_count = sizeof sq_batch_levels / sizeof sq_batch_levels[0];

int sq_batch_level(const sq_batch_variant *v) {
#define SQ_BATCH_LEVEL_REQ(name, req) #req,
    static const char *const by_req[] = {SQ_FOR_EACH_BATCH_LEVEL(SQ_BATCH_LEVEL_REQ)};
#undef SQ_BATCH_LEVEL_REQ
    if (v->dispatcher || strcmp(v->impl, "asm") != 0)
        return -1;
    /* The first level of the token; the scalar loop is the one below SSE2. */
    int first = strcmp(v->technique, "scalar") == 0 ? 0 : 1;
    for (int i = first; i < sq_batch_level_count; i++)
        if (strcmp(v->req, by_req[i]) == 0)
            return i;
    return -1;
}

sq_batch_timing sq_batch_timing_defaults(bool quick) {
    sq_batch_timing t = {.reps = SQ_PICK(quick, SQ_TIMING_BATCH_REPS),
                         .samples = SQ_PICK(quick, SQ_TIMING_BATCH_SAMPLES),
                         .placements = SQ_PICK(quick, SQ_TIMING_BATCH_PLACEMENTS),
                         .sample_s = SQ_BATCH_SAMPLE_US * 1e-6};
    for (int s = 0; s < SQ_BATCH_SIZES; s++)
        t.sizes[t.nsizes++] = sq_batch_size_n[s];
    return t;
}

size_t sq_batch_most(const sq_batch_timing *t) {
    size_t most = 64;
    for (int s = 0; s < t->nsizes; s++)
        most = t->sizes[s] > most ? t->sizes[s] : most;
    return most;
}

#define SQ_BATCH_SLOT ((size_t)64 << 10)

/* The pools' least sizes: 8 and 4 huge pages, 64 and 32 windows of 256 KiB
 * to draw from. */
#define SQ_BATCH_POOL_IN  ((size_t)16 << 20)
#define SQ_BATCH_POOL_OUT ((size_t)8 << 20)

static size_t slot_of(size_t n) {
    return (n + SQ_BATCH_SLOT - 1) / SQ_BATCH_SLOT * SQ_BATCH_SLOT;
}

void sq_batch_pool_free(sq_batch_pool *p) {
    sq_huge_free(p->in, p->in_size);
    sq_huge_free(p->out, p->out_size);
    *p = (sq_batch_pool){0};
}

int sq_batch_pool_new(sq_batch_pool *p, size_t most, uint64_t seed) {
    size_t slot = slot_of(most);
    *p = (sq_batch_pool){.in_size = slot * 4 > SQ_BATCH_POOL_IN ? slot * 4 : SQ_BATCH_POOL_IN,
                         .out_size = slot * 2 > SQ_BATCH_POOL_OUT ? slot * 2 : SQ_BATCH_POOL_OUT,
                         .rng = seed ^ 0x504c414345535153ULL};
    bool huge_in = false, huge_out = false;
    p->in = sq_huge_alloc(p->in_size, &huge_in);
    p->out = sq_huge_alloc(p->out_size, &huge_out);
    if (!p->in || !p->out) {
        sq_batch_pool_free(p);
        return -1;
    }
    p->huge = huge_in && huge_out;
    /* Random squares, the same in every process: 6 bits of each byte of a
     * draw, its bytes in little-endian order, stored a word at a time (every
     * process of a run fills 16 MiB). */
    uint64_t rng = 0x5351434f4c4f5253ULL;
    for (size_t i = 0; i < p->in_size; i += 8) {
        uint64_t r = sq_xorshift64s(&rng) & 0x3f3f3f3f3f3f3f3fULL;
        memcpy(p->in + i, &r, 8); /* x86-64: little-endian */
    }
    return 0;
}

sq_batch_buffers sq_batch_place(sq_batch_pool *p, size_t n) {
    size_t slot = slot_of(n);
    /* Windows starting on any 64 KiB boundary with room for n after it. */
    uint64_t in_at = (p->in_size - slot) / SQ_BATCH_SLOT + 1;
    uint64_t out_at = (p->out_size - slot) / SQ_BATCH_SLOT + 1;
    size_t a = (size_t)(sq_xorshift64s(&p->rng) % in_at) * SQ_BATCH_SLOT, b;
    do /* b apart from a: a call reads two windows' worth */
        b = (size_t)(sq_xorshift64s(&p->rng) % in_at) * SQ_BATCH_SLOT;
    while (b + slot > a && a + slot > b);
    size_t o = (size_t)(sq_xorshift64s(&p->rng) % out_at) * SQ_BATCH_SLOT;
    return (sq_batch_buffers){{p->in + a, p->in + b}, p->out + o};
}

/* TSC ticks of `calls` calls of fn, a routine of `inputs` inputs, on n
 * elements, timer overhead removed. */
static double ticks_of(sq_batch_fn fn, int inputs, const sq_batch_buffers *b, size_t n,
                       uint64_t calls, const sq_calibration *cal) {
    uint64_t ticks = inputs == 2 ? sq_batch_calls2(fn, b->in[0], b->in[1], b->out, n, calls)
                                 : sq_batch_calls1(fn, b->in[0], b->out, n, calls);
    return (double)ticks - cal->timer_overhead;
}

/* Past L1 the buffers' host pages (the guest's huge pages may be small
 * ones on the host) and the core's other tenant set the speed: on AMD Zen 5,
 * same_color_batch/avx2/asm at 256 KiB ran from 0.049 to 0.078 cycles a
 * pair by placement, and the share of slow placements changed from run to
 * run (medians over 2000 placements 0.050 to 0.059, seconds apart), while
 * the fastest of 8 placements stayed within 2%. At L1 no placement moved a
 * row (batchprobe: the buffers' offsets in their pages, their order), but
 * a routine's speed there changes from one sweep to the next (on Zen 5
 * copy_xmm at 8 KiB read 0.068 or 0.077 in one process): the sweeps place
 * its samples apart in time as they do past L1. Calls of a row that a
 * sample holds few of (scalar loops, 100 us at 256 KiB) cap how many. */
int sq_batch_placements(const sq_batch_timing *t, double sample_s) {
    if (t->placements <= 1)
        return 1;
    double per_us = (double)(t->samples + 1) * sample_s * 1e6;
    int fit = per_us > 0 ? (int)(SQ_BATCH_PLACING_US / per_us) : t->placements;
    fit = fit < SQ_BATCH_LEAST_PLACEMENTS ? SQ_BATCH_LEAST_PLACEMENTS : fit;
    return fit < t->placements ? fit : t->placements;
}

/* sq_batch_on_placement of a routine (one way). */
static double one_way(const sq_batch_variant *v, const sq_batch_buffers *b, size_t n,
                      uint64_t *calls, const sq_batch_timing *t, const sq_calibration *cal,
                      double *sample_ticks) {
    /* v's placed copy, found before its samples, not between them */
    sq_batch_fn fn = sq_timed_batch_of(v);
    int inputs = v->family->inputs;
    double one = ticks_of(fn, inputs, b, n, 1, cal); /* warms the buffers and the code */
    if (!*calls) {
        one = ticks_of(fn, inputs, b, n, 1, cal);
        double want = t->sample_s * cal->tsc_hz;
        *calls = one > 0 && one < want ? (uint64_t)(want / one) : 1;
    }
    *sample_ticks = one * (double)*calls;
    double best = INFINITY;
    for (int s = 0; s < t->samples; s++) {
        double ticks = ticks_of(fn, inputs, b, n, *calls, cal);
        if (ticks < best)
            best = ticks;
    }
    return best / ((double)*calls * (double)n);
}

double sq_batch_on_placement(const sq_batch_variant *v, const sq_batch_buffers *b, size_t n,
                             uint64_t *calls, const sq_batch_timing *t, const sq_calibration *cal,
                             double *sample_ticks) {
    if (!v->ways[0])
        return one_way(v, b, n, calls, t, cal, sample_ticks);
    /* A bound: the cheapest of its ways, each timed as a routine (the calls
     * a sample are the first's, the cheapest on the CPUs measured). */
    double best = INFINITY, first_sample = 0;
    for (int w = 0; w < SQ_BATCH_BOUND_WAYS && v->ways[w]; w++) {
        sq_batch_variant way = *v;
        way.fn.any = v->ways[w];
        way.ways[0] = NULL;
        double c = one_way(&way, b, n, calls, t, cal, sample_ticks);
        best = c < best ? c : best;
        first_sample = w ? first_sample : *sample_ticks;
    }
    *sample_ticks = first_sample;
    return best;
}

double sq_batch_repetition(const sq_batch_variant *v, sq_batch_pool *p, size_t n, uint64_t *calls,
                           const sq_batch_timing *t, const sq_calibration_config *ccfg,
                           const sq_calibration *cal, int *places) {
    double best = INFINITY, sample_ticks = 0;
    int nplaces = 1;
    for (int k = 0; k < nplaces; k++) {
        sq_batch_buffers b = sq_batch_place(p, n);
        double cpt = sq_cycles_per_tick_now(ccfg, cal);
        double c = sq_batch_on_placement(v, &b, n, calls, t, cal, &sample_ticks) * cpt;
        best = c < best ? c : best;
        if (!k)
            nplaces = sq_batch_placements(t, sample_ticks / cal->tsc_hz);
    }
    if (places)
        *places = nplaces;
    return best;
}

/* A sweep whose add-chain clocks either side differ by more than
 * SQ_CLOCK_AGREEMENT is taken again, up to SWEEP_TRIES times in all. */
#define SWEEP_TRIES 3

/* What a run of sweeps works with: the rows (out, nrows; vs by
 * i / t->nsizes), their calls a sample and placements (0: not known yet),
 * the pool they are placed in, and the host's counts (quiet: the level a
 * probe is judged by). */
typedef struct sweeper {
    const sq_batch_variant *const *vs;
    const sq_batch_timing *t;
    const sq_calibration_config *ccfg;
    const sq_calibration *cal;
    sq_batch_pool *pool;
    size_t most;
    const sq_batch_result *out;
    int nrows;
    uint64_t *calls;
    int *places;
    uint64_t probe_iters;
    sq_host_counts *host;
} sweeper;

/* One sweep over every row placed at k (ticks[i] per element; a row past
 * its placements, INFINITY), between two clock samples with a probe each:
 * *cpt their mean, *alu the lower probe; the host bits of what they saw
 * (SQ_HOST_MOVED where the clocks still disagreed after SWEEP_TRIES). */
static unsigned char sweep(sweeper *w, int k, double *ticks, double *cpt, double *alu) {
    const sq_batch_timing *t = w->t;
    const sq_calibration *cal = w->cal;
    double before = 0, after = 0, alu_before = 0, alu_after = 0;
    for (int try = 0; try < SWEEP_TRIES; try++) {
        sq_batch_buffers b = sq_batch_place(w->pool, w->most);
        before = sq_cycles_per_tick_now(w->ccfg, cal);
        alu_before = sq_neighbour_probe(w->probe_iters, 1 / before, w->host->quiet);
        for (int i = 0; i < w->nrows; i++) {
            ticks[i] = INFINITY;
            if (w->places[i] && k >= w->places[i])
                continue;
            double sample_ticks;
            ticks[i] = sq_batch_on_placement(w->vs[i / t->nsizes], &b, w->out[i].n, &w->calls[i], t,
                                             cal, &sample_ticks);
            if (!w->places[i])
                w->places[i] = sq_batch_placements(t, sample_ticks / cal->tsc_hz);
        }
        after = sq_cycles_per_tick_now(w->ccfg, cal);
        alu_after = sq_neighbour_probe(w->probe_iters, 1 / after, w->host->quiet);
        if (fabs(after / before - 1) <= SQ_CLOCK_AGREEMENT)
            break;
    }
    *cpt = (before + after) / 2;
    *alu = fmin(alu_before, alu_after);
    return fabs(after / before - 1) > SQ_CLOCK_AGREEMENT ? SQ_HOST_MOVED : 0;
}

/* Row i's repetition r from the sweeps that placed it (cycles[j * nrows +
 * i] of sweep j, its host bits flags[j]): the fastest clean one, else the
 * fastest, marked with its sweep's bits, as a scalar row's (engine.c). */
static void keep_fastest(const double *cycles, const unsigned char *flags, int nsweeps, int nrows,
                         int reps, int i, int r, sq_batch_result *row) {
    double best = INFINITY, best_any = INFINITY;
    unsigned char any_flags = 0;
    for (int j = r; j < nsweeps; j += reps) {
        double c = cycles[(size_t)j * (size_t)nrows + (size_t)i];
        if (!flags[j] && c < best)
            best = c;
        if (c < best_any)
            best_any = c, any_flags = flags[j];
    }
    row->samples[r] = isfinite(best) ? best : best_any;
    row->host[r] = isfinite(best) ? 0 : any_flags;
}

/* The host bits of every sweep, by the quiet level of the probes of all
 * of them (a run that began on a shared core learns the level as it goes,
 * so sweeps are judged once it is known), counted into host. */
static void judge_sweeps(const double *alu, unsigned char *flags, int nsweeps,
                         sq_host_counts *host) {
    sq_top clean = {.n = 0};
    for (int j = 0; j < nsweeps; j++)
        if (!flags[j])
            sq_top_add(&clean, alu[j]);
    host->quiet = sq_quiet_level_of(&clean, host->quiet);
    for (int j = 0; j < nsweeps; j++) {
        flags[j] |= sq_alu_shared(alu[j], host->quiet) ? SQ_HOST_SHARED : 0;
        host->samples++;
        host->moved += (flags[j] & SQ_HOST_MOVED) != 0;
        host->shared += (flags[j] & SQ_HOST_SHARED) != 0;
    }
}

/* The rows' repetitions: each is the fastest over its placements
 * (sq_batch_placements), and each placement is a sweep over every row, the
 * repetitions taking the sweeps in turn, so that a repetition's placements
 * lie apart in time by all the others' sweeps. A slow spell of the machine
 * (the core's other tenant, on the host) is longer than a sweep: on AMD
 * Zen 5 it covered all 8 placements of a row when they came one after
 * another (0.8 ms; the fastest read 0.064 cycles a pair where the rest read
 * 0.049). A sweep's ticks become cycles at the mean of add-chain clocks
 * taken before and after it (a sweep lasts 5 to 40 ms): a clock per row
 * and placement doubled the time of the batch rows. The neighbour probes
 * beside those clocks mark the sweeps the core was shared in. */
static int sweeps(const sq_batch_variant *const *vs, const sq_batch_timing *t,
                  const sq_calibration_config *ccfg, const sq_calibration *cal, sq_batch_pool *pool,
                  size_t most, bool progress, sq_batch_result *out, int nrows, uint64_t *calls,
                  int *places, sq_host_counts *host) {
    int nsweeps = t->placements * t->reps;
    double *ticks = malloc(sizeof *ticks * (size_t)(nrows + 1)),
           *cycles = malloc(sizeof *cycles * (size_t)nsweeps * (size_t)nrows + 1),
           *alu = malloc(sizeof *alu * (size_t)nsweeps + 1);
    unsigned char *flags = calloc((size_t)nsweeps + 1, 1);
    if (!ticks || !cycles || !alu || !flags) {
        free(ticks), free(cycles), free(alu), free(flags);
        return -1;
    }
    sweeper w = {.vs = vs,
                 .t = t,
                 .ccfg = ccfg,
                 .cal = cal,
                 .pool = pool,
                 .most = most,
                 .out = out,
                 .nrows = nrows,
                 .calls = calls,
                 .places = places,
                 .probe_iters =
                     sq_chain_iters_for(sq_chain_find("add_x8"), t->sample_s * cal->tsc_hz / 4),
                 .host = host};
    if (!(host->quiet > 0))
        host->quiet = cal->alu_per_cycle;
    sq_progress bar;
    sq_progress_start(&bar, progress ? stderr : NULL, "sqcolor", "batch placements", nsweeps);
    for (int j = 0; j < nsweeps; j++) {
        sq_progress_count(&bar, j);
        double cpt;
        flags[j] = sweep(&w, j / t->reps, ticks, &cpt, &alu[j]);
        for (int i = 0; i < nrows; i++)
            cycles[(size_t)j * (size_t)nrows + (size_t)i] = ticks[i] * cpt;
    }
    sq_progress_clear(&bar);
    judge_sweeps(alu, flags, nsweeps, host);
    for (int i = 0; i < nrows; i++) {
        unsigned char *row_host = sq_samples_host(out[i].samples, (size_t)t->reps);
        out[i].host = row_host;
        bool spoiled = false;
        for (int r = 0; r < t->reps; r++) {
            keep_fastest(cycles, flags, nsweeps, nrows, t->reps, i, r, &out[i]);
            spoiled |= row_host[r] != 0;
        }
        out[i].host = spoiled ? row_host : NULL;
    }
    free(ticks), free(cycles), free(alu), free(flags);
    return 0;
}

int sq_batch_time(const sq_batch_variant *const *vs, int n, const sq_batch_timing *t,
                  const sq_calibration_config *ccfg, const sq_calibration *cal, bool progress,
                  sq_batch_result *out, bool *huge_pages, sq_host_counts *host) {
    size_t most = sq_batch_most(t);
    int nrows = n * t->nsizes;
    for (int i = 0; i < nrows; i++)
        out[i] = (sq_batch_result){.id = vs[i / t->nsizes]->id,
                                   .n = t->sizes[i % t->nsizes],
                                   .reps = t->reps,
                                   .samples = sq_samples_alloc((size_t)t->reps)};
    uint64_t *calls = calloc((size_t)nrows + 1, sizeof *calls);
    int *places = calloc((size_t)nrows + 1, sizeof *places);
    int rc = calls && places ? 0 : -1;
    for (int i = 0; i < nrows; i++)
        rc |= out[i].samples ? 0 : -1;
    sq_batch_pool pool;
    rc |= rc == 0 ? sq_batch_pool_new(&pool, most, t->seed) : -1;
    *huge_pages = rc == 0 && pool.huge;
    if (rc == 0) {
        rc = sweeps(vs, t, ccfg, cal, &pool, most, progress, out, nrows, calls, places, host);
        sq_batch_pool_free(&pool);
    }
    for (int i = 0; rc && i < nrows; i++) { /* the caller keeps no row */
        free(out[i].samples);
        out[i].samples = NULL;
    }
    free(calls);
    free(places);
    return rc;
}

/* Whether fn(in, out, n) copies in[0, n) to out and writes nothing past it. */
static bool copies(void (*fn)(void), const uint8_t *in, uint8_t *out, size_t n) {
    memset(out, 0xff, n + 64);
    ((sq_color_batch_fn)fn)(in, out, n);
    for (size_t i = 0; i < n; i++)
        if (out[i] != in[i])
            return false;
    for (size_t i = n; i < n + 64; i++)
        if (out[i] != 0xff)
            return false;
    return true;
}

bool sq_batch_bound_copies(const sq_batch_variant *v) {
    enum { N = 4096 + 64 + 7 };
    static uint8_t in[N], out[N + 64]; /* not on a small stack */
    uint64_t rng = 1;
    for (size_t i = 0; i < N; i++)
        in[i] = (uint8_t)(sq_xorshift64s(&rng) >> 58);
    /* Every way: whole trips, and the registers and bytes left after them,
     * from an aligned start and an odd one. */
    static const size_t lengths[] = {0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 300, 4096, N};
    for (int w = 0; w < SQ_BATCH_BOUND_WAYS; w++) {
        void (*fn)(void) = v->ways[w] ? v->ways[w] : w ? NULL : v->fn.any;
        fn = fn ? sq_timed_batch(fn) : NULL; /* the copy timed */
        for (size_t k = 0; fn && k < sizeof lengths / sizeof lengths[0]; k++)
            for (size_t at = 0; at < 2; at++)
                if (!copies(fn, in + at * 3, out + at * 5, lengths[k] - (lengths[k] == N) * 8))
                    return false;
    }
    return true;
}

int sq_batch_time_run(sq_run *run, const sq_batch_variant *const *vs, int n,
                      const sq_batch_timing *t, const sq_calibration_config *ccfg, bool progress,
                      char *skipped, size_t len, sq_calibration *cal) {
    const sq_batch_variant *gated[sq_batch_variant_count + sq_batch_bound_count];
    memcpy(gated, vs, sizeof *gated * (size_t)n);
    int ngated = sq_gate_batch(gated, n, skipped, len);
    /* The load/store bounds this CPU runs follow the routines they bound. */
    for (int i = 0; ngated && i < sq_batch_bound_count; i++) {
        const sq_batch_variant *b = &sq_batch_bounds[i];
        if (sq_cpu_features_missing(b->needs))
            continue;
        if (sq_batch_bound_copies(b))
            gated[ngated++] = b;
        else
            fprintf(stderr, "sqcolor: %s does not copy its input; not timed\n", b->id);
    }
    sq_calibrate_clock(ccfg, cal);
    run->nbatch = 0;
    run->batch = calloc((size_t)ngated * (size_t)t->nsizes + 1, sizeof *run->batch);
    bool huge = false;
    /* The sweeps count as this process's samples, judged from the level
     * its scalar rows' probes set. */
    sq_host_counts host = run->nhost ? run->host[0] : (sq_host_counts){0};
    if (!run->batch ||
        sq_batch_time(gated, ngated, t, ccfg, cal, progress, run->batch, &huge, &host))
        return -1;
    run->host[0] = host;
    run->nhost = 1;
    run->nbatch = ngated * t->nsizes;
    run->batch_huge_pages = huge;
    return 0;
}
