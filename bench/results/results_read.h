/* The result file (results_write.h) read back with jansson: every schema up
 * to SQ_RESULTS_SCHEMA, fields added since schema 1 taking their defaults
 * where an older file lacks them. Whatever the schema, a run is read as its
 * samples say: at their resolution, every figure derived from them as a run
 * derives it (figures.h); what older schemas stored of those is checked for
 * its type and not kept. */
#ifndef SQCOLOR_RESULTS_READ_H
#define SQCOLOR_RESULTS_READ_H

#include "bench/results/results.h"

#include <stddef.h>

/* Parses a result file's text; name is used in messages. Returns 0, or -1 with
 * a one-line reason naming the file and the problem. Free with
 * sq_run_free (results.h). */
int sq_results_parse(const char *text, size_t len, const char *name, sq_run *run, char *err,
                     size_t errlen);

/* Reads and parses a file (at most 256 MiB). */
int sq_results_load(const char *path, sq_run *run, char *err, size_t errlen);

#endif
