#include "bench/compare/row_match.h"

#include <stdlib.h>
#include <string.h>

static int key_order(const sq_result *a, const sq_result *b) {
    int c = strcmp(a->variant->id, b->variant->id);
    if (!c)
        c = strcmp(a->sequence, b->sequence);
    return c ? c : (a->mode > b->mode) - (a->mode < b->mode);
}

/* Rows of one key in file order, so the first of them is matched. */
static int by_key(const void *x, const void *y) {
    const sq_result *a = *(const sq_result *const *)x, *b = *(const sq_result *const *)y;
    int c = key_order(a, b);
    return c ? c : (a > b) - (a < b);
}

int sq_compare_index_rows(const sq_run *run, sq_compare_index *ix) {
    *ix = (sq_compare_index){malloc(sizeof *ix->by_key * ((size_t)run->nresults + 1)), 0};
    if (!ix->by_key)
        return -1;
    ix->n = run->nresults;
    for (int i = 0; i < run->nresults; i++)
        ix->by_key[i] = &run->results[i];
    qsort(ix->by_key, (size_t)ix->n, sizeof *ix->by_key, by_key);
    return 0;
}

const sq_result *sq_compare_find(const sq_compare_index *ix, const sq_result *like) {
    int lo = 0, hi = ix->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (key_order(ix->by_key[mid], like) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ix->n && key_order(ix->by_key[lo], like) == 0 ? ix->by_key[lo] : NULL;
}

/* The matched row whose figure A's row ra and B's rb share in both runs,
 * or -1. matched_at: each of A's rows' matched index (-1: B lacks it). */
static int shared_twin(const sq_compare_index *ia, const sq_run *a, const int *matched_at,
                       const sq_result *ra, const sq_result *rb) {
    if (!ra->shared_from || !rb->shared_from || strcmp(ra->shared_from, rb->shared_from) != 0)
        return -1;
    sq_variant v = {.id = ra->shared_from};
    sq_result like = {.variant = &v, .sequence = ra->sequence, .mode = ra->mode};
    const sq_result *src = sq_compare_find(ia, &like);
    return src ? matched_at[src - a->results] : -1;
}

int sq_match_rows(const sq_run *a, const sq_compare_index *ia, const sq_compare_index *ib,
                  sq_row_pairs *m) {
    size_t n = (size_t)a->nresults + 1;
    *m = (sq_row_pairs){malloc(sizeof *m->a * n), malloc(sizeof *m->b * n),
                        malloc(sizeof *m->twin * n), 0};
    int *matched_at = malloc(sizeof *matched_at * n);
    if (!m->a || !m->b || !m->twin || !matched_at) {
        free(matched_at);
        sq_row_pairs_free(m);
        return -1;
    }
    for (int i = 0; i < a->nresults; i++) {
        const sq_result *r = sq_compare_find(ib, &a->results[i]);
        matched_at[i] = r ? m->matched : -1;
        if (r) {
            m->a[m->matched] = &a->results[i];
            m->b[m->matched++] = r;
        }
    }
    for (int i = 0; i < m->matched; i++)
        m->twin[i] = shared_twin(ia, a, matched_at, m->a[i], m->b[i]);
    free(matched_at);
    return 0;
}

void sq_row_pairs_free(sq_row_pairs *m) {
    free(m->a);
    free(m->b);
    free(m->twin);
    *m = (sq_row_pairs){0};
}
