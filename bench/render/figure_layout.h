/* Where everything of a figure (figures.h) goes: the texts around it (title
 * lines, notes of the marks it has), the panels in a grid of at most
 * SQ_FIG_MAX_COLUMNS across, each bar's label in one line or two, and the
 * size of the whole, from which figure_draw.c draws it and figure_parts.c
 * splits a figure too tall into parts. */
#ifndef SQCOLOR_FIGURE_LAYOUT_H
#define SQCOLOR_FIGURE_LAYOUT_H

#include "bench/render/figure_axis.h"
#include "bench/render/figure_model.h"

#include <stdbool.h>
#include <stddef.h>

#define FIG_WIDTH          1320.0 /* the widest a figure is drawn */
#define MARGIN             16.0
#define SQ_FIG_MAX_COLUMNS 3 /* four left a plot of 120 px beside labels of 12 px */
#define MAX_PANEL_W        520.0
#define COL_GAP            26.0
#define ROW_GAP            16.0
/* Text sizes in px, at least 12: a page 1400 px wide draws a figure at its
 * size (FIG_WIDTH), and printed it still reads. */
#define TITLE_SIZE  18.0
#define SUB_SIZE    13.0
#define LINE_GAP    6.0 /* between lines of text */
#define PANEL_SIZE  13.0
#define LABEL_SIZE  12.0
#define LABEL_LINE  14.0 /* a bar's height for each line of its label */
#define BAR_HEIGHT  10.0
#define VALUE_SIZE  12.0
#define TICK_SIZE   12.0
#define NOTE_SIZE   12.5
#define LEGEND_ROW  20.0
#define LABEL_SHARE 0.42 /* the most of a panel's width its labels take */

/* Everything drawn of one figure, or part. */
typedef struct sq_fig_layout {
    sq_fig_axis axis;
    char sub[2][320];    /* the lines under the title */
    char notes[24][320]; /* the lines under the chart */
    int nnotes;
    double width, height;
    int first, n;    /* its panels, c->panels[first..first+n) */
    int cols;        /* panels across */
    double panel_w;  /* each panel's width */
    double label_w;  /* its bars' labels' column */
    double value_w;  /* room for a value after the plot */
    int label_cols;  /* a label line's columns */
    double grid_top; /* the panels start here */
    double *row_h;   /* each grid row's height */
    int nrows;
    double legend_top;
} sq_fig_layout;

/* Figure f of chart c laid out (its part: f->first_panel, f->npanels);
 * false on no memory. sq_fig_layout_free frees it either way. */
bool sq_fig_layout_of(sq_fig_layout *l, const sq_run *runs, int nruns, const sq_figure *f,
                      const sq_fig_chart *c);

/* Part f of chart c laid out from whole, c's layout of any part: what every
 * part shares (axis, texts, widths) taken from it, not made again from all
 * the bars, so that each part takes time for its own bars alone. False on
 * no memory or panels outside c; sq_fig_layout_free frees it either way. */
bool sq_fig_layout_part(sq_fig_layout *part, const sq_fig_layout *whole, const sq_fig_chart *c,
                        const sq_figure *f);

/* The height of l's grid rows [r0, r1) laid out alone under l's texts: l's
 * own height for rows 0 to l->nrows. */
double sq_fig_layout_height(const sq_fig_layout *l, int r0, int r1);
void sq_fig_layout_free(sq_fig_layout *l);

/* Panels across for n panels: as few grid rows as SQ_FIG_MAX_COLUMNS allows,
 * the panels spread evenly over them. */
int sq_fig_columns_for(int n);

/* A bar's height: a line of its label each. */
double sq_fig_bar_height(const sq_fig_layout *l, const sq_fig_bar *b);

/* A bar's figure as printed beside it, as the table has it: "4.00", "≈0",
 * with the table's marks after it ("3.00‖", "2.00‡"); "†" for the latency
 * of a control-dependent variant and "2 speeds" where every cell ran at two
 * (no figure, no bar); "n/a" for no row. */
void sq_fig_value_label(char *buf, size_t len, const sq_fig_bar *b);

/* The width of one item of the legend (a swatch and its name). */
double sq_fig_legend_item_width(const char *name);

#endif
