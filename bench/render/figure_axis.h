/* A figure's one axis, shared by all its panels: linear from 0 to a 1-2-5
 * number past every bar but those SQ_FIGURE_OUTLIER_RATIO times the median
 * bar or more, which are cut at its end; or, when asked, log from below the
 * least bar to past the greatest, none cut. */
#ifndef SQCOLOR_FIGURE_AXIS_H
#define SQCOLOR_FIGURE_AXIS_H

#include "bench/render/figure_model.h"

#include <stdbool.h>

typedef struct sq_fig_axis {
    bool log;
    double lo, hi; /* the values at its ends */
    double tick[64];
    int nticks;
} sq_fig_axis;

/* The axis of chart c's bars, with about ticks ticks on a linear one. */
void sq_fig_axis_of(sq_fig_axis *a, const sq_fig_chart *c, bool log, int ticks);

/* Where v lies along the axis: 0 at its start, 1 at its end (v held within). */
double sq_fig_axis_at(const sq_fig_axis *a, double v);

/* Whether bar b is drawn with a length: a figure (figure_model.h), not ≈0. */
bool sq_fig_has_length(const sq_fig_bar *b);

/* Whether bar b runs past the axis's end and is cut there. */
bool sq_fig_axis_cuts(const sq_fig_axis *a, const sq_fig_bar *b);

#endif
