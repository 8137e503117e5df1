/* A run as JSON: the result file that 'run --save' keeps and results_io.c
 * reads back. */
#ifndef SQCOLOR_REPORT_JSON_H
#define SQCOLOR_REPORT_JSON_H

#include "results.h"

#include <stdio.h>

void sq_write_json(FILE *out, const sq_run *run);

#endif
