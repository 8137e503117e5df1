/* compare's batch rows: a result file's batch rows keep their statistics, not
 * their samples, so a change is judged by disjoint 95% intervals. */
#ifndef SQCOLOR_COMPARE_BATCH_H
#define SQCOLOR_COMPARE_BATCH_H

#include "bench/results/results.h"

#include <stdbool.h>

/* The batch rows both runs have (same id and size), one line each (only
 * those apart with changes_only), then a line counting them. A row is apart as a scalar row
 * is (Student's t on per-process medians, Benjamini-Hochberg at q over the batch rows, a floor
 * of 1% of A), or in files without batch samples by intervals apart. Returns how many B is
 * slower on by more than fail_over percent (fail_over < 0: none). Nothing without batch rows in
 * either run. */
int sq_compare_batch(const sq_run *a, const sq_run *b, double q, double fail_over,
                     bool changes_only);

/* The same rows as JSON, for compare --format json: [{"id", "n", "verdict":
 * "slower"|"faster"|"same", "a", "b", "ratio", "over_fail_over"}]; *gate as
 * sq_compare_batch returns it. NULL out of memory. */
struct json_t;
struct json_t *sq_compare_batch_json(const sq_run *a, const sq_run *b, double q, double fail_over,
                                     int *gate);

#endif
