/* A run's rows found by variant, sequence and mode: where a shared row
 * (results.h, shared_from) takes its figures from, for the writer, which
 * leaves them out of the file, and the reader, which puts them back; and a
 * second row of one variant, sequence and mode, which the reader refuses. */
#ifndef SQCOLOR_ROW_INDEX_H
#define SQCOLOR_ROW_INDEX_H

#include "bench/results/results.h"
#include "bench/util/id_table.h"

typedef struct sq_row_index {
    sq_id_table table; /* key -> (row + 1) * 2, + 1 for a shared row */
    char **keys;       /* the keys, owned */
    int nkeys, max;
} sq_row_index;

/* An index for up to max rows. Returns 0, or -1 out of memory. */
int sq_row_index_init(sq_row_index *ix, int max);

/* Indexes row i of the run, r, unless an earlier row has its key (variant,
 * sequence and mode). Returns 0; 1 when an earlier row has it, that row's
 * index in *first (when first is not NULL); or -1 out of memory. */
int sq_row_index_add(sq_row_index *ix, const sq_result *r, int i, int *first);

/* The row shared row r takes its figures from: the row timed itself (no
 * shared_from) indexed under r's shared_from, sequence and mode; -1 where
 * there is none (or r is not shared, or out of memory). */
int sq_row_index_source(const sq_row_index *ix, const sq_result *r);

void sq_row_index_free(sq_row_index *ix);

#endif
