#include "bench/measure/batch_timing.h"

#include "bench/catalog/gate.h"

#include "bench/verify/batch_verify.h"
#include "bench/machine/clock.h"
#include "bench/machine/cpu_features.h"
#include "bench/machine/huge_pages.h"
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
    /* 12 repetitions: 4 in each of a default run's 3 processes. */
    sq_batch_timing t = quick ? (sq_batch_timing){.reps = 3, .samples = 2, .sample_s = 25e-6}
                              : (sq_batch_timing){.reps = 12, .samples = 3, .sample_s = 25e-6};
    for (int s = 0; s < SQ_BATCH_SIZES; s++)
        t.sizes[t.nsizes++] = sq_batch_size_n[s];
    return t;
}

typedef struct buffers {
    uint8_t *in[2];
    void *out;
} buffers;

/* TSC ticks of `calls` calls of v on n elements, timer overhead removed. */
static double ticks_of(const sq_batch_variant *v, const buffers *b, size_t n, uint64_t calls,
                       const sq_calibration *cal) {
    uint64_t t0 = sq_tsc_begin();
    for (uint64_t k = 0; k < calls; k++)
        sq_batch_call(v, b->in[0], b->in[1], b->out, n);
    uint64_t t1 = sq_tsc_end();
    return (double)(t1 - t0) - cal->timer_overhead;
}

static sq_stats time_one(const sq_batch_variant *v, const buffers *b, size_t n,
                         const sq_batch_timing *t, const sq_calibration_config *ccfg,
                         const sq_calibration *cal, double *reps) {
    ticks_of(v, b, n, 1, cal); /* warms the buffers and the code */
    double one = ticks_of(v, b, n, 1, cal);
    double want = t->sample_s * cal->tsc_hz;
    uint64_t calls = one > 0 && one < want ? (uint64_t)(want / one) : 1;
    for (int r = 0; r < t->reps; r++) {
        double cpt = sq_cycles_per_tick_now(ccfg, cal);
        double best = INFINITY;
        for (int s = 0; s < t->samples; s++) {
            double ticks = ticks_of(v, b, n, calls, cal);
            if (ticks < best)
                best = ticks;
        }
        reps[r] = best * cpt / ((double)calls * (double)n);
    }
    return sq_stats_of(reps, t->reps);
}

int sq_batch_time(const sq_batch_variant *const *vs, int n, const sq_batch_timing *t,
                  const sq_calibration_config *ccfg, const sq_calibration *cal, bool progress,
                  sq_batch_result *out, bool *huge_pages) {
    size_t most = 64;
    for (int s = 0; s < t->nsizes; s++)
        most = t->sizes[s] > most ? t->sizes[s] : most;
    /* On huge pages: on 4 KiB ones, same_color_batch/avx512bw/asm at 256 KiB
     * read 0.085 to 0.100 cycles in ten processes, on 2 MiB ones 0.088 to
     * 0.091 (Intel 0xcf; docs/batch.md). */
    bool huge[3];
    buffers b = {{sq_huge_alloc(most, &huge[0]), sq_huge_alloc(most, &huge[1])},
                 sq_huge_alloc(most, &huge[2])};
    *huge_pages = huge[0] && huge[1] && huge[2];
    double *reps = malloc(sizeof *reps * (size_t)t->reps);
    int rc = b.in[0] && b.in[1] && b.out && reps ? 0 : -1;
    if (rc == 0) {
        uint64_t rng = 0x5351434f4c4f5253ULL; /* random squares, the same every run */
        for (int k = 0; k < 2; k++)
            for (size_t i = 0; i < most; i++)
                b.in[k][i] = (uint8_t)(sq_xorshift64s(&rng) >> 58);
        for (int i = 0; i < n; i++) {
            if (progress)
                fprintf(stderr, "\rsqcolor: timing batch %d/%d %-40s", i + 1, n, vs[i]->id);
            for (int s = 0; s < t->nsizes; s++) {
                sq_batch_result *r = &out[t->nsizes * i + s];
                r->id = vs[i]->id;
                r->n = t->sizes[s];
                r->reps = t->reps;
                r->cycles = time_one(vs[i], &b, r->n, t, ccfg, cal, reps);
                if ((r->samples = sq_samples_alloc((size_t)t->reps)))
                    memcpy(r->samples, reps, sizeof *reps * (size_t)t->reps);
                else
                    rc = -1;
                r->nmodes = sq_modes_of(reps, t->reps, r->modes);
            }
        }
        if (progress)
            fprintf(stderr, "\r%-90s\r", "");
    }
    free(reps);
    for (int k = 0; k < 2; k++)
        sq_huge_free(b.in[k], most);
    sq_huge_free(b.out, most);
    return rc;
}

/* A bound copies its input exactly, or it is not timed. */
static bool copies(const sq_batch_variant *v) {
    enum { N = 4096 + 7 };
    uint8_t in[N], out[N];
    uint64_t rng = 1;
    for (size_t i = 0; i < N; i++)
        in[i] = (uint8_t)(sq_xorshift64s(&rng) >> 58);
    memset(out, 0xff, N);
    sq_batch_call(v, in, NULL, out, 4096);
    for (size_t i = 0; i < 4096; i++)
        if (out[i] != in[i])
            return false;
    return out[4096] == 0xff;
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
        if (copies(b))
            gated[ngated++] = b;
        else
            fprintf(stderr, "sqcolor: %s does not copy its input; not timed\n", b->id);
    }
    sq_calibrate_clock(ccfg, cal);
    run->nbatch = 0;
    run->batch = calloc((size_t)ngated * (size_t)t->nsizes + 1, sizeof *run->batch);
    bool huge = false;
    if (!run->batch || sq_batch_time(gated, ngated, t, ccfg, cal, progress, run->batch, &huge))
        return -1;
    run->nbatch = ngated * t->nsizes;
    run->batch_huge_pages = huge;
    return 0;
}
