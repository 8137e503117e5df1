#include "bench/results/row_index.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sq_row_index_init(sq_row_index *ix, int max) {
    *ix = (sq_row_index){.max = max};
    ix->keys = malloc(sizeof *ix->keys * (size_t)(max > 0 ? max : 1));
    if (ix->keys && sq_id_table_init(&ix->table, (size_t)(max > 0 ? max : 0)) == 0)
        return 0;
    free(ix->keys);
    ix->keys = NULL;
    return -1;
}

/* "mode|sequence|id" (unit separators between), allocated; NULL out of memory. */
static char *key_of(const char *id, const char *sequence, sq_mode mode) {
    size_t len = strlen(id) + strlen(sequence) + 8;
    char *key = malloc(len);
    if (key)
        snprintf(key, len, "%d\x1f%s\x1f%s", (int)mode, sequence, id);
    return key;
}

int sq_row_index_add(sq_row_index *ix, const sq_result *r, int i, int *first) {
    if (ix->nkeys == ix->max)
        return 0;
    char *key = key_of(r->variant->id, r->sequence, r->mode);
    if (!key)
        return -1;
    uintptr_t had = (uintptr_t)sq_id_table_get(&ix->table, key);
    if (had) {
        free(key);
        if (first)
            *first = (int)(had / 2) - 1;
        return 1;
    }
    ix->keys[ix->nkeys++] = key;
    uintptr_t value = (uintptr_t)(i + 1) * 2 + (r->shared_from != NULL);
    return sq_id_table_put(&ix->table, key, (void *)value);
}

int sq_row_index_source(const sq_row_index *ix, const sq_result *r) {
    if (!r->shared_from)
        return -1;
    char *key = key_of(r->shared_from, r->sequence, r->mode);
    uintptr_t row = key ? (uintptr_t)sq_id_table_get(&ix->table, key) : 0;
    free(key);
    /* a shared row is no source: its own figures are another row's */
    return row && !(row & 1) ? (int)(row / 2) - 1 : -1;
}

void sq_row_index_free(sq_row_index *ix) {
    for (int i = 0; i < ix->nkeys; i++)
        free(ix->keys[i]);
    free(ix->keys);
    sq_id_table_free(&ix->table);
    memset(ix, 0, sizeof *ix);
}
