/* Which figures a report has, each split into parts no taller than
 * SQ_FIGURE_MAX_HEIGHT (figure_parts.h), and the set that draws them: a
 * figure's chart built and laid out once for all its parts, each part then
 * laid out and drawn (figure_draw.h) from its own bars. */
#include "bench/render/figures.h"

#include "bench/machine/cpu_model.h"
#include "bench/render/figure_draw.h"
#include "bench/render/figure_layout.h"
#include "bench/render/figure_model.h"
#include "bench/render/figure_parts.h"

#include <stdlib.h>
#include <string.h>

/* A figure's chart and its layout whole, made once for all its parts. */
typedef struct made {
    sq_fig_chart chart;
    sq_fig_layout whole;
} made;

struct sq_figure_set {
    sq_figure *figs; /* every part of every figure */
    int *made_at;    /* figs[i]'s chart: made[made_at[i]] */
    int n, cap;
    made **made;
    int nmade;
};

static void made_free(made *m) {
    if (m) {
        sq_fig_layout_free(&m->whole);
        sq_fig_chart_free(&m->chart);
    }
    free(m);
}

/* Figure f's chart and its layout whole; NULL on no memory. */
static made *made_of(const sq_run *runs, int nruns, const sq_figure *f) {
    made *m = calloc(1, sizeof *m);
    sq_figure whole = *f;
    whole.first_panel = whole.npanels = 0;
    if (m && sq_fig_chart_build(&m->chart, runs, nruns, f) &&
        sq_fig_layout_of(&m->whole, runs, nruns, &whole, &m->chart))
        return m;
    made_free(m);
    return NULL;
}

/* Part f of m's chart to out; 0, or -1 on a write error or no memory. */
static int write_part(FILE *out, const made *m, const sq_figure *f, bool standalone) {
    sq_fig_layout *l = malloc(sizeof *l);
    int rc = l && sq_fig_layout_part(l, &m->whole, &m->chart, f)
                 ? sq_fig_draw_svg(out, &m->chart, l, f, standalone)
                 : -1;
    if (l)
        sq_fig_layout_free(l);
    free(l);
    return rc;
}

int sq_figure_write_svg(FILE *out, const sq_run *runs, int nruns, const sq_figure *f,
                        bool standalone) {
    if (f->run >= nruns || !f->family)
        return -1;
    made *m = made_of(runs, nruns, f);
    int rc = m ? write_part(out, m, f, standalone) : -1;
    made_free(m);
    return rc;
}

/* ---- which figures -------------------------------------------------------------- */

/* Room for one more part in s; false on no memory. */
static bool room_for_one(sq_figure_set *s) {
    if (s->n < s->cap)
        return true;
    int cap = 2 * s->cap + 8;
    sq_figure *figs = realloc(s->figs, sizeof *figs * (size_t)cap);
    if (figs)
        s->figs = figs;
    int *made_at = figs ? realloc(s->made_at, sizeof *made_at * (size_t)cap) : NULL;
    if (made_at)
        s->made_at = made_at;
    if (made_at)
        s->cap = cap;
    return made_at != NULL;
}

/* Figure f's parts, each as tall as SQ_FIGURE_MAX_HEIGHT or less (a grid
 * row taller than that alone is a part of its own), appended to s with the
 * chart they share; false on no memory. */
static bool add_parts(sq_figure_set *s, const sq_run *runs, int nruns, const sq_figure *f) {
    made *m = made_of(runs, nruns, f);
    made **more = m ? realloc(s->made, sizeof *more * (size_t)(s->nmade + 1)) : NULL;
    if (!more) {
        made_free(m);
        return false;
    }
    s->made = more;
    s->made[s->nmade++] = m;
    int npanels = m->chart.npanels, per = sq_fig_rows_per_part(&m->whole) * m->whole.cols;
    int nparts = per ? (npanels + per - 1) / per : 0;
    for (int first = 0, k = 0; first < npanels; first += per, k++) {
        if (!room_for_one(s))
            return false;
        s->made_at[s->n] = s->nmade - 1;
        sq_figure *part = &s->figs[s->n++];
        *part = *f;
        part->first_panel = first;
        part->npanels = npanels - first < per ? npanels - first : per;
        if (k) {
            char suffix[24];
            snprintf(suffix, sizeof suffix, "-%d", k + 1);
            strncat(part->name, suffix, sizeof part->name - strlen(part->name) - 1);
        }
        if (nparts > 1) {
            char suffix[48];
            snprintf(suffix, sizeof suffix, " (%d of %d)", k + 1, nparts);
            strncat(part->title, suffix, sizeof part->title - strlen(part->title) - 1);
        }
    }
    return true;
}

static bool figure_has_rows(const sq_run *run, const sq_figure *f) {
    for (int i = 0; i < run->nresults; i++)
        if (sq_fig_in_figure(&run->results[i], f))
            return true;
    return false;
}

sq_figure_set *sq_figure_set_of(const sq_run *runs, int nruns, bool log_axis) {
    static const sq_mode modes[] = {SQ_MODE_LATENCY, SQ_MODE_THROUGHPUT};
    sq_figure_set *s = calloc(1, sizeof *s);
    bool ok = s != NULL;
    for (int fam = 0; ok && fam < sq_family_count; fam++)
        for (int m = 0; ok && m < (nruns == 1 ? 2 : 1); m++) {
            sq_figure f = {.run = nruns == 1 ? 0 : -1,
                           .family = &sq_families[fam],
                           .mode = modes[m],
                           .log_axis = log_axis};
            bool rows = false;
            for (int k = 0; k < nruns && !rows; k++)
                rows = figure_has_rows(&runs[k], &f);
            if (!rows)
                continue;
            if (nruns == 1) {
                char cpu[160];
                snprintf(f.name, sizeof f.name, "%s-%s", f.family->name, sq_mode_names[f.mode]);
                sq_cpu_label(cpu, sizeof cpu, &runs[0].machine);
                snprintf(f.title, sizeof f.title, "%s — %s on %s", f.family->name,
                         sq_mode_names[f.mode], cpu);
            } else {
                snprintf(f.name, sizeof f.name, "machines-%s-%s", f.family->name,
                         sq_mode_names[f.mode]);
                snprintf(f.title, sizeof f.title, "%s — %s by machine (the %s impl)",
                         f.family->name, sq_mode_names[f.mode], SQ_FIGURE_MACHINES_IMPL);
            }
            ok = add_parts(s, runs, nruns, &f);
        }
    if (!ok) {
        sq_figure_set_free(s);
        return NULL;
    }
    return s;
}

int sq_figure_set_count(const sq_figure_set *s) {
    return s->n;
}

const sq_figure *sq_figure_set_at(const sq_figure_set *s, int i) {
    return &s->figs[i];
}

int sq_figure_set_write_svg(FILE *out, const sq_figure_set *s, int i, bool standalone) {
    if (i < 0 || i >= s->n)
        return -1;
    return write_part(out, s->made[s->made_at[i]], &s->figs[i], standalone);
}

void sq_figure_set_free(sq_figure_set *s) {
    for (int i = 0; s && i < s->nmade; i++)
        made_free(s->made[i]);
    if (s) {
        free(s->made);
        free(s->made_at);
        free(s->figs);
    }
    free(s);
}

int sq_figures_list(const sq_run *runs, int nruns, bool log_axis, sq_figure **out) {
    sq_figure_set *s = sq_figure_set_of(runs, nruns, log_axis);
    *out = NULL;
    if (!s)
        return -1;
    int n = s->n;
    *out = s->figs; /* handed over */
    s->figs = NULL;
    sq_figure_set_free(s);
    return n;
}
