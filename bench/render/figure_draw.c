/* A figure's drawing (figures.h): the panels in a grid on one axis, each
 * bar with its interval. What a bar stands for is figure_model.c's, where it
 * goes figure_layout.c's. */
#include "bench/render/figure_draw.h"

#include "bench/render/figure_text.h"

#include <limits.h>
#include <math.h>

/* A compiler's color, the same on every chart (sq_fig_kind): Okabe and Ito's
 * colorblind-safe palette, a grey for any other name; the machines chart's
 * colors, that palette without its yellow then some of Paul Tol's. */
static const char *const kind_colors[SQ_FIG_KINDS] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                                      "#7A7A7A"};
static const char *const machine_colors[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                             "#E69F00", "#56B4E9", "#000000", "#882255",
                                             "#44AA99", "#999933", "#AA4499", "#661100"};
#define MACHINE_COLORS (int)(sizeof machine_colors / sizeof machine_colors[0])

static const char *color_of(const sq_fig_chart *c, const sq_fig_bar *b) {
    return c->machines ? machine_colors[b->color % MACHINE_COLORS] : kind_colors[b->color];
}

/* ---- drawing ------------------------------------------------------------------ */

/* A panel's plot area, in px. */
typedef struct plot_box {
    double x0, width;
} plot_box;

static double plot_x(const plot_box *p, const sq_fig_axis *a, double v) {
    return p->x0 + sq_fig_axis_at(a, v) * p->width;
}

static void put_legend(FILE *out, const sq_fig_chart *c, const sq_fig_layout *l) {
    double x = MARGIN, y = l->legend_top;
    for (int k = 0; !c->machines && k < SQ_FIG_KINDS; k++) {
        if (!c->kinds[k])
            continue;
        double w = sq_fig_legend_item_width(sq_fig_kind_names[k]);
        if (x > MARGIN && x + w > l->width - MARGIN) {
            x = MARGIN;
            y += LEGEND_ROW;
        }
        fprintf(out,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"14\" height=\"12\" fill=\"%s\" "
                "stroke=\"#000\" stroke-opacity=\"0.45\" stroke-width=\"0.8\"/>\n",
                x, y + 2, kind_colors[k]);
        sq_fig_text_at(out, "legend", x + 20, y + 12.5, SUB_SIZE, SQ_FIG_FONT_SANS, "start", "#111",
                       sq_fig_kind_names[k], SQ_FIG_MAX_NAME_COLS);
        x += w;
    }
}

/* Tick labels along a panel's axis at baseline y; one that would run into
 * the last drawn is left out (its grid line stays). */
static void put_tick_labels(FILE *out, const sq_fig_axis *a, const plot_box *p, double y) {
    double widest = 0;
    char t[32];
    for (int i = 0; i < a->nticks; i++) {
        snprintf(t, sizeof t, "%g", a->tick[i]);
        widest = fmax(widest, sq_fig_text_width(t, 32, TICK_SIZE, SQ_FIG_FONT_MONO));
    }
    bool decades_only = a->log && a->nticks * (widest + 6) > p->width;
    double last_right = -INFINITY;
    for (int i = 0; i < a->nticks; i++) {
        if (decades_only && fabs(a->tick[i] / pow(10, floor(log10(a->tick[i]) + 1e-9)) - 1) > 1e-6)
            continue;
        snprintf(t, sizeof t, "%g", a->tick[i]);
        double x = plot_x(p, a, a->tick[i]);
        double w = sq_fig_text_width(t, 32, TICK_SIZE, SQ_FIG_FONT_MONO);
        if (x - w / 2 < last_right + 6) /* the last may reach into the values' room */
            continue;
        sq_fig_text_at(out, "tick", x, y, TICK_SIZE, SQ_FIG_FONT_MONO, "middle", "#333", t, 32);
        last_right = x + w / 2;
    }
}

/* One bar and its label, its row from top to top + height. */
static void put_bar(FILE *out, const sq_fig_chart *c, const sq_fig_layout *l, const sq_fig_axis *a,
                    const plot_box *p, const char *technique, const sq_fig_bar *b, double top,
                    double height) {
    double mid = top + height / 2, bar_top = mid - BAR_HEIGHT / 2, end = p->x0;
    char value[96], lines[2][256];
    int nlines = sq_fig_split_label(b->label, l->label_cols, lines);
    for (int i = 0; i < nlines; i++)
        sq_fig_text_at(out, "label", p->x0 - 6,
                       mid + 0.35 * LABEL_SIZE + (i - (nlines - 1) / 2.0) * LABEL_LINE, LABEL_SIZE,
                       SQ_FIG_FONT_MONO, "end", "#000", lines[i], l->label_cols);
    sq_fig_value_label(value, sizeof value, b);
    fputs("<g class=\"sqfig-bar\"><title>", out); /* the names whole, where labels cut them */
    sq_fig_put_text(out, technique, INT_MAX);
    fputs(", ", out);
    sq_fig_put_text(out, b->names, INT_MAX);
    fputs(": ", out);
    sq_fig_put_text(out, value, INT_MAX);
    /* As the table: a figure about zero by what it could cost at most, no
     * sign below zero (the harness's slack, not a cost). */
    if (sq_fig_about_zero(b) && isfinite(b->s.ci_hi))
        fprintf(out, ", at most %.3f", fmax(b->s.ci_hi, 0));
    else if (sq_fig_has_figure(b) && isfinite(b->s.ci_lo) && isfinite(b->s.ci_hi))
        fprintf(out, ", 95%% interval %.3f to %.3f", b->s.ci_lo, b->s.ci_hi);
    fputs("</title>\n", out);
    bool cut = sq_fig_axis_cuts(a, b);
    if (sq_fig_has_length(b)) {
        end = plot_x(p, a, b->s.median);
        fprintf(out,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" "
                "stroke=\"#000\" stroke-opacity=\"0.45\" stroke-width=\"0.8\"/>\n",
                p->x0, bar_top, end - p->x0, BAR_HEIGHT, color_of(c, b));
    }
    if (cut) /* two white strokes across its end: it runs on past the axis */
        fprintf(out,
                "<path class=\"sqfig-cut\" d=\"M%.2f %.2fL%.2f %.2fM%.2f %.2fL%.2f %.2f\" "
                "stroke=\"#fff\" stroke-width=\"1.6\"/>\n",
                end - 11, bar_top + BAR_HEIGHT + 1, end - 7, bar_top - 1, end - 7,
                bar_top + BAR_HEIGHT + 1, end - 3, bar_top - 1);
    /* The interval, drawn over the bar with a white edge so that it shows on
     * any color; an end past the axis is drawn without its cap. */
    if (b->present && isfinite(b->s.ci_lo) && isfinite(b->s.ci_hi) && !cut &&
        (sq_fig_has_length(b) || !a->log)) {
        double lo = fmin(b->s.ci_lo, b->s.ci_hi), hi = fmax(b->s.ci_lo, b->s.ci_hi);
        double x1 = plot_x(p, a, lo), x2 = plot_x(p, a, hi);
        if (x2 > p->x0) {
            char d[256];
            int n = snprintf(d, sizeof d, "M%.2f %.2fH%.2f", x1, mid, x2);
            if (lo >= a->lo)
                n += snprintf(d + n, sizeof d - (size_t)n, "M%.2f %.2fV%.2f", x1, mid - 3.5,
                              mid + 3.5);
            if (hi <= a->hi)
                snprintf(d + n, sizeof d - (size_t)n, "M%.2f %.2fV%.2f", x2, mid - 3.5, mid + 3.5);
            fprintf(out,
                    "<path d=\"%s\" fill=\"none\" stroke=\"#fff\" stroke-width=\"3\"/>\n"
                    "<path class=\"sqfig-whisker\" d=\"%s\" fill=\"none\" stroke=\"#222\" "
                    "stroke-width=\"1.1\"/>\n",
                    d, d);
            end = fmax(end, x2);
        }
    }
    sq_fig_text_at(out, "value", end + 4, mid + 0.35 * VALUE_SIZE, VALUE_SIZE, SQ_FIG_FONT_MONO,
                   "start", sq_fig_has_figure(b) ? "#111" : "#777", value, 40);
    fputs("</g>\n", out);
}

/* Panel p at (x, y): its technique, grid, bars and tick labels. */
static void put_panel(FILE *out, const sq_fig_chart *c, const sq_fig_layout *l,
                      const sq_fig_axis *a, int p, double x, double y, double height) {
    const sq_fig_panel *panel = &c->panels[p];
    plot_box box = {x + l->label_w + 8, l->panel_w - l->label_w - 8 - l->value_w};
    fprintf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#f6f6f6\"/>\n",
            x - 4, y, l->panel_w + 8, height);
    sq_fig_text_at(out, "panel", x, y + PANEL_SIZE + 3, PANEL_SIZE, SQ_FIG_FONT_MONO, "start",
                   "#000", panel->technique,
                   sq_fig_columns_in(l->panel_w, PANEL_SIZE, SQ_FIG_FONT_MONO));
    double bars_top = y + PANEL_SIZE + 8, bars_h = 0;
    for (int i = 0; i < panel->n; i++)
        bars_h += sq_fig_bar_height(l, &c->bars[panel->first + i]);
    for (int i = 0; i < a->nticks; i++)
        fprintf(out, "<path d=\"M%.2f %.2fV%.2f\" stroke=\"%s\" stroke-width=\"%s\"/>\n",
                plot_x(&box, a, a->tick[i]), bars_top, bars_top + bars_h + 2,
                i ? "#d0d0d0" : "#444", i ? "0.8" : "1.2");
    double top = bars_top;
    for (int i = 0; i < panel->n; i++) {
        const sq_fig_bar *b = &c->bars[panel->first + i];
        double h = sq_fig_bar_height(l, b);
        put_bar(out, c, l, a, &box, panel->technique, b, top, h);
        top += h;
    }
    put_tick_labels(out, a, &box, bars_top + bars_h + 4 + TICK_SIZE);
}

int sq_fig_draw_svg(FILE *out, const sq_fig_chart *c, const sq_fig_layout *l, const sq_figure *f,
                    bool standalone) {
    const sq_fig_axis *a = &l->axis;
    if (standalone)
        fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" viewBox=\"0 0 %g "
            "%g\" role=\"img\"%s>\n<title>",
            l->width, l->height, l->width, l->height,
            standalone ? "" : " style=\"max-width:100%;height:auto\"");
    sq_fig_put_text(out, f->title, 1000);
    fputs("</title>\n", out);
    fprintf(out, "<rect width=\"%g\" height=\"%g\" fill=\"#fff\"/>\n", l->width, l->height);
    double y = MARGIN + TITLE_SIZE;
    sq_fig_text_at(out, "title", MARGIN, y, TITLE_SIZE, SQ_FIG_FONT_BOLD, "start", "#000", f->title,
                   1000);
    for (int i = 0; i < 2; i++) {
        y += SUB_SIZE + LINE_GAP;
        sq_fig_text_at(out, "subtitle", MARGIN, y, SUB_SIZE, SQ_FIG_FONT_SANS, "start", "#333",
                       l->sub[i], 1000);
    }
    put_legend(out, c, l);
    y = l->grid_top;
    for (int r = 0; r < l->nrows; r++) {
        for (int k = 0; k < l->cols && r * l->cols + k < l->n; k++)
            put_panel(out, c, l, a, l->first + r * l->cols + k, MARGIN + k * (l->panel_w + COL_GAP),
                      y, l->row_h[r]);
        y += l->row_h[r] + ROW_GAP;
    }
    y += 8 - ROW_GAP + LABEL_SIZE;
    char axis_title[96];
    snprintf(axis_title, sizeof axis_title, "core cycles per %s%s",
             f->family->arity == 2 ? "pair" : "square", a->log ? " (log scale)" : "");
    sq_fig_text_at(out, "axis", l->width / 2, y, LABEL_SIZE + 1, SQ_FIG_FONT_SANS, "middle", "#000",
                   axis_title, 1000);
    y += 6;
    for (int i = 0; i < l->nnotes; i++) {
        y += NOTE_SIZE + LINE_GAP;
        sq_fig_text_at(out, "note", MARGIN, y, NOTE_SIZE, SQ_FIG_FONT_SANS, "start", "#333",
                       l->notes[i], 1000);
    }
    fputs("</svg>\n", out);
    return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}
