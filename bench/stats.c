#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* P(X <= k) for X ~ binomial(n, 1/2). */
static double binomial_half_cdf(int n, int k) {
    double term = ldexp(1.0, -n), sum = 0; /* C(n, 0) / 2^n */
    for (int i = 0; i <= k; i++) {
        sum += term;
        term = term * (n - i) / (i + 1);
    }
    return sum;
}

bool sq_median_ci_ranks(int n, double level, int *lo, int *hi) {
    /* [x(k), x(n+1-k)] covers the median with probability 1 - 2 P(X <= k-1):
     * the largest k whose coverage still reaches level. */
    int best = 0;
    for (int k = 1; k <= (n + 1) / 2; k++)
        if (1 - 2 * binomial_half_cdf(n, k - 1) >= level)
            best = k;
    *lo = best ? best : 1;
    *hi = best ? n + 1 - best : n;
    return best > 0;
}

sq_stats sq_stats_of(const double *x, int n) {
    sq_stats s = {NAN, NAN, NAN, NAN, NAN};
    if (n <= 0)
        return s;
    double *v = malloc(sizeof *v * (size_t)n);
    if (!v)
        return s;
    memcpy(v, x, sizeof *v * (size_t)n);
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    s.min = v[0];
    s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    int rank = (int)ceil(0.9 * n); /* nearest rank, 1-based */
    s.p90 = v[(rank < 1 ? 1 : rank) - 1];
    int lo, hi;
    sq_median_ci_ranks(n, 0.95, &lo, &hi);
    s.ci_lo = v[lo - 1];
    s.ci_hi = v[hi - 1];
    free(v);
    return s;
}

double sq_ci_halfwidth(sq_stats s) {
    return fmax(s.median - s.ci_lo, s.ci_hi - s.median);
}

bool sq_about_zero(sq_stats s) {
    return fabs(s.median) < SQ_RESOLUTION_CYCLES || (s.ci_lo <= 0 && s.ci_hi >= 0);
}

/* One speed until the detector lands (the statistics work in progress). */
int sq_modes_of(const double *x, int n, sq_speed out[SQ_MAX_MODES]) {
    (void)x;
    (void)n;
    (void)out;
    return 0;
}
