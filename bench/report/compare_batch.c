#include "bench/report/compare_batch.h"

#include "bench/report/report_batch.h"
#include "bench/util/escape.h"
#include "bench/util/stats.h"

#include <stdio.h>

static int unmatched(const sq_run *from, const sq_run *in) {
    int n = 0;
    for (int i = 0; i < from->nbatch; i++)
        n += !sq_batch_find(in, from->batch[i].id, from->batch[i].n);
    return n;
}

int sq_compare_batch(const sq_run *a, const sq_run *b, double fail_over) {
    if (!a->nbatch && !b->nbatch)
        return 0;
    printf("\n%-40s %7s %15s %15s %7s  %s\n", "batch variant", "n", "A", "B", "B/A", "verdict");
    int matched = 0, apart = 0, gate = 0;
    for (int i = 0; i < a->nbatch; i++) {
        const sq_batch_result *x = &a->batch[i], *y = sq_batch_find(b, x->id, x->n);
        if (!y)
            continue;
        matched++;
        const sq_stats *s = &x->cycles, *t = &y->cycles;
        bool slower = s->ci_hi < t->ci_lo, faster = t->ci_hi < s->ci_lo;
        double ratio = t->median / s->median;
        bool over = slower && fail_over >= 0 && (ratio - 1) * 100 > fail_over;
        apart += slower || faster;
        gate += over;
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
           matched, apart, unmatched(a, b), unmatched(b, a));
    if (fail_over >= 0)
        printf("; slowdowns over %g%%: %d", fail_over, gate);
    printf("\n");
    return gate;
}
