#include "bench/render/figure_layout.h"

#include "bench/code/code_groups.h"
#include "bench/machine/cpu_model.h"
#include "bench/render/figure_text.h"
#include "bench/results/cells.h"
#include "bench/results/runs.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- text of a bar and the chart ---------------------------------------------- */

void sq_fig_value_label(char *buf, size_t len, const sq_fig_bar *b) {
    const sq_headline *h = &b->h;
    char v[32], marks[32];
    if (!b->present)
        snprintf(buf, len, "n/a");
    else if (h->control_dependent)
        snprintf(buf, len, "†");
    else if (!sq_fig_has_figure(b))
        snprintf(buf, len, "%s", h->nbimodal ? "2 speeds" : "-");
    else {
        if (sq_fig_about_zero(b))
            snprintf(v, sizeof v, "≈0");
        else
            sq_cell_value(v, sizeof v, b->s.median, 2);
        sq_headline_marks(marks, sizeof marks, h);
        snprintf(buf, len, "%s%s", v, marks);
    }
}

/* A note under the chart, in as many lines as the figure's width takes. */
__attribute__((format(printf, 2, 3))) static void note(sq_fig_layout *ns, const char *fmt, ...) {
    char text[640];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    int cols = sq_fig_columns_in(FIG_WIDTH - 2 * MARGIN, NOTE_SIZE, SQ_FIG_FONT_SANS);
    const char *rest = text;
    while (*rest && ns->nnotes < (int)(sizeof ns->notes / sizeof ns->notes[0])) {
        char lines[2][256];
        /* a line after the first is indented two columns */
        bool more = sq_fig_split_label(rest, rest == text ? cols : cols - 2, lines) == 2;
        snprintf(ns->notes[ns->nnotes++], sizeof ns->notes[0], "%s%s", rest == text ? "" : "  ",
                 lines[0]);
        rest = more ? rest + strlen(lines[0]) + 1 : "";
    }
}

/* The lines under the title: which figure the bars are (the table's), and
 * where they were measured; each shorter than a figure is wide. */
static void subtitles(char sub[2][320], const sq_run *runs, const sq_figure *f) {
    const char *unit = f->family->arity == 2 ? "pair" : "square";
    const char *mode = sq_mode_names[f->mode];
    const char *which = f->mode == SQ_MODE_LATENCY ? "" : " (predictable ones for † variants)";
    if (f->run < 0) {
        snprintf(sub[0], sizeof sub[0],
                 "the %s impl's %s, the table's [k] %s figure: the median over sequences%s of "
                 "core cycles per %s; whiskers: its 95%% interval",
                 SQ_FIGURE_MACHINES_IMPL, mode, SQ_FIGURE_MACHINES_IMPL, which, unit);
        snprintf(sub[1], sizeof sub[1],
                 "a panel per technique, a bar per result file; the machines are named under the "
                 "chart");
        return;
    }
    snprintf(sub[0], sizeof sub[0],
             "%s, the table's %s figure: the median over sequences%s of core cycles per %s; "
             "whiskers: its 95%% interval",
             mode, f->mode == SQ_MODE_LATENCY ? "lat" : "thr", which, unit);
    const sq_run *run = &runs[f->run];
    bool perf = run->clock.source && strcmp(run->clock.source, "perf") == 0;
    snprintf(sub[1], sizeof sub[1],
             "%s; cycles %s; a bar per machine code timed (impls timed once for all share it)",
             run->machine.brand, perf ? "from perf" : "calibrated from an add chain");
}

/* The marks the chart's bars have, each one. */
typedef struct bar_marks {
    bool dagger, two_speeds, left_out, loop_branch, chain_apart, zero, missing, cut;
} bar_marks;

static bar_marks marks_of(const sq_fig_layout *ns, const sq_fig_chart *c) {
    bar_marks m = {0};
    for (int i = 0; i < c->nbars; i++) {
        const sq_fig_bar *b = &c->bars[i];
        bool figure = sq_fig_has_figure(b);
        m.dagger |= b->present && b->h.control_dependent;
        m.two_speeds |= b->present && !b->h.control_dependent && !figure && b->h.nbimodal;
        m.left_out |= figure && b->h.nbimodal;
        m.loop_branch |= figure && b->h.loop_branch_only;
        m.chain_apart |= figure && b->h.chain_apart;
        m.zero |= sq_fig_about_zero(b);
        m.missing |= !b->present;
        m.cut |= sq_fig_axis_cuts(&ns->axis, b);
    }
    return m;
}

/* What the marks mean, for those the chart has, as the table's legend says
 * them; the machines of a machines chart. */
static void notes_of(sq_fig_layout *ns, const sq_run *runs, int nruns, const sq_fig_chart *c) {
    bar_marks m = marks_of(ns, c);
    if (ns->axis.log)
        note(ns, "log scale (--log-axis)");
    if (m.cut)
        note(ns,
             "a bar cut by two white strokes runs past the axis's end (%g× the median bar or "
             "more); its figure is whole (--log-axis draws every bar whole)",
             SQ_FIGURE_OUTLIER_RATIO);
    if (m.dagger)
        note(ns, "†: control-dependent: the timed chain runs through a predicted branch, so there "
                 "is no latency and no bar, as the table has no figure");
    if (m.two_speeds)
        note(ns, "2 speeds: every cell ran at two speeds: no median, no bar");
    if (m.left_out)
        note(ns, "‖: a sequence whose cell ran at two speeds is left out of this median");
    if (m.loop_branch)
        note(ns, "‡: the timed loop branches on the result, the routine does not");
    if (m.chain_apart)
        note(ns, "§: the timed loop's latency chain is shorter than the routine's");
    if (m.zero)
        note(ns, "≈0: not told apart from zero (within %g cycles, or its interval holds 0)",
             SQ_RESOLUTION_CYCLES);
    if (m.missing)
        note(ns, "n/a: no row in the result file");
    if (!c->machines)
        note(ns, "bars by the impls' keys: %s; a..b: the versions between", SQ_IMPL_KEY_MEANING);
    for (int k = 0; c->machines && k < nruns; k++) {
        char label[160], name[96];
        sq_cpu_label(label, sizeof label, &runs[k].machine);
        sq_cpu_name_among(name, sizeof name, runs, nruns, k, sq_cpu_short, true);
        note(ns, "%s: %s, %s", name, runs[k].machine.brand, label);
    }
}

/* ---- layout ------------------------------------------------------------------- */

int sq_fig_columns_for(int n) {
    int rows = (n + SQ_FIG_MAX_COLUMNS - 1) / SQ_FIG_MAX_COLUMNS;
    return n < 1 ? 1 : (n + rows - 1) / rows;
}

double sq_fig_bar_height(const sq_fig_layout *l, const sq_fig_bar *b) {
    char lines[2][256];
    return sq_fig_split_label(b->label, l->label_cols, lines) * LABEL_LINE;
}

static double panel_height(const sq_fig_layout *l, const sq_fig_chart *c, int p) {
    double h = PANEL_SIZE + 8 + 4 + TICK_SIZE + 4;
    for (int i = 0; i < c->panels[p].n; i++)
        h += sq_fig_bar_height(l, &c->bars[c->panels[p].first + i]);
    return h;
}

double sq_fig_legend_item_width(const char *name) {
    return 20 + sq_fig_text_width(name, SQ_FIG_MAX_NAME_COLS, SUB_SIZE, SQ_FIG_FONT_SANS) + 18;
}

/* What holds for every part of chart c: the grid's columns and widths. */
static void columns_of(sq_fig_layout *l, const sq_fig_chart *c) {
    l->cols = sq_fig_columns_for(c->npanels);
    l->panel_w = fmin(MAX_PANEL_W, (FIG_WIDTH - 2 * MARGIN - (l->cols - 1) * COL_GAP) / l->cols);
    double widest = 0;
    for (int i = 0; i < c->nbars; i++) {
        char v[96];
        sq_fig_value_label(v, sizeof v, &c->bars[i]);
        l->value_w = fmax(l->value_w, sq_fig_text_width(v, 40, VALUE_SIZE, SQ_FIG_FONT_MONO));
        widest = fmax(widest,
                      sq_fig_text_width(c->bars[i].label, 1 << 20, LABEL_SIZE, SQ_FIG_FONT_MONO));
    }
    l->value_w += 8;
    l->label_w = fmin(widest, LABEL_SHARE * l->panel_w);
    l->label_cols = sq_fig_columns_in(l->label_w + 0.01, LABEL_SIZE, SQ_FIG_FONT_MONO);
}

double sq_fig_layout_height(const sq_fig_layout *l, int r0, int r1) {
    double y = l->grid_top;
    for (int r = r0; r < r1; r++)
        y += l->row_h[r] + (r + 1 < r1 ? ROW_GAP : 0);
    return ceil(y + 8 + LABEL_SIZE + 6 + l->nnotes * (NOTE_SIZE + LINE_GAP) + MARGIN);
}

/* Places panels [first, first + n) of c under title, l's columns known
 * (columns_of); false on no memory. */
static bool place(sq_fig_layout *l, const sq_fig_chart *c, int first, int n, const char *title) {
    l->first = first;
    l->n = n;
    l->width = 2 * MARGIN + l->cols * l->panel_w + (l->cols - 1) * COL_GAP;
    l->width =
        fmax(l->width, 2 * MARGIN + sq_fig_text_width(title, 1000, TITLE_SIZE, SQ_FIG_FONT_BOLD));
    for (int i = 0; i < 2; i++)
        l->width = fmax(
            l->width, 2 * MARGIN + sq_fig_text_width(l->sub[i], 1000, SUB_SIZE, SQ_FIG_FONT_SANS));
    for (int i = 0; i < l->nnotes; i++)
        l->width = fmax(l->width, 2 * MARGIN + sq_fig_text_width(l->notes[i], 1000, NOTE_SIZE,
                                                                 SQ_FIG_FONT_SANS));
    l->width = ceil(l->width);

    l->legend_top = MARGIN + TITLE_SIZE + 2 * (SUB_SIZE + LINE_GAP) + 10;
    int legend_rows = 0;
    if (!c->machines) {
        double x = MARGIN;
        legend_rows = 1;
        for (int k = 0; k < SQ_FIG_KINDS; k++) {
            double w = c->kinds[k] ? sq_fig_legend_item_width(sq_fig_kind_names[k]) : 0;
            if (w && x > MARGIN && x + w > l->width - MARGIN) {
                legend_rows++;
                x = MARGIN;
            }
            x += w;
        }
    }
    l->grid_top = l->legend_top + legend_rows * LEGEND_ROW + 6;
    l->nrows = (n + l->cols - 1) / l->cols;
    l->row_h = calloc((size_t)l->nrows + 1, sizeof *l->row_h);
    if (!l->row_h)
        return false;
    for (int r = 0; r < l->nrows; r++)
        for (int k = 0; k < l->cols && r * l->cols + k < n; k++)
            l->row_h[r] = fmax(l->row_h[r], panel_height(l, c, first + r * l->cols + k));
    l->height = sq_fig_layout_height(l, 0, l->nrows);
    return true;
}

bool sq_fig_layout_of(sq_fig_layout *l, const sq_run *runs, int nruns, const sq_figure *f,
                      const sq_fig_chart *c) {
    memset(l, 0, sizeof *l);
    sq_fig_axis_of(&l->axis, c, f->log_axis, 6); /* 0..12 for 10.5, not 0..15 */
    subtitles(l->sub, runs, f);
    notes_of(l, runs, nruns, c);
    columns_of(l, c);
    int n = f->npanels ? f->npanels : c->npanels;
    return place(l, c, f->npanels ? f->first_panel : 0, n, f->title);
}

bool sq_fig_layout_part(sq_fig_layout *part, const sq_fig_layout *whole, const sq_fig_chart *c,
                        const sq_figure *f) {
    *part = *whole;
    part->row_h = NULL;
    int first = f->npanels ? f->first_panel : 0, n = f->npanels ? f->npanels : c->npanels;
    return first >= 0 && n >= 0 && first <= c->npanels - n && place(part, c, first, n, f->title);
}

void sq_fig_layout_free(sq_fig_layout *l) {
    free(l->row_h);
    l->row_h = NULL;
}
