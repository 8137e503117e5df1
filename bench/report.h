/* Printing a run: console tables, Markdown, CSV and JSON. */
#ifndef SQCOLOR_REPORT_H
#define SQCOLOR_REPORT_H

#include "output.h" /* sq_output: gbench_main.c still finds it here */
#include "results.h"

#include <stdio.h>

/* The most result files one report takes. */
#define SQ_REPORT_MAX_RUNS 16

typedef enum sq_format {
    SQ_FORMAT_TABLE,
    SQ_FORMAT_MARKDOWN,
    SQ_FORMAT_CSV,
    SQ_FORMAT_JSON
} sq_format;

/* Writes run in fmt. Returns 0, or -1 on a write error. */
int sq_report_write(const sq_run *run, sq_format fmt, FILE *out);

#endif
