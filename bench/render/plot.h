/* report --plot: the figures of result files (figures.h) as SVG files. */
#ifndef SQCOLOR_PLOT_H
#define SQCOLOR_PLOT_H

#include "bench/results/results.h"

#include <stddef.h>

/* Every figure of sq_figures_list as <dir>/<name>.svg ("color-latency.svg",
 * "2-color-latency.svg", "machines-color-latency.svg"), each written
 * atomically (output.h) and only over a regular file or a new name.
 * Returns 0, or -1 with a reason. */
int sq_plot(const sq_run *runs, int nruns, const char *dir, char *err, size_t errlen);

#endif
