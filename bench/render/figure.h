/* One figure as the chart files name and draw it: which run, family and
 * mode, and the part of its panels (figures.h lists them, figure_model.h
 * builds what they show). */
#ifndef SQCOLOR_FIGURE_H
#define SQCOLOR_FIGURE_H

#include "bench/results/results.h"

#include <stdbool.h>

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

/* The tallest a figure is drawn, in px: a 1400 px window shows it whole. */
#define SQ_FIGURE_MAX_HEIGHT 1400.0

/* On a linear axis, a bar this many times the median bar or more is cut at
 * the axis's end (its figure printed beside it): a throughput of 4.3 among
 * ones of 0.1 to 0.9 (Zen 5's cmov, gcc -march=native). */
#define SQ_FIGURE_OUTLIER_RATIO 3.0

/* The machines chart compares this impl's figures: the same instructions on
 * every machine. */
#define SQ_FIGURE_MACHINES_IMPL "asm"

#endif
