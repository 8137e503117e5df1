#include "bench/compare/units.h"

#include "bench/util/stats.h"

#include <math.h>
#include <stdlib.h>

static bool clean(const sq_result *r, int k) {
    return !r->host || !r->host[k];
}

/* Whether sample k of r is clean and process p's. */
static bool clean_of(const sq_result *r, int k, int p) {
    return clean(r, k) && (r->process ? r->process[k] : 0) == p;
}

/* The processes r's samples name: the highest plus one. */
static int processes_of(const sq_result *r) {
    int n = 1;
    for (int k = 0; r->process && k < r->reps; k++)
        if (r->process[k] + 1 > n)
            n = r->process[k] + 1;
    return n;
}

int sq_clean_room(const sq_result *r) {
    int n = processes_of(r);
    return r->reps > n ? r->reps : n;
}

int sq_clean_samples(const sq_result *r, double *out) {
    int n = 0;
    for (int k = 0; k < r->reps; k++)
        if (clean(r, k))
            out[n++] = r->samples[k];
    return n;
}

int sq_clean_units(const sq_result *r, bool by_samples, double *out) {
    if (by_samples)
        return sq_clean_samples(r, out);
    int n = processes_of(r);
    double *x = malloc(sizeof *x * (size_t)(r->reps > 0 ? r->reps : 1));
    if (!x)
        return -1;
    for (int p = 0; p < n; p++) {
        int c = 0;
        for (int k = 0; k < r->reps; k++)
            if (clean_of(r, k, p))
                x[c++] = r->samples[k];
        out[p] = NAN;
        if (c && sq_group_medians(x, NULL, c, &out[p]) != 1) {
            free(x);
            return -1;
        }
    }
    free(x);
    return n;
}

double sq_unit_variance_floor(const sq_result *r) {
    int n = processes_of(r), samples = 0, groups = 0;
    double squares = 0;
    for (int p = 0; p < n; p++) {
        double sum = 0, sum2 = 0;
        int c = 0;
        for (int k = 0; k < r->reps; k++)
            if (clean_of(r, k, p)) {
                sum += r->samples[k];
                c++;
            }
        for (int k = 0; c && k < r->reps; k++)
            if (clean_of(r, k, p))
                sum2 += (r->samples[k] - sum / c) * (r->samples[k] - sum / c);
        if (c >= 2) {
            squares += sum2;
            samples += c;
            groups++;
        }
    }
    if (groups == 0 || samples == groups)
        return 0;
    double within = squares / (samples - groups);
    return within / ((double)samples / groups);
}
