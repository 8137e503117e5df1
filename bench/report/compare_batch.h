/* compare's batch rows: the batch rows both runs have (same id and size),
 * each judged as a scalar row is (Student's t on per-process medians,
 * Benjamini-Hochberg at q over the batch rows, a floor of 3% of A; by
 * their speeds at two speeds, but where the units are runs), or in files
 * without batch samples by 95% intervals apart. */
#ifndef SQCOLOR_COMPARE_BATCH_H
#define SQCOLOR_COMPARE_BATCH_H

#include "bench/report/report_batch.h"
#include "bench/results/results.h"

#include <stdbool.h>

/* A's batch rows judged against B's. */
typedef struct sq_batch_comparison {
    const sq_run *a, *b;
    sq_batch_index ib;
    struct batch_verdict *verdicts; /* one per batch row of A */
    int matched, slower, faster;
    int only_a, only_b;
    int gate; /* slowdowns over fail_over (fail_over < 0: none) */
} sq_batch_comparison;

/* Judges a's batch rows against b's into *c; by_runs: each side's units
 * are runs (several files a side), whose medians the test compares even at
 * two speeds. Returns 0, or -1 out of memory (then c holds nothing; freeing
 * it is fine). */
int sq_batch_compare(const sq_run *a, const sq_run *b, double q, double fail_over, bool by_runs,
                     sq_batch_comparison *c);

/* Some row to show: one that changed, or with all one matched. */
bool sq_batch_shows_rows(const sq_batch_comparison *c, bool all);

/* The rows that changed (with all, every matched row) as a table, or the line
 * "batch rows: no changes". */
void sq_batch_print(const sq_batch_comparison *c, bool all);

/* The same rows as JSON, for compare --format json: [{"id", "n", "verdict":
 * "slower"|"faster"|"same", "a", "b", "ratio", "over_fail_over"}]. NULL out
 * of memory. */
struct json_t;
struct json_t *sq_batch_json(const sq_batch_comparison *c, bool all);

void sq_batch_comparison_free(sq_batch_comparison *c);

#endif
