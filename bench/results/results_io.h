/* The result file (the JSON that 'sqcolor run --format json' and --save
 * write), written and read back with jansson; and saving runs where they
 * never overwrite. The format is described in docs/file-formats.md ("JSON"). */
#ifndef SQCOLOR_RESULTS_IO_H
#define SQCOLOR_RESULTS_IO_H

#include "bench/results/results.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The schema written; every one from 1 up to it is read. */
#define SQ_RESULTS_SCHEMA 2

/* Writes run as a result file: integers as JSON integers, doubles with 17
 * significant digits (read back bit for bit), non-finite ones as null, the
 * seed as a string of decimal digits; indented by two spaces, one value per line.
 * Returns 0, or -1 on a write error; out of memory it exits, as a file
 * without its rows must not be committed as whole. */
int sq_results_write(FILE *out, const sq_run *run);

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

/* A seed in decimal digits, 0 to 2^64-1: what --seed takes and schema 2
 * stores. No sign, space or hex (strtoull alone would take " -1" as 2^64-1,
 * and "0x10"). */
bool sq_seed_parse(const char *text, uint64_t *seed);

#endif
