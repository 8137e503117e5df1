/* Bar charts of result files, drawn by gnuplot. */
#ifndef SQCOLOR_PLOT_H
#define SQCOLOR_PLOT_H

#include "results.h"

#include <stddef.h>

/* For each run and family: <dir>/[<n>-]<family>-<mode>.svg and .png for latency
 * and throughput, median core cycles per technique grouped by impl, on the
 * random sequence (the median over sequences where a run has none), the 95%
 * interval as an error bar. Returns 0, or -1 with a reason. */
int sq_plot(const sq_run *runs, int nruns, const char *dir, char *err, size_t errlen);

#endif
