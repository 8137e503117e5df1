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

/* The folder report --plot writes in, made (mkdir -p) and checked
 * writable; path[0..existed) is the part of it that was there before, so
 * that sq_plot_dir_undo removes only what was made. */
typedef struct sq_plot_dir {
    char path[4096];
    size_t existed;
} sq_plot_dir;

/* Makes dir and checks a file can be made in it. Returns 0, or -1 with the
 * reason (what it made removed again). */
int sq_plot_dir_make(sq_plot_dir *d, const char *dir, char *err, size_t errlen);

/* Removes the folders sq_plot_dir_make made that are empty, deepest first:
 * a plot that failed leaves no empty folder behind. */
void sq_plot_dir_undo(const sq_plot_dir *d);

/* Removes from dir the parts of earlier charts of the ones sq_plot writes
 * for runs that it did not write now: regular files named as sqcolor names
 * a chart's part ("<chart>-<N>.svg", "color-latency-3.svg") beyond the
 * parts the chart has now. Their names, comma-separated, go to removed
 * (empty when none). Returns how many, or -1 with the reason. */
int sq_plot_remove_stale(const sq_run *runs, int nruns, const char *dir, bool log_axis,
                         char *removed, size_t removedlen, char *err, size_t errlen);

#endif
