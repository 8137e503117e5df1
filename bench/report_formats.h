/* Each output format's writer, called by report.c's dispatch. */
#ifndef SQCOLOR_REPORT_FORMATS_H
#define SQCOLOR_REPORT_FORMATS_H

#include "results.h"

#include <stdbool.h>
#include <stdio.h>

/* report_tables.c: the console tables, or Markdown where md. */
void sq_write_tables(FILE *out, bool md, const sq_run *run);

/* report_csv.c: one CSV of every row of runs[0..nruns), a line per
 * (machine, id, sequence, mode). */
void sq_write_csv(FILE *out, const sq_run *runs, int nruns);

/* report_tables.c: several runs side by side, a column per run. */
void sq_write_machines(FILE *out, bool md, const sq_run *runs, int nruns);

/* report_html.c: the Markdown report md as an HTML page. */
void sq_markdown_to_html(FILE *md, FILE *out);

#endif
