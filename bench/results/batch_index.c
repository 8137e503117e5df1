#include "bench/results/batch_index.h"

#include <stdlib.h>
#include <string.h>

static int key_order(const sq_batch_result *a, const char *id, size_t n) {
    int c = strcmp(a->id, id);
    return c ? c : (a->n > n) - (a->n < n);
}

static int by_key(const void *x, const void *y) {
    const sq_batch_result *a = *(const sq_batch_result *const *)x,
                          *b = *(const sq_batch_result *const *)y;
    int c = key_order(a, b->id, b->n);
    return c ? c : (a > b) - (a < b);
}

int sq_batch_index_init(sq_batch_index *ix, const sq_run *run) {
    ix->n = run->nbatch;
    ix->by_key = malloc(sizeof *ix->by_key * ((size_t)run->nbatch + 1));
    if (!ix->by_key) {
        ix->n = 0;
        return -1;
    }
    for (int i = 0; i < run->nbatch; i++)
        ix->by_key[i] = &run->batch[i];
    qsort(ix->by_key, (size_t)ix->n, sizeof *ix->by_key, by_key);
    return 0;
}

const sq_batch_result *sq_batch_find(const sq_batch_index *ix, const char *id, size_t n) {
    int lo = 0, hi = ix->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (key_order(ix->by_key[mid], id, n) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ix->n && key_order(ix->by_key[lo], id, n) == 0 ? ix->by_key[lo] : NULL;
}

void sq_batch_index_free(sq_batch_index *ix) {
    free(ix->by_key);
    ix->by_key = NULL;
    ix->n = 0;
}
