/* Reading result files (the JSON that 'sqcolor run --format json' writes) back
 * into runs, with jansson; and saving runs where they never overwrite. */
#ifndef SQCOLOR_RESULTS_IO_H
#define SQCOLOR_RESULTS_IO_H

#include "results.h"

#include <stddef.h>

/* Parses a result file's text; name is used in messages. Returns 0, or -1 with
 * a one-line reason naming the file and the problem. Free with
 * sq_results_free. */
int sq_results_parse(const char *text, size_t len, const char *name, sq_run *run, char *err,
                     size_t errlen);

/* Reads and parses a file (at most 256 MiB). */
int sq_results_load(const char *path, sq_run *run, char *err, size_t errlen);

/* Frees a loaded run (results, samples and everything they point to). */
void sq_results_free(sq_run *run);

/* results/<cpu-slug>/<date>-<commit>.json under dir, for a run. */
void sq_results_path(const sq_run *run, const char *dir, char *path, size_t len);

#endif
