#include "bench/results/bound_check.h"

#include "bench/results/batch_index.h"

#include "bench/catalog/batch_registry.h"
#include "bench/util/stats.h"

#include <stdlib.h>
#include <string.h>

bool sq_bound_apart(const sq_batch_result *lo, const sq_batch_result *hi) {
    return hi->cycles.ci_lo > lo->cycles.ci_hi &&
           hi->cycles.median > lo->cycles.median * (1 + SQ_PROCESS_SPREAD);
}

/* A bound row's cell and its width. */
typedef struct bound_cell {
    const sq_batch_result *cell;
    int width;
} bound_cell;

/* The bound a routine of width `width` (0: not known) meets at size n: the
 * bound row of that width, or the cheapest at n; NULL if the run has none. */
static const sq_batch_result *bound_at(const bound_cell *bounds, int nbounds, size_t n, int width) {
    const sq_batch_result *best = NULL;
    for (int i = 0; i < nbounds; i++) {
        const sq_batch_result *b = bounds[i].cell;
        if (b->n == n &&
            (width ? bounds[i].width == width : !best || b->cycles.median < best->cycles.median))
            best = b;
    }
    return best;
}

/* The run's sizes when it has exactly two, the L1 and the L2 one. */
static bool two_sizes(const sq_run *run, size_t *l1, size_t *l2) {
    *l1 = *l2 = 0;
    for (int i = 0; i < run->nbatch; i++) {
        size_t n = run->batch[i].n;
        if (!*l1 || n == *l1)
            *l1 = n;
        else if (!*l2 || n == *l2)
            *l2 = n;
        else
            return false;
    }
    if (*l1 > *l2) {
        size_t t = *l1;
        *l1 = *l2;
        *l2 = t;
    }
    return *l1 && *l2;
}

/* The family an id names (a row of another build's impls has no variant
 * here, but its family is known); NULL if none. */
static const sq_batch_family *family_of(const char *id) {
    for (int f = 0; f < sq_batch_family_count; f++) {
        size_t len = strlen(sq_batch_families[f].name);
        if (strncmp(id, sq_batch_families[f].name, len) == 0 && id[len] == '/')
            return &sq_batch_families[f];
    }
    return NULL;
}

int sq_bound_breaches(const sq_run *run, sq_bound_breach **out) {
    *out = malloc(sizeof **out * (2 * (size_t)run->nbatch + 1));
    const sq_batch_variant **vars = malloc(sizeof *vars * ((size_t)run->nbatch + 1));
    const sq_batch_family **family = malloc(sizeof *family * ((size_t)run->nbatch + 1));
    bound_cell *bounds = malloc(sizeof *bounds * ((size_t)run->nbatch + 1));
    sq_batch_index ix = {0};
    if (!*out || !vars || !family || !bounds || sq_batch_index_init(&ix, run)) {
        free(*out);
        free(vars);
        free(family);
        free(bounds);
        sq_batch_index_free(&ix);
        return -1;
    }
    int n = 0, nbounds = 0;
    for (int i = 0; i < run->nbatch; i++) {
        vars[i] = sq_batch_variant_by_id(run->batch[i].id);
        family[i] = vars[i] ? vars[i]->family : family_of(run->batch[i].id);
        if (vars[i] && strcmp(vars[i]->impl, "bound") == 0)
            bounds[nbounds++] = (bound_cell){&run->batch[i], sq_batch_width(vars[i])};
    }
    size_t l1, l2;
    bool curve = !two_sizes(run, &l1, &l2);
    for (int i = 0; i < run->nbatch; i++) {
        const sq_batch_result *b = &run->batch[i], *bound = NULL;
        bool is_bound = vars[i] && strcmp(vars[i]->impl, "bound") == 0;
        if (family[i] && family[i]->bits == 8 && !is_bound)
            bound = bound_at(bounds, nbounds, b->n, vars[i] ? sq_batch_width(vars[i]) : 0);
        if (bound && sq_bound_apart(b, bound))
            (*out)[n++] = (sq_bound_breach){SQ_BOUND_BEATEN, b, bound};
        const sq_batch_result *at_l2 = curve || b->n != l1 ? NULL : sq_batch_find(&ix, b->id, l2);
        if (at_l2 && sq_bound_apart(at_l2, b))
            (*out)[n++] = (sq_bound_breach){SQ_BOUND_L1_ABOVE_L2, b, at_l2};
    }
    free(vars);
    free(family);
    free(bounds);
    sq_batch_index_free(&ix);
    return n;
}
