/* The result file: the JSON that 'sqcolor run --format json' and --save
 * write, built with jansson. The format is described in docs/file-formats.md;
 * results_read.h reads it back. */
#ifndef SQCOLOR_RESULTS_WRITE_H
#define SQCOLOR_RESULTS_WRITE_H

#include "bench/results/results.h"

#include <jansson.h>
#include <stdio.h>

/* Writes run as a result file of schema 3: what was measured and nothing
 * derived from it (figures.h); integers as JSON integers, the clock and
 * configuration with 17 significant digits (read back bit for bit), samples
 * and harness statistics with the digits of their resolution
 * (sq_sample_digits: a run at its resolution reads back bit for bit),
 * non-finite numbers as null, the seed as a string of decimal digits; a
 * member of the top level a line, an array of records a record a line, the
 * rows a table. Returns 0, SQ_FAILED_WRITE or SQ_FAILED_MEMORY (failure.h);
 * out of memory nothing is written, and a file without its rows must not be
 * committed as whole. */
int sq_results_write(FILE *out, const sq_run *run);

/* A machine object o (of a result or instruction-form file) with what the
 * test switches made of m (bench/machine/test_switches.h), each only where it
 * acted: hidden_features, the features hidden, and test_brand, true. NULL (o
 * released) out of memory. */
json_t *sq_test_switches_json(json_t *o, const sq_machine *m);

#endif
