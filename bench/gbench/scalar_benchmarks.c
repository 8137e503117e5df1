/* The scalar benchmarks: a variant in one mode over one sequence, timed as
 * sqcolor run times a row (target.c), Time its net cost per square. */
#include "bench/gbench/benchmarks.h"

#include "bench/cli/cli.h"
#include "bench/gbench/time_unit.h"
#include "bench/input/sequence.h"
#include "bench/measure/timing_defaults.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One target at a time: benchmarks run one after another, and each holds a
 * sequence of 2^20 squares. */
static const gb_bench *current_bench;
static sq_target *current;

/* The visits of the benchmark being run, over the invocations it continues
 * (gb_continues). */
static sq_target_visit_times *visits;
static int nvisits, visits_room;

static sq_target *target_for(const gb_bench *b, char *err, size_t errlen) {
    if (current_bench == b)
        return current;
    gb_scalar_done();
    current = sq_target_new(b->variant, b->mode, b->sequence, &b->setup->run, &b->setup->cal, err,
                            errlen);
    if (current)
        current_bench = b;
    return current;
}

void gb_scalar_done(void) {
    free(visits);
    visits = NULL;
    nvisits = visits_room = 0;
    sq_target_free(current);
    current = NULL;
    current_bench = NULL;
}

/* The most visits one invocation makes: as many as sqcolor run gives a row
 * at most. Google Benchmark sizes its iterations by the reported time, and a
 * cost near zero would have it ask for its cap of 10^9 iterations, seconds
 * of visits that add nothing to a median over groups of visits; past this
 * many visits, a visit stands for more squares than it times. */
#define MOST_VISITS (SQ_DEFAULT_OF(SQ_TIMING_VISITS) * SQ_DEFAULT_OF(SQ_TIMING_REPS))

/* Room for one more visit; false out of memory. */
static bool room_for_one(void) {
    if (nvisits < visits_room)
        return true;
    int more = visits_room ? 2 * visits_room : 1024;
    sq_target_visit_times *grown = realloc(visits, sizeof *grown * (size_t)more);
    if (!grown)
        return false;
    visits = grown;
    visits_room = more;
    return true;
}

/* Each step is one visit of the variant followed by one of its harness, each
 * after a random kernel of the family has run briefly. Time is sqcolor run's
 * statistic over the visits, so the two front ends report the same number:
 * per group of run's visits (sq_engine_defaults) the fastest variant visit less the
 * fastest harness visit, the median over the groups. */
static void run_scalar(sqgb_state *st, void *p) {
    const gb_bench *b = p;
    char err[512];
    sq_target *t = target_for(b, err, sizeof err);
    if (!t) {
        sqgb_skip_with_error(st, err);
        return;
    }
    if (!gb_continues(st, b, 0))
        nvisits = 0;
    bool right = true;
    size_t chunk = sq_target_squares(t);
    int64_t step = gb_iterations_per_step(st, (double)chunk, MOST_VISITS);
    while (right && sqgb_keep_running_batch(st, step)) {
        if (!room_for_one()) {
            sqgb_skip_with_error(st, "out of memory");
            return;
        }
        right &= sq_target_visit(t, &visits[nvisits++]);
    }
    if (!right) {
        sqgb_skip_with_error(st, "the kernel answered wrong while timed");
        return;
    }
    sq_stats cycles;
    double ticks;
    if (!sq_target_net(visits, nvisits, b->setup->run.visits, &cycles, &ticks)) {
        sqgb_skip_with_error(st, "no visit was timed");
        return;
    }
    gb_report_cycles(st, cycles, true,
                     b->control_dependent
                         ? "†: control dependent: the chain passes through a predicted branch, "
                           "so Time says how predictable the sequence is"
                         : NULL);
    sqgb_set_counter(st, "ticks", ticks, SQGB_COUNTER_DEFAULT);
    sqgb_set_counter(st, "squares_timed", (double)nvisits * (double)chunk, SQGB_COUNTER_DEFAULT);
    sqgb_set_counter(st, "visits", nvisits, SQGB_COUNTER_DEFAULT);
}

/* The built-in sequences of each arity. */
static int sequences_of(int arity, const char **out, int most) {
    static char names[2][128];
    snprintf(names[arity - 1], sizeof names[0], "%s", sq_sequence_names(arity));
    int n = 0;
    for (char *p = names[arity - 1], *tok; n < most && (tok = strsep(&p, ","));)
        out[n++] = tok;
    return n;
}

#define MOST_SEQUENCES 8

/* A row the tables mark † (a latency or call chain through a predicted
 * branch) measures how predictable its sequence is, not a chain of data, so
 * it is not named as one: /latency and /call select dependency chains only,
 * and compare.py, which has no †, never reads one as a latency. */
static const char *mode_name(const gb_bench *b) {
    if (!b->control_dependent)
        return sq_mode_names[b->mode];
    return b->mode == SQ_MODE_LATENCY ? "control_chain" : "control_call";
}

int gb_scalar_most(int n) {
    return n * MOST_SEQUENCES * SQ_MODE_COUNT;
}

int gb_scalar_register(const sq_variant *variants, int n, const gb_setup *setup, gb_bench *out) {
    const char *seqs[2][MOST_SEQUENCES];
    int nseqs[2] = {sequences_of(1, seqs[0], MOST_SEQUENCES),
                    sequences_of(2, seqs[1], MOST_SEQUENCES)};
    /* What this CPU cannot execute is never registered. */
    const sq_variant **vs = malloc(sizeof *vs * (size_t)(n ? n : 1));
    if (!vs)
        return 0;
    for (int i = 0; i < n; i++)
        vs[i] = &variants[i];
    char skipped[1024];
    int nvs = sq_keep_supported_noting("sqcolor-gbench", vs, n, skipped, sizeof skipped);
    int count = 0;
    for (int i = 0; i < nvs; i++) {
        int a = vs[i]->family->arity - 1;
        /* A property of the code in a mode, read from it once per variant. */
        bool control[SQ_MODE_COUNT];
        for (int m = 0; m < SQ_MODE_COUNT; m++)
            control[m] = (m == SQ_MODE_LATENCY || m == SQ_MODE_CALL) &&
                         sq_row_control_dependent(vs[i], (sq_mode)m);
        for (int s = 0; s < nseqs[a]; s++)
            for (int m = 0; m < SQ_MODE_COUNT; m++) {
                gb_bench *b = &out[count++];
                *b = (gb_bench){.kind = GB_SCALAR,
                                .variant = vs[i],
                                .sequence = seqs[a][s],
                                .mode = (sq_mode)m,
                                .control_dependent = control[m],
                                .setup = setup};
                char name[256];
                snprintf(name, sizeof name, "%s/%s/%s", vs[i]->id, b->sequence, mode_name(b));
                sqgb_bench *h = sqgb_register(name, run_scalar, b);
                if (h)
                    sqgb_use_manual_time(h);
            }
    }
    free(vs);
    return count;
}
