/* How a net cost reads in a table: its median with the half-width of its 95%
 * interval, ≈0 for a cost not told apart from zero (no table prints a minus
 * sign), both speeds of a row that runs at two, and † where the timed chain
 * runs through a predicted branch. */
#ifndef SQCOLOR_CELLS_H
#define SQCOLOR_CELLS_H

#include "bench/results/results.h"
#include "bench/results/summary.h"

#include <stdbool.h>
#include <stddef.h>

/* What a table shows of a net cost with median m in [lo, hi]: the median and
 * the half-width of the interval (the wider side; NAN without an interval);
 * or, when m is below zero or about zero (stats.h), the upper end of the
 * interval or 0, what it could cost at most (NAN without one); or nothing,
 * for no median. Every writer of a cost takes its figures from here. */
typedef enum sq_estimate_kind {
    SQ_ESTIMATE_NONE,
    SQ_ESTIMATE_ABOUT_ZERO, /* value: at most this */
    SQ_ESTIMATE_MEDIAN,     /* value ± half */
} sq_estimate_kind;

typedef struct sq_estimate {
    sq_estimate_kind kind;
    double value, half;
} sq_estimate;

sq_estimate sq_estimate_of(double m, double lo, double hi);

/* An estimate as text to `decimals` places: "4.00±0.01", "≈0≤X" (or "≈0"
 * where X is unknown or rounds to zero), "-" for none. */
void sq_cell_estimate(char *buf, size_t len, double m, double lo, double hi, int decimals);

/* A figure without an interval: "4.00"; "≈0" below SQ_RESOLUTION_CYCLES;
 * "-" when not finite. */
void sq_cell_value(char *buf, size_t len, double x, int decimals);

/* Whether a row's cell gets †: control-dependent, in latency or call mode. */
bool sq_cell_dagger(const sq_result *r);

/* A row's cell: the estimate, or "4.13|4.32" (fastest first) for two speeds,
 * then † where it applies; "-" for no row. */
void sq_cell_text(char *buf, size_t len, const sq_result *r);

/* What a cell ranks by when the best of a row is starred: its median, 0 for
 * a cost about zero (every such cell is as cheap as any other), or INFINITY
 * for a cell that may not be called the best (two speeds, †, no number). */
double sq_cell_rank(const sq_result *r);

/* Whether r shares the best mark with best, the lowest-ranked cell of its
 * row: r is rankable and not told apart from best, its rank within
 * SQ_RESOLUTION_CYCLES of best's or its interval reaching best's. */
bool sq_cell_ties_best(const sq_result *r, const sq_result *best);

/* A variant's cells in one mode as one figure: the median over sequences, or,
 * where regimes are kept apart (summary.h), the predictable sequences' median
 * and random's as "0.12 / 11.30 rnd" (either alone where the other is
 * missing); † for a control-dependent variant in latency or call mode. */
void sq_cell_over_sequences(char *buf, size_t len, const sq_run *run, const char *id, sq_mode mode);

/* A headline figure (summary.h): its estimate as above; "†" for the latency
 * of a control-dependent variant (there is none); "‖" after a figure that
 * left out cells at two speeds; "2 speeds" when every cell ran at two. */
void sq_headline_text(char *buf, size_t len, const sq_headline *h, int decimals);

/* The marks a headline figure carries after it, as sq_headline_text writes
 * them but ≡ (a chart shows impls timed once on one bar): "‖" for a cell
 * at two speeds left out, "‡", "§"; "" for none. */
void sq_headline_marks(char *buf, size_t len, const sq_headline *h);

/* What a headline figure ranks by when the best is marked: as sq_cell_rank. */
double sq_headline_rank(const sq_headline *h);

/* Whether h is not told apart from best, the lowest-ranked: within
 * SQ_RESOLUTION_CYCLES of it, or its interval reaching best's. */
bool sq_headline_ties(const sq_headline *h, const sq_headline *best);

/* Whether h is the clear winner over other, the verdict a headline table
 * marks: both ranked and told apart from zero, h the cheaper and other told
 * apart from it (not within SQ_RESOLUTION_CYCLES, its interval apart from
 * h's). */
bool sq_headline_wins(const sq_headline *h, const sq_headline *other);

#endif
