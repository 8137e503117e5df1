#include "bench/measure/batch_timing.h"

#include "bench/catalog/gate.h"
#include "bench/results/figures.h"

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
    sq_batch_timing t = {.reps = quick ? SQ_BATCH_QUICK_REPS : SQ_BATCH_REPS,
                         .samples = quick ? SQ_BATCH_QUICK_SAMPLES : SQ_BATCH_SAMPLES,
                         .sample_s = SQ_BATCH_SAMPLE_US * 1e-6};
    for (int s = 0; s < SQ_BATCH_SIZES; s++)
        t.sizes[t.nsizes++] = sq_batch_size_n[s];
    return t;
}

/* A placement: one block, a, b and out each a multiple of 64 KiB apart (the
 * period of a 1 MiB 16-way L2's sets), so every placement puts them on the
 * same cache sets and in the same pages. */
void sq_batch_release(sq_batch_buffers *b) {
    sq_huge_free(b->block, b->block_size);
    *b = (sq_batch_buffers){{NULL, NULL}, NULL, NULL, 0, false};
}

int sq_batch_place(sq_batch_buffers *b, size_t size) {
    size_t stride = (size + 0xffff) & ~(size_t)0xffff;
    bool huge;
    uint8_t *block = sq_huge_alloc(3 * stride, &huge);
    if (!block)
        return -1;
    *b = (sq_batch_buffers){{block, block + stride}, block + 2 * stride, block, 3 * stride, huge};
    uint64_t rng = 0x5351434f4c4f5253ULL;
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < size; i++)
            b->in[k][i] = (uint8_t)(sq_xorshift64s(&rng) >> 58);
    return 0;
}

/* TSC ticks of `calls` calls of v on n elements, timer overhead removed. */
static double ticks_of(const sq_batch_variant *v, const sq_batch_buffers *b, size_t n,
                       uint64_t calls, const sq_calibration *cal) {
    uint64_t t0 = sq_tsc_begin();
    for (uint64_t k = 0; k < calls; k++)
        sq_batch_call(v, b->in[0], b->in[1], b->out, n);
    uint64_t t1 = sq_tsc_end();
    return (double)(t1 - t0) - cal->timer_overhead;
}

double sq_batch_repetition(const sq_batch_variant *v, const sq_batch_buffers *b, size_t n,
                           uint64_t *calls, const sq_batch_timing *t,
                           const sq_calibration_config *ccfg, const sq_calibration *cal) {
    ticks_of(v, b, n, 1, cal); /* warms the buffers and the code */
    if (!*calls) {
        double one = ticks_of(v, b, n, 1, cal), want = t->sample_s * cal->tsc_hz;
        *calls = one > 0 && one < want ? (uint64_t)(want / one) : 1;
    }
    double cpt = sq_cycles_per_tick_now(ccfg, cal);
    double best = INFINITY;
    for (int s = 0; s < t->samples; s++) {
        double ticks = ticks_of(v, b, n, *calls, cal);
        if (ticks < best)
            best = ticks;
    }
    return best * cpt / ((double)*calls * (double)n);
}

int sq_batch_time(const sq_batch_variant *const *vs, int n, const sq_batch_timing *t,
                  const sq_calibration_config *ccfg, const sq_calibration *cal, bool progress,
                  sq_batch_result *out, bool *huge_pages) {
    size_t most = 64;
    for (int s = 0; s < t->nsizes; s++)
        most = t->sizes[s] > most ? t->sizes[s] : most;
    int nrows = n * t->nsizes;
    for (int i = 0; i < nrows; i++)
        out[i] = (sq_batch_result){.id = vs[i / t->nsizes]->id,
                                   .n = t->sizes[i % t->nsizes],
                                   .reps = t->reps,
                                   .samples = sq_samples_alloc((size_t)t->reps)};
    uint64_t *calls = calloc((size_t)nrows + 1, sizeof *calls);
    int rc = calls ? 0 : -1;
    for (int i = 0; i < nrows; i++)
        rc |= out[i].samples ? 0 : -1;
    /* Each repetition on buffers placed anew. On the guest's 2 MiB pages the
     * cache sets a buffer meets should be its own, yet which pages it gets
     * moves same_color_batch/avx2 at 256 KiB from 0.049 to 0.078 cycles a
     * pair (AMD Zen 5; the host may back them with small pages), while the
     * samples of one placement agree: the repetitions must differ in
     * placement for the median and its interval to say what another run
     * would see. Every placement is held to the end, or the kernel hands
     * the pages of the one before back (docs/batch.md). */
    sq_batch_buffers *placed = calloc((size_t)t->reps, sizeof *placed);
    rc |= placed ? 0 : -1;
    *huge_pages = true;
    for (int r = 0; r < t->reps && rc == 0; r++) {
        if (sq_batch_place(&placed[r], most)) {
            rc = -1;
            break;
        }
        *huge_pages &= placed[r].huge;
        if (progress)
            fprintf(stderr, "\rsqcolor: timing batch, repetition %d of %d%-30s", r + 1, t->reps,
                    "");
        for (int i = 0; i < nrows; i++)
            out[i].samples[r] = sq_batch_repetition(vs[i / t->nsizes], &placed[r], out[i].n,
                                                    &calls[i], t, ccfg, cal);
    }
    for (int r = 0; placed && r < t->reps; r++)
        sq_batch_release(&placed[r]);
    free(placed);
    if (progress)
        fprintf(stderr, "\r%-90s\r", "");
    for (int i = 0; i < nrows; i++) {
        if (rc) { /* the caller keeps no row */
            free(out[i].samples);
            out[i].samples = NULL;
            continue;
        }
        sq_batch_figures(&out[i]);
    }
    free(calls);
    return rc;
}

bool sq_batch_bound_copies(const sq_batch_variant *v) {
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
        if (sq_batch_bound_copies(b))
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
