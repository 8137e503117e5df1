/* Bar charts of result files, drawn as SVG by sqcolor itself, the same
 * figures inline in an HTML page and as files (report --plot): one run's
 * figure per family and mode (latency, throughput), or with several runs
 * one per family comparing the machines. Each is small multiples: a panel
 * per technique on one axis, and in a panel a bar per machine code timed
 * (figure_model.h), its median core cycles with its 95% interval. The axis
 * is linear from 0, a bar far past the others cut at its end with its
 * figure printed; a log axis only when asked. No figure is taller than
 * SQ_FIGURE_MAX_HEIGHT: one that would be is split into parts. */
#ifndef SQCOLOR_FIGURES_H
#define SQCOLOR_FIGURES_H

#include "bench/results/results.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct sq_figure {
    int run; /* index into runs, or -1: all runs side by side (the machines chart) */
    const sq_family *family;
    sq_mode mode;             /* SQ_MODE_LATENCY or SQ_MODE_THROUGHPUT */
    char name[96];            /* file stem: "color-latency", "color-latency-2" (its second part),
                                 "machines-color-latency" */
    char title[256];          /* plain text, unescaped */
    int first_panel, npanels; /* the part of the panels it draws; npanels 0: all */
    bool log_axis;            /* a log axis, no bar cut */
} sq_figure;

/* The figures of runs[0..nruns), in *out (the caller frees): one run's per
 * family and mode that has rows; several runs' one machines chart per
 * family. log_axis: every figure on a log axis. Returns how many, or -1 out
 * of memory. */
int sq_figures_list(const sq_run *runs, int nruns, bool log_axis, sq_figure **out);

/* f as SVG: a standalone document (XML declaration, xmlns) or an <svg>
 * element for inline use in an HTML page. 0, or -1 on a write error or no
 * memory. */
int sq_figure_write_svg(FILE *out, const sq_run *runs, int nruns, const sq_figure *f,
                        bool standalone);

/* The tallest a figure is drawn, in px: a 1400 px window shows it whole. */
#define SQ_FIGURE_MAX_HEIGHT 1400.0

/* On a linear axis, a bar this many times the median bar or more is cut at
 * the axis's end (its figure printed beside it): a † figure of 13.8 cycles
 * among latencies of 2 to 9 (Zen 5), a throughput of 4.3 among ones of 0.1
 * to 0.9. */
#define SQ_FIGURE_OUTLIER_RATIO 3.0

/* The machines chart compares this impl's figures: the same instructions on
 * every machine. */
#define SQ_FIGURE_MACHINES_IMPL "asm"

#endif
