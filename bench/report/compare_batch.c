#include "bench/report/compare_batch.h"

#include "bench/report/report_batch.h"
#include "bench/util/escape.h"
#include "bench/util/stats.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int unmatched(const sq_run *from, const sq_batch_index *in) {
    int n = 0;
    for (int i = 0; i < from->nbatch; i++)
        n += !sq_batch_find(in, from->batch[i].id, from->batch[i].n);
    return n;
}

/* One matched batch row's verdict, and over the gate. */
typedef struct batch_verdict {
    bool slower, faster, over;
    double ratio;
} batch_verdict;

/* A batch row's cost changes by less than this fraction of A: never
 * flagged (a batch cost is a fraction of a cycle a square, so no floor in
 * cycles, as a scalar row has). 3%, not the 1% of a scalar row: past L1 a
 * whole run moves together. Two default runs of one build on AMD Zen 5 read
 * color_batch/autovec/clang-13 at 256 KiB at 0.0701, 0.0700 and 0.0702 in
 * one run's processes and 0.0689, 0.0687 and 0.0688 in the next's: 2% apart,
 * and the t-test on those medians called it faster. */
#define BATCH_FLOOR_REL 0.03

/* The p-value of a matched pair, tested as scalar rows are: Student's t on
 * per-process medians (samples where neither has two processes); NAN where
 * a side keeps no samples (older files) or there is nothing to test. */
static double batch_p(const sq_batch_result *x, const sq_batch_result *y) {
    if (!x->samples || !y->samples || x->reps < 1 || y->reps < 1)
        return NAN;
    bool by_samples =
        sq_group_count(x->process, x->reps) < 2 && sq_group_count(y->process, y->reps) < 2;
    double *u = malloc(sizeof *u * (size_t)(x->reps + y->reps));
    if (!u)
        return NAN;
    int nx = sq_test_units(x->samples, x->process, x->reps, by_samples, u),
        ny = sq_test_units(y->samples, y->process, y->reps, by_samples, u + x->reps);
    double p = nx && ny ? sq_t_test(u, nx, u + x->reps, ny).p : NAN;
    free(u);
    return p;
}

/* A batch row's speeds: its two, or its median alone. */
static int speeds_of(const sq_batch_result *b, sq_speed out[SQ_MAX_MODES]) {
    if (b->nmodes == SQ_MAX_MODES) {
        memcpy(out, b->modes, sizeof b->modes);
        return SQ_MAX_MODES;
    }
    out[0] = (sq_speed){b->cycles.median, 1};
    return 1;
}

/* verdicts[i] for a's batch row i (ratio NAN: not in b): at two speeds on
 * either side (units of processes, or no samples to test), by speeds none
 * within BATCH_FLOOR_REL of the other side's; else with samples on both sides,
 * significant at false discovery rate q
 * over the batch rows (Benjamini-Hochberg) and moved by BATCH_FLOOR_REL or
 * more; rows without samples, by their intervals apart. NULL when out of memory. */
static batch_verdict *batch_verdicts(const sq_run *a, const sq_batch_index *ib, double q,
                                     double fail_over, bool by_runs) {
    int n = a->nbatch;
    batch_verdict *v = calloc((size_t)n + 1, sizeof *v);
    double *p = calloc((size_t)n + 1, sizeof *p),
           *adjusted = calloc((size_t)n + 1, sizeof *adjusted);
    if (!v || !p || !adjusted) {
        free(v), free(p), free(adjusted);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        const sq_batch_result *y = sq_batch_find(ib, a->batch[i].id, a->batch[i].n);
        p[i] = y ? batch_p(&a->batch[i], y) : NAN;
    }
    sq_bh_adjust(p, n, adjusted);
    for (int i = 0; i < n; i++) {
        const sq_batch_result *x = &a->batch[i], *y = sq_batch_find(ib, x->id, x->n);
        v[i].ratio = y ? y->cycles.median / x->cycles.median : NAN;
        if (!y)
            continue;
        const sq_stats *s = &x->cycles, *t = &y->cycles;
        bool moved = fabs(t->median - s->median) >= BATCH_FLOOR_REL * fabs(s->median);
        bool two = x->nmodes == SQ_MAX_MODES || y->nmodes == SQ_MAX_MODES;
        if (two && (!by_runs || !isfinite(p[i]))) {
            /* Judged by speeds, as a scalar row at two speeds is: the test
             * would measure how the processes fell between them. Not where
             * the units are runs: a run's processes fall between the speeds
             * anew, so its median is of a mixture and the "speeds" of runs
             * are no speeds (three runs a side of one build read 1.97|2.41
             * against 2.06|2.23, "slower", the runs' test p 0.76; Intel
             * 0xa7): there the runs' test decides, as below. */
            sq_speed sx[SQ_MAX_MODES], sy[SQ_MAX_MODES];
            int nx = speeds_of(x, sx), ny = speeds_of(y, sy);
            bool differ = sq_speeds_differ(sx, nx, sy, ny, BATCH_FLOOR_REL, 0);
            v[i].slower = differ && t->median > s->median;
            v[i].faster = differ && t->median < s->median;
        } else if (isfinite(p[i])) {
            bool significant = adjusted[i] <= q && moved;
            v[i].slower = significant && t->median > s->median;
            v[i].faster = significant && t->median < s->median;
        } else { /* older files: no samples to test */
            v[i].slower = s->ci_hi < t->ci_lo;
            v[i].faster = t->ci_hi < s->ci_lo;
        }
        v[i].over = v[i].slower && fail_over >= 0 && (v[i].ratio - 1) * 100 > fail_over;
    }
    free(p);
    free(adjusted);
    return v;
}

int sq_batch_compare(const sq_run *a, const sq_run *b, double q, double fail_over, bool by_runs,
                     sq_batch_comparison *c) {
    *c = (sq_batch_comparison){.a = a, .b = b};
    sq_batch_index ia = {0}; /* freeable whichever init fails */
    if (sq_batch_index_init(&ia, a) || sq_batch_index_init(&c->ib, b) ||
        !(c->verdicts = batch_verdicts(a, &c->ib, q, fail_over, by_runs))) {
        sq_batch_index_free(&ia);
        sq_batch_comparison_free(c);
        return -1;
    }
    for (int i = 0; i < a->nbatch; i++) {
        const batch_verdict *v = &c->verdicts[i];
        c->matched += sq_batch_find(&c->ib, a->batch[i].id, a->batch[i].n) != NULL;
        c->slower += v->slower;
        c->faster += v->faster;
        c->gate += v->over;
    }
    c->only_a = unmatched(a, &c->ib);
    c->only_b = unmatched(b, &ia);
    sq_batch_index_free(&ia);
    return 0;
}

/* A's batch row i when B has it and it is to be shown (changed, or all),
 * else NULL; *y is B's. */
static const sq_batch_result *shown(const sq_batch_comparison *c, int i, bool all,
                                    const sq_batch_result **y) {
    const sq_batch_result *x = &c->a->batch[i];
    *y = sq_batch_find(&c->ib, x->id, x->n);
    if (!*y || !(all || c->verdicts[i].slower || c->verdicts[i].faster))
        return NULL;
    return x;
}

static const char *verdict_word(const batch_verdict *v) {
    return v->slower ? "slower" : v->faster ? "faster" : "same";
}

json_t *sq_batch_json(const sq_batch_comparison *c, bool all) {
    json_t *rows = json_array();
    for (int i = 0; rows && i < c->a->nbatch; i++) {
        const sq_batch_result *y, *x = shown(c, i, all, &y);
        if (!x)
            continue;
        const batch_verdict *v = &c->verdicts[i];
        json_t *o =
            json_pack("{s:s, s:I, s:s, s:f, s:f, s:f, s:b}", "id", x->id, "n", (json_int_t)x->n,
                      "verdict", verdict_word(v), "a", x->cycles.median, "b", y->cycles.median,
                      "ratio", isfinite(v->ratio) ? v->ratio : 0.0, "over_fail_over", (int)v->over);
        if (!o || json_array_append_new(rows, o)) {
            json_decref(rows);
            rows = NULL;
        }
    }
    return rows;
}

bool sq_batch_shows_rows(const sq_batch_comparison *c, bool all) {
    return (all ? c->matched : c->slower + c->faster) > 0;
}

void sq_batch_print(const sq_batch_comparison *c, bool all) {
    if (!sq_batch_shows_rows(c, all)) {
        printf("batch rows: no changes\n");
        return;
    }
    printf("%-40s %7s %15s %15s %7s  %s\n", "batch variant", "n", "A", "B", "B/A", "verdict");
    for (int i = 0; i < c->a->nbatch; i++) {
        const sq_batch_result *y, *x = shown(c, i, all, &y);
        if (!x)
            continue;
        const batch_verdict *v = &c->verdicts[i];
        const sq_stats *s = &x->cycles, *t = &y->cycles;
        sq_put_plain_padded(stdout, x->id, 40);
        printf(" %7zu %8.4f±%.4f %8.4f±%.4f %7.3f  %s%s\n", x->n, s->median, sq_ci_halfwidth(*s),
               t->median, sq_ci_halfwidth(*t), v->ratio,
               v->slower || v->faster ? verdict_word(v) : "-",
               v->over ? " (over --fail-over)" : "");
    }
}

void sq_batch_comparison_free(sq_batch_comparison *c) {
    free(c->verdicts);
    c->verdicts = NULL;
    sq_batch_index_free(&c->ib);
}
