/* Bar charts of result files, drawn as SVG by sqcolor itself: per run, family
 * and mode, each technique's median core cycles per impl with its 95%
 * interval; with several runs, one chart per family comparing the machines.
 * Horizontal bars, one band per technique, so that no label can run into
 * another; a log axis where one bar dwarfs the rest. */
#ifndef SQCOLOR_FIGURES_H
#define SQCOLOR_FIGURES_H

#include "bench/results/results.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct sq_figure {
    int run; /* index into runs, or -1: all runs side by side (the machines chart) */
    const sq_family *family;
    sq_mode mode;    /* SQ_MODE_LATENCY or SQ_MODE_THROUGHPUT */
    char name[96];   /* file stem: "color-latency", "2-color-latency" (n- prefix with several
                        runs), "machines-color-latency" */
    char title[256]; /* plain text, unescaped */
} sq_figure;

/* The figures of runs[0..nruns): per run, family and mode that has rows; with
 * nruns > 1 also one grouped chart per family comparing the machines.
 * Returns how many were written to out (at most max). */
int sq_figures_list(const sq_run *runs, int nruns, sq_figure *out, int max);

/* The most figures sq_figures_list can give for nruns runs. */
int sq_figures_max(int nruns);

/* f as SVG: a standalone document (XML declaration, xmlns) or an <svg>
 * element for inline use in an HTML page. 0, or -1 on a write error. */
int sq_figure_write_svg(FILE *out, const sq_run *runs, int nruns, const sq_figure *f,
                        bool standalone);

/* A bar this many times the median bar or more puts the chart on a log axis. */
#define SQ_FIGURE_LOG_RATIO 5.0

/* The machines chart compares this impl's figures: the same instructions on
 * every machine. */
#define SQ_FIGURE_MACHINES_IMPL "asm"

#endif
