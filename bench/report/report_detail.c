/* The detailed tables (--detail): one run's cells per family, mode and
 * sequence, each mode's summary over sequences and the cost per
 * mispredict; several runs' figures over sequences side by side. */
#include "bench/report/report_formats.h"

#include "bench/report/report.h"

#include "bench/results/cells.h"
#include "bench/util/stats.h"
#include "bench/results/summary.h"
#include "bench/util/id_table.h"
#include "bench/util/text_table.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char *const mode_units[SQ_MODE_COUNT] = {
    "each square waits for the previous result",
    "independent squares",
    "the result steers a conditional branch",
    "through a function pointer, chained, call overhead of an identity routine removed",
};

/* ---- the grid: distinct techniques, impls and sequences of one family ----- */

/* A run's rows indexed for the tables, so a table of any size costs n log n:
 * by_cell, pointers sorted by (family, mode, technique, impl, sequence, row
 * order), finds a cell by binary search; by_variant gives each variant's rows
 * as a run of their own, for the figures over sequences (summary.h) that
 * scan a run's rows. */
typedef struct report_index {
    const sq_run *run;
    const sq_result **by_cell;
    int n;
    sq_variant_rows by_variant;
} report_index;

static int family_mode_order(const sq_result *a, const sq_family *fam, sq_mode mode) {
    if (a->variant->family != fam)
        return a->variant->family < fam ? -1 : 1;
    return (a->mode > mode) - (a->mode < mode);
}

/* A row against (fam, mode, tech, impl, seq); a NULL seq matches any. */
static int cell_order(const sq_result *a, const sq_family *fam, sq_mode mode, const char *tech,
                      const char *impl, const char *seq) {
    int c = family_mode_order(a, fam, mode);
    if (!c)
        c = strcmp(a->variant->technique, tech);
    if (!c)
        c = strcmp(a->variant->impl, impl);
    if (!c && seq)
        c = strcmp(a->sequence, seq);
    return c;
}

static int by_cell(const void *x, const void *y) {
    const sq_result *a = *(const sq_result *const *)x, *b = *(const sq_result *const *)y;
    int c = cell_order(a, b->variant->family, b->mode, b->variant->technique, b->variant->impl,
                       b->sequence);
    return c ? c : (a > b) - (a < b);
}

static int by_address(const void *x, const void *y) {
    const sq_result *a = *(const sq_result *const *)x, *b = *(const sq_result *const *)y;
    return (a > b) - (a < b);
}

/* Returns 0, or -1 (d->error set) on no memory; index_free either way. */
static int index_rows(sq_doc *d, const sq_run *run, report_index *ix) {
    size_t n = (size_t)run->nresults;
    *ix = (report_index){.run = run, .n = run->nresults};
    if (!(ix->by_cell = sq_doc_alloc(d, sizeof *ix->by_cell * (n + 1))))
        return -1;
    for (size_t i = 0; i < n; i++)
        ix->by_cell[i] = &run->results[i];
    qsort(ix->by_cell, n, sizeof *ix->by_cell, by_cell);
    if (sq_variant_rows_init(&ix->by_variant, run)) {
        sq_doc_out_of_memory(d);
        return -1;
    }
    return 0;
}

static void index_free(report_index *ix) {
    free(ix->by_cell);
    sq_variant_rows_free(&ix->by_variant);
}

static const sq_run *rows_of(report_index *ix, const char *id) {
    return sq_variant_rows_of(&ix->by_variant, id);
}

/* Distinct strings in order of first appearance. */
typedef struct axis {
    const char **v;
    int n;
} axis;

/* The distinct values of the rows rows[0..n) by field 0 technique, 1 impl,
 * 2 sequence, in the order the run first has them; none (d->error set) on no
 * memory. */
static void axis_of(sq_doc *d, const sq_result *const *rows, int n, int field, axis *a) {
    const sq_result **in_order = sq_doc_alloc(d, sizeof *in_order * ((size_t)n + 1));
    a->v = sq_doc_alloc(d, sizeof *a->v * ((size_t)n + 1));
    a->n = 0;
    if (!in_order || !a->v) {
        free(in_order);
        return;
    }
    memcpy(in_order, rows, sizeof *in_order * (size_t)n);
    qsort(in_order, (size_t)n, sizeof *in_order, by_address);
    for (int i = 0; i < n; i++) {
        const sq_result *r = in_order[i];
        a->v[i] = field == 0 ? r->variant->technique : field == 1 ? r->variant->impl : r->sequence;
    }
    a->n = sq_distinct_strings(a->v, n);
    free(in_order);
}

/* One family and mode's rows (a range of the index) and their axes. */
typedef struct grid {
    axis techniques, impls, sequences;
    const sq_family *fam;
    sq_mode mode;
    const sq_result *const *rows;
    int n;
    report_index *ix;
} grid;

static void grid_of(sq_doc *d, report_index *ix, const sq_family *fam, sq_mode mode, grid *g) {
    int lo = 0, hi = ix->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (family_mode_order(ix->by_cell[mid], fam, mode) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    int end = lo;
    while (end < ix->n && family_mode_order(ix->by_cell[end], fam, mode) == 0)
        end++;
    *g = (grid){.fam = fam, .mode = mode, .rows = ix->by_cell + lo, .n = end - lo, .ix = ix};
    axis_of(d, g->rows, g->n, 0, &g->techniques);
    axis_of(d, g->rows, g->n, 1, &g->impls);
    axis_of(d, g->rows, g->n, 2, &g->sequences);
}

static void grid_free(grid *g) {
    free(g->techniques.v);
    free(g->impls.v);
    free(g->sequences.v);
}

/* The first row of (tech, impl, seq) in the grid; any sequence where seq is NULL. */
static const sq_result *cell(const grid *g, const char *tech, const char *impl, const char *seq) {
    int lo = 0, hi = g->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (cell_order(g->rows[mid], g->fam, g->mode, tech, impl, seq) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < g->n && cell_order(g->rows[lo], g->fam, g->mode, tech, impl, seq) == 0 ? g->rows[lo]
                                                                                       : NULL;
}

/* ---- table and markdown --------------------------------------------------- */

/* The variant of a technique and impl in a family and mode (any sequence). */
static const sq_variant *variant_in(const grid *g, const char *tech, const char *impl) {
    const sq_result *r = cell(g, tech, impl, NULL);
    return r ? r->variant : NULL;
}

/* Under a table: each row in it that runs at two speeds, with their shares. */
static void write_two_speeds(sq_doc *d, const grid *g, const char *const *seqs, int nseq) {
    for (int t = 0; t < g->techniques.n; t++)
        for (int s = 0; s < nseq; s++)
            for (int i = 0; i < g->impls.n; i++) {
                const sq_result *r = cell(g, g->techniques.v[t], g->impls.v[i], seqs[s]);
                if (!r || r->nmodes < 2)
                    continue;
                char fast[32], slow[32];
                const sq_speed *m = r->modes;
                sq_cell_value(fast, sizeof fast, m[0].cycles, 2);
                sq_cell_value(slow, sizeof slow, m[r->nmodes - 1].cycles, 2);
                sq_doc_note(d, "%s on %s: %s (%.0f%%) or %s (%.0f%%)", r->variant->id, r->sequence,
                            fast, 100 * m[0].share, slow, 100 * m[r->nmodes - 1].share);
            }
}

/* One table of a family and mode: rows techniques, columns impl x sequence, or
 * only the impls of one sequence when seq is given (wide runs). */
static void write_table(sq_doc *d, const sq_family *fam, sq_mode mode, const grid *g,
                        const char *seq) {
    /* One sequence's table costs its cells, not the grid's sequences. */
    const char *const *seqs = seq ? &seq : g->sequences.v;
    int nseq = seq ? 1 : g->sequences.n;

    sq_doc_heading(d, 3, "%s — %s%s%s (median core cycles %s)", fam->name, sq_mode_names[mode],
                   seq ? ", sequence " : "", seq ? seq : "", sq_family_unit(fam));
    sq_text_table t;
    sq_text_table_init(&t, 1 + nseq * g->impls.n);
    sq_text_table_add(&t, "technique");
    for (int s = 0; s < nseq; s++)
        for (int i = 0; i < g->impls.n; i++)
            sq_text_table_add(&t, seq ? "%s" : "%s %s", g->impls.v[i], seqs[s]);
    for (int k = 0; k < g->techniques.n; k++) {
        const char *tech = g->techniques.v[k];
        sq_text_table_add(&t, "%s", tech);
        for (int s = 0; s < nseq; s++) {
            const sq_result *best = NULL;
            for (int i = 0; i < g->impls.n; i++) {
                const sq_result *r = cell(g, tech, g->impls.v[i], seqs[s]);
                if (sq_cell_rank(r) < sq_cell_rank(best))
                    best = r;
            }
            for (int i = 0; i < g->impls.n; i++) {
                const sq_result *r = cell(g, tech, g->impls.v[i], seqs[s]);
                char v[64];
                sq_cell_text(v, sizeof v, r);
                sq_text_table_add_best(&t, sq_cell_ties_best(r, best) && g->impls.n > 1, "%s", v);
            }
        }
    }
    sq_doc_table(d, &t, 16, 16);
    sq_report_legend(d, &t, 0);
    sq_text_table_free(&t);
    write_two_speeds(d, g, seqs, nseq);
}

/* Under a mode's tables: each impl's harness (the identity loop its cells
 * are net of), its median over the grid's rows, so that an absolute figure
 * is a cell plus it. Files from before it was recorded have none. The rows
 * go to their impl's bucket by hash: one pass, whatever the impls. */
static void write_harness(sq_doc *d, const grid *g) {
    size_t n = (size_t)g->n, nimpls = (size_t)g->impls.n, len = 1;
    for (size_t i = 0; i < nimpls; i++)
        len += strlen(g->impls.v[i]) + 24;
    sq_id_table places = {0};
    double *x = sq_doc_alloc(d, sizeof *x * (n + 1));
    size_t *start = sq_doc_alloc(d, sizeof *start * (nimpls + 2));
    char *line = sq_doc_alloc(d, len);
    if (!x || !start || !line || sq_id_table_of_places(&places, g->impls.v, g->impls.n)) {
        if (x && start && line)
            sq_doc_out_of_memory(d);
        goto done;
    }
    /* Counting sort of the finite harness medians by impl. */
    memset(start, 0, sizeof *start * (nimpls + 2));
    for (size_t r = 0; r < n; r++)
        if (isfinite(g->rows[r]->harness.median))
            start[sq_id_table_place(&places, g->rows[r]->variant->impl) + 2]++;
    for (size_t i = 2; i < nimpls + 2; i++)
        start[i] += start[i - 1];
    for (size_t r = 0; r < n; r++)
        if (isfinite(g->rows[r]->harness.median))
            x[start[sq_id_table_place(&places, g->rows[r]->variant->impl) + 1]++] =
                g->rows[r]->harness.median;
    size_t used = 0;
    for (size_t i = 0; i < nimpls; i++)
        if (start[i + 1] > start[i])
            used += (size_t)snprintf(
                line + used, len - used, "%s%s %.2f", used ? ", " : "", g->impls.v[i],
                sq_stats_of(x + start[i], (int)(start[i + 1] - start[i])).median);
    if (used)
        sq_doc_note(d, "harness (the identity loop each cell is net of), core cycles %s: %s",
                    sq_family_unit(g->fam), line);
done:
    sq_id_table_free(&places);
    free(x);
    free(start);
    free(line);
}

/* What a summary sorts by: the median over sequences, or over the predictable
 * ones (random's where there are none) when the regimes are kept apart. */
static double summary_key(const sq_run *run, const char *id, sq_mode mode) {
    if (!sq_regimes_apart(run, id, mode))
        return sq_over_sequences_of(run, id, mode, SQ_SEQUENCES_ALL).median;
    sq_over_sequences pred = sq_over_sequences_of(run, id, mode, SQ_SEQUENCES_PREDICTABLE);
    return pred.ncells ? pred.median
                       : sq_over_sequences_of(run, id, mode, SQ_SEQUENCES_RANDOM).median;
}

typedef struct ranked {
    const char *tech;
    double best;
} ranked;

static int by_best(const void *a, const void *b) {
    double x = ((const ranked *)a)->best, y = ((const ranked *)b)->best;
    return (x > y) - (x < y);
}

/* Techniques x impls: the median over sequences (cells.h), predictable
 * sequences and random apart where a branch on the result decides; each C
 * impl also as a ratio to the technique's asm where both are one figure and
 * the asm costs at least half a cycle; techniques sorted by their best impl. */
static void write_summary(sq_doc *d, const sq_family *fam, sq_mode mode, const grid *g) {
    ranked *rows = sq_doc_alloc(d, sizeof *rows * ((size_t)g->techniques.n + 1));
    if (!rows)
        return;
    bool apart = false, together = false; /* some variants' regimes apart, some not */
    for (int t = 0; t < g->techniques.n; t++) {
        rows[t].tech = g->techniques.v[t];
        rows[t].best = INFINITY;
        for (int i = 0; i < g->impls.n; i++) {
            const sq_variant *v = variant_in(g, rows[t].tech, g->impls.v[i]);
            if (!v)
                continue;
            bool split = sq_regimes_apart(rows_of(g->ix, v->id), v->id, mode);
            apart |= split;
            together |= !split;
            rows[t].best = fmin(rows[t].best, summary_key(rows_of(g->ix, v->id), v->id, mode));
        }
    }
    qsort(rows, (size_t)g->techniques.n, sizeof rows[0], by_best);
    const char *how = apart ? "; predictable sequences / random apart" : "";
    const char *ratio = together ? ", ratio to asm" : "";
    sq_doc_heading(d, 3, "%s — %s, summary: median over sequences%s%s, best first", fam->name,
                   sq_mode_names[mode], how, ratio);
    sq_text_table t;
    sq_text_table_init(&t, 1 + g->impls.n);
    sq_text_table_add(&t, "technique");
    for (int i = 0; i < g->impls.n; i++)
        sq_text_table_add(&t, "%s", g->impls.v[i]);
    for (int k = 0; k < g->techniques.n; k++) {
        const sq_variant *as = variant_in(g, rows[k].tech, "asm");
        double asm_median =
            as && !sq_regimes_apart(rows_of(g->ix, as->id), as->id, mode)
                ? sq_over_sequences_of(rows_of(g->ix, as->id), as->id, mode, SQ_SEQUENCES_ALL)
                      .median
                : NAN;
        sq_text_table_add(&t, "%s", rows[k].tech);
        for (int i = 0; i < g->impls.n; i++) {
            const sq_variant *v = variant_in(g, rows[k].tech, g->impls.v[i]);
            char text[96] = "-";
            if (v)
                sq_cell_over_sequences(text, sizeof text, rows_of(g->ix, v->id), v->id, mode);
            double m =
                v && v != as && !sq_regimes_apart(rows_of(g->ix, v->id), v->id, mode)
                    ? sq_over_sequences_of(rows_of(g->ix, v->id), v->id, mode, SQ_SEQUENCES_ALL)
                          .median
                    : NAN;
            if (asm_median >= 0.5 && m >= SQ_RESOLUTION_CYCLES)
                sq_text_table_add(&t, "%s %.2fx", text, m / asm_median);
            else
                sq_text_table_add(&t, "%s", text);
        }
    }
    sq_doc_table(d, &t, 16, 16);
    sq_report_legend(d, &t, 0);
    sq_text_table_free(&t);
    free(rows);
}

/* Techniques x impls: core cycles per mispredict (summary.h), and beside the
 * table the vendor's figure for the machine. g is the family's branch grid. */
static void write_penalties(sq_doc *d, const sq_run *run, const sq_family *fam, const grid *g) {
    sq_doc_heading(d, 3,
                   "%s — cycles per mispredict: (branch on random - median branch on the "
                   "predictable sequences) / %.1f",
                   fam->name, SQ_RANDOM_MISPREDICT_RATE);
    sq_text_table t;
    sq_text_table_init(&t, 1 + g->impls.n);
    sq_text_table_add(&t, "technique");
    for (int i = 0; i < g->impls.n; i++)
        sq_text_table_add(&t, "%s", g->impls.v[i]);
    bool dash = false;
    for (int k = 0; k < g->techniques.n; k++) {
        sq_text_table_add(&t, "%s", g->techniques.v[k]);
        for (int i = 0; i < g->impls.n; i++) {
            const sq_variant *v = variant_in(g, g->techniques.v[k], g->impls.v[i]);
            char text[64] = "-";
            if (v) {
                sq_summary s = sq_summary_of(rows_of(g->ix, v->id), v);
                sq_cell_estimate(text, sizeof text, s.mispredict_penalty, s.penalty_lo,
                                 s.penalty_hi, 1);
            }
            dash |= strcmp(text, "-") == 0;
            sq_text_table_add(&t, "%s", text);
        }
    }
    sq_doc_table(d, &t, 16, 16);
    sq_report_legend(d, &t, 0);
    sq_text_table_free(&t);
    if (dash)
        sq_doc_note(d, "-: a branch cell is missing or runs at two speeds");
    sq_report_vendor_note(d, run);
}

void sq_report_detail(sq_doc *d, const sq_run *run) {
    report_index ix;
    /* No memory ends the tables here: the document will not be finished whole. */
    bool indexed = index_rows(d, run, &ix) == 0;
    for (int f = 0; indexed && f < sq_family_count; f++)
        for (int m = 0; !d->error && m < SQ_MODE_COUNT; m++) {
            grid g;
            grid_of(d, &ix, &sq_families[f], (sq_mode)m, &g);
            if (!g.techniques.n || d->error) {
                grid_free(&g);
                continue;
            }
            sq_doc_heading(d, 2, "%s %s: %s", sq_families[f].name, sq_mode_names[m], mode_units[m]);
            if (g.impls.n * g.sequences.n <= 10)
                write_table(d, &sq_families[f], (sq_mode)m, &g, NULL);
            else
                for (int s = 0; s < g.sequences.n; s++)
                    write_table(d, &sq_families[f], (sq_mode)m, &g, g.sequences.v[s]);
            if (g.impls.n > 1)
                write_summary(d, &sq_families[f], (sq_mode)m, &g);
            write_harness(d, &g);
            if (m == SQ_MODE_BRANCH)
                write_penalties(d, run, &sq_families[f], &g);
            grid_free(&g);
        }
    index_free(&ix);
}

/* ---- across machines ------------------------------------------------------ */

/* One table per family and mode: rows technique/impl, a column per file, each
 * cell a figure over sequences (cells.h). */
void sq_report_detail_machines(sq_doc *d, const sq_run *runs, int nruns) {
    /* Each file's rows by variant: a cell costs its variant's rows. */
    sq_variant_rows by_variant[SQ_REPORT_MAX_RUNS] = {{0}};
    size_t all = 1;
    for (int k = 0; k < nruns; k++) {
        if (sq_variant_rows_init(&by_variant[k], &runs[k]))
            sq_doc_out_of_memory(d);
        all += (size_t)runs[k].nresults;
    }
    const char **ids = sq_doc_alloc(d, sizeof *ids * all);
    /* No memory: no tables, and the document will not be finished whole. */
    for (int f = 0; ids && !d->error && f < sq_family_count; f++)
        for (int m = 0; m < SQ_MODE_COUNT; m++) {
            /* Distinct ids of this family and mode over all files, in order. */
            int nids = 0;
            for (int k = 0; k < nruns; k++)
                for (int i = 0; i < runs[k].nresults; i++) {
                    const sq_result *r = &runs[k].results[i];
                    if (r->variant->family == &sq_families[f] && r->mode == (sq_mode)m)
                        ids[nids++] = r->variant->id;
                }
            nids = sq_distinct_strings(ids, nids);
            if (!nids)
                continue;
            sq_doc_heading(d, 3, "%s — %s (core cycles %s, median over sequences)",
                           sq_families[f].name, sq_mode_names[m], sq_family_unit(&sq_families[f]));
            sq_text_table t;
            sq_text_table_init(&t, 1 + nruns);
            sq_text_table_add(&t, "variant");
            for (int k = 0; k < nruns; k++)
                sq_text_table_add(&t, "[%d]", k + 1);
            for (int j = 0; j < nids; j++) {
                sq_text_table_add(&t, "%s", ids[j] + strlen(sq_families[f].name) + 1);
                for (int k = 0; k < nruns; k++) {
                    char cell[96];
                    sq_cell_over_sequences(cell, sizeof cell,
                                           sq_variant_rows_of(&by_variant[k], ids[j]), ids[j],
                                           (sq_mode)m);
                    sq_text_table_add(&t, "%s", cell);
                }
            }
            sq_doc_table(d, &t, 38, 8);
            sq_report_legend(d, &t, 0);
            sq_text_table_free(&t);
        }
    free(ids);
    for (int k = 0; k < nruns; k++)
        sq_variant_rows_free(&by_variant[k]);
    sq_doc_note(d, "x / y rnd: in branch mode and for † variants, the predictable sequences "
                   "(all but random, file, pgn and the games) and random apart");
}
