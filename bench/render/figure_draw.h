/* Draws one figure, or part, as SVG from its chart (figure_model.h) and its
 * layout (figure_layout.h). */
#ifndef SQCOLOR_FIGURE_DRAW_H
#define SQCOLOR_FIGURE_DRAW_H

#include "bench/render/figure_layout.h"

#include <stdbool.h>
#include <stdio.h>

/* Part f of chart c, laid out as l, to out: a standalone document (XML
 * declaration, xmlns) or an <svg> element for an HTML page. 0, or -1 on a
 * write error. */
int sq_fig_draw_svg(FILE *out, const sq_fig_chart *c, const sq_fig_layout *l, const sq_figure *f,
                    bool standalone);

#endif
