#include "bench/compare/drift.h"

#include "bench/compare/rules.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool counts(const sq_result *a, const sq_result *b) {
    return a->nmodes == 0 && b->nmodes == 0 && !a->shared_from && !b->shared_from &&
           !a->host_spoiled && !b->host_spoiled && isfinite(a->cycles.median) &&
           isfinite(b->cycles.median) && a->cycles.median >= SQ_DRIFT_LEAST_CYCLES;
}

/* The family of a row: its id up to the first '/'. */
static size_t family_length(const sq_result *r) {
    return strcspn(r->variant->id, "/");
}

bool sq_drift_holds(const sq_drift *d, const sq_result *r) {
    size_t n = family_length(r);
    return d->mode == r->mode && strcmp(d->sequence, r->sequence) == 0 && strlen(d->family) == n &&
           strncmp(d->family, r->variant->id, n) == 0;
}

static sq_drift group_of(const sq_result *r) {
    sq_drift g = {.mode = r->mode, .sequence = r->sequence, .ratio = NAN};
    size_t n = family_length(r);
    if (n >= sizeof g.family)
        n = sizeof g.family - 1;
    memcpy(g.family, r->variant->id, n);
    return g;
}

int sq_drift_find(const sq_result *const *a, const sq_result *const *b, int n, sq_drift *out) {
    sq_drift groups[SQ_DRIFT_MOST];
    int ngroups = 0;
    for (int i = 0; i < n; i++) {
        if (!counts(a[i], b[i]))
            continue;
        int g = 0;
        while (g < ngroups && !sq_drift_holds(&groups[g], a[i]))
            g++;
        if (g == ngroups && ngroups < SQ_DRIFT_MOST)
            groups[ngroups++] = group_of(a[i]);
    }
    double *ratios = malloc(sizeof *ratios * (size_t)(n + 1));
    int found = 0;
    for (int g = 0; ratios && g < ngroups; g++) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (counts(a[i], b[i]) && sq_drift_holds(&groups[g], a[i]))
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

double sq_drift_ratio(const sq_drift *d, int nd, const sq_result *r) {
    for (int g = 0; g < nd; g++)
        if (sq_drift_holds(&d[g], r))
            return d[g].ratio;
    return 1;
}
