/* compare's batch rows: the batch rows both runs have (same id and size),
 * each judged as a scalar row is (Student's t on per-process medians,
 * Benjamini-Hochberg at q over the batch rows, the batch row of the rules'
 * table, rules.h), or in files without batch samples by 95% intervals apart. */
#ifndef SQCOLOR_COMPARE_BATCH_ROWS_H
#define SQCOLOR_COMPARE_BATCH_ROWS_H

#include "bench/report/report_batch.h"
#include "bench/results/results.h"

#include <stdbool.h>

/* One matched batch row's verdict, and over the gate; ratio B/A (NAN: B
 * lacks the row). */
typedef struct sq_batch_verdict {
    bool slower, faster, over;
    double ratio;
} sq_batch_verdict;

/* A's batch rows judged against B's. */
typedef struct sq_batch_comparison {
    const sq_run *a, *b;
    sq_batch_index ib;
    sq_batch_verdict *verdicts; /* one per batch row of A */
    int matched, slower, faster;
    int only_a, only_b;
    int gate; /* slowdowns over fail_over (fail_over < 0: none) */
} sq_batch_comparison;

/* Judges a's batch rows against b's into *c; by_runs: each side's units
 * are runs (several files a side). Returns 0, or -1 out of memory (then c
 * holds nothing; freeing it is fine). */
int sq_batch_compare(const sq_run *a, const sq_run *b, double q, double fail_over, bool by_runs,
                     sq_batch_comparison *c);

/* A's batch row i when B has it and it is to be shown (it changed, or all),
 * else NULL; *y is B's. */
const sq_batch_result *sq_batch_shown(const sq_batch_comparison *c, int i, bool all,
                                      const sq_batch_result **y);

/* Some row to show: one that changed, or with all one matched. */
bool sq_batch_shows_rows(const sq_batch_comparison *c, bool all);

/* "slower", "faster" or "same". */
const char *sq_batch_verdict_word(const sq_batch_verdict *v);

void sq_batch_comparison_free(sq_batch_comparison *c);

#endif
