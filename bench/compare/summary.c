#include "bench/compare/summary.h"

#include "bench/util/escape.h"
#include "bench/util/exit_status.h"

#include <math.h>
#include <stdio.h>

/* "compare: 8 rows matched, 7 tested (4 t-tests at q 0.01, 2 sharing a
 * figure, 1 by speeds)", the tests named as they were made ("paired t-tests
 * of runs"). */
static void print_tested(const sq_compare_tally *t, const sq_compare_counts *v, double q) {
    printf("compare: %d rows matched, %d tested (%d %s at q %g", t->matched,
           t->ntested + t->nshared + v->by_speeds, t->ntested, sq_compare_test_text(t->units), q);
    if (t->nshared)
        printf(", %d sharing a figure", t->nshared);
    if (v->by_speeds)
        printf(", %d by speeds", v->by_speeds);
    printf(")\n");
}

/* "7 rows (and 13 rows of their code)": n findings, rows of them in all. */
static void print_findings(int n, int rows) {
    printf("%d row%s", n, n == 1 ? "" : "s");
    if (rows > n)
        printf(" (and %d row%s of their code)", rows - n, rows - n == 1 ? "" : "s");
}

/* "slower: 7 rows, the most ID SEQUENCE MODE (+50.0%)", or "slower: none";
 * from or to about zero, the change in cycles. */
static void print_moved(const char *way, int n, int rows, const sq_compare_row *most) {
    printf("%s: ", way);
    if (!n) {
        printf("none\n");
        return;
    }
    const sq_result *r = most->a.r;
    print_findings(n, rows);
    printf(", the most ");
    sq_put_plain(stdout, r->variant->id);
    printf(" ");
    sq_put_plain(stdout, r->sequence);
    printf(" %s (", sq_mode_names[r->mode]);
    double pct = sq_compare_change_pct(most);
    if (isfinite(pct))
        printf("%+.1f%%)\n", pct);
    else
        printf("%+.3f cycles %s about zero)\n", most->b.s.median - most->a.s.median,
               sq_cost_about_zero(most->a.s) ? "from" : "to");
}

/* The rows kept from a verdict by what the host did, where there are some. */
static void print_host(const sq_verdicts *c) {
    const sq_compare_counts *v = &c->counts;
    if (!v->host)
        return;
    printf("not judged: ");
    if (c->cores.differ) {
        print_findings(v->host, v->host_rows);
        printf(", the sides' cores differed\n");
        return;
    }
    if (v->host > v->drifted) {
        printf("the host spoiled ");
        print_findings(v->host - v->drifted, v->host_rows - v->drifted_rows);
        printf(" (too few clean repetitions on a side for a verdict)%s", v->drifted ? "; " : "\n");
    }
    if (v->drifted) {
        print_findings(v->drifted, v->drifted_rows);
        printf(" of groups that moved as a whole (the drift: lines)\n");
    }
}

void sq_compare_print_summary(const sq_verdicts *c, bool has_batch) {
    const sq_compare_tally *t = &c->tally;
    const sq_compare_counts *v = &c->counts;
    const sq_compare_row *rows = c->rows;
    const sq_batch_comparison *batch = has_batch ? &c->batch : NULL;
    double q = c->options.q, fail_over = c->options.fail_over;
    print_tested(t, v, q);
    print_moved("slower", v->slower, v->slower_rows, v->slower ? &rows[v->most_slower] : NULL);
    print_moved("faster", v->faster, v->faster_rows, v->faster ? &rows[v->most_faster] : NULL);
    print_host(c);
    sq_stats spread = sq_compare_detectable_spread(rows, t->matched);
    if (isfinite(spread.median))
        printf("detectable change: median %.1f%%, 90th percentile %.1f%% of A\n", spread.median,
               spread.p90);
    else
        printf("detectable change: none (no row t-tested)\n");
    int gate = v->gate;
    if (batch) {
        printf("batch rows: %d matched, %d slower, %d faster, ", batch->matched, batch->slower,
               batch->faster);
        if (batch->host)
            printf("%d not judged, ", batch->host);
        printf("%d only in A, %d only in B\n", batch->only_a, batch->only_b);
        gate += batch->gate;
    }
    if (c->cores.differ)
        printf("verdict: nothing judged, the sides' cores differed: exit %d\n", SQ_EXIT_OK);
    else if (gate)
        printf("verdict: %d significant slowdown%s over --fail-over %g%%: exit %d\n", gate,
               gate == 1 ? "" : "s", fail_over, SQ_EXIT_FAIL);
    else
        printf("verdict: no significant slowdown over --fail-over %g%%: exit %d\n", fail_over,
               SQ_EXIT_OK);
}
