/* compare's judge (bench/compare/compare.h) on runs made in memory, each
 * rule by a case whose answer is known: a shift caught, a shift under the
 * floor and noise passed, a row at two speeds judged by them (its own, or
 * two its sides' samples share), rows sharing
 * one figure tested once and counted once, a group that moved as a whole,
 * batch rows with their own floor, runs as the units, units paired; what
 * the host did (clean repetitions tested, a row it spoiled or left too few
 * for its test kept from a verdict, the sides' cores differing), medians
 * that print alike and a change to about zero. Nothing is timed. */
#include "bench/compare/compare.h"
#include "bench/compare/rules.h"
#include "bench/results/figures.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define MOST_ROWS  48
#define MOST_BATCH 4
#define MOST_UNITS 8 /* processes, or runs, a side */
#define PER        5 /* samples a unit */

/* A run made in memory: its rows, and the sample blocks to free. */
typedef struct side {
    sq_run run;
    sq_result rows[MOST_ROWS];
    sq_batch_result batch[MOST_BATCH];
} side;

static char ids[MOST_ROWS][32];
static sq_variant variants[MOST_ROWS];

/* Variant i, "color/tI/asm". */
static const sq_variant *variant(int i) {
    if (!variants[i].id) {
        snprintf(ids[i], sizeof ids[i], "color/t%d/asm", i);
        variants[i].id = ids[i];
    }
    return &variants[i];
}

/* A block of n samples, unit u's k-th at cost[u] times a wobble of 0.02%
 * (so a unit's median is its cost), each sample's unit after them. */
static double *samples_of(const double *cost, int units, int per, unsigned char **unit_of) {
    int n = units * per;
    double *x = sq_samples_alloc((size_t)n);
    *unit_of = (unsigned char *)(x + n);
    for (int u = 0; u < units; u++)
        for (int k = 0; k < per; k++) {
            x[u * per + k] = cost[u] * (1 + 0.0002 * (k - per / 2));
            (*unit_of)[u * per + k] = (unsigned char)u;
        }
    return x;
}

/* Adds variant v's row on sequence and mode: units units of PER samples at
 * cost[u] each. */
static sq_result *add_row(side *s, int v, const char *sequence, sq_mode mode, int units,
                          const double *cost) {
    sq_result *r = &s->rows[s->run.nresults++];
    *r =
        (sq_result){.variant = variant(v), .sequence = sequence, .mode = mode, .reps = units * PER};
    r->samples = samples_of(cost, units, PER, &r->process);
    s->run.processes = units;
    return r;
}

/* Adds a batch row of id at n squares, as add_row. */
static void add_batch(side *s, const char *id, int units, const double *cost) {
    sq_batch_result *b = &s->batch[s->run.nbatch++];
    *b = (sq_batch_result){.id = id, .n = 4096, .reps = units * PER};
    b->samples = samples_of(cost, units, PER, &b->process);
}

/* The run's figures from its samples, as a file's reader derives them. */
static void finish(side *s) {
    s->run.results = s->rows;
    s->run.batch = s->batch;
    s->run.clock.tsc_hz = s->run.clock.core_hz = 1e9;
    sq_run_figures(&s->run);
}

static void side_free(side *s) {
    for (int i = 0; i < s->run.nresults; i++)
        free(s->rows[i].samples);
    for (int i = 0; i < s->run.nbatch; i++)
        free(s->batch[i].samples);
    memset(s, 0, sizeof *s);
}

/* b compared to a at the default alpha, the gate at any slowdown. */
static sq_verdicts judged(side *a, side *b, sq_compare_units units) {
    finish(a);
    finish(b);
    sq_compare_options o = {.q = SQ_COMPARE_ALPHA, .fail_over = 0, .units = units};
    sq_verdicts v;
    CHECK(sq_compare(&a->run, &b->run, &o, &v) == 0, "sq_compare: out of memory");
    return v;
}

/* The verdicts and both runs freed. */
static void release(sq_verdicts *v, side *a, side *b) {
    sq_verdicts_free(v);
    side_free(a);
    side_free(b);
}

static const char *word(const sq_verdicts *v, int i) {
    return sq_compare_verdict_word(&v->rows[i]);
}

/* Three processes a side: a row 10% slower in B is slower, over the gate;
 * a row that did not move is the same. */
static void shift_caught(void) {
    side a = {0}, b = {0};
    add_row(&a, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.000, 4.004, 3.996});
    add_row(&b, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.400, 4.404, 4.396});
    add_row(&a, 1, "random", SQ_MODE_LATENCY, 3, (double[]){3.000, 3.003, 2.997});
    add_row(&b, 1, "random", SQ_MODE_LATENCY, 3, (double[]){3.001, 2.998, 3.002});
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.tally.matched == 2 && v.tally.ntested == 2, "shift: 2 rows t-tested (%d of %d)",
          v.tally.ntested, v.tally.matched);
    CHECK(strcmp(word(&v, 0), "slower") == 0 && v.rows[0].p <= SQ_COMPARE_ALPHA,
          "shift: a row 10%% slower is slower (%s, p %g)", word(&v, 0), v.rows[0].p);
    CHECK(strcmp(sq_compare_test_word(&v.rows[0]), "processes") == 0,
          "shift: tested on processes (%s)", sq_compare_test_word(&v.rows[0]));
    CHECK(strcmp(word(&v, 1), "same") == 0, "shift: a row that did not move is the same (%s)",
          word(&v, 1));
    CHECK(sq_compare_gate(&v) == 1 && v.counts.most_slower == 0, "shift: 1 over the gate (%d)",
          sq_compare_gate(&v));
    release(&v, &a, &b);
}

/* A shift of 0.5%, consistent in every process (significant), is under the
 * floor of 1%: not flagged, and said so; 0.015 cycles on a row of a cycle,
 * under the 0.02 cycles; noise is the same. */
static void shift_under_floor(void) {
    side a = {0}, b = {0};
    add_row(&a, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.000, 4.002, 3.998});
    add_row(&b, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.020, 4.022, 4.018});
    add_row(&a, 1, "random", SQ_MODE_LATENCY, 3, (double[]){1.000, 1.001, 0.999});
    add_row(&b, 1, "random", SQ_MODE_LATENCY, 3, (double[]){1.015, 1.016, 1.014});
    add_row(&a, 2, "random", SQ_MODE_LATENCY, 3, (double[]){3.000, 3.003, 2.997});
    add_row(&b, 2, "random", SQ_MODE_LATENCY, 3, (double[]){3.001, 2.998, 3.002});
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    for (int i = 0; i < 2; i++)
        CHECK(strcmp(word(&v, i), "same") == 0 && v.rows[i].p <= SQ_COMPARE_ALPHA &&
                  v.rows[i].why_not && strcmp(v.rows[i].why_not, "(under the floor)") == 0,
              "floor: row %d significant but under the floor is the same (%s, p %g)", i,
              word(&v, i), v.rows[i].p);
    CHECK(strcmp(word(&v, 2), "same") == 0 && !v.rows[2].why_not && v.rows[2].p > 0.05,
          "floor: noise is the same (%s, p %g)", word(&v, 2), v.rows[2].p);
    CHECK(fabs(v.rows[0].detectable - 0.04) < 1e-12,
          "floor: a row's detectable change is never under the floor (%g)", v.rows[0].detectable);
    CHECK(sq_compare_gate(&v) == 0, "floor: none over the gate");
    release(&v, &a, &b);
}

/* Fills x with units processes of per samples, each process's first nfast
 * at fast and the rest at slow. */
static double *two_speeds(double fast, double slow, int nfast, int units, int per, double *x) {
    for (int u = 0; u < units; u++)
        for (int k = 0; k < per; k++)
            x[u * per + k] = (k < nfast ? fast : slow) * (1 + 0.0001 * (k % 3));
    return x;
}

/* Adds row v from the samples x of units processes of per samples. */
static void add_samples(side *s, int v, int units, int per, const double *x) {
    sq_result *r = &s->rows[s->run.nresults++];
    *r = (sq_result){.variant = variant(v),
                     .sequence = "dark",
                     .mode = SQ_MODE_LATENCY,
                     .reps = units * per,
                     .samples = sq_samples_alloc((size_t)(units * per))};
    r->process = (unsigned char *)(r->samples + units * per);
    for (int k = 0; k < units * per; k++) {
        r->samples[k] = x[k];
        r->process[k] = (unsigned char)(k / per);
    }
    s->run.processes = units;
}

/* A row at two speeds, 4.13 and 4.32, whose shares moved (the processes'
 * medians with them) is judged by its speeds: the same; at 4.6 and 4.8 in
 * B it is slower. */
static void two_speeds_judged(void) {
    side a = {0}, b = {0};
    double x[45];
    add_samples(&a, 0, 3, 15, two_speeds(4.13, 4.32, 3, 3, 15, x));
    add_samples(&b, 0, 3, 15, two_speeds(4.13, 4.32, 12, 3, 15, x));
    add_samples(&a, 1, 3, 15, two_speeds(4.13, 4.32, 3, 3, 15, x));
    add_samples(&b, 1, 3, 15, two_speeds(4.6, 4.8, 12, 3, 15, x));
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.rows[0].a.nspeeds == 2 && v.rows[0].b.nspeeds == 2,
          "speeds: the rows are at two speeds (%d, %d)", v.rows[0].a.nspeeds, v.rows[0].b.nspeeds);
    CHECK(v.rows[0].by_speeds && strcmp(word(&v, 0), "same") == 0,
          "speeds: shares moved, speeds not: the same (%s, by speeds %d)", word(&v, 0),
          v.rows[0].by_speeds);
    CHECK(v.rows[1].by_speeds && strcmp(word(&v, 1), "slower") == 0,
          "speeds: both speeds moved: slower (%s)", word(&v, 1));
    CHECK(v.counts.by_speeds == 2 && isnan(v.rows[0].p) && isnan(v.rows[0].detectable),
          "speeds: no p-value nor detectable change (%g, %g)", v.rows[0].p, v.rows[0].detectable);
    release(&v, &a, &b);
}

/* Adds row v from samples x[0..n) of the processes in process[0..n). */
static void add_recorded(side *s, int v, const double *x, const unsigned char *process, int n) {
    sq_result *r = &s->rows[s->run.nresults++];
    *r = (sq_result){.variant = variant(v),
                     .sequence = "dark",
                     .mode = SQ_MODE_BRANCH,
                     .reps = n,
                     .samples = sq_samples_alloc((size_t)n)};
    r->process = (unsigned char *)(r->samples + n);
    memcpy(r->samples, x, sizeof *x * (size_t)n);
    memcpy(r->process, process, (size_t)n);
    s->run.processes = 3;
}

/* x[0..n) each by more, into out; out. */
static const double *plus(const double *x, int n, double by, double *out) {
    for (int k = 0; k < n; k++)
        out[k] = x[k] + by;
    return out;
}

/* Intel 0xa7, two default runs of one build: color/parity/clang-13 read
 * 3.83 or 4.00 a sample; all six of one run at 3.83, eight of nine of the
 * next at 4.00. And near zero, color/parity/clang-13-native alternating
 * branch at 0.00 or 0.06 (three of twelve at 0.06, then eight of nine).
 * Neither side is at two speeds of its own, yet one holds both: the same.
 * With the odd ones out at their side's speed, each run wholly at one, each
 * is a shift: slower. */
static void shared_speeds_judged(void) {
    static const double parity_a[6] = {3.839, 3.835, 3.839, 3.831, 3.832, 3.832},
                        parity_b[9] = {3.998, 3.997, 3.995, 4.002, 4.002,
                                       3.834, 4.001, 3.996, 3.999},
                        zero_a[12] = {0.001,  0.001, 0.064, 0.002, 0.002, 0.001,
                                      -0.003, 0.000, 0.068, 0.002, 0.002, 0.064},
                        zero_b[9] = {0.065, 0.064, 0.002, 0.061, 0.060, 0.064, 0.064, 0.066, 0.064};
    static const unsigned char pa[6] = {0, 0, 1, 1, 2, 2}, pb[9] = {0, 0, 1, 1, 2, 2, 2, 2, 2},
                               za[12] = {0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2},
                               zb[9] = {0, 0, 1, 1, 1, 1, 1, 2, 2};
    double moved_b[9], moved_a[12], moved_zb[9];
    memcpy(moved_b, parity_b, sizeof moved_b);
    moved_b[5] = 4.000;
    memcpy(moved_a, zero_a, sizeof moved_a);
    moved_a[2] = moved_a[8] = moved_a[11] = 0.001;
    memcpy(moved_zb, zero_b, sizeof moved_zb);
    moved_zb[2] = 0.063;
    side a = {0}, b = {0};
    add_recorded(&a, 0, parity_a, pa, 6);
    add_recorded(&b, 0, parity_b, pb, 9);
    add_recorded(&a, 1, zero_a, za, 12);
    add_recorded(&b, 1, zero_b, zb, 9);
    add_recorded(&a, 2, parity_a, pa, 6);
    add_recorded(&b, 2, moved_b, pb, 9);
    add_recorded(&a, 3, moved_a, za, 12);
    add_recorded(&b, 3, moved_zb, zb, 9);
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    for (int i = 0; i < 2; i++)
        CHECK(v.rows[i].by_speeds && strcmp(word(&v, i), "same") == 0 && v.rows[i].b.nspeeds == 2,
              "shared speeds: row %d the same by the speeds both hold (%s, by speeds %d)", i,
              word(&v, i), v.rows[i].by_speeds);
    for (int i = 2; i < 4; i++)
        CHECK(!v.rows[i].by_speeds && strcmp(word(&v, i), "slower") == 0,
              "shared speeds: row %d, each side at one speed, a shift: slower (%s)", i,
              word(&v, i));
    release(&v, &a, &b);
}

/* Intel 0xa7: color/ethereal/gcc-11 game-moves throughput, two samples a
 * process, jumping between 0.665, 0.687 and 0.708 inside processes; each
 * process's median fell near 0.687 by chance, against 0.708 in a run of
 * the same code (t 29 on those medians). The spread within the processes
 * is the least their medians can have: the same. The same samples 0.3
 * cycles slower in B are slower still. */
static void spread_within_processes(void) {
    static const double a_x[6] = {0.687056, 0.687538, 0.708253, 0.668464, 0.706614, 0.66532},
                        b_x[6] = {0.707617, 0.708545, 0.707606, 0.709576, 0.707148, 0.708989};
    static const unsigned char pairs[6] = {0, 0, 1, 1, 2, 2};
    double slow[6];
    side a = {0}, b = {0};
    add_recorded(&a, 0, a_x, pairs, 6);
    add_recorded(&b, 0, b_x, pairs, 6);
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(strcmp(word(&v, 0), "same") == 0 && v.rows[0].p > SQ_COMPARE_ALPHA,
          "spread within: states inside processes are no change (%s, p %g)", word(&v, 0),
          v.rows[0].p);
    release(&v, &a, &b);
    add_recorded(&a, 0, a_x, pairs, 6);
    add_recorded(&b, 0, plus(a_x, 6, 0.3, slow), pairs, 6);
    v = judged(&a, &b, (sq_compare_units){0});
    CHECK(strcmp(word(&v, 0), "slower") == 0, "spread within: 0.3 cycles slower is slower (%s)",
          word(&v, 0));
    release(&v, &a, &b);
}

/* A recorded row (A: ax over processes pa, B: bx over pb), as read, then
 * with B by cycles slower: by their speeds, the same, then slower. */
static void recorded_pair_judged(const char *what, const double *ax, const unsigned char *pa,
                                 int na, const double *bx, const unsigned char *pb, int nb,
                                 double by) {
    double slow[16];
    side a = {0}, b = {0};
    add_recorded(&a, 0, ax, pa, na);
    add_recorded(&b, 0, bx, pb, nb);
    add_recorded(&a, 1, ax, pa, na);
    add_recorded(&b, 1, plus(bx, nb, by, slow), pb, nb);
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.rows[0].by_speeds && strcmp(word(&v, 0), "same") == 0,
          "%s: the same (%s, by speeds %d)", what, word(&v, 0), v.rows[0].by_speeds);
    CHECK(v.rows[1].by_speeds && strcmp(word(&v, 1), "slower") == 0,
          "%s: %.1f cycles on, slower (%s)", what, by, word(&v, 1));
    release(&v, &a, &b);
}

/* Intel 0xa7, color/texel/asm dark branch: one speed, 1.01-1.14 (1.07),
 * against two, 1.00-1.14 and 2.01 (1.136 and 2.013): the medians 6% apart
 * but each in the other's samples, the same. 0.3 cycles slower, B's fast
 * speed misses A's samples: slower. */
static void speeds_that_meet(void) {
    static const double a_x[9] = {1.069, 1.07, 1.141, 1.073, 1.019, 1.086, 1.052, 1.134, 1.014},
                        b_x[12] = {1.136, 1.141, 2.016, 1.136, 1.138, 1.0,
                                   2.013, 1.033, 2.01,  1.139, 1.007, 2.013};
    static const unsigned char pa[9] = {0, 0, 1, 1, 1, 1, 1, 2, 2},
                               pb[12] = {0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2};
    recorded_pair_judged("speeds that meet", a_x, pa, 9, b_x, pb, 12, 0.3);
}

/* Intel 0xa7, a pair against the add build (harness 8): color/texel/asm
 * dark branch at 1.14 or 2.01 in A (and 1.03-1.07), at 1.00-1.03 or 2.01 in
 * B: "faster" by its speeds (1.137 and 2.014 against 1.017), inside both
 * intervals: the same. */
static void speeds_inside_intervals(void) {
    static const double a_x[18] = {1.138,   1.1429,  1.13952, 2.01278, 1.07305, 2.01384,
                                   2.01447, 2.01533, 1.13781, 1.02756, 1.05316, 2.01135,
                                   1.13627, 1.14435, 2.01453, 2.0127,  1.13535, 1.13675},
                        b_x[6] = {1.00394, 1.0278, 2.01362, 2.01434, 1.00534, 1.01707};
    static const unsigned char pa[18] = {0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2},
                               pb[6] = {0, 0, 1, 1, 2, 2};
    side a = {0}, b = {0};
    add_recorded(&a, 0, a_x, pa, 18);
    add_recorded(&b, 0, b_x, pb, 6);
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.rows[0].by_speeds && strcmp(word(&v, 0), "same") == 0,
          "a third speed inside the intervals: the same (%s, by speeds %d)", word(&v, 0),
          v.rows[0].by_speeds);
    release(&v, &a, &b);
}

/* Intel 0xa7, two default runs of one build (harness 8): color/popcnt/asm
 * game-bishops branch at 2.28-2.46 or 3.03-3.21, three samples each,
 * against 2.12-2.47 and one at 3.32: B's one speed (2.27) lies 0.01 under
 * A's fast samples but inside the reach their range gives 2.44: the same.
 * 1.5 cycles on: slower. */
static void speeds_within_reach(void) {
    static const double a_x[6] = {2.43954, 2.28252, 3.12833, 3.2089, 3.03118, 2.46115},
                        b_x[6] = {2.2574, 3.31949, 2.21342, 2.46869, 2.11582, 2.28503};
    static const unsigned char pa[6] = {0, 0, 1, 1, 2, 2};
    recorded_pair_judged("speeds within reach", a_x, pa, 6, b_x, pa, 6, 1.5);
}

/* Three rows of one figure (two shared_from the first), 6% slower, and one
 * row apart: two tests, not four; the copies carry their twin's p; and the
 * figure is one finding, counted once, its rows beside. */
static void twins_tested_once(void) {
    side a = {0}, b = {0};
    for (int i = 0; i < 3; i++) {
        sq_result *ra = add_row(&a, i, "ordered", SQ_MODE_LATENCY, 3, (double[]){4, 4.01, 3.99});
        sq_result *rb = add_row(&b, i, "ordered", SQ_MODE_LATENCY, 3, (double[]){4.24, 4.25, 4.23});
        ra->shared_from = rb->shared_from = i ? variant(0)->id : NULL;
    }
    add_row(&a, 3, "ordered", SQ_MODE_LATENCY, 3, (double[]){2, 2.002, 1.998});
    add_row(&b, 3, "ordered", SQ_MODE_LATENCY, 3, (double[]){2.001, 1.999, 2.002});
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.tally.ntested == 2 && v.tally.nshared == 2,
          "twins: 2 tests and 2 sharing a figure (%d, %d)", v.tally.ntested, v.tally.nshared);
    CHECK(v.rows[1].p == v.rows[0].p && v.rows[2].p == v.rows[0].p &&
              v.rows[2].detectable == v.rows[0].detectable,
          "twins: the copies carry their twin's p (%g, %g, %g)", v.rows[0].p, v.rows[1].p,
          v.rows[2].p);
    for (int i = 0; i < 3; i++)
        CHECK(strcmp(word(&v, i), "slower") == 0, "twins: row %d slower (%s)", i, word(&v, i));
    CHECK(v.counts.slower == 1 && v.counts.slower_rows == 3 && sq_compare_gate(&v) == 1,
          "twins: one finding of three rows, once over the gate (%d, %d rows, gate %d)",
          v.counts.slower, v.counts.slower_rows, sq_compare_gate(&v));
    CHECK(v.rows[0].copies == 2 && v.rows[0].twin == -1 && v.rows[1].twin == 0 &&
              v.rows[2].twin == 0,
          "twins: the row timed counts its copies, each copy names it (%d, %d)", v.rows[0].copies,
          v.rows[1].twin);
    release(&v, &a, &b);
}

/* Adds n rows, variants from v0, on sequence at cost in A and cost times
 * ratio in B. */
static void add_group(side *a, side *b, int v0, int n, const char *sequence, double cost,
                      double ratio) {
    for (int i = 0; i < n; i++) {
        double c = cost + 0.1 * i;
        add_row(a, v0 + i, sequence, SQ_MODE_BRANCH, 3, (double[]){c, c * 1.001, c * 0.999});
        add_row(b, v0 + i, sequence, SQ_MODE_BRANCH, 3,
                (double[]){c * ratio, c * ratio * 1.001, c * ratio * 0.999});
    }
}

/* Intel 0xa7, a default run against one of the same code: every
 * different_color throughput row 6% slower (0.811 to 0.864 cycles), the
 * same_color rows of that sequence unmoved. 25 rows of one family at 0.30 to
 * 0.54 cycles 6% slower beside 20 of another unmoved: that family's group
 * moved, none of its rows is judged; the other's did not. */
static void drift_of_one_family(void) {
    side a = {0}, b = {0};
    for (int i = 0; i < 45; i++) {
        bool moved = i < 25;
        double c = moved ? 0.30 + 0.01 * i : 2 + 0.1 * i, r = moved ? 1.06 : 1;
        add_row(&a, i, "same", SQ_MODE_THROUGHPUT, 3, (double[]){c, c * 1.001, c * 0.999});
        add_row(&b, i, "same", SQ_MODE_THROUGHPUT, 3,
                (double[]){c * r, c * r * 1.001, c * r * 0.999});
        snprintf(ids[i], sizeof ids[i], "%s/t%d/asm", moved ? "different_color" : "same_color", i);
    }
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.tally.ndrift == 1 && strcmp(v.tally.drift[0].family, "different_color") == 0 &&
              v.tally.drift[0].rows == 25 && v.counts.slower == 0 && v.counts.host == 25,
          "one family's drift: %d groups (%s), %d slower, %d not judged", v.tally.ndrift,
          v.tally.ndrift ? v.tally.drift[0].family : "-", v.counts.slower, v.counts.host);
    release(&v, &a, &b);
    for (int i = 0; i < 45; i++)
        snprintf(ids[i], sizeof ids[i], "color/t%d/asm", i);
}

/* 20 branch rows on random all 3% slower: a group that moved as a whole,
 * each of its rows carrying the ratio; 19 on dark 3% slower are too few to
 * stand for their group, 20 on light 0.5% slower too little. */
static void drift_found(void) {
    side a = {0}, b = {0};
    add_group(&a, &b, 0, SQ_DRIFT_LEAST_ROWS, "random", 2, 1.03);
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.tally.ndrift == 1 && fabs(v.tally.drift[0].ratio - 1.03) < 1e-9 &&
              v.tally.drift[0].rows == SQ_DRIFT_LEAST_ROWS,
          "drift: one group, x1.03 over 20 rows (%d, %g)", v.tally.ndrift,
          v.tally.ndrift ? v.tally.drift[0].ratio : NAN);
    CHECK(fabs(v.rows[0].drift - 1.03) < 1e-9 && v.counts.slower == 0 &&
              v.counts.host == SQ_DRIFT_LEAST_ROWS && sq_compare_gate(&v) == 0,
          "drift: a row of the group carries it, not judged (%g, %d slower, %d not judged)",
          v.rows[0].drift, v.counts.slower, v.counts.host);
    release(&v, &a, &b);
    add_group(&a, &b, 0, SQ_DRIFT_LEAST_ROWS - 1, "dark", 2, 1.03);
    add_group(&a, &b, 20, SQ_DRIFT_LEAST_ROWS, "light", 2, 1.005);
    v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.tally.ndrift == 0 && v.rows[0].drift == 1,
          "drift: 19 rows, or 0.5%%, no drift (%d groups)", v.tally.ndrift);
    release(&v, &a, &b);
}

/* Batch rows, judged apart with their own floor of 3%: 10% slower is
 * slower and over the gate, 2% (significant) the same; a row only in A. */
static void batch_judged(void) {
    side a = {0}, b = {0};
    add_batch(&a, "color_batch/t0/asm", 3, (double[]){0.0700, 0.0701, 0.0699});
    add_batch(&b, "color_batch/t0/asm", 3, (double[]){0.0770, 0.0771, 0.0769});
    add_batch(&a, "color_batch/t1/asm", 3, (double[]){0.0700, 0.0701, 0.0699});
    add_batch(&b, "color_batch/t1/asm", 3, (double[]){0.0686, 0.0687, 0.0685});
    add_batch(&a, "color_batch/t2/asm", 3, (double[]){0.05, 0.05, 0.05});
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    const sq_batch_comparison *c = &v.batch;
    CHECK(c->matched == 2 && c->only_a == 1 && c->only_b == 0, "batch: 2 matched, 1 only in A");
    CHECK(c->verdicts[0].slower && c->verdicts[0].over && c->gate == 1,
          "batch: 10%% slower is slower, over the gate");
    CHECK(!c->verdicts[1].slower && !c->verdicts[1].faster,
          "batch: 2%% faster is under the batch floor: the same (%s)",
          sq_batch_verdict_word(&c->verdicts[1]));
    CHECK(sq_compare_gate(&v) == 1 && v.tally.matched == 0, "batch: the gate counts batch rows");
    release(&v, &a, &b);
}

/* A batch row at two speeds a side, its slow process 11% slower in B but
 * its median 2.2% (same_color_batch/sse2/asm at 256 KiB between two default
 * runs of one build, Zen 5): under the batch floor, the same, whatever its
 * speeds say. */
static void batch_speeds_under_floor(void) {
    side a = {0}, b = {0};
    add_batch(&a, "same_color_batch/sse2/asm", 3, (double[]){0.0920, 0.0921, 0.0990});
    add_batch(&b, "same_color_batch/sse2/asm", 3, (double[]){0.0940, 0.0941, 0.1100});
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(a.batch[0].nmodes == 2 && b.batch[0].nmodes == 2, "floor: the row at two speeds (%d, %d)",
          a.batch[0].nmodes, b.batch[0].nmodes);
    CHECK(!v.batch.verdicts[0].slower && !v.batch.verdicts[0].faster,
          "floor: 2.2%% on the medians is the same (%s)",
          sq_batch_verdict_word(&v.batch.verdicts[0]));
    release(&v, &a, &b);
}

/* Runs as the units (several files a side, each run a unit): the rows are
 * tested on the runs' medians; a batch row whose runs fall at two speeds
 * ("speeds" of runs: 1.97 and 2.41 against 2.06 and 2.23) is judged by the
 * runs' test, which finds no change, where by its speeds it was slower. */
static void runs_as_units(void) {
    side a = {0}, b = {0};
    add_row(&a, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.000, 4.004, 3.996});
    add_row(&b, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.400, 4.404, 4.396});
    add_batch(&a, "color_mask/t0/asm", 3, (double[]){1.97, 1.98, 2.41});
    add_batch(&b, "color_mask/t0/asm", 3, (double[]){2.06, 2.05, 2.23});
    sq_verdicts v = judged(&a, &b, (sq_compare_units){.runs = true});
    CHECK(strcmp(word(&v, 0), "slower") == 0 &&
              strcmp(sq_compare_test_word(&v.rows[0]), "runs") == 0,
          "runs: a row 10%% slower, tested on runs (%s, %s)", word(&v, 0),
          sq_compare_test_word(&v.rows[0]));
    CHECK(strcmp(sq_compare_test_text(v.tally.units), "t-tests of runs") == 0,
          "runs: the summary says t-tests of runs");
    CHECK(a.batch[0].nmodes == 2 && b.batch[0].nmodes == 2, "runs: the batch row at two speeds");
    CHECK(!v.batch.verdicts[0].slower && !v.batch.verdicts[0].faster,
          "runs: a batch row whose runs' medians mix two speeds is judged by the runs' test: the "
          "same (%s)",
          sq_batch_verdict_word(&v.batch.verdicts[0]));
    sq_verdicts_free(&v);
    v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.batch.verdicts[0].slower, "processes: the same batch row by its speeds: slower");
    release(&v, &a, &b);
}

/* Runs as the units, a scalar row whose runs read 4.00, 4.02 and 4.40 in A
 * and 4.15, 4.17 and 4.60 in B: its samples fall at two speeds, 4.01 and
 * 4.40 against 4.16 and 4.60, apart by more than 3%, but those are the runs'
 * states, the spread the runs' test measures: judged by that test (p 0.4),
 * the same. With processes as the units its speeds decide, but within
 * the sides' intervals (4.00-4.40 and 4.15-4.60) they move nothing: the
 * same; all 0.7 cycles on, apart, slower. */
static void runs_at_two_speeds(void) {
    side a = {0}, b = {0};
    add_row(&a, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.00, 4.02, 4.40});
    add_row(&b, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.15, 4.17, 4.60});
    sq_verdicts v = judged(&a, &b, (sq_compare_units){.runs = true});
    CHECK(v.rows[0].a.nspeeds == 2 && v.rows[0].b.nspeeds == 2,
          "runs: the row's samples at two speeds (%d, %d)", v.rows[0].a.nspeeds,
          v.rows[0].b.nspeeds);
    CHECK(!v.rows[0].by_speeds && strcmp(word(&v, 0), "same") == 0 && v.rows[0].p > 0.05,
          "runs: a row at two speeds is judged by the runs' test: the same (%s by %s, p %g)",
          word(&v, 0), sq_compare_test_word(&v.rows[0]), v.rows[0].p);
    sq_verdicts_free(&v);
    v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.rows[0].by_speeds && strcmp(word(&v, 0), "same") == 0 &&
              strcmp(v.rows[0].why_not, "(its intervals overlap)") == 0,
          "processes: the same row by its speeds, inside the intervals: the same (%s)",
          word(&v, 0));
    release(&v, &a, &b);
    add_row(&a, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.00, 4.02, 4.40});
    add_row(&b, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.70, 4.72, 5.10});
    v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.rows[0].by_speeds && strcmp(word(&v, 0), "slower") == 0,
          "processes: 0.7 cycles on, by its speeds: slower (%s)", word(&v, 0));
    release(&v, &a, &b);
}

/* Four pairs, each run in turns beside its twin, every pair moved by the
 * host's state (up to 30%) and B 5% slower in each: the paired test sees
 * the change that the spread between pairs hides from Student's. */
static void paired_units(void) {
    static const double drift[] = {1.00, 1.30, 0.85, 1.20};
    double ca[4], cb[4];
    for (int i = 0; i < 4; i++) {
        ca[i] = 4 * drift[i];
        cb[i] = 4.2 * drift[i] * (1 + 0.001 * (i % 2));
    }
    side a = {0}, b = {0};
    add_row(&a, 0, "random", SQ_MODE_LATENCY, 4, ca);
    add_row(&b, 0, "random", SQ_MODE_LATENCY, 4, cb);
    sq_verdicts v = judged(&a, &b, (sq_compare_units){.paired = true});
    CHECK(strcmp(word(&v, 0), "slower") == 0 &&
              strcmp(sq_compare_test_word(&v.rows[0]), "pairs") == 0,
          "paired: 5%% slower in every pair is slower (%s, %s, p %g)", word(&v, 0),
          sq_compare_test_word(&v.rows[0]), v.rows[0].p);
    sq_verdicts_free(&v);
    v = judged(&a, &b, (sq_compare_units){0});
    CHECK(strcmp(word(&v, 0), "same") == 0 && v.rows[0].p > 0.05,
          "unpaired: the same rows hidden by the spread between pairs (%s, p %g)", word(&v, 0),
          v.rows[0].p);
    release(&v, &a, &b);
}

/* The samples of a row's repetitions k where spoiled(k), at x and marked
 * shared: its host flags. */
static unsigned char *spoiled_at(double *samples, int reps, bool (*spoiled)(int k), double x) {
    unsigned char *host = sq_samples_host(samples, (size_t)reps);
    for (int k = 0; k < reps; k++) {
        host[k] = spoiled(k) ? SQ_HOST_SHARED : 0;
        if (host[k])
            samples[k] = x;
    }
    return host;
}

static void spoil(sq_result *r, bool (*spoiled)(int k), double x) {
    r->host = spoiled_at(r->samples, r->reps, spoiled, x);
}

static void spoil_batch(sq_batch_result *b, bool (*spoiled)(int k), double x) {
    b->host = spoiled_at(b->samples, b->reps, spoiled, x);
}

static bool three_of_five(int k) {
    return k % PER < 3;
}

static bool all_but_two(int k) {
    return k >= 2;
}

static bool first_three_units(int k) {
    return k < 3 * PER;
}

/* A side's test takes its clean repetitions: B's processes read 4.4 in the
 * three of five samples a neighbour shared, 4.0 in the clean two, so that
 * their medians of all read 10% slow; on the clean ones B is A's. */
static void clean_judged(void) {
    side a = {0}, b = {0};
    add_row(&a, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.000, 4.004, 3.996});
    sq_result *r = add_row(&b, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.001, 3.998, 4.002});
    spoil(r, three_of_five, 4.4);
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(b.rows[0].clean == 6 && !b.rows[0].host_spoiled, "clean: 6 clean of 15 (%d)",
          b.rows[0].clean);
    CHECK(strcmp(word(&v, 0), "same") == 0 && v.rows[0].p > 0.05 && sq_compare_gate(&v) == 0,
          "clean: tested on its clean samples, the same (%s, p %g, B %g)", word(&v, 0), v.rows[0].p,
          v.rows[0].b.s.median);
    release(&v, &a, &b);
}

/* A row the host spoiled on a side (2 clean samples, fewer than
 * SQ_CLEAN_MIN) is not judged, and counted apart; the exit rests on the
 * clean row beside it, 10% slower. */
static void spoiled_not_judged(void) {
    side a = {0}, b = {0};
    add_row(&a, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.000, 4.004, 3.996});
    sq_result *r = add_row(&b, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.001, 3.998, 4.002});
    spoil(r, all_but_two, 4.4);
    add_row(&a, 1, "random", SQ_MODE_LATENCY, 3, (double[]){3.000, 3.003, 2.997});
    add_row(&b, 1, "random", SQ_MODE_LATENCY, 3, (double[]){3.300, 3.303, 3.297});
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(b.rows[0].host_spoiled, "spoiled: 2 clean samples spoil the row");
    CHECK(strcmp(word(&v, 0), "host") == 0 && v.rows[0].host && !v.rows[0].significant,
          "spoiled: not judged (%s)", word(&v, 0));
    CHECK(v.counts.host == 1 && v.tally.nhost == 1 && v.counts.slower == 1,
          "spoiled: counted apart, 1 not judged and 1 slower (%d, %d)", v.counts.host,
          v.counts.slower);
    CHECK(sq_compare_gate(&v) == 1 && v.counts.most_slower == 1,
          "spoiled: the gate counts the clean row alone (%d)", sq_compare_gate(&v));
    release(&v, &a, &b);
}

/* A group's drift is of rows the host left clean: 20 branch rows whose B
 * side the host spoiled (read at 10 cycles) make no group. */
static void drift_of_clean_rows(void) {
    side a = {0}, b = {0};
    add_group(&a, &b, 0, SQ_DRIFT_LEAST_ROWS, "random", 2, 1.03);
    for (int i = 0; i < b.run.nresults; i++)
        spoil(&b.rows[i], all_but_two, 10);
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(b.rows[0].host_spoiled && v.tally.ndrift == 0 && v.counts.host == SQ_DRIFT_LEAST_ROWS,
          "drift: spoiled rows make no group (%d groups, %d not judged)", v.tally.ndrift,
          v.counts.host);
    release(&v, &a, &b);
}

/* Four pairs, B 5% slower in each; B's first three processes shared
 * throughout (every sample flagged, the merge's mark of a process on a
 * shared core): one pair is left, too few for the paired test. Not judged,
 * where its spoiled units would have been taken as measurements. */
static void too_few_clean(void) {
    side a = {0}, b = {0};
    add_row(&a, 0, "random", SQ_MODE_LATENCY, 4, (double[]){4.0, 4.01, 3.99, 4.0});
    sq_result *r = add_row(&b, 0, "random", SQ_MODE_LATENCY, 4, (double[]){4.2, 4.21, 4.19, 4.2});
    spoil(r, first_three_units, 4.2);
    sq_verdicts v = judged(&a, &b, (sq_compare_units){.paired = true});
    CHECK(!b.rows[0].host_spoiled, "too few: 5 clean samples give figures");
    CHECK(strcmp(word(&v, 0), "host") == 0 && v.counts.host == 1 && sq_compare_gate(&v) == 0,
          "too few: one clean pair is no test, not judged (%s, %s)", word(&v, 0),
          v.rows[0].untested ? v.rows[0].untested : "tested");
    release(&v, &a, &b);
}

/* Batch rows as scalar ones: B's t0 read 50% slow in the three of five
 * sweeps a neighbour shared (scalar loops on a shared core, Zen 5), 0.07 in
 * the clean two: tested on those, the same. t1, all but two samples
 * spoiled: marked, not judged, counted apart; the clean t2 beside it, 10%
 * slower, is slower and alone sets the gate. */
static void batch_spoiled(void) {
    side a = {0}, b = {0};
    static const double same[] = {0.0700, 0.0701, 0.0699}, slow[] = {0.0770, 0.0771, 0.0769};
    static const char *const ids[] = {"color_batch/t0/asm", "color_batch/t1/asm",
                                      "color_batch/t2/asm"};
    for (int i = 0; i < 3; i++) {
        add_batch(&a, ids[i], 3, same);
        add_batch(&b, ids[i], 3, i < 2 ? same : slow);
    }
    spoil_batch(&b.batch[0], three_of_five, 0.105);
    spoil_batch(&b.batch[1], all_but_two, 0.105);
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    const sq_batch_comparison *c = &v.batch;
    CHECK(b.batch[0].clean == 6 && !b.batch[0].host_spoiled && b.batch[0].cycles.median < 0.071,
          "batch clean: figures of its 6 clean samples (%d, median %g)", b.batch[0].clean,
          b.batch[0].cycles.median);
    CHECK(!c->verdicts[0].slower && !c->verdicts[0].host,
          "batch clean: tested on its clean samples, the same (%s)",
          sq_batch_verdict_word(&c->verdicts[0]));
    CHECK(b.batch[1].host_spoiled && b.batch[1].nmodes == 0 && b.batch[1].cycles.ci_hi >= 0.105,
          "batch spoiled: marked, its interval all of its samples (to %g)",
          b.batch[1].cycles.ci_hi);
    CHECK(c->verdicts[1].host && !c->verdicts[1].slower && c->host == 1,
          "batch spoiled: not judged, counted apart (%s, %d)",
          sq_batch_verdict_word(&c->verdicts[1]), c->host);
    CHECK(c->verdicts[2].slower && c->gate == 1 && sq_compare_gate(&v) == 1,
          "batch spoiled: the clean row 10%% slower alone sets the gate (%d)", sq_compare_gate(&v));
    release(&v, &a, &b);
}

/* The sides' quiet levels 5.34 and 4.76 adds a cycle (older files: the
 * start's probe): B's core was shared, every row reads slow, and none is
 * judged, scalar or batch; the gate holds. 5.34 and 5.20 (3%) are one core:
 * the row 10% slower is. New files: the highest of the processes' levels. */
static void cores_differ(void) {
    side a = {0}, b = {0};
    add_row(&a, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.000, 4.004, 3.996});
    add_row(&b, 0, "random", SQ_MODE_LATENCY, 3, (double[]){4.400, 4.404, 4.396});
    add_batch(&a, "color_batch/t0/asm", 3, (double[]){0.0700, 0.0701, 0.0699});
    add_batch(&b, "color_batch/t0/asm", 3, (double[]){0.0770, 0.0771, 0.0769});
    a.run.clock.alu_per_cycle = 5.34;
    b.run.clock.alu_per_cycle = 4.76;
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.cores.differ && v.cores.a == 5.34 && v.cores.b == 4.76,
          "cores: 5.34 against 4.76 differ (%g, %g)", v.cores.a, v.cores.b);
    CHECK(strcmp(word(&v, 0), "host") == 0 && v.batch.verdicts[0].host && v.batch.host == 1 &&
              v.counts.host == 1 && sq_compare_gate(&v) == 0,
          "cores: no row judged, scalar (%s) or batch, the gate holds (%d)", word(&v, 0),
          sq_compare_gate(&v));
    sq_verdicts_free(&v);
    b.run.nhost = a.run.nhost = 2;
    a.run.host[0].quiet = 5.30, a.run.host[1].quiet = 5.34;
    b.run.host[0].quiet = 4.60, b.run.host[1].quiet = 4.76;
    a.run.clock.alu_per_cycle = b.run.clock.alu_per_cycle = 5.34; /* the start's alone: no */
    v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.cores.differ && v.cores.b == 4.76 && strcmp(word(&v, 0), "host") == 0,
          "cores: the processes' highest levels differ (%g, %g)", v.cores.a, v.cores.b);
    sq_verdicts_free(&v);
    b.run.host[1].quiet = 5.20;
    v = judged(&a, &b, (sq_compare_units){0});
    CHECK(!v.cores.differ && strcmp(word(&v, 0), "slower") == 0 && sq_compare_gate(&v) == 2,
          "cores: 5.34 and 5.20 are one core: judged (%s, gate %d)", word(&v, 0),
          sq_compare_gate(&v));
    release(&v, &a, &b);
}

/* Adds a batch row of id from n samples x, units processes of n / units
 * (four with add_batch_samples). */
static void add_batch_units(side *s, const char *id, const double *x, int n, int units) {
    sq_batch_result *b = &s->batch[s->run.nbatch++];
    *b = (sq_batch_result){.id = id, .n = 4096, .reps = n, .samples = sq_samples_alloc((size_t)n)};
    b->process = sq_samples_process(b->samples, (size_t)n);
    for (int k = 0; k < n; k++) {
        b->samples[k] = x[k];
        b->process[k] = (unsigned char)(k / (n / units));
    }
}

static void add_batch_samples(side *s, const char *id, const double *x, int n) {
    add_batch_units(s, id, x, n, 4);
}

/* Intel 0xa7, color_mask/scalar/clang-15 at 256 KiB in two default runs of
 * one build (six processes of two samples): at 1.95 to 2.40 cycles, a speed
 * a placement of its data, each run at two of them, A's high one holding
 * B's: the same (it was 5.9% slower). B 0.6 cycles on: slower. */
static void batch_speeds_that_meet(void) {
    static const double ax[12] = {1.95172, 1.95137, 2.01141, 1.95211, 2.19619, 2.1553,
                                  2.21219, 2.01997, 1.95128, 2.13402, 2.19308, 2.4031},
                        bx[12] = {1.95191, 1.952,   2.40351, 2.40242, 2.41119, 2.40772,
                                  2.02647, 2.20342, 2.21394, 1.95148, 2.19373, 2.13252};
    double slow[12];
    for (int shift = 0; shift < 2; shift++) {
        side a = {0}, b = {0};
        add_batch_units(&a, "color_mask/t0/asm", ax, 12, 6);
        add_batch_units(&b, "color_mask/t0/asm", shift ? plus(bx, 12, 0.6, slow) : bx, 12, 6);
        sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
        const sq_batch_verdict *w = &v.batch.verdicts[0];
        CHECK(shift ? w->slower : !w->slower && !w->faster,
              "batch speeds that meet, B %.1f cycles on: %s", shift ? 0.6 : 0.0,
              sq_batch_verdict_word(w));
        release(&v, &a, &b);
    }
}

/* Rows at two speeds, every speed moved by 4% or more (judged by the
 * speeds), whose medians print alike: no verdict (ab --quick called a batch
 * row faster at 0.0453 against 0.0453). A scalar row at 4.0|5.0 against
 * 4.2|4.8002, medians 4.500 and 4.500; a batch row at 0.0420|0.0486 against
 * 0.0440|0.04662, medians 0.0453 and 0.0453. */
static void equal_as_printed(void) {
    side a = {0}, b = {0};
    double x[16];
    add_samples(&a, 0, 4, 4, two_speeds(4.0, 5.0, 2, 4, 4, x));
    add_samples(&b, 0, 4, 4, two_speeds(4.2, 4.8002, 2, 4, 4, x));
    for (int k = 0; k < 16; k++)
        x[k] = k < 8 ? 0.0420 : 0.0486;
    add_batch_samples(&a, "color_batch/t0/bound", x, 16);
    for (int k = 0; k < 16; k++)
        x[k] = k < 8 ? 0.0440 : 0.04662;
    add_batch_samples(&b, "color_batch/t0/bound", x, 16);
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(v.rows[0].by_speeds && v.rows[0].a.nspeeds == 2 && v.rows[0].b.nspeeds == 2,
          "printed: the scalar row judged by its two speeds (%d)", v.rows[0].by_speeds);
    CHECK(strcmp(word(&v, 0), "same") == 0 && v.rows[0].why_not &&
              strcmp(v.rows[0].why_not, "(equal as printed)") == 0,
          "printed: scalar medians %.4f and %.4f, no verdict (%s)", v.rows[0].a.s.median,
          v.rows[0].b.s.median, word(&v, 0));
    CHECK(a.batch[0].nmodes == 2 && b.batch[0].nmodes == 2,
          "printed: the batch row at two speeds (%d, %d)", a.batch[0].nmodes, b.batch[0].nmodes);
    CHECK(!v.batch.verdicts[0].slower && !v.batch.verdicts[0].faster && sq_compare_gate(&v) == 0,
          "printed: batch medians %.5f and %.5f, no verdict (%s)", a.batch[0].cycles.median,
          b.batch[0].cycles.median, sq_batch_verdict_word(&v.batch.verdicts[0]));
    release(&v, &a, &b);
}

/* From 0.124 cycles to about zero (B -0.04, its interval holding zero): a
 * ratio says nothing (it read -0.3 and "-132%"); the change is infinite
 * in percent, and the row ranks among those that moved most by cycles. */
static void ratio_about_zero(void) {
    side a = {0}, b = {0};
    add_row(&a, 0, "game-moves", SQ_MODE_THROUGHPUT, 3, (double[]){0.124, 0.126, 0.122});
    add_row(&b, 0, "game-moves", SQ_MODE_THROUGHPUT, 3, (double[]){-0.04, -0.02, -0.06});
    sq_verdicts v = judged(&a, &b, (sq_compare_units){0});
    CHECK(sq_compare_about_zero(&v.rows[0]) && sq_compare_change_pct(&v.rows[0]) == -INFINITY,
          "about zero: B about zero, no percent (%g)", sq_compare_change_pct(&v.rows[0]));
    CHECK(strcmp(word(&v, 0), "faster") == 0, "about zero: faster, to about zero (%s)",
          word(&v, 0));
    release(&v, &a, &b);
}

int main(void) {
    shift_caught();
    shift_under_floor();
    two_speeds_judged();
    shared_speeds_judged();
    spread_within_processes();
    speeds_that_meet();
    speeds_within_reach();
    speeds_inside_intervals();
    twins_tested_once();
    drift_found();
    drift_of_one_family();
    batch_judged();
    batch_speeds_under_floor();
    batch_speeds_that_meet();
    runs_as_units();
    runs_at_two_speeds();
    paired_units();
    clean_judged();
    spoiled_not_judged();
    drift_of_clean_rows();
    too_few_clean();
    batch_spoiled();
    cores_differ();
    equal_as_printed();
    ratio_about_zero();
    return check_finish("compare_judge", NULL);
}
