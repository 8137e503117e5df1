/* How a figure too tall is split into parts no taller than
 * SQ_FIGURE_MAX_HEIGHT (figure.h): by whole grid rows, the same number in
 * each part but the last, the fewest parts that fit. */
#ifndef SQCOLOR_FIGURE_PARTS_H
#define SQCOLOR_FIGURE_PARTS_H

#include "bench/render/figure_layout.h"

/* The grid rows in each part of the figure laid out whole as l: the most of
 * ceil(l->nrows / k) for k = 1, 2, ... that fits, or 1 (a part per grid
 * row) where none does, a grid row too tall alone. Linear in l's rows. */
int sq_fig_rows_per_part(const sq_fig_layout *l);

#endif
