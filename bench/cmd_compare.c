/* sqcolor compare A.json B.json: per row, both medians, their ratio, and
 * whether the difference is significant by a Mann-Whitney U test on the
 * per-repetition samples. */
#include "cli.h"
#include "results_io.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Two-sided p-value of the Mann-Whitney U test (normal approximation with
 * tie and continuity corrections); 1 when the samples cannot differ. */
static double mann_whitney_p(const double *x, int nx, const double *y, int ny) {
    if (nx < 1 || ny < 1)
        return 1;
    double u = 0;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            u += x[i] > y[j] ? 1 : x[i] == y[j] ? 0.5 : 0;
    /* Tie correction: sum over groups of equal values of t^3 - t. */
    int n = nx + ny;
    double *all = malloc(sizeof *all * (size_t)n), ties = 0;
    memcpy(all, x, sizeof *x * (size_t)nx);
    memcpy(all + nx, y, sizeof *y * (size_t)ny);
    for (int i = 0; i < n; i++) {
        int t = 0;
        bool first = true;
        for (int j = 0; j < n; j++) {
            if (all[j] == all[i]) {
                t++;
                first &= j >= i;
            }
        }
        if (first)
            ties += (double)t * t * t - t;
    }
    free(all);
    double mean = nx * (double)ny / 2;
    double var = nx * (double)ny / 12 * ((n + 1) - ties / ((double)n * (n - 1)));
    if (var <= 0)
        return 1;
    double z = (fabs(u - mean) - 0.5) / sqrt(var);
    return z <= 0 ? 1 : erfc(z / sqrt(2));
}

static const sq_result *find_row(const sq_run *run, const sq_result *like) {
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        if (r->mode == like->mode && strcmp(r->variant->id, like->variant->id) == 0 &&
            strcmp(r->sequence, like->sequence) == 0)
            return r;
    }
    return NULL;
}

static void list_missing(const sq_run *from, const sq_run *in, const char *label) {
    int n = 0;
    for (int i = 0; i < from->nresults; i++) {
        const sq_result *r = &from->results[i];
        if (find_row(in, r))
            continue;
        if (!n++)
            printf("\nrows only in %s:\n", label);
        printf("  %s %s %s\n", r->variant->id, r->sequence, sq_mode_names[r->mode]);
    }
}

int sq_cmd_compare(int argc, char **argv) {
    const char *fail_over_s = NULL, *alpha_s = NULL;
    const sq_option opts[] = {{"--fail-over", &fail_over_s, NULL}, {"--alpha", &alpha_s, NULL}};
    const char *files[3];
    int nfiles;
    sq_parse_options("compare", argc, argv, opts, 2, files, 3, &nfiles);
    if (nfiles != 2)
        sq_usage_error("compare", "name two result files, A and B (got %d)", nfiles);
    double fail_over =
        fail_over_s ? sq_parse_long("compare", "--fail-over", fail_over_s, 0, 1000) : -1;
    double alpha = 0.01;
    if (alpha_s) {
        char *end;
        alpha = strtod(alpha_s, &end);
        if (*end || end == alpha_s || !(alpha > 0 && alpha < 1))
            sq_usage_error("compare", "--alpha takes a number between 0 and 1, not '%s'", alpha_s);
    }
    sq_run a, b;
    char err[600];
    if (sq_results_load(files[0], &a, err, sizeof err))
        sq_usage_error("compare", "%s", err);
    if (sq_results_load(files[1], &b, err, sizeof err)) {
        sq_results_free(&a);
        sq_usage_error("compare", "%s", err);
    }

    printf("A: %s (%s, sqcolor %s)\nB: %s (%s, sqcolor %s)\n", files[0], a.machine.brand, a.commit,
           files[1], b.machine.brand, b.commit);
    printf("%-40s %-11s %-10s %9s %9s %7s %9s  %s\n", "variant", "sequence", "mode", "A", "B",
           "B/A", "p", "");
    int matched = 0, significant = 0, gate = 0;
    double worst = 0;
    for (int i = 0; i < a.nresults; i++) {
        const sq_result *ra = &a.results[i], *rb = find_row(&b, ra);
        if (!rb)
            continue;
        matched++;
        double p = mann_whitney_p(ra->samples, ra->reps, rb->samples, rb->reps);
        double ratio = rb->cycles.median / ra->cycles.median;
        bool sig = p < alpha;
        const char *mark = "";
        if (sig) {
            significant++;
            mark = rb->cycles.median > ra->cycles.median ? "slower" : "faster";
            /* Slowdowns count against the gate, relative to |A| (medians near 0
             * or below are costs hidden in the harness). */
            double slow = (rb->cycles.median - ra->cycles.median) / fabs(ra->cycles.median) * 100;
            if (rb->cycles.median > ra->cycles.median && fail_over >= 0 && slow > fail_over) {
                gate++;
                mark = "SLOWER (over --fail-over)";
            }
            if (slow > worst)
                worst = slow;
        }
        printf("%-40s %-11s %-10s %9.3f %9.3f %7.3f %9.2g  %s\n", ra->variant->id, ra->sequence,
               sq_mode_names[ra->mode], ra->cycles.median, rb->cycles.median, ratio, p, mark);
    }
    /* The smallest p the test can give: all of A below all of B. */
    if (a.nresults && b.nresults) {
        int na = a.results[0].reps, nb = b.results[0].reps;
        double lo[1000], hi[1000];
        for (int k = 0; k < na && k < 1000; k++)
            lo[k] = k;
        for (int k = 0; k < nb && k < 1000; k++)
            hi[k] = 1000 + k;
        double floor_p = mann_whitney_p(lo, na < 1000 ? na : 1000, hi, nb < 1000 ? nb : 1000);
        if (floor_p >= alpha)
            printf("\nnote: with %d and %d repetitions no difference can reach p < %g (the least "
                   "p is %.2g): run with more --reps, or raise --alpha\n",
                   na, nb, alpha, floor_p);
    }
    list_missing(&a, &b, "A");
    list_missing(&b, &a, "B");
    printf("\ncompare: %d rows matched, %d differ significantly (Mann-Whitney U, p < %g)", matched,
           significant, alpha);
    if (fail_over >= 0)
        printf("; %d significant slowdowns over %g%%", gate, fail_over);
    printf("\n");
    sq_results_free(&a);
    sq_results_free(&b);
    return gate ? SQ_EXIT_FAIL : SQ_EXIT_OK;
}
