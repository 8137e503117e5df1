/* A run's batch rows by (id, n): the report's tables, compare and the
 * bound's check look cells up in it. */
#ifndef SQCOLOR_BATCH_INDEX_H
#define SQCOLOR_BATCH_INDEX_H

#include "bench/results/results.h"

#include <stddef.h>

/* A run's batch rows sorted by (id, n), so a lookup costs log n. */
typedef struct sq_batch_index {
    const sq_batch_result **by_key;
    int n;
} sq_batch_index;

/* Returns 0, or -1 out of memory (ix then holds nothing; freeing is fine). */
int sq_batch_index_init(sq_batch_index *ix, const sq_run *run);

/* The run's first batch row of variant id at n squares (pairs) a call; NULL
 * if none. */
const sq_batch_result *sq_batch_find(const sq_batch_index *ix, const char *id, size_t n);

void sq_batch_index_free(sq_batch_index *ix);

#endif
