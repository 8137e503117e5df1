/* The result file's header, for the reader of bench/results/ alone: every
 * field but the rows and the batch rows. */
#ifndef SQCOLOR_RESULTS_READ_HEADER_H
#define SQCOLOR_RESULTS_READ_HEADER_H

#include "bench/results/results.h"
#include "bench/results/results_read_json.h"

#include <jansson.h>

/* The schema (into rd->schema), tool, machine, clock, config (seed and
 * all), impls and the code facts and loops of the document root into run.
 * Returns 0, or -1 with the reader's err said. */
int sq_results_read_header(sq_reader *rd, json_t *root, sq_run *run);

#endif
