/* The result-file reader's refusal of a row twice, for bench/results/ alone:
 * tables and compare take a run's first row of a variant, sequence and mode,
 * CSV prints every row, so a file with two would read differently by each. */
#ifndef SQCOLOR_RESULTS_READ_UNIQUE_H
#define SQCOLOR_RESULTS_READ_UNIQUE_H

#include "bench/results/results.h"
#include "bench/results/results_read_json.h"

/* Whether run's rows are each the only one of their id, sequence and mode,
 * and its batch rows the only one of their id and n; rows_at names the rows
 * in messages ("results" or "results.rows"). Returns 0, or -1 with the
 * reader's err naming the second row and the first. */
int sq_results_check_unique(sq_reader *rd, const sq_run *run, const char *rows_at);

#endif
