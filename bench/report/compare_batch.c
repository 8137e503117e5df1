#include "bench/report/compare_batch.h"

#include "bench/report/report_batch.h"
#include "bench/util/escape.h"
#include "bench/util/stats.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>

static int unmatched(const sq_run *from, const sq_batch_index *in) {
    int n = 0;
    for (int i = 0; i < from->nbatch; i++)
        n += !sq_batch_find(in, from->batch[i].id, from->batch[i].n);
    return n;
}

/* One matched batch row's verdict: its intervals apart, and over the gate. */
typedef struct batch_verdict {
    bool slower, faster, over;
    double ratio;
} batch_verdict;

static batch_verdict verdict_of(const sq_batch_result *x, const sq_batch_result *y,
                                double fail_over) {
    const sq_stats *s = &x->cycles, *t = &y->cycles;
    batch_verdict v = {s->ci_hi < t->ci_lo, t->ci_hi < s->ci_lo, false, t->median / s->median};
    v.over = v.slower && fail_over >= 0 && (v.ratio - 1) * 100 > fail_over;
    return v;
}

json_t *sq_compare_batch_json(const sq_run *a, const sq_run *b, double fail_over, int *gate) {
    sq_batch_index ib;
    json_t *rows = sq_batch_index_init(&ib, b) ? NULL : json_array();
    *gate = 0;
    for (int i = 0; rows && i < a->nbatch; i++) {
        const sq_batch_result *x = &a->batch[i], *y = sq_batch_find(&ib, x->id, x->n);
        if (!y)
            continue;
        batch_verdict v = verdict_of(x, y, fail_over);
        *gate += v.over;
        json_t *o = json_pack("{s:s, s:I, s:s, s:f, s:f, s:f, s:b}", "id", x->id, "n",
                              (json_int_t)x->n, "verdict",
                              v.slower   ? "slower"
                              : v.faster ? "faster"
                                         : "same",
                              "a", x->cycles.median, "b", y->cycles.median, "ratio",
                              isfinite(v.ratio) ? v.ratio : 0.0, "over_fail_over", (int)v.over);
        if (!o || json_array_append_new(rows, o)) {
            json_decref(rows);
            rows = NULL;
        }
    }
    sq_batch_index_free(&ib);
    return rows;
}

int sq_compare_batch(const sq_run *a, const sq_run *b, double fail_over, bool changes_only) {
    if (!a->nbatch && !b->nbatch)
        return 0;
    sq_batch_index ia, ib;
    if (sq_batch_index_init(&ia, a) || sq_batch_index_init(&ib, b)) {
        sq_batch_index_free(&ia);
        printf("\ncompare batch: out of memory\n");
        return 1;
    }
    printf("\n%-40s %7s %15s %15s %7s  %s\n", "batch variant", "n", "A", "B", "B/A", "verdict");
    int matched = 0, apart = 0, gate = 0;
    for (int i = 0; i < a->nbatch; i++) {
        const sq_batch_result *x = &a->batch[i], *y = sq_batch_find(&ib, x->id, x->n);
        if (!y)
            continue;
        matched++;
        const sq_stats *s = &x->cycles, *t = &y->cycles;
        batch_verdict v = verdict_of(x, y, fail_over);
        bool slower = v.slower, faster = v.faster, over = v.over;
        double ratio = v.ratio;
        apart += slower || faster;
        gate += over;
        if (changes_only && !slower && !faster)
            continue;
        sq_put_plain_padded(stdout, x->id, 40);
        printf(" %7zu %8.4f±%.4f %8.4f±%.4f %7.3f  %s%s\n", x->n, s->median, sq_ci_halfwidth(*s),
               t->median, sq_ci_halfwidth(*t), ratio,
               slower   ? "slower"
               : faster ? "faster"
                        : "-",
               over ? " (over --fail-over)" : "");
    }
    printf("\ncompare batch: %d rows matched, %d apart (disjoint 95%% intervals: no samples are "
           "kept for a test), %d only in A, %d only in B",
           matched, apart, unmatched(a, &ib), unmatched(b, &ia));
    if (fail_over >= 0)
        printf("; slowdowns over %g%%: %d", fail_over, gate);
    printf("\n");
    sq_batch_index_free(&ia);
    sq_batch_index_free(&ib);
    return gate;
}
