#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

sq_stats sq_stats_of(const double *x, int n) {
    sq_stats s = {NAN, NAN, NAN};
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
    free(v);
    return s;
}
