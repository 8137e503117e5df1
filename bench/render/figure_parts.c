#include "bench/render/figure_parts.h"

#include "bench/render/figure.h"

#include <math.h>

/* Whether l's rows in parts of per rows each fit. */
static bool parts_fit(const sq_fig_layout *l, int per) {
    for (int r0 = 0; r0 < l->nrows; r0 += per)
        if (sq_fig_layout_height(l, r0, l->nrows - r0 < per ? l->nrows : r0 + per) >
            SQ_FIGURE_MAX_HEIGHT)
            return false;
    return true;
}

/* The fewest parts any split of l's rows that fits can have: the rows'
 * heights and gaps over the room one part has for them. It bounds the tries
 * below by a constant: no grid row is lower than a panel's texts. */
static int fewest_parts(const sq_fig_layout *l) {
    double rows = 0;
    for (int r = 0; r < l->nrows; r++)
        rows += l->row_h[r] + ROW_GAP;
    /* Rows [0, 0) are the part's texts alone; ceil made them up to 1 px more. */
    double room = SQ_FIGURE_MAX_HEIGHT - (sq_fig_layout_height(l, 0, 0) - 1) + ROW_GAP;
    double k = floor(rows / room * (1 - 1e-6));
    return room <= 0 || k > l->nrows ? l->nrows : k < 1 ? 1 : (int)k;
}

int sq_fig_rows_per_part(const sq_fig_layout *l) {
    int rows = l->nrows;
    /* A row too tall alone is in a part of every split: none fits. */
    for (int r = 0; r < rows; r++)
        if (sq_fig_layout_height(l, r, r + 1) > SQ_FIGURE_MAX_HEIGHT)
            return 1;
    /* k parts of ceil(rows / k) rows, k from the fewest that could fit; a
     * number of rows tried before is not tried again. */
    for (int k = fewest_parts(l), last = 0; k < rows; k++) {
        int per = (rows + k - 1) / k;
        if (per != last && parts_fit(l, per))
            return per;
        last = per;
    }
    return rows ? 1 : 0;
}
