/* The batch benchmarks: a batch variant (or a load/store bound) at one size,
 * timed in repetitions as sqcolor batch times it (batch_timing.h), Time its
 * median cost per square (pair). */
#include "bench/gbench/benchmarks.h"

#include "bench/catalog/gate.h"
#include "bench/gbench/time_unit.h"
#include "bench/machine/cpu_features.h"

#include <stdio.h>
#include <stdlib.h>

/* The pool the repetitions draw their placements from, as sqcolor batch's
 * (batch_timing.h), made at the first batch benchmark for the largest size
 * and held to the end. */
static sq_batch_pool pool;
static bool pooled;
/* The repetitions of the benchmark being run, over the invocations it
 * continues (gb_continues), in cycles per square; the squares they timed;
 * the calls of a sample, sized by its first repetition. */
static double *reps;
static int nreps, reps_room;
static double squares_timed;
static uint64_t calls;

void gb_batch_done(void) {
    if (pooled)
        sq_batch_pool_free(&pool);
    pooled = false;
    free(reps);
    reps = NULL;
    nreps = reps_room = 0;
}

/* The most repetitions one invocation makes, as for the scalar visits: a
 * repetition stands for more squares than it times past this many. */
#define MOST_REPS 90

/* Room for one more repetition; false out of memory. */
static bool room_for_one(void) {
    if (nreps < reps_room)
        return true;
    int more = reps_room ? 2 * reps_room : 256;
    double *grown = realloc(reps, sizeof *grown * (size_t)more);
    if (!grown)
        return false;
    reps = grown;
    reps_room = more;
    return true;
}

static void run_batch(sqgb_state *st, void *p) {
    const gb_bench *b = p;
    const sq_batch_timing *t = &b->setup->batch;
    const sq_calibration_config *clock = &b->setup->run.timing;
    const sq_calibration *cal = &b->setup->cal;
    int64_t arg = sqgb_range_arg(st, 0);
    size_t n = (size_t)arg;
    if (!pooled)
        pooled = sq_batch_pool_new(&pool, sq_batch_most(t), t->seed) == 0;
    bool fresh = !gb_continues(st, b, arg);
    if (fresh)
        nreps = 0, squares_timed = 0, calls = 0;
    if (!pooled || !room_for_one()) {
        sqgb_skip_with_error(st, "out of memory");
        return;
    }
    /* A fresh benchmark's first repetition sizes the calls of a sample,
     * which the steps follow (a repetition's fastest sample counts: it
     * stands for one sample's squares); it is the first step's. */
    bool first_done = false;
    int places = 1;
    if (fresh) {
        reps[nreps++] = sq_batch_repetition(b->batch, &pool, n, &calls, t, clock, cal, &places);
        first_done = true;
    }
    int64_t step = gb_iterations_per_step(st, (double)calls * (double)n, MOST_REPS);
    while (sqgb_keep_running_batch(st, step)) {
        if (!first_done) {
            if (!room_for_one()) {
                sqgb_skip_with_error(st, "out of memory");
                return;
            }
            reps[nreps++] = sq_batch_repetition(b->batch, &pool, n, &calls, t, clock, cal, &places);
        }
        first_done = false;
        squares_timed += (double)t->samples * (double)places * (double)calls * (double)n;
    }
    gb_report_cycles(st, sq_pooled_stats(reps, NULL, nreps), false, NULL);
    sqgb_set_counter(st, "squares_timed", squares_timed, SQGB_COUNTER_DEFAULT);
    sqgb_set_counter(st, "repetitions", nreps, SQGB_COUNTER_DEFAULT);
}

static void add(gb_bench *out, int *count, const sq_batch_variant *v, bool bound,
                const gb_setup *setup) {
    gb_bench *b = &out[(*count)++];
    *b = (gb_bench){.kind = GB_BATCH, .batch = v, .bound = bound, .setup = setup};
    sqgb_bench *h = sqgb_register(v->id, run_batch, b);
    if (!h)
        return;
    for (int s = 0; s < setup->batch.nsizes; s++)
        sqgb_arg(h, (int64_t)setup->batch.sizes[s]);
    sqgb_use_manual_time(h);
}

int gb_batch_register(const sq_batch_variant *variants, int n, const gb_setup *setup,
                      gb_bench *out) {
    const sq_batch_variant **vs = malloc(sizeof *vs * (size_t)(n ? n : 1));
    if (!vs)
        return 0;
    for (int i = 0; i < n; i++)
        vs[i] = &variants[i];
    char skipped[2200];
    int kept = sq_gate_batch(vs, n, skipped, sizeof skipped);
    if (kept && kept < n)
        fprintf(stderr, "sqcolor-gbench: %s\n", skipped);
    int count = 0;
    for (int i = 0; i < kept; i++)
        add(out, &count, vs[i], false, setup);
    free(vs);
    /* The load/store bounds this CPU runs follow the routines they bound, as
     * in sqcolor batch. */
    for (int i = 0; i < sq_batch_bound_count; i++)
        if (!sq_cpu_features_missing(sq_batch_bounds[i].needs))
            add(out, &count, &sq_batch_bounds[i], true, setup);
    return count;
}
