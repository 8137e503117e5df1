/* The current schema's rows (3, SQ_RESULTS_SCHEMA), for the reader of
 * bench/results/ alone: the results as a table of columns and rows, and the
 * batch rows as this schema holds them. */
#ifndef SQCOLOR_RESULTS_READ_TABLE_H
#define SQCOLOR_RESULTS_READ_TABLE_H

#include "bench/results/results.h"
#include "bench/results/results_read_json.h"

#include <jansson.h>

/* The batch rows and the results of the document root, of schema 3, into
 * run. Returns 0, or -1 with the reader's err said. */
int sq_results_read_table(sq_reader *rd, json_t *root, sq_run *run);

#endif
