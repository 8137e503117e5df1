/* sqcolor-gbench: every variant x sequence x mode as a Google Benchmark
 * benchmark named id/sequence/mode, with core cycles per square as a counter.
 * All --benchmark_* flags work; anything else is refused. */
#include "calibration.h"
#include "engine.h"
#include "gbench.h"
#include "sequence.h"
#include "stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LENGTH = 1 << 20, BATCH = 1 << 17 };

typedef struct bench_ctx {
    const sq_variant *variant;
    const char *sequence;
    sq_mode mode;
} bench_ctx;

static sq_calibration cal;
static sq_calibration_config timing;

/* One target at a time: benchmarks run one after another, and each holds a
 * sequence of 2^20 squares. */
static const bench_ctx *current_ctx;
static sq_target *current;

static sq_target *target_for(const bench_ctx *c, char *err, size_t errlen) {
    if (current_ctx == c)
        return current;
    sq_target_free(current);
    current_ctx = NULL;
    current = sq_target_new(c->variant, c->mode, c->sequence, LENGTH, 1, err, errlen);
    if (!current)
        return NULL;
    current_ctx = c;
    return current;
}

static void run_bench(sqgb_state *st, void *p) {
    const bench_ctx *c = p;
    char err[512];
    sq_target *t = target_for(c, err, sizeof err);
    if (!t) {
        sqgb_skip_with_error(st, err);
        return;
    }
    double cycles_per_tick = sq_cycles_per_tick_now(&timing, &cal);
    /* Each batch of the variant is followed by the same window through the
     * harness alone; the reported time is the variant's only (manual time),
     * the counters the difference. */
    int64_t squares = 0;
    size_t batches = 0, cap = 1024;
    double *net_per_batch = malloc(sizeof *net_per_batch * cap);
    bool right = net_per_batch != NULL;
    while (sqgb_keep_running_batch(st, BATCH)) {
        uint64_t t0 = sq_tsc_begin();
        right &= sq_target_run(t, BATCH, false);
        uint64_t t1 = sq_tsc_end();
        sq_target_run(t, BATCH, true);
        uint64_t t2 = sq_tsc_end();
        squares += BATCH;
        sqgb_set_iteration_time(st, (double)(t1 - t0) / cal.tsc_hz);
        if (batches == cap) {
            double *more = realloc(net_per_batch, sizeof *more * (cap *= 2));
            right &= more != NULL;
            if (!more)
                break;
            net_per_batch = more;
        }
        net_per_batch[batches++] = ((double)(t1 - t0) - (double)(t2 - t1)) / BATCH;
    }
    if (!right) {
        free(net_per_batch);
        sqgb_skip_with_error(st, "the kernel answered wrong while timed");
        return;
    }
    /* The median over batches, robust to an interrupted batch as sqcolor run's
     * statistics are; Google Benchmark's own time is the mean. */
    double net = sq_stats_of(net_per_batch, (int)batches).median;
    free(net_per_batch);
    sqgb_set_counter(st, "cycles", net * cycles_per_tick, SQGB_COUNTER_DEFAULT);
    sqgb_set_counter(st, "ticks", net, SQGB_COUNTER_DEFAULT);
    sqgb_set_items_processed(st, squares);
    sqgb_set_label(st, cal.perf ? "time per square; cycles: core cycles, median of batches, "
                                  "harness subtracted"
                                : "time per square; cycles: core cycles (add-chain calibrated), "
                                  "median of batches, harness subtracted");
}

int main(int argc, char **argv) {
    char err[512];
    if (sqgb_initialize(&argc, argv, err, sizeof err)) {
        fprintf(stderr, "sqcolor-gbench: %s (see --help)\n", err);
        return 2;
    }
    timing = sq_calibration_defaults();
    timing.reps = 5;
    sq_calibrate_clock(&timing, &cal);

    /* The built-in sequences of each arity, split once. */
    static char names[2][128];
    static const char *seqs[2][8];
    int nseqs[2] = {0, 0};
    for (int a = 0; a < 2; a++) {
        snprintf(names[a], sizeof names[a], "%s", sq_sequence_names(a + 1));
        for (char *tok = strtok(names[a], ","); tok && nseqs[a] < 8; tok = strtok(NULL, ","))
            seqs[a][nseqs[a]++] = tok;
    }
    int count = 0;
    for (int i = 0; i < sq_variant_count; i++)
        count += nseqs[sq_variants[i].family->arity - 1] * SQ_MODE_COUNT;
    bench_ctx *ctx = calloc((size_t)count, sizeof *ctx);
    int n = 0;
    for (int i = 0; i < sq_variant_count; i++) {
        const sq_variant *v = &sq_variants[i];
        int a = v->family->arity - 1;
        for (int s = 0; s < nseqs[a]; s++)
            for (int m = 0; m < SQ_MODE_COUNT; m++) {
                bench_ctx *c = &ctx[n++];
                *c = (bench_ctx){v, seqs[a][s], (sq_mode)m};
                char name[256];
                snprintf(name, sizeof name, "%s/%s/%s", v->id, c->sequence, sq_mode_names[m]);
                sqgb_bench *b = sqgb_register(name, run_bench, c);
                if (b) {
                    sqgb_unit(b, SQGB_NS);
                    sqgb_use_manual_time(b);
                }
            }
    }
    sqgb_run();
    sqgb_shutdown();
    sq_target_free(current);
    free(ctx);
    return 0;
}
