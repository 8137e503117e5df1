#include "bench/render/figures.h"

#include "bench/results/cells.h"
#include "bench/machine/cpu_model.h"
#include "bench/util/stats.h"
#include "bench/results/summary.h"
#include "bench/results/runs.h"
#include "bench/util/escape.h"
#include "bench/util/id_table.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- text ------------------------------------------------------------------ */

#define FONT_SANS "Helvetica,Arial,DejaVu Sans,sans-serif"
#define FONT_MONO "DejaVu Sans Mono,Menlo,Consolas,Liberation Mono,monospace"

/* Width of one column, in em: monospace fonts advance 0.6 em (Consolas
 * 0.55); proportional text averages less than this even in capitals. */
#define MONO_EM 0.62
#define SANS_EM 0.66

#define MAX_NAME_COLS 40 /* a longer name from a file is cut, with "…" */

/* Columns a character takes: CJK and the like take two; everything past
 * U+1100 is counted so, to be safe. */
static int columns_of(uint32_t cp) {
    return cp >= 0x1100 ? 2 : 1;
}

/* Draws s as XML character data into out (or only measures it, out NULL),
 * by escape.h's rule (a character not shown is a space), cut to max_cols
 * columns with "…". Returns the columns drawn. */
static int put_text(FILE *out, const char *s, int max_cols) {
    int cols = 0;
    uint32_t cp;
    bool shown;
    for (const char *at = s; sq_next_char(&s, &cp, &shown); at = s) {
        int width = shown ? columns_of(cp) : 1;
        if (cols + width > max_cols - 1) {
            /* Cut only if more follows than fits. */
            int rest = width;
            for (const char *q = s; rest <= max_cols - cols && sq_next_char(&q, &cp, &shown);)
                rest += shown ? columns_of(cp) : 1;
            if (cols + rest > max_cols) {
                if (out)
                    fputs("…", out);
                return cols + columns_of(0x2026); /* … */
            }
        }
        if (out) {
            char one[5] = {0};
            memcpy(one, at, (size_t)(s - at));
            sq_put_html(out, one);
        }
        cols += width;
    }
    return cols;
}

typedef enum font { SANS, SANS_BOLD, MONO } font;

static double text_width(const char *s, int max_cols, double size, font f) {
    return put_text(NULL, s, max_cols) * size *
           (f == MONO ? MONO_EM : SANS_EM * (f == SANS_BOLD ? 1.08 : 1));
}

/* <text> at (x, y), the baseline; anchor "start", "middle" or "end". */
static void text_at(FILE *out, const char *cls, double x, double y, double size, font f,
                    const char *anchor, const char *fill, const char *s, int max_cols) {
    fprintf(out,
            "<text class=\"sqfig-%s\" x=\"%.2f\" y=\"%.2f\" font-size=\"%g\" font-family=\"%s\"%s "
            "text-anchor=\"%s\" fill=\"%s\">",
            cls, x, y, size, f == MONO ? FONT_MONO : FONT_SANS,
            f == SANS_BOLD ? " font-weight=\"bold\"" : "", anchor, fill);
    put_text(out, s, max_cols);
    fputs("</text>\n", out);
}

/* ---- what a chart shows ---------------------------------------------------- */

typedef struct bar {
    bool present;
    sq_stats s;                 /* median, ci_lo, ci_hi */
    bool dagger;                /* control-dependent, in a chain mode (cells.h) */
    bool bimodal;               /* runs at two speeds */
    double speed[SQ_MAX_MODES]; /* fastest first; NAN where not known (a median over sequences) */
} bar;

typedef struct chart {
    const char **group; /* technique names, one band each */
    int ngroups;
    const char **series; /* one bar per band each: impls, or machines */
    int *color;          /* each series' place in the palette */
    int nseries;
    bar *cells; /* [group * nseries + series] */
    char (*machine)[96];
    bool over_sequences; /* some bar is a median over sequences (a run without random) */
} chart;

static bool in_figure(const sq_result *r, const sq_figure *f) {
    return r->variant->family == f->family && r->mode == f->mode && isfinite(r->cycles.median) &&
           (f->run >= 0 || strcmp(r->variant->impl, SQ_FIGURE_MACHINES_IMPL) == 0);
}

static bool has_random(const sq_run *run, const sq_figure *f) {
    for (int i = 0; i < run->nresults; i++)
        if (in_figure(&run->results[i], f) && strcmp(run->results[i].sequence, "random") == 0)
            return true;
    return false;
}

static bool figure_has_rows(const sq_run *run, const sq_figure *f) {
    for (int i = 0; i < run->nresults; i++)
        if (in_figure(&run->results[i], f))
            return true;
    return false;
}

/* A row's bar: its own cell on random, or the median over the variant's
 * cells (summary.h): the predictable ones where its regimes are kept apart,
 * all where that leaves none. rows: the run with only this variant's rows. */
static bar bar_of(const sq_run *rows, const sq_result *r, bool random) {
    bar b = {.present = true, .speed = {NAN, NAN}};
    if (random) {
        b.s = r->cycles;
        b.dagger = sq_cell_dagger(r);
        b.bimodal = r->nmodes == SQ_MAX_MODES;
        for (int k = 0; b.bimodal && k < SQ_MAX_MODES; k++)
            b.speed[k] = r->modes[k].cycles;
        return b;
    }
    const char *id = r->variant->id;
    sq_over_sequences o = sq_over_sequences_of(rows, id, r->mode, SQ_SEQUENCES_PREDICTABLE);
    if (!sq_regimes_apart(rows, id, r->mode) || !o.ncells)
        o = sq_over_sequences_of(rows, id, r->mode, SQ_SEQUENCES_ALL);
    b.s = (sq_stats){.median = o.median, .ci_lo = o.ci_lo, .ci_hi = o.ci_hi};
    sq_result as_row = {.control_dependent = sq_variant_control_dependent(rows, id, r->mode),
                        .mode = r->mode};
    b.dagger = sq_cell_dagger(&as_row);
    b.bimodal = o.bimodal;
    return b;
}

static void chart_free(chart *c) {
    free(c->group);
    free(c->series);
    free(c->color);
    free(c->cells);
    free(c->machine);
}

/* A run's impls that figure f shows, in the run's order, as c's series, each
 * with its place among all the run's impls as its color (so an impl keeps
 * its color across the run's figures); false on no memory. */
static bool impl_series(chart *c, const sq_run *run, const sq_figure *f) {
    const char **impls = c->series;
    int nimpls = 0;
    for (int i = 0; i < run->nresults; i++)
        impls[nimpls++] = run->results[i].variant->impl;
    nimpls = sq_distinct_strings(impls, nimpls);
    sq_id_table places;
    bool *shown = calloc((size_t)nimpls + 1, sizeof *shown);
    if (!shown || sq_id_table_of_places(&places, impls, nimpls)) {
        free(shown);
        return false;
    }
    for (int i = 0; i < run->nresults; i++)
        if (in_figure(&run->results[i], f))
            shown[sq_id_table_place(&places, run->results[i].variant->impl)] = true;
    sq_id_table_free(&places);
    for (int m = 0; m < nimpls; m++)
        if (shown[m]) {
            c->color[c->nseries] = m;
            c->series[c->nseries++] = impls[m];
        }
    free(shown);
    return true;
}

/* The bars of one run: each band and series found by hash, each median over
 * sequences from the variant's own rows, so a chart costs its rows. */
static bool chart_fill(chart *c, const sq_run *run, int k, const sq_figure *f) {
    sq_id_table groups, series = {0};
    sq_variant_rows by_variant = {0};
    bool random = has_random(run, f);
    bool ok = sq_id_table_of_places(&groups, c->group, c->ngroups) == 0 &&
              (f->run < 0 || sq_id_table_of_places(&series, c->series, c->nseries) == 0) &&
              (random || sq_variant_rows_init(&by_variant, run) == 0);
    c->over_sequences |= !random && figure_has_rows(run, f);
    for (int i = 0; ok && i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        if (!in_figure(r, f) || (random && strcmp(r->sequence, "random") != 0))
            continue;
        int g = sq_id_table_place(&groups, r->variant->technique);
        int s = f->run >= 0 ? sq_id_table_place(&series, r->variant->impl) : k;
        bar *b = &c->cells[g * c->nseries + s];
        if (!b->present) /* over sequences, a variant's first row stands for all */
            *b = bar_of(random ? run : sq_variant_rows_of(&by_variant, r->variant->id), r, random);
    }
    sq_id_table_free(&groups);
    sq_id_table_free(&series);
    sq_variant_rows_free(&by_variant);
    return ok;
}

/* The bars of figure f; false on no memory. */
static bool chart_build(chart *c, const sq_run *runs, int nruns, const sq_figure *f) {
    memset(c, 0, sizeof *c);
    int first = f->run >= 0 ? f->run : 0, last = f->run >= 0 ? f->run + 1 : nruns;
    size_t rows = 1, all_rows = 1;
    for (int k = first; k < last; k++)
        rows += (size_t)runs[k].nresults;
    if (f->run >= 0)
        all_rows = rows;
    c->group = malloc(sizeof *c->group * rows);
    c->series = malloc(sizeof *c->series * (f->run >= 0 ? all_rows : (size_t)nruns + 1));
    c->color = malloc(sizeof *c->color * (f->run >= 0 ? all_rows : (size_t)nruns + 1));
    if (!c->group || !c->series || !c->color)
        return chart_free(c), false;
    for (int k = first; k < last; k++)
        for (int i = 0; i < runs[k].nresults; i++)
            if (in_figure(&runs[k].results[i], f))
                c->group[c->ngroups++] = runs[k].results[i].variant->technique;
    c->ngroups = sq_distinct_strings(c->group, c->ngroups);
    if (f->run >= 0) {
        if (!impl_series(c, &runs[f->run], f))
            return chart_free(c), false;
    } else {
        c->machine = malloc(sizeof *c->machine * (size_t)nruns);
        if (!c->machine)
            return chart_free(c), false;
        for (int k = 0; k < nruns; k++) {
            sq_cpu_name_among(c->machine[k], sizeof c->machine[k], runs, nruns, k, sq_cpu_short,
                              true);
            c->series[k] = c->machine[k];
            c->color[k] = k;
        }
        c->nseries = nruns;
    }
    c->cells = calloc((size_t)c->ngroups * (size_t)c->nseries + 1, sizeof *c->cells);
    if (!c->cells)
        return chart_free(c), false;
    for (int k = first; k < last; k++)
        if (!chart_fill(c, &runs[k], k, f))
            return chart_free(c), false;
    return true;
}

/* ---- the axis -------------------------------------------------------------- */

/* Costs read from a file are kept within this range so that the axis
 * arithmetic stays finite. */
#define VALUE_MIN 1e-6
#define VALUE_MAX 1e9

typedef struct axis {
    bool log;
    double lo, hi; /* the values at its ends */
    double x0, width;
    double tick[64];
    int nticks;
} axis;

/* Whether a bar is drawn as "≈0": a cost not told apart from zero, or below
 * it (the harness's slack; a cost has no negative side). */
static bool about_zero(const bar *b) {
    return b->s.median < 0 || sq_about_zero(b->s);
}

static bool has_length(const bar *b) {
    return b->present && !about_zero(b);
}

static double clamp(double v, double lo, double hi) {
    return v < lo ? lo : v > hi ? hi : v;
}

static double axis_x(const axis *a, double v) {
    double at = a->log
                    ? (log10(clamp(v, a->lo, a->hi)) - log10(a->lo)) / (log10(a->hi) - log10(a->lo))
                    : (clamp(v, a->lo, a->hi) - a->lo) / (a->hi - a->lo);
    return a->x0 + at * a->width;
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

/* Linear from 0, or log when one bar is SQ_FIGURE_LOG_RATIO times the
 * median bar or more; ticks on 1-2-5 numbers. */
static void axis_of(axis *a, const chart *c) {
    int n = c->ngroups * c->nseries, nbars = 0;
    double *len = malloc(sizeof *len * ((size_t)n + 1));
    double hi = 0, lo = INFINITY;
    for (int i = 0; i < n; i++) {
        const bar *b = &c->cells[i];
        if (!b->present)
            continue;
        double top = fmax(b->s.median, b->s.ci_hi); /* fmax: a NAN bound is left out */
        for (int k = 0; k < SQ_MAX_MODES; k++)
            top = fmax(top, b->speed[k]);
        hi = fmax(hi, clamp(top, 0, VALUE_MAX));
        if (!has_length(b))
            continue;
        /* The axis holds the whisker too, unless it reaches below half the
         * bar: an interval that wide would squash the rest. */
        double m = clamp(b->s.median, VALUE_MIN, VALUE_MAX);
        lo = fmin(lo, b->s.ci_lo > 0 ? fmax(clamp(b->s.ci_lo, VALUE_MIN, VALUE_MAX), m / 2) : m);
        for (int k = 0; k < SQ_MAX_MODES; k++)
            if (b->speed[k] > 0)
                lo = fmin(lo, clamp(b->speed[k], VALUE_MIN, VALUE_MAX));
        if (len)
            len[nbars++] = m;
    }
    a->log = false;
    if (nbars >= 2) {
        qsort(len, (size_t)nbars, sizeof *len, by_value);
        double median = nbars % 2 ? len[nbars / 2] : (len[nbars / 2 - 1] + len[nbars / 2]) / 2;
        a->log = len[nbars - 1] >= SQ_FIGURE_LOG_RATIO * median;
    }
    free(len);
    a->nticks = 0;
    if (a->log) {
        a->lo = step125(lo, false);
        a->hi = step125(hi, true);
        for (double decade = pow(10, floor(log10(a->lo)));
             decade <= a->hi * (1 + 1e-9) && a->nticks < 60; decade *= 10)
            for (int i = 0; i < 3; i++) {
                static const double m[] = {1, 2, 5};
                double t = m[i] * decade;
                if (t >= a->lo * (1 - 1e-9) && t <= a->hi * (1 + 1e-9))
                    a->tick[a->nticks++] = t;
            }
        return;
    }
    a->lo = 0;
    double step = step125(hi > 0 ? hi / 8 : 0.125, true);
    int steps = (int)ceil(hi / step - 1e-9);
    if (steps < 1)
        steps = 1;
    a->hi = steps * step;
    for (int i = 0; i <= steps && a->nticks < 60; i++)
        a->tick[a->nticks++] = i * step;
}

/* ---- drawing ---------------------------------------------------------------- */

#define MARGIN     16.0
#define PLOT_WIDTH 560.0
#define BAR_HEIGHT 11.0
#define BAR_PITCH  14.0 /* a value label (VALUE_SIZE) fits in one */
#define BAND_PAD   7.0
#define TITLE_SIZE 17.0
#define SUB_SIZE   12.5
#define LABEL_SIZE 12.0
#define VALUE_SIZE 10.5
#define TICK_SIZE  11.0
#define NOTE_SIZE  11.5
#define LEGEND_ROW 20.0
#define LINE_GAP   6.0   /* between lines of text */
#define TALL_PLOT  560.0 /* taller than this: tick labels above the bars too */

/* Okabe and Ito's colorblind-safe palette without its yellow, which has too
 * little contrast on white; past its seven colors, the same hatched, then
 * dotted. */
static const char *const palette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                      "#E69F00", "#56B4E9", "#000000"};
#define PALETTE_SIZE (int)(sizeof palette / sizeof palette[0])
#define FILL_STYLES  3

typedef struct layout {
    double width, height;
    double label_right; /* technique labels end here */
    axis ax;
    double legend_top;
    int legend_rows;
    double plot_top, plot_bottom;
    bool ticks_above;
} layout;

static double band_height(const chart *c) {
    return c->nseries * BAR_PITCH + 2 * BAND_PAD;
}

/* "4.00", "≈0", "4.13|4.32" for two known speeds, "n/a"; then "‖" where a
 * median over sequences left out a sequence at two speeds (summary.h), and † for a
 * control-dependent row. */
static void value_label(char *buf, size_t len, const bar *b) {
    if (!b->present) {
        snprintf(buf, len, "n/a");
        return;
    }
    char v[32];
    if (about_zero(b))
        snprintf(v, sizeof v, "≈0");
    else
        sq_cell_value(v, sizeof v, b->s.median, 2);
    if (b->bimodal && isfinite(b->speed[0]) && isfinite(b->speed[1])) {
        char fast[32], slow[32];
        sq_cell_value(fast, sizeof fast, b->speed[0], 2);
        sq_cell_value(slow, sizeof slow, b->speed[1], 2);
        snprintf(buf, len, "%s|%s%s", fast, slow, b->dagger ? " †" : "");
    } else {
        snprintf(buf, len, "%s%s%s", v, b->bimodal ? "‖" : "", b->dagger ? " †" : "");
    }
}

/* The lines of text under the chart. */
typedef struct notes {
    char line[SQ_MAX_IMPLS + 8][320];
    int n;
} notes;

__attribute__((format(printf, 2, 3))) static void note(notes *ns, const char *fmt, ...) {
    if (ns->n == (int)(sizeof ns->line / sizeof ns->line[0]))
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ns->line[ns->n++], sizeof ns->line[0], fmt, ap);
    va_end(ap);
}

static const char *unit_of(const sq_family *fam) {
    return fam->arity == 2 ? "pair" : "square";
}

/* The lines under the title: what the bars are, and where they were measured. */
static void subtitles(char sub[2][320], const sq_run *runs, const sq_figure *f, const chart *c) {
    const char *unit = unit_of(f->family);
    char where[96];
    if (!c->over_sequences)
        snprintf(where, sizeof where, "on random %ss", unit);
    else if (f->run >= 0)
        snprintf(where, sizeof where, "over sequences (the run has no random %ss)", unit);
    else
        snprintf(where, sizeof where, "on random %ss (over sequences where a file has none)", unit);
    snprintf(sub[0], sizeof sub[0],
             "%smedian core cycles per %s %s; whiskers: 95%% interval of the median",
             f->run < 0 ? "the " SQ_FIGURE_MACHINES_IMPL " impl's " : "", unit, where);
    if (f->run < 0) {
        snprintf(sub[1], sizeof sub[1],
                 "one bar per result file; the machines are named under the chart");
        return;
    }
    const sq_run *run = &runs[f->run];
    bool perf = run->clock.source && strcmp(run->clock.source, "perf") == 0;
    snprintf(sub[1], sizeof sub[1], "%s; cycles %s", run->machine.brand,
             perf ? "from perf" : "calibrated from an add chain");
}

/* What the marks mean, for those the chart has; the machines of a machines
 * chart. */
static void notes_of(notes *ns, const sq_run *runs, int nruns, const sq_figure *f, const chart *c,
                     const axis *ax) {
    bool dagger = false, speeds = false, some_speeds = false, zero = false, missing = false;
    for (int i = 0; i < c->ngroups * c->nseries; i++) {
        const bar *b = &c->cells[i];
        dagger |= b->present && b->dagger;
        speeds |= b->present && b->bimodal && isfinite(b->speed[0]);
        some_speeds |= b->present && b->bimodal && !isfinite(b->speed[0]);
        zero |= b->present && about_zero(b);
        missing |= !b->present;
    }
    if (ax->log)
        note(ns, "log scale: the slowest bar is %g× the median bar or more", SQ_FIGURE_LOG_RATIO);
    if (dagger)
        note(ns, "†: control-dependent: the timed chain runs through a predicted branch, not a "
                 "data dependency");
    if (speeds)
        note(ns, "a|b: the row runs at two speeds, fastest first, each marked | on its bar");
    if (some_speeds)
        note(ns, "‖: a sequence whose cell runs at two speeds is left out of this median over "
                 "sequences");
    if (zero)
        note(ns, "≈0: not told apart from zero (within %g cycles, or its interval holds 0)",
             SQ_RESOLUTION_CYCLES);
    if (missing)
        note(ns, "n/a: no row in the result file");
    for (int k = 0; f->run < 0 && k < nruns; k++) {
        char label[160];
        sq_cpu_label(label, sizeof label, &runs[k].machine);
        note(ns, "%s: %s, %s", c->series[k], runs[k].machine.brand, label);
    }
}

/* The id of series s's pattern: unique in an HTML page that shows several
 * figures, so it carries the figure's name (letters, digits, '-' and '_'). */
static void pattern_id(char *buf, size_t len, const sq_figure *f, int s) {
    size_t n = (size_t)snprintf(buf, len, "sqfig-");
    for (const char *p = f->name; *p && n + 1 < len; p++)
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            *p == '-' || *p == '_')
            buf[n++] = *p;
    snprintf(buf + n, len - n, "-fill%d", s);
}

static void fill_of(char *buf, size_t len, const sq_figure *f, const chart *c, int s) {
    int color = c->color[s];
    char id[160];
    pattern_id(id, sizeof id, f, s);
    if (color / PALETTE_SIZE % FILL_STYLES == 0)
        snprintf(buf, len, "%s", palette[color % PALETTE_SIZE]);
    else
        snprintf(buf, len, "url(#%s)", id);
}

/* Patterns for the series past the palette's colors. Their ids carry the
 * figure's name: several figures may share one HTML page. */
static void put_patterns(FILE *out, const sq_figure *f, const chart *c) {
    fputs("<defs>\n", out);
    for (int s = 0; s < c->nseries; s++) {
        int style = c->color[s] / PALETTE_SIZE % FILL_STYLES;
        const char *color = palette[c->color[s] % PALETTE_SIZE];
        char id[160];
        pattern_id(id, sizeof id, f, s);
        if (style == 1)
            fprintf(out,
                    "<pattern id=\"%s\" patternUnits=\"userSpaceOnUse\" width=\"6\" "
                    "height=\"6\" patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" "
                    "fill=\"%s\"/><rect width=\"2.5\" height=\"6\" fill=\"#fff\"/></pattern>\n",
                    id, color);
        else if (style == 2)
            fprintf(out,
                    "<pattern id=\"%s\" patternUnits=\"userSpaceOnUse\" width=\"5\" "
                    "height=\"5\"><rect width=\"5\" height=\"5\" fill=\"%s\"/><circle cx=\"2.5\" "
                    "cy=\"2.5\" r=\"1.4\" fill=\"#fff\"/></pattern>\n",
                    id, color);
    }
    fputs("</defs>\n", out);
}

static void layout_of(layout *l, const chart *c, const char *title, char sub[2][320],
                      const notes *ns) {
    double label_w = 0, value_w = 0, legend_w = 0;
    for (int g = 0; g < c->ngroups; g++)
        label_w = fmax(label_w, text_width(c->group[g], MAX_NAME_COLS, LABEL_SIZE, MONO));
    for (int i = 0; i < c->ngroups * c->nseries; i++) {
        char v[96];
        value_label(v, sizeof v, &c->cells[i]);
        value_w = fmax(value_w, text_width(v, MAX_NAME_COLS, VALUE_SIZE, MONO));
    }
    l->label_right = MARGIN + label_w;
    l->ax.x0 = l->label_right + 12;
    l->ax.width = PLOT_WIDTH;
    l->width = l->ax.x0 + PLOT_WIDTH + 6 + value_w + MARGIN;
    l->width = fmax(l->width, 2 * MARGIN + text_width(title, 1000, TITLE_SIZE, SANS_BOLD));
    for (int i = 0; i < 2; i++)
        l->width = fmax(l->width, 2 * MARGIN + text_width(sub[i], 1000, SUB_SIZE, SANS));
    for (int i = 0; i < ns->n; i++)
        l->width = fmax(l->width, 2 * MARGIN + text_width(ns->line[i], 1000, NOTE_SIZE, SANS));
    l->width = ceil(l->width);

    /* The legend flows in rows across the width. */
    l->legend_top = MARGIN + TITLE_SIZE + 2 * (SUB_SIZE + LINE_GAP) + 10;
    l->legend_rows = 1;
    for (int s = 0; s < c->nseries; s++) {
        double w = 20 + text_width(c->series[s], MAX_NAME_COLS, LABEL_SIZE, MONO) + 18;
        if (legend_w > 0 && MARGIN + legend_w + w > l->width - MARGIN) {
            l->legend_rows++;
            legend_w = 0;
        }
        legend_w += w;
    }
    double plot_h = c->ngroups * band_height(c);
    l->ticks_above = plot_h > TALL_PLOT;
    l->plot_top =
        l->legend_top + l->legend_rows * LEGEND_ROW + 8 + (l->ticks_above ? TICK_SIZE + 8 : 0);
    l->plot_bottom = l->plot_top + plot_h;
    l->height = ceil(l->plot_bottom + 8 + TICK_SIZE + LINE_GAP + LABEL_SIZE + 10 +
                     ns->n * (NOTE_SIZE + LINE_GAP) + MARGIN);
}

static void put_legend(FILE *out, const sq_figure *f, const chart *c, const layout *l) {
    double x = MARGIN, y = l->legend_top;
    for (int s = 0; s < c->nseries; s++) {
        double w = 20 + text_width(c->series[s], MAX_NAME_COLS, LABEL_SIZE, MONO) + 18;
        if (x > MARGIN && x + w > l->width - MARGIN) {
            x = MARGIN;
            y += LEGEND_ROW;
        }
        char fill[192];
        fill_of(fill, sizeof fill, f, c, s);
        fprintf(
            out,
            "<rect x=\"%.2f\" y=\"%.2f\" width=\"14\" height=\"12\" fill=\"%s\" stroke=\"#000\" "
            "stroke-opacity=\"0.45\" stroke-width=\"0.8\"/>\n",
            x, y + 2, fill);
        text_at(out, "legend", x + 20, y + 12, LABEL_SIZE, MONO, "start", "#111", c->series[s],
                MAX_NAME_COLS);
        x += w;
    }
}

/* Tick labels along the axis at baseline y; one that would run into the
 * last drawn is left out (its grid line stays). On a log axis with no room
 * for all, the decades alone. */
static void put_tick_labels(FILE *out, const axis *a, double y) {
    double widest = 0;
    char t[32];
    for (int i = 0; i < a->nticks; i++) {
        snprintf(t, sizeof t, "%g", a->tick[i]);
        widest = fmax(widest, text_width(t, 32, TICK_SIZE, MONO));
    }
    bool decades_only = a->log && a->nticks * (widest + 8) > a->width;
    double last_right = -INFINITY;
    for (int i = 0; i < a->nticks; i++) {
        if (decades_only && fabs(a->tick[i] / pow(10, floor(log10(a->tick[i]) + 1e-9)) - 1) > 1e-6)
            continue;
        snprintf(t, sizeof t, "%g", a->tick[i]);
        double x = axis_x(a, a->tick[i]), w = text_width(t, 32, TICK_SIZE, MONO);
        if (x - w / 2 < last_right + 8)
            continue;
        text_at(out, "tick", x, y, TICK_SIZE, MONO, "middle", "#333", t, 32);
        last_right = x + w / 2;
    }
}

static void put_bar(FILE *out, const sq_figure *f, const chart *c, const layout *l, int g, int s,
                    double row_top) {
    const bar *b = &c->cells[g * c->nseries + s];
    const axis *a = &l->ax;
    double mid = row_top + BAR_HEIGHT / 2, end = a->x0;
    char value[96];
    value_label(value, sizeof value, b);
    fputs("<g class=\"sqfig-bar\"><title>", out); /* the names whole, where labels cut them */
    put_text(out, c->group[g], INT_MAX);
    fputs(", ", out);
    put_text(out, c->series[s], INT_MAX);
    fputs(": ", out);
    put_text(out, value, INT_MAX);
    if (b->present && isfinite(b->s.ci_lo) && isfinite(b->s.ci_hi))
        fprintf(out, ", 95%% interval %.3f to %.3f", b->s.ci_lo, b->s.ci_hi);
    fputs("</title>\n", out);
    if (has_length(b)) {
        char fill[192];
        fill_of(fill, sizeof fill, f, c, s);
        end = axis_x(a, b->s.median);
        fprintf(out,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" "
                "stroke=\"#000\" stroke-opacity=\"0.45\" stroke-width=\"0.8\"/>\n",
                a->x0, row_top, end - a->x0, BAR_HEIGHT, fill);
    }
    /* The interval, drawn over the bar with a white edge so that it shows on
     * any color; an end past the axis is drawn without its cap. */
    if (b->present && isfinite(b->s.ci_lo) && isfinite(b->s.ci_hi) && (has_length(b) || !a->log)) {
        double lo = fmin(b->s.ci_lo, b->s.ci_hi), hi = fmax(b->s.ci_lo, b->s.ci_hi);
        double x1 = axis_x(a, lo), x2 = axis_x(a, hi);
        if (x2 > a->x0) {
            char d[256];
            int n = snprintf(d, sizeof d, "M%.2f %.2fH%.2f", x1, mid, x2);
            if (lo >= a->lo)
                n += snprintf(d + n, sizeof d - (size_t)n, "M%.2f %.2fV%.2f", x1, mid - 4, mid + 4);
            if (hi <= a->hi)
                snprintf(d + n, sizeof d - (size_t)n, "M%.2f %.2fV%.2f", x2, mid - 4, mid + 4);
            fprintf(out,
                    "<path d=\"%s\" fill=\"none\" stroke=\"#fff\" stroke-width=\"3.2\"/>\n"
                    "<path class=\"sqfig-whisker\" d=\"%s\" fill=\"none\" stroke=\"#222\" "
                    "stroke-width=\"1.2\"/>\n",
                    d, d);
            end = fmax(end, x2);
        }
    }
    /* Both speeds of a row that runs at two. */
    for (int k = 0; k < SQ_MAX_MODES && b->present; k++)
        if (isfinite(b->speed[k]) && b->speed[k] >= a->lo) {
            double x = axis_x(a, b->speed[k]);
            if (x > end) /* a speed past the bar: a dotted line out to it */
                fprintf(out,
                        "<path d=\"M%.2f %.2fH%.2f\" stroke=\"#000\" stroke-width=\"1\" "
                        "stroke-dasharray=\"2 2\"/>\n",
                        end, mid, x);
            fprintf(out,
                    "<path d=\"M%.2f %.2fV%.2f\" stroke=\"#fff\" stroke-width=\"3\"/><path "
                    "class=\"sqfig-speed\" d=\"M%.2f %.2fV%.2f\" stroke=\"#000\" "
                    "stroke-width=\"1.5\"/>\n",
                    x, row_top - 1.5, row_top + BAR_HEIGHT + 1.5, x, row_top - 1.5,
                    row_top + BAR_HEIGHT + 1.5);
            end = fmax(end, x + 1.5);
        }
    text_at(out, "value", end + 5, mid + 0.35 * VALUE_SIZE, VALUE_SIZE, MONO, "start",
            b->present ? "#111" : "#777", value, MAX_NAME_COLS);
    fputs("</g>\n", out);
}

int sq_figure_write_svg(FILE *out, const sq_run *runs, int nruns, const sq_figure *f,
                        bool standalone) {
    if (f->run >= nruns || !f->family)
        return -1;
    chart c;
    if (!chart_build(&c, runs, nruns, f))
        return -1;
    char sub[2][320];
    subtitles(sub, runs, f, &c);
    layout l;
    axis_of(&l.ax, &c);
    notes ns = {.n = 0};
    notes_of(&ns, runs, nruns, f, &c, &l.ax);
    layout_of(&l, &c, f->title, sub, &ns);

    if (standalone)
        fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" viewBox=\"0 0 %g "
            "%g\" role=\"img\"%s>\n<title>",
            l.width, l.height, l.width, l.height,
            standalone ? "" : " style=\"max-width:100%;height:auto\"");
    put_text(out, f->title, 1000);
    fputs("</title>\n", out);
    put_patterns(out, f, &c);
    fprintf(out, "<rect width=\"%g\" height=\"%g\" fill=\"#fff\"/>\n", l.width, l.height);
    double y = MARGIN + TITLE_SIZE;
    text_at(out, "title", MARGIN, y, TITLE_SIZE, SANS_BOLD, "start", "#000", f->title, 1000);
    for (int i = 0; i < 2; i++) {
        y += SUB_SIZE + LINE_GAP;
        text_at(out, "subtitle", MARGIN, y, SUB_SIZE, SANS, "start", "#333", sub[i], 1000);
    }
    put_legend(out, f, &c, &l);

    /* Bands, then the grid over their shading, then the bars. */
    double band = band_height(&c), right = l.width - MARGIN;
    for (int g = 0; g < c.ngroups; g += 2)
        fprintf(out,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#f2f2f2\"/>\n",
                MARGIN - 4, l.plot_top + g * band, right - MARGIN + 8, band);
    for (int i = 0; i < l.ax.nticks; i++)
        fprintf(out, "<path d=\"M%.2f %.2fV%.2f\" stroke=\"%s\" stroke-width=\"%s\"/>\n",
                axis_x(&l.ax, l.ax.tick[i]), l.plot_top, l.plot_bottom, i ? "#d0d0d0" : "#444",
                i ? "0.8" : "1.2");
    for (int g = 0; g < c.ngroups; g++) {
        double top = l.plot_top + g * band;
        text_at(out, "label", l.label_right, top + band / 2 + 0.35 * LABEL_SIZE, LABEL_SIZE, MONO,
                "end", "#000", c.group[g], MAX_NAME_COLS);
        for (int s = 0; s < c.nseries; s++)
            put_bar(out, f, &c, &l, g, s,
                    top + BAND_PAD + s * BAR_PITCH + (BAR_PITCH - BAR_HEIGHT) / 2);
    }
    if (l.ticks_above)
        put_tick_labels(out, &l.ax, l.plot_top - 8);
    y = l.plot_bottom + 8 + TICK_SIZE;
    put_tick_labels(out, &l.ax, y);
    y += LINE_GAP + LABEL_SIZE;
    char axis_title[96];
    snprintf(axis_title, sizeof axis_title, "core cycles per %s%s", unit_of(f->family),
             l.ax.log ? " (log scale)" : "");
    text_at(out, "axis", l.ax.x0 + l.ax.width / 2, y, LABEL_SIZE, SANS, "middle", "#000",
            axis_title, 1000);
    y += 10;
    for (int i = 0; i < ns.n; i++) {
        y += NOTE_SIZE + LINE_GAP;
        text_at(out, "note", MARGIN, y, NOTE_SIZE, SANS, "start", "#333", ns.line[i], 1000);
    }
    fputs("</svg>\n", out);
    chart_free(&c);
    return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}

/* ---- which figures --------------------------------------------------------- */

int sq_figures_max(int nruns) {
    /* latency and throughput per run and family, and a machines chart per family */
    return nruns * sq_family_count * 2 + (nruns > 1 ? sq_family_count : 0);
}

int sq_figures_list(const sq_run *runs, int nruns, sq_figure *out, int max) {
    static const sq_mode modes[] = {SQ_MODE_LATENCY, SQ_MODE_THROUGHPUT};
    int n = 0;
    for (int k = 0; k < nruns; k++)
        for (int fam = 0; fam < sq_family_count; fam++)
            for (int m = 0; m < 2 && n < max; m++) {
                sq_figure *f = &out[n];
                *f = (sq_figure){.run = k, .family = &sq_families[fam], .mode = modes[m]};
                if (!figure_has_rows(&runs[k], f))
                    continue;
                char prefix[16] = "", cpu[160];
                if (nruns > 1)
                    snprintf(prefix, sizeof prefix, "%d-", k + 1);
                snprintf(f->name, sizeof f->name, "%s%s-%s", prefix, f->family->name,
                         sq_mode_names[f->mode]);
                sq_cpu_name_among(cpu, sizeof cpu, runs, nruns, k, sq_cpu_label, true);
                snprintf(f->title, sizeof f->title, "%s — %s on %s", f->family->name,
                         sq_mode_names[f->mode], cpu);
                n++;
            }
    for (int fam = 0; nruns > 1 && fam < sq_family_count && n < max; fam++) {
        sq_figure *f = &out[n];
        *f = (sq_figure){.run = -1, .family = &sq_families[fam], .mode = SQ_MODE_LATENCY};
        bool rows = false;
        for (int k = 0; k < nruns && !rows; k++)
            rows = figure_has_rows(&runs[k], f);
        if (!rows)
            continue;
        snprintf(f->name, sizeof f->name, "machines-%s-%s", f->family->name,
                 sq_mode_names[f->mode]);
        snprintf(f->title, sizeof f->title, "%s — %s by machine (the %s impl)", f->family->name,
                 sq_mode_names[f->mode], SQ_FIGURE_MACHINES_IMPL);
        n++;
    }
    return n;
}
