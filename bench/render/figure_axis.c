#include "bench/render/figure_axis.h"

#include <math.h>
#include <stdlib.h>

/* Costs read from a file are kept within this range so that the axis
 * arithmetic stays finite. */
#define VALUE_MIN 1e-6
#define VALUE_MAX 1e9

static double clamp(double v, double lo, double hi) {
    return v < lo ? lo : v > hi ? hi : v;
}

bool sq_fig_has_length(const sq_fig_bar *b) {
    return sq_fig_has_figure(b) && !sq_fig_about_zero(b);
}

bool sq_fig_axis_cuts(const sq_fig_axis *a, const sq_fig_bar *b) {
    return !a->log && sq_fig_has_length(b) && b->s.median > a->hi;
}

double sq_fig_axis_at(const sq_fig_axis *a, double v) {
    if (a->log)
        return (log10(clamp(v, a->lo, a->hi)) - log10(a->lo)) / (log10(a->hi) - log10(a->lo));
    return (clamp(v, a->lo, a->hi) - a->lo) / (a->hi - a->lo);
}

/* The 1-2-5 number nearest v from below (up false) or above (up true). */
static double step125(double v, bool up) {
    double p = pow(10, floor(log10(v)));
    static const double m[] = {1, 2, 5, 10};
    if (up) {
        for (int i = 0; i < 4; i++)
            if (m[i] * p >= v * (1 - 1e-9))
                return m[i] * p;
        return 10 * p;
    }
    for (int i = 3; i >= 0; i--)
        if (m[i] * p <= v * (1 + 1e-9))
            return m[i] * p;
    return p;
}

static int by_value(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* The median of the bars' medians (those with a length); 0 for none. */
static double median_bar(const sq_fig_chart *c) {
    double *len = malloc(sizeof *len * ((size_t)c->nbars + 1));
    int n = 0;
    for (int i = 0; len && i < c->nbars; i++)
        if (sq_fig_has_length(&c->bars[i]))
            len[n++] = clamp(c->bars[i].s.median, VALUE_MIN, VALUE_MAX);
    double median = 0;
    if (n) {
        qsort(len, (size_t)n, sizeof *len, by_value);
        median = n % 2 ? len[n / 2] : (len[n / 2 - 1] + len[n / 2]) / 2;
    }
    free(len);
    return median;
}

/* The highest point of a bar with a figure: its median or interval (a NAN
 * left out). */
static double top_of(const sq_fig_bar *b) {
    return clamp(fmax(b->s.median, b->s.ci_hi), 0, VALUE_MAX);
}

static void log_axis(sq_fig_axis *a, const sq_fig_chart *c) {
    double hi = 0, lo = INFINITY;
    for (int i = 0; i < c->nbars; i++) {
        const sq_fig_bar *b = &c->bars[i];
        if (!sq_fig_has_figure(b))
            continue;
        hi = fmax(hi, top_of(b));
        if (!sq_fig_has_length(b))
            continue;
        /* The axis holds the whisker too, unless it reaches below half the
         * bar: an interval that wide would squash the rest. */
        double m = clamp(b->s.median, VALUE_MIN, VALUE_MAX);
        lo = fmin(lo, b->s.ci_lo > 0 ? fmax(clamp(b->s.ci_lo, VALUE_MIN, VALUE_MAX), m / 2) : m);
    }
    if (!isfinite(lo)) /* nothing with a length */
        lo = 0.1;
    a->lo = step125(lo, false);
    a->hi = step125(fmax(hi, a->lo * 2), true);
    for (double decade = pow(10, floor(log10(a->lo)));
         decade <= a->hi * (1 + 1e-9) && a->nticks < 60; decade *= 10)
        for (int i = 0; i < 3; i++) {
            static const double m[] = {1, 2, 5};
            double t = m[i] * decade;
            if (t >= a->lo * (1 - 1e-9) && t <= a->hi * (1 + 1e-9))
                a->tick[a->nticks++] = t;
        }
}

void sq_fig_axis_of(sq_fig_axis *a, const sq_fig_chart *c, bool log, int ticks) {
    *a = (sq_fig_axis){.log = log};
    if (log) {
        log_axis(a, c);
        return;
    }
    double median = median_bar(c), hi = 0;
    for (int i = 0; i < c->nbars; i++) {
        const sq_fig_bar *b = &c->bars[i];
        bool outlier =
            sq_fig_has_length(b) && median > 0 && b->s.median >= SQ_FIGURE_OUTLIER_RATIO * median;
        if (sq_fig_has_figure(b) && !outlier)
            hi = fmax(hi, top_of(b));
    }
    double step = step125(hi > 0 ? hi / (ticks > 1 ? ticks : 1) : 0.125, true);
    int steps = (int)ceil(hi / step - 1e-9);
    if (steps < 1)
        steps = 1;
    a->lo = 0;
    a->hi = steps * step;
    for (int i = 0; i <= steps && a->nticks < 60; i++)
        a->tick[a->nticks++] = i * step;
}
