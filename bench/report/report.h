/* Printing a run: console tables, Markdown, HTML, CSV, JSON and the paper
 * table (LaTeX, Markdown). */
#ifndef SQCOLOR_REPORT_H
#define SQCOLOR_REPORT_H

#include "bench/util/output.h" /* sq_output: gbench_main.c still finds it here */
#include "bench/results/results.h"
#include "bench/results/summary.h"
#include "bench/util/choices.h"

#include <stdbool.h>
#include <stdio.h>

/* The most result files one report takes. */
#define SQ_REPORT_MAX_RUNS 16

/* The formats with their names as options take them (choices.h). Nested:
 * a --format taking only the first two (disasm), three (batch) or five (run)
 * reads its choice as an sq_format all the same. report's adds the paper
 * table (latex and its Markdown, paper). */
#define SQ_FORMATS_TABLE_MARKDOWN(X)     X(SQ_FORMAT_TABLE, "table") X(SQ_FORMAT_MARKDOWN, "markdown")
#define SQ_FORMATS_TABLE_MARKDOWN_CSV(X) SQ_FORMATS_TABLE_MARKDOWN(X) X(SQ_FORMAT_CSV, "csv")
#define SQ_FORMATS(X)                                                                              \
    SQ_FORMATS_TABLE_MARKDOWN_CSV(X) X(SQ_FORMAT_JSON, "json") X(SQ_FORMAT_HTML, "html")
#define SQ_REPORT_FORMATS(X) SQ_FORMATS(X) X(SQ_FORMAT_LATEX, "latex") X(SQ_FORMAT_PAPER, "paper")

typedef enum sq_format { SQ_REPORT_FORMATS(SQ_CHOICE_ENUMERATOR) } sq_format;

/* "table|markdown|csv|json|html". */

/* What a report adds: the per-sequence tables; its charts on a log axis. */
enum { SQ_REPORT_DETAIL = 1, SQ_REPORT_LOG_AXIS = 2 };

/* Writes runs[0..nruns) in fmt (JSON: one run; several: the caller refuses
 * them first), with what flags (SQ_REPORT_*) add. Returns 0,
 * SQ_FAILED_WRITE or SQ_FAILED_MEMORY (failure.h): out of memory the output
 * is not whole and must not be committed. */
int sq_report_write(const sq_run *runs, int nruns, sq_format fmt, unsigned flags, FILE *out);

/* The paper table of runs[0..nruns) (paper_table.h) for headline figure
 * kind, in fmt, SQ_FORMAT_LATEX or SQ_FORMAT_PAPER (sq_report_write gives
 * the latency). Returns as sq_report_write. */
int sq_report_paper(const sq_run *runs, int nruns, sq_format fmt, sq_headline_kind kind, FILE *out);

#endif
