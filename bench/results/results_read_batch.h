/* The result file's batch rows (results.h), for the reader of bench/results/
 * alone: what every schema that has them holds alike, each row's figures
 * left to its schema's reader. */
#ifndef SQCOLOR_RESULTS_READ_BATCH_H
#define SQCOLOR_RESULTS_READ_BATCH_H

#include "bench/results/results.h"
#include "bench/results/results_read_json.h"

#include <jansson.h>

/* A batch row's figures, from its object o (named where in messages), into
 * b, as one schema holds them. Returns 0, or -1 with the reader's err said. */
typedef int sq_batch_figures(sq_reader *rd, json_t *o, const char *where, sq_batch_result *b);

/* The optional batch rows of the document root (none in older files) and
 * their huge-page flags into run; each row's id and length, then its
 * figures by figures(). Returns 0, or -1 with the reader's err said. */
int sq_results_read_batch(sq_reader *rd, json_t *root, sq_run *run, sq_batch_figures *figures);

#endif
