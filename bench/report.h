/* Printing a run: console tables, Markdown, CSV and JSON. */
#ifndef SQCOLOR_REPORT_H
#define SQCOLOR_REPORT_H

#include "output.h" /* sq_output: gbench_main.c still finds it here */
#include "results.h"

#include <stdio.h>

typedef enum sq_format {
    SQ_FORMAT_TABLE,
    SQ_FORMAT_MARKDOWN,
    SQ_FORMAT_CSV,
    SQ_FORMAT_JSON
} sq_format;

/* Writes run in fmt; version is sqcolor's. Returns 0, or -1 on a write error. */
int sq_report_write(const sq_run *run, sq_format fmt, const char *version, FILE *out);

/* A run's rows by variant, so the figures of summary.h and cells.h, which
 * scan a run's rows, cost a variant's rows and not the run's: view is the run
 * with one variant's rows (sq_variant_rows_of). Exits on no memory. */
typedef struct sq_variant_rows {
    sq_result *rows; /* copies of the run's rows, sorted by id, in run order */
    int n;
    sq_run view;
} sq_variant_rows;

void sq_variant_rows_init(sq_variant_rows *b, const sq_run *run);

/* The run with only variant id's rows; valid until the next call. */
const sq_run *sq_variant_rows_of(sq_variant_rows *b, const char *id);

void sq_variant_rows_free(sq_variant_rows *b);

/* Keeps the first of each distinct string of s[0..n), in their order, in
 * s[0..k); returns k. Exits on no memory. */
int sq_distinct_strings(const char **s, int n);

#endif
