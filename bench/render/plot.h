/* report --plot: the figures of result files (figures.h) as SVG files. */
#ifndef SQCOLOR_PLOT_H
#define SQCOLOR_PLOT_H

#include "bench/results/results.h"

#include <stdbool.h>
#include <stddef.h>

/* Every figure of sq_figures_list, the ones an HTML report of runs shows,
 * as <dir>/<name>.svg ("color-latency.svg", "machines-color-latency.svg"),
 * each written atomically (output.h) and only over a regular file or a new
 * name; log_axis: on a log axis. Returns 0, or -1 with a reason. */
int sq_plot(const sq_run *runs, int nruns, const char *dir, bool log_axis, char *err,
            size_t errlen);

/* Whether every file sq_plot would write can be written whole (output.h's
 * sq_output_check_file): run before anything is, so that a chart's name taken
 * by a folder, a fifo, a device or a link to nothing is refused first.
 * Returns 0, or -1 with the reason. */
int sq_plot_check(const sq_run *runs, int nruns, const char *dir, char *err, size_t errlen);

#endif
