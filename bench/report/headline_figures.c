#include "bench/report/headline_figures.h"

#include "bench/code/code_groups.h"
#include "bench/results/cells.h"
#include "bench/results/runs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sq_impl_set_of(const sq_run *runs, int nruns, sq_impl_set *s) {
    size_t all = 1;
    for (int r = 0; r < nruns; r++)
        all += (size_t)runs[r].nresults;
    *s = (sq_impl_set){.c = malloc(sizeof *s->c * all)};
    if (!s->c)
        return -1;
    for (int r = 0; r < nruns; r++)
        for (int i = 0; i < runs[r].nresults; i++) {
            const char *impl = runs[r].results[i].variant->impl;
            if (strcmp(impl, "asm") == 0)
                s->has_asm = true;
            else
                s->c[s->nc++] = impl;
        }
    s->nc = sq_distinct_strings(s->c, s->nc);
    return 0;
}

void sq_impl_set_free(sq_impl_set *s) {
    free(s->c);
    s->c = NULL;
}

int sq_techniques_of(const sq_run *runs, int nruns, const sq_family *fam, const char ***out) {
    size_t all = 1;
    for (int r = 0; r < nruns; r++)
        all += (size_t)runs[r].nresults;
    const char **t = *out = malloc(sizeof *t * all);
    if (!t)
        return -1;
    int n = 0;
    for (int r = 0; r < nruns; r++)
        for (int i = 0; i < runs[r].nresults; i++)
            if (runs[r].results[i].variant->family == fam)
                t[n++] = runs[r].results[i].variant->technique;
    return sq_distinct_strings(t, n);
}

int sq_headline_kinds_of(const sq_run *runs, int nruns, const sq_family *fam,
                         sq_headline_kind *kinds) {
    bool mode[SQ_MODE_COUNT] = {false};
    for (int r = 0; r < nruns; r++)
        for (int i = 0; i < runs[r].nresults; i++)
            if (runs[r].results[i].variant->family == fam)
                mode[runs[r].results[i].mode] = true;
    int n = 0;
    if (mode[SQ_MODE_LATENCY])
        kinds[n++] = SQ_HEADLINE_LATENCY;
    if (mode[SQ_MODE_THROUGHPUT])
        kinds[n++] = SQ_HEADLINE_THROUGHPUT;
    if (mode[SQ_MODE_BRANCH]) {
        kinds[n++] = SQ_HEADLINE_BRANCH;
        kinds[n++] = SQ_HEADLINE_MISPREDICT;
    }
    return n;
}

int sq_headline_decimals(sq_headline_kind kind) {
    return kind == SQ_HEADLINE_MISPREDICT ? 1 : 2;
}

sq_headline sq_headline_in(sq_variant_rows *rows, const sq_family *fam, const char *tech,
                           const char *impl, sq_headline_kind kind) {
    char id[256];
    snprintf(id, sizeof id, "%s/%s/%s", fam->name, tech, impl);
    return sq_headline_of(sq_variant_rows_of(rows, id), id, kind);
}

/* Whether the compilers listed (where tied[i]) compiled fam/tech to one
 * machine code, as the run recorded it; false where a fact is missing. */
static bool one_code(sq_variant_rows *rows, const sq_impl_set *impls, const sq_family *fam,
                     const char *tech, const bool *tied) {
    const sq_code_fact *first = NULL;
    for (int i = 0; i < impls->nc; i++) {
        if (!tied[i])
            continue;
        char id[256];
        snprintf(id, sizeof id, "%s/%s/%s", fam->name, tech, impls->c[i]);
        const sq_code_fact *f = sq_run_code_of(rows->view, id);
        if (!f || (first && !sq_code_same(f, first)))
            return false;
        first = first ? first : f;
    }
    return first != NULL;
}

/* The compilers tied with the best (tied[i]), how many, and whether one
 * code; how many are not told apart from the slowest. */
static void ties_of(sq_variant_rows *rows, const sq_impl_set *impls, const sq_family *fam,
                    const char *tech, const sq_headline *h, int best, bool *tied, sq_best_c *c) {
    for (int i = 0; i < impls->nc; i++) {
        tied[i] = sq_headline_ties(&h[i], &h[best]);
        c->nbest += tied[i];
        c->nworst += sq_headline_ties(&h[c->worst_index], &h[i]);
    }
    c->one_code = c->nbest > 1 && one_code(rows, impls, fam, tech, tied);
}

int sq_best_c_of(sq_variant_rows *rows, const sq_impl_set *impls, const sq_family *fam,
                 const char *tech, sq_headline_kind kind, sq_best_c *out) {
    sq_best_c c = {.best = {.median = NAN, .lo = NAN, .hi = NAN}, .ncompilers = impls->nc};
    c.worst = c.best;
    *out = c;
    sq_headline *h = malloc(sizeof *h * ((size_t)impls->nc + 1));
    bool *tied = calloc((size_t)impls->nc + 1, sizeof *tied);
    if (!h || !tied) {
        free(h);
        free(tied);
        return -1;
    }
    int best = -1, worst = -1, first = -1;
    for (int i = 0; i < impls->nc; i++) {
        h[i] = sq_headline_in(rows, fam, tech, impls->c[i], kind);
        if (first < 0 && (h[i].ncells || h[i].nbimodal || h[i].control_dependent))
            first = i;
        double rank = sq_headline_rank(&h[i]);
        if (!isfinite(rank))
            continue;
        if (best < 0 || rank < sq_headline_rank(&h[best]))
            best = i;
        if (worst < 0 || rank > sq_headline_rank(&h[worst]))
            worst = i;
    }
    if (best < 0) { /* no compiler has a number: show what the first one has */
        if (first >= 0)
            c.best = c.worst = h[first];
    } else {
        c.best = h[best];
        c.worst = h[worst];
        c.best_impl = impls->c[best];
        c.worst_impl = impls->c[worst];
        c.worst_index = worst;
        ties_of(rows, impls, fam, tech, h, best, tied, &c);
    }
    free(tied);
    free(h);
    *out = c;
    return 0;
}
