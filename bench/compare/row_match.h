/* compare's scalar rows matched: A's rows that B has too (same variant,
 * sequence and mode), found in n log n, and the rows that share a figure in
 * both runs (rows of byte-identical code timed once, shared_from), which are
 * one test and not one per row. */
#ifndef SQCOLOR_COMPARE_ROW_MATCH_H
#define SQCOLOR_COMPARE_ROW_MATCH_H

#include "bench/results/results.h"

/* A run's rows sorted by (id, sequence, mode). */
typedef struct sq_compare_index {
    const sq_result **by_key;
    int n;
} sq_compare_index;

/* A run's rows sorted by key into *ix: 0, or -1 out of memory (ix then
 * empty). Free with free(ix->by_key). */
int sq_compare_index_rows(const sq_run *run, sq_compare_index *ix);

/* The first row of like's key in ix, or NULL. */
const sq_result *sq_compare_find(const sq_compare_index *ix, const sq_result *like);

/* The matched rows, in A's order: a[i] and b[i] are A's and B's row of one
 * key; twin[i], the matched row whose figure row i shares in both runs (its
 * shared_from the same variant, whose row was timed once for both), or -1. */
typedef struct sq_row_pairs {
    const sq_result **a, **b;
    int *twin;
    int matched;
} sq_row_pairs;

/* Matches run a's rows (ia, its index) with those of ib into *m: 0, or -1
 * out of memory (m then empty). */
int sq_match_rows(const sq_run *a, const sq_compare_index *ia, const sq_compare_index *ib,
                  sq_row_pairs *m);
void sq_row_pairs_free(sq_row_pairs *m);

#endif
