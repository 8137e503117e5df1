#include "bench/compare/drift.h"

#include "bench/compare/rules.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool counts(const sq_result *a, const sq_result *b) {
    return a->nmodes == 0 && b->nmodes == 0 && !a->shared_from && !b->shared_from &&
           isfinite(a->cycles.median) && isfinite(b->cycles.median) && a->cycles.median >= 1;
}

int sq_drift_find(const sq_result *const *a, const sq_result *const *b, int n, sq_drift *out) {
    sq_drift groups[SQ_DRIFT_MOST];
    int ngroups = 0;
    for (int i = 0; i < n; i++) {
        if (!counts(a[i], b[i]))
            continue;
        int g = 0;
        while (g < ngroups &&
               !(groups[g].mode == a[i]->mode && strcmp(groups[g].sequence, a[i]->sequence) == 0))
            g++;
        if (g == ngroups && ngroups < SQ_DRIFT_MOST)
            groups[ngroups++] = (sq_drift){a[i]->mode, a[i]->sequence, NAN, 0};
    }
    double *ratios = malloc(sizeof *ratios * (size_t)(n + 1));
    int found = 0;
    for (int g = 0; ratios && g < ngroups; g++) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (counts(a[i], b[i]) && a[i]->mode == groups[g].mode &&
                strcmp(a[i]->sequence, groups[g].sequence) == 0)
                ratios[k++] = b[i]->cycles.median / a[i]->cycles.median;
        if (k < SQ_DRIFT_LEAST_ROWS)
            continue;
        groups[g].ratio = sq_stats_of(ratios, k).median;
        groups[g].rows = k;
        if (fabs(groups[g].ratio - 1) >= sq_compare_rules[SQ_ROWS_SCALAR].floor_rel)
            out[found++] = groups[g];
    }
    free(ratios);
    return found;
}

double sq_drift_ratio(const sq_drift *d, int nd, sq_mode mode, const char *sequence) {
    for (int g = 0; g < nd; g++)
        if (d[g].mode == mode && strcmp(d[g].sequence, sequence) == 0)
            return d[g].ratio;
    return 1;
}
