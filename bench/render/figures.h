/* Bar charts of result files, drawn as SVG by sqcolor itself, the same
 * figures inline in an HTML page and as files (report --plot): one run's
 * figure per family and mode (latency, throughput), or with several runs
 * one per family comparing the machines. Each is small multiples: a panel
 * per technique on one axis, and in a panel a bar per machine code timed
 * (figure_model.h), its median core cycles with its 95% interval. The axis
 * is linear from 0, a bar far past the others cut at its end with its
 * figure printed; a log axis only when asked. No figure is taller than
 * SQ_FIGURE_MAX_HEIGHT: one that would be is split into parts. */
#ifndef SQCOLOR_RENDER_FIGURES_H
#define SQCOLOR_RENDER_FIGURES_H

#include "bench/render/figure.h"
#include "bench/results/results.h"

#include <stdbool.h>
#include <stdio.h>

/* The figures of runs[0..nruns), in *out (the caller frees): one run's per
 * family and mode that has rows; several runs' one machines chart per
 * family. log_axis: every figure on a log axis. Returns how many, or -1 out
 * of memory. */
int sq_figures_list(const sq_run *runs, int nruns, bool log_axis, sq_figure **out);

/* f as SVG: a standalone document (XML declaration, xmlns) or an <svg>
 * element for inline use in an HTML page. 0, or -1 on a write error or no
 * memory. It builds f's whole chart: to draw every part of a figure, a set
 * (below) takes time in the bars alone, not the bars times the parts. */
int sq_figure_write_svg(FILE *out, const sq_run *runs, int nruns, const sq_figure *f,
                        bool standalone);

/* The figures of sq_figures_list with each chart built and laid out once
 * for all its parts (runs must outlive it). NULL on no memory. */
typedef struct sq_figure_set sq_figure_set;
sq_figure_set *sq_figure_set_of(const sq_run *runs, int nruns, bool log_axis);
int sq_figure_set_count(const sq_figure_set *s);
const sq_figure *sq_figure_set_at(const sq_figure_set *s, int i);
/* Figure i of s as sq_figure_write_svg draws it. */
int sq_figure_set_write_svg(FILE *out, const sq_figure_set *s, int i, bool standalone);
void sq_figure_set_free(sq_figure_set *s);

#endif
