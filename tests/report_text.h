/* A report as a string, for the tests that read what the writers print. */
#ifndef SQCOLOR_TEST_REPORT_TEXT_H
#define SQCOLOR_TEST_REPORT_TEXT_H

#include "bench/report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* sq_report_write's output (the caller frees); *rc its status, -1 when no
 * stream could be opened. */
static inline char *report_text(const sq_run *runs, int nruns, sq_format fmt, bool detail,
                                int *rc) {
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    if (!f) {
        *rc = -1;
        return strdup("");
    }
    *rc = sq_report_write(runs, nruns, fmt, detail ? SQ_REPORT_DETAIL : 0, f);
    fclose(f);
    return text;
}

#endif
