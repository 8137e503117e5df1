/* Schemas 1 and 2, for the reader of bench/results/ alone: what only they
 * hold (results_read_old.c says what dropping them deletes). */
#ifndef SQCOLOR_RESULTS_READ_OLD_H
#define SQCOLOR_RESULTS_READ_OLD_H

#include "bench/results/results.h"
#include "bench/results/results_read_json.h"

#include <jansson.h>

/* The fields kept for other readers of the file (mispredict_reference,
 * summary[], code_mismatches[]): derived from the results, so not read
 * back, but optional and, where present, of their documented types.
 * Checked in a file of any schema; only schemas 1 and 2 write them.
 * Returns 0, or -1 with the reader's err said. */
int sq_results_check_derived(sq_reader *rd, json_t *root);

/* The batch rows and the results of the document root, of schema 1 or 2
 * (results: an array of one object a row), into run. Returns 0, or -1 with
 * the reader's err said. */
int sq_results_read_objects(sq_reader *rd, json_t *root, sq_run *run);

#endif
