/* What a figure (figure.h) shows, before it is drawn: a panel per
 * technique, and in each a bar per machine code timed. A bar is the figure
 * the headline tables show (summary.h): the latency or throughput, the median
 * over sequences with its interval and its marks, and no bar where the
 * table has no figure (a † latency, every cell at two speeds). One run's
 * figure puts the impls whose rows took one figure (sq_result.shared_from:
 * one code timed once) on one bar, labelled by their keys (code_groups.h)
 * and coloured by their compiler; the machines figure has a bar per run, the
 * asm impl's, coloured by the run. */
#ifndef SQCOLOR_FIGURE_MODEL_H
#define SQCOLOR_FIGURE_MODEL_H

#include "bench/render/figure.h"
#include "bench/results/results.h"
#include "bench/results/summary.h"

#include <stdbool.h>

/* A bar's color for its impls' compiler: the same on every chart. */
typedef enum sq_fig_kind {
    SQ_FIG_ASM,     /* asm is among them */
    SQ_FIG_GCC,     /* gcc builds alone */
    SQ_FIG_CLANG,   /* clang builds alone */
    SQ_FIG_SEVERAL, /* builds of both */
    SQ_FIG_OTHER,   /* any other name */
    SQ_FIG_KINDS
} sq_fig_kind;

extern const char *const sq_fig_kind_names[SQ_FIG_KINDS];

typedef struct sq_fig_bar {
    bool present;  /* false: the machine has no row ("n/a") */
    sq_headline h; /* the table's figure and marks */
    sq_stats s;    /* h's median, ci_lo and ci_hi, as the axis reads them */
    char *label;   /* "g11 g12 c13..19n", or the machine */
    char *names;   /* the impls in full, for the tooltip */
    int color;     /* an sq_fig_kind, or (machines) the run's index */
} sq_fig_bar;

typedef struct sq_fig_panel {
    const char *technique;
    int first, n; /* its bars, bars[first..first+n) */
} sq_fig_panel;

typedef struct sq_fig_chart {
    sq_fig_panel *panels;
    int npanels;
    sq_fig_bar *bars;
    int nbars;
    bool machines;            /* a bar per run */
    bool kinds[SQ_FIG_KINDS]; /* the colors its bars use (one run's figure) */
} sq_fig_chart;

/* Every panel of figure f (its first_panel and npanels left aside); false on
 * no memory. */
bool sq_fig_chart_build(sq_fig_chart *c, const sq_run *runs, int nruns, const sq_figure *f);

void sq_fig_chart_free(sq_fig_chart *c);

/* Whether row r is one figure f draws from (any sequence). */
bool sq_fig_in_figure(const sq_result *r, const sq_figure *f);

/* Whether a bar has a figure: a row, and a figure the table shows (not a
 * † latency, nor every cell at two speeds). */
bool sq_fig_has_figure(const sq_fig_bar *b);

/* Whether a bar is drawn as "≈0": a figure not told apart from zero, or
 * below it (the harness's slack; a cost has no negative side). */
bool sq_fig_about_zero(const sq_fig_bar *b);

#endif
