/* The paper table's model: per technique and machine the asm's and the best
 * compiler's headline figure, as the headline tables have them. */
#include "bench/report/paper_table.h"

#include "bench/catalog/registry.h"
#include "bench/report/headline_figures.h"
#include "bench/results/runs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool family_has(const sq_run *runs, int nruns, const sq_family *fam, sq_headline_kind kind) {
    sq_headline_kind kinds[SQ_HEADLINE_COUNT];
    int n = sq_headline_kinds_of(runs, nruns, fam, kinds);
    for (int k = 0; k < n; k++)
        if (kinds[k] == kind)
            return true;
    return false;
}

bool sq_paper_table_has(const sq_run *runs, int nruns, sq_headline_kind kind) {
    for (int f = 0; f < sq_family_count; f++)
        if (family_has(runs, nruns, &sq_families[f], kind))
            return true;
    return false;
}

/* A headline figure as a cell, with the marks the console's cell has
 * (sq_headline_text): none but why where there is no figure. */
static sq_paper_cell cell_of(const sq_headline *h) {
    sq_paper_cell c = {.figure = {SQ_ESTIMATE_NONE, NAN, NAN}};
    if (h->control_dependent) {
        c.marks = 1u << SQ_PAPER_NO_LATENCY;
        return c;
    }
    if (!h->ncells && h->nbimodal) {
        c.marks = 1u << SQ_PAPER_TWO_SPEEDS;
        return c;
    }
    c.figure = sq_estimate_of(h->median, h->lo, h->hi);
    if (c.figure.kind == SQ_ESTIMATE_NONE)
        return c;
    c.marks = (c.figure.kind == SQ_ESTIMATE_ABOUT_ZERO) << SQ_PAPER_ABOUT_ZERO |
              (h->nbimodal > 0) << SQ_PAPER_LEFT_OUT | h->loop_branch_only << SQ_PAPER_LOOP_BRANCH |
              h->chain_apart << SQ_PAPER_CHAIN_APART | h->shared << SQ_PAPER_SHARED;
    return c;
}

/* The best C's cell: its figure, its compiler and who ties with it. */
static sq_paper_cell best_c_cell(const sq_best_c *b) {
    sq_paper_cell c = cell_of(&b->best);
    c.compiler = b->best_impl;
    if (b->best_impl && b->nbest > 1)
        c.marks |= 1u << (b->nbest == b->ncompilers ? SQ_PAPER_ALL_TIED : SQ_PAPER_TIED);
    if (b->best_impl && b->one_code)
        c.marks |= 1u << SQ_PAPER_ONE_CODE;
    return c;
}

/* One machine's cells of a technique at cells[0..]: asm, best C, each
 * where the table has the column; the clear winner bold, neither where they
 * are not told apart (as the headline tables star them). Returns 0, or -1 on
 * no memory. */
static int machine_cells(sq_paper_table *t, sq_variant_rows *rows, const sq_impl_set *impls,
                         const sq_family *fam, const char *tech, sq_paper_cell *cells) {
    sq_headline as = sq_headline_in(rows, fam, tech, "asm", t->kind);
    sq_best_c b = {.best = {.median = NAN, .lo = NAN, .hi = NAN}};
    if (t->has_c && sq_best_c_of(rows, impls, fam, tech, t->kind, &b))
        return -1;
    bool both = t->has_asm && t->has_c;
    int col = 0;
    if (t->has_asm) {
        cells[col] = cell_of(&as);
        cells[col++].best = both && sq_headline_wins(&as, &b.best);
    }
    if (t->has_c) {
        cells[col] = best_c_cell(&b);
        cells[col].best = both && sq_headline_wins(&b.best, &as);
    }
    return 0;
}

/* The rows of family fam, appended to t->rows. Returns 0, or -1. */
static int family_rows(sq_paper_table *t, sq_variant_rows *rows, const sq_impl_set *impls,
                       const sq_family *fam) {
    const char **techs;
    int ntech = sq_techniques_of(t->runs, t->nmachines, fam, &techs);
    if (ntech < 0)
        return -1;
    int per = t->has_asm + t->has_c, rc = 0;
    for (int i = 0; i < ntech && !rc; i++) {
        sq_paper_row *row = &t->rows[t->nrows];
        *row = (sq_paper_row){fam, techs[i], calloc((size_t)t->ncols + 1, sizeof *row->cells)};
        if (!row->cells) {
            rc = -1;
            break;
        }
        t->nrows++;
        for (int r = 0; r < t->nmachines && !rc; r++)
            rc = machine_cells(t, &rows[r], impls, fam, techs[i], row->cells + r * per);
    }
    free(techs);
    return rc;
}

/* The letters in order of first use, reading the table row by row; whether
 * a cell is bold or has no figure and no mark to say why. */
static void letters_of(sq_paper_table *t) {
    bool used[SQ_PAPER_MARK_COUNT] = {false};
    for (int i = 0; i < t->nrows; i++)
        for (int k = 0; k < t->ncols; k++) {
            const sq_paper_cell *c = &t->rows[i].cells[k];
            t->any_best |= c->best;
            t->any_missing |= c->figure.kind == SQ_ESTIMATE_NONE && !c->marks;
            for (int m = 0; m < SQ_PAPER_MARK_COUNT; m++)
                if (c->marks >> m & 1 && !used[m]) {
                    used[m] = true;
                    t->letter_of[t->nletters++] = (sq_paper_mark)m;
                }
        }
}

/* The machines' names: short for the columns, labels for the caption. */
static int machines_of(sq_paper_table *t) {
    t->machine = calloc((size_t)t->nmachines, sizeof *t->machine);
    t->cpu = calloc((size_t)t->nmachines, sizeof *t->cpu);
    if (!t->machine || !t->cpu)
        return -1;
    for (int r = 0; r < t->nmachines; r++) {
        sq_cpu_name_among(t->machine[r], sizeof t->machine[r], t->runs, t->nmachines, r,
                          sq_cpu_short, false);
        sq_cpu_label(t->cpu[r], sizeof t->cpu[r], &t->runs[r].machine);
    }
    return 0;
}

int sq_paper_table_of(sq_paper_table *t, const sq_run *runs, int nruns, sq_headline_kind kind) {
    *t = (sq_paper_table){.runs = runs, .nmachines = nruns, .kind = kind};
    t->decimals = sq_headline_decimals(kind);
    sq_impl_set impls;
    if (sq_impl_set_of(runs, nruns, &impls))
        return -1;
    t->has_asm = impls.has_asm;
    t->has_c = impls.nc > 0;
    t->ncompilers = impls.nc;
    t->ncols = nruns * (t->has_asm + t->has_c);
    size_t most = 1;
    for (int r = 0; r < nruns; r++)
        most += (size_t)runs[r].nresults;
    t->rows = malloc(sizeof *t->rows * most);
    sq_variant_rows *rows = calloc((size_t)nruns, sizeof *rows);
    int rc = !t->rows || !rows || machines_of(t) ? -1 : 0;
    for (int r = 0; !rc && r < nruns; r++)
        rc = sq_variant_rows_init(&rows[r], &runs[r]);
    for (int f = 0; !rc && f < sq_family_count; f++)
        if (family_has(runs, nruns, &sq_families[f], kind))
            rc = family_rows(t, rows, &impls, &sq_families[f]);
    for (int r = 0; rows && r < nruns; r++)
        sq_variant_rows_free(&rows[r]);
    free(rows);
    sq_impl_set_free(&impls);
    if (rc) {
        sq_paper_table_free(t);
        return -1;
    }
    letters_of(t);
    return 0;
}

void sq_paper_table_free(sq_paper_table *t) {
    for (int i = 0; t->rows && i < t->nrows; i++)
        free(t->rows[i].cells);
    free(t->rows);
    free(t->machine);
    free(t->cpu);
    *t = (sq_paper_table){0};
}
