#include "bench/render/figure_model.h"

#include "bench/code/code_groups.h"
#include "bench/results/cells.h"
#include "bench/results/runs.h"
#include "bench/results/summary.h"
#include "bench/util/id_table.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const sq_fig_kind_names[SQ_FIG_KINDS] = {"asm", "gcc", "clang", "gcc and clang",
                                                     "other"};

bool sq_fig_in_figure(const sq_result *r, const sq_figure *f) {
    return r->variant->family == f->family && r->mode == f->mode && isfinite(r->cycles.median) &&
           (f->run >= 0 || strcmp(r->variant->impl, SQ_FIGURE_MACHINES_IMPL) == 0);
}

bool sq_fig_has_figure(const sq_fig_bar *b) {
    return b->present && isfinite(b->s.median);
}

bool sq_fig_about_zero(const sq_fig_bar *b) {
    return sq_fig_has_figure(b) && sq_cost_about_zero(b->s);
}

/* A variant's bar: its headline figure (summary.h) in the figure's mode, as
 * the tables show it. rows: the run with only this variant's rows. */
static sq_fig_bar bar_of(const sq_run *rows, const sq_result *r) {
    sq_headline h =
        sq_headline_of(rows, r->variant->id,
                       r->mode == SQ_MODE_LATENCY ? SQ_HEADLINE_LATENCY : SQ_HEADLINE_THROUGHPUT);
    return (sq_fig_bar){
        .present = true, .h = h, .s = {.median = h.median, .ci_lo = h.lo, .ci_hi = h.hi}};
}

void sq_fig_chart_free(sq_fig_chart *c) {
    for (int i = 0; c->bars && i < c->nbars; i++) {
        free(c->bars[i].label);
        free(c->bars[i].names);
    }
    free(c->bars);
    free(c->panels);
    memset(c, 0, sizeof *c);
}

/* The compiler of a set of impls, for its color. */
static sq_fig_kind kind_of(const char *const *impls, const int *members, int n) {
    bool gcc = false, clang = false, other = false;
    for (int i = 0; i < n; i++) {
        const char *impl = impls[members[i]];
        sq_impl_name p;
        if (strcmp(impl, "asm") == 0)
            return SQ_FIG_ASM;
        bool named = sq_impl_name_parse(impl, &p);
        gcc |= named && strcmp(p.kind, "gcc") == 0;
        clang |= named && strcmp(p.kind, "clang") == 0;
        other |= !named || (strcmp(p.kind, "gcc") != 0 && strcmp(p.kind, "clang") != 0);
    }
    return other ? SQ_FIG_OTHER : gcc && clang ? SQ_FIG_SEVERAL : gcc ? SQ_FIG_GCC : SQ_FIG_CLANG;
}

/* One bar while the chart is built: its panel, the row it draws, and where
 * its impls are in a list of every bar's impls. */
typedef struct pending {
    int panel, first_impl; /* first_impl: the least place among its impls, to sort by */
    const sq_result *row;
    int nmembers, member_at;
} pending;

static int by_panel_then_impl(const void *x, const void *y) {
    const pending *a = x, *b = y;
    if (a->panel != b->panel)
        return (a->panel > b->panel) - (a->panel < b->panel);
    return (a->first_impl > b->first_impl) - (a->first_impl < b->first_impl);
}

/* Scratch for one run's bars: freed together. */
typedef struct scratch {
    const char **impls, **techs;
    const sq_result **rows; /* the figure's rows, one a variant */
    char **keys;            /* each row's group: its technique and the row timed for it */
    pending *bars;
    int *group, *members, nkeys;
    sq_id_table impl_places, tech_places, variants, groups;
    sq_variant_rows by_variant;
} scratch;

static void scratch_free(scratch *s) {
    for (int i = 0; s->keys && i < s->nkeys; i++)
        free(s->keys[i]);
    free(s->keys);
    free(s->impls);
    free(s->techs);
    free(s->rows);
    free(s->bars);
    free(s->group);
    free(s->members);
    sq_id_table_free(&s->impl_places);
    sq_id_table_free(&s->tech_places);
    sq_id_table_free(&s->variants);
    sq_id_table_free(&s->groups);
    sq_variant_rows_free(&s->by_variant);
}

/* The bars' texts and figures, in panel order; false on no memory. */
static bool fill_bars(sq_fig_chart *c, scratch *s, int nimpls) {
    for (int b = 0; b < c->nbars; b++) {
        const pending *p = &s->bars[b];
        sq_fig_bar *bar = &c->bars[b];
        *bar = bar_of(sq_variant_rows_of(&s->by_variant, p->row->variant->id), p->row);
        const int *members = s->members + p->member_at;
        bar->color = kind_of(s->impls, members, p->nmembers);
        c->kinds[bar->color] = true;
        bar->label = malloc(256);
        bar->names = malloc(1024);
        if (!bar->label || !bar->names)
            return false;
        sq_impl_keys_text(bar->label, 256, s->impls, nimpls, members, p->nmembers);
        sq_impl_set_text(bar->names, 1024, s->impls, nimpls, members, p->nmembers, ", ");
        c->panels[p->panel].n++;
    }
    for (int k = 1; k < c->npanels; k++)
        c->panels[k].first = c->panels[k - 1].first + c->panels[k - 1].n;
    return true;
}

/* One run's figure: a bar per group of rows that took one figure. */
static bool build_run(sq_fig_chart *c, const sq_run *run, const sq_figure *f) {
    scratch s = {0};
    size_t room = (size_t)run->nresults + 1;
    bool ok = false;
    int nimpls = 0, nrows = 0;
    s.impls = malloc(sizeof *s.impls * room);
    s.techs = malloc(sizeof *s.techs * room);
    s.rows = malloc(sizeof *s.rows * room);
    if (!s.impls || !s.techs || !s.rows || sq_id_table_init(&s.variants, room) ||
        sq_variant_rows_init(&s.by_variant, run))
        goto done;
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        s.impls[nimpls++] = r->variant->impl;
        if (!sq_fig_in_figure(r, f) || sq_id_table_get(&s.variants, r->variant->id))
            continue; /* a variant's first row stands for all */
        if (sq_id_table_put(&s.variants, r->variant->id, (void *)r))
            goto done;
        s.techs[nrows] = r->variant->technique;
        s.rows[nrows++] = r;
    }
    nimpls = sq_distinct_strings(s.impls, nimpls);
    c->npanels = sq_distinct_strings(s.techs, nrows);
    s.bars = malloc(sizeof *s.bars * ((size_t)nrows + 1));
    s.group = malloc(sizeof *s.group * ((size_t)nrows + 1));
    s.members = malloc(sizeof *s.members * ((size_t)nrows + 1));
    s.keys = calloc((size_t)nrows + 1, sizeof *s.keys);
    s.nkeys = nrows;
    c->panels = calloc((size_t)c->npanels + 1, sizeof *c->panels);
    if (!s.bars || !s.group || !s.members || !s.keys || !c->panels ||
        sq_id_table_of_places(&s.impl_places, s.impls, nimpls) ||
        sq_id_table_of_places(&s.tech_places, s.techs, c->npanels) ||
        sq_id_table_init(&s.groups, (size_t)nrows + 1))
        goto done;
    for (int p = 0; p < c->npanels; p++)
        c->panels[p].technique = s.techs[p];
    /* Each row to its group: the rows of its technique that took their
     * figure from the same row (maybe another technique's: compilers make
     * one code of two), or its own. */
    for (int i = 0; i < nrows; i++) {
        const sq_result *r = s.rows[i];
        if (asprintf(&s.keys[i], "%s\n%s", r->variant->technique,
                     r->shared_from ? r->shared_from : r->variant->id) < 0) {
            s.keys[i] = NULL;
            goto done;
        }
        const char *from = s.keys[i];
        void *known = sq_id_table_get(&s.groups, from);
        int g = known ? (int)(intptr_t)known - 1 : c->nbars;
        int place = sq_id_table_place(&s.impl_places, r->variant->impl);
        if (!known) {
            if (sq_id_table_put(&s.groups, from, (void *)(intptr_t)(c->nbars + 1)))
                goto done;
            s.bars[c->nbars++] =
                (pending){sq_id_table_place(&s.tech_places, r->variant->technique), place, r, 0, 0};
        }
        s.group[i] = g;
        if (place < s.bars[g].first_impl)
            s.bars[g].first_impl = place;
        s.bars[g].nmembers++;
    }
    /* Each group's impls together, in members[], in place order. */
    for (int g = 0, at = 0; g < c->nbars; at += s.bars[g++].nmembers)
        s.bars[g].member_at = at;
    for (int g = 0; g < c->nbars; g++)
        s.bars[g].nmembers = 0;
    for (int i = 0; i < nrows; i++) {
        pending *p = &s.bars[s.group[i]];
        s.members[p->member_at + p->nmembers++] =
            sq_id_table_place(&s.impl_places, s.rows[i]->variant->impl);
    }
    qsort(s.bars, (size_t)c->nbars, sizeof *s.bars, by_panel_then_impl);
    c->bars = calloc((size_t)c->nbars + 1, sizeof *c->bars);
    ok = c->bars && fill_bars(c, &s, nimpls);
done:
    scratch_free(&s);
    return ok;
}

/* The machines figure: per technique a bar per run, the asm impl's. */
static bool build_machines(sq_fig_chart *c, const sq_run *runs, int nruns, const sq_figure *f) {
    size_t room = 1;
    for (int k = 0; k < nruns; k++)
        room += (size_t)runs[k].nresults;
    const char **techs = malloc(sizeof *techs * room);
    int ntech = 0;
    for (int k = 0; techs && k < nruns; k++)
        for (int i = 0; i < runs[k].nresults; i++)
            if (sq_fig_in_figure(&runs[k].results[i], f))
                techs[ntech++] = runs[k].results[i].variant->technique;
    ntech = techs ? sq_distinct_strings(techs, ntech) : 0;
    sq_id_table places = {0};
    c->machines = true;
    c->npanels = ntech;
    c->nbars = ntech * nruns;
    c->panels = calloc((size_t)ntech + 1, sizeof *c->panels);
    c->bars = calloc((size_t)c->nbars + 1, sizeof *c->bars);
    bool ok = techs && c->panels && c->bars && !sq_id_table_of_places(&places, techs, ntech);
    for (int p = 0; ok && p < ntech; p++)
        c->panels[p] = (sq_fig_panel){techs[p], p * nruns, nruns};
    for (int k = 0; ok && k < nruns; k++) {
        const sq_run *run = &runs[k];
        sq_variant_rows by_variant = {0};
        ok = sq_variant_rows_init(&by_variant, run) == 0;
        for (int i = 0; ok && i < run->nresults; i++) {
            const sq_result *r = &run->results[i];
            if (!sq_fig_in_figure(r, f))
                continue;
            sq_fig_bar *b = &c->bars[sq_id_table_place(&places, r->variant->technique) * nruns + k];
            if (!b->present)
                *b = bar_of(sq_variant_rows_of(&by_variant, r->variant->id), r);
        }
        sq_variant_rows_free(&by_variant);
    }
    for (int i = 0; ok && i < c->nbars; i++) {
        int k = i % nruns;
        c->bars[i].color = k;
        c->bars[i].label = malloc(96);
        c->bars[i].names = malloc(160);
        ok = c->bars[i].label && c->bars[i].names;
        if (ok) {
            sq_cpu_name_among(c->bars[i].label, 96, runs, nruns, k, sq_cpu_short, true);
            sq_cpu_name_among(c->bars[i].names, 160, runs, nruns, k, sq_cpu_label, true);
        }
    }
    sq_id_table_free(&places);
    free(techs);
    return ok;
}

bool sq_fig_chart_build(sq_fig_chart *c, const sq_run *runs, int nruns, const sq_figure *f) {
    memset(c, 0, sizeof *c);
    bool ok = f->run >= 0 ? build_run(c, &runs[f->run], f) : build_machines(c, runs, nruns, f);
    if (!ok)
        sq_fig_chart_free(c);
    return ok;
}
