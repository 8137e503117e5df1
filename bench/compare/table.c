#include "bench/compare/table.h"

#include "bench/compare/rules.h"
#include "bench/compare/summary.h"
#include "bench/machine/cpu_model.h"
#include "bench/util/escape.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* What each part of the tables reads. */
typedef struct tables {
    const sq_verdicts *v;
    const sq_compare_show *show;
    bool after_table; /* the table printed last wants a blank line after it */
} tables;

/* A side's cell, "4.000±0.002" (median and the interval's larger half, to
 * the rules' digits), padded to width columns. */
static void print_cell(const sq_compare_side *s, int width) {
    char cell[64];
    int d = sq_compare_rules[SQ_ROWS_SCALAR].digits;
    if (s->finite)
        snprintf(cell, sizeof cell, "%.*f±%.*f", d, s->s.median, d, sq_ci_halfwidth(s->s));
    else if (isfinite(s->r->cycles.median))
        snprintf(cell, sizeof cell, "%.*f", d, s->r->cycles.median);
    else
        snprintf(cell, sizeof cell, "null");
    /* '±' takes two bytes and one column. */
    printf(" %*s", width + (strstr(cell, "±") ? 1 : 0), cell);
}

/* "4.130 (33%) 4.320 (67%)", or the one speed. */
static const char *speeds_text(const sq_compare_side *s, char *buf, size_t len) {
    if (s->nspeeds == 1) {
        snprintf(buf, len, "%.3f", s->speeds[0].cycles);
        return buf;
    }
    snprintf(buf, len, "%.3f (%.0f%%) %.3f (%.0f%%)", s->speeds[0].cycles, 100 * s->speeds[0].share,
             s->speeds[1].cycles, 100 * s->speeds[1].share);
    return buf;
}

/* The detectable change, "  0.060   3.0%": cycles, then percent of A; "-"
 * for either that is not known. */
static void print_detectable(const sq_compare_row *w) {
    char pct[16] = "-";
    double x = sq_compare_detectable_pct(w);
    if (isfinite(x))
        snprintf(pct, sizeof pct, x < 100 ? "%.1f%%" : "%.0f%%", x);
    if (isfinite(w->detectable))
        printf(" %7.3f %6s", w->detectable, pct);
    else
        printf(" %7s %6s", "-", pct);
}

/* The verdict column's words: why untested, the verdict, or why not. */
static const char *verdict_text(const sq_compare_row *w, double fail_over) {
    if (w->untested)
        return w->untested;
    if (w->significant && w->b.s.median > w->a.s.median)
        return sq_compare_over_gate(w, fail_over) ? "SLOWER (over --fail-over)" : "slower";
    if (w->significant && w->b.s.median < w->a.s.median)
        return "faster";
    if (w->significant)
        return "differs";
    return w->why_not ? w->why_not : "";
}

/* B/A, or where A or B is about zero (a ratio of them says nothing) B - A
 * in cycles, "+0.163c"; "-" for a row not tested. */
static void print_ratio(const sq_compare_row *w) {
    if (w->untested && !w->host)
        printf(" %7s", "-");
    else if (sq_compare_about_zero(w))
        printf(" %+6.3fc", w->b.s.median - w->a.s.median);
    else
        printf(" %7.3f", w->b.s.median / w->a.s.median);
}

/* What the row's figure is to others, after sep: "and 13 rows of its code"
 * after the row timed for them, "≡ ID" after a copy (shown with --all). */
static void print_kin(const sq_compare_row *w, const sq_compare_row *rows, const char *sep) {
    if (w->twin >= 0) {
        printf("%s≡ ", sep);
        sq_put_plain(stdout, rows[w->twin].a.r->variant->id);
    } else if (w->copies) {
        printf("%sand %d row%s of its code", sep, w->copies, w->copies == 1 ? "" : "s");
    }
}

static void print_row(const sq_compare_row *w, const sq_compare_row *rows, double fail_over) {
    const sq_result *r = w->a.r;
    sq_put_plain_padded(stdout, r->variant->id, 40);
    printf(" ");
    sq_put_plain_padded(stdout, r->sequence, 11);
    printf(" %-10s", sq_mode_names[r->mode]);
    print_cell(&w->a, 15);
    print_cell(&w->b, 15);
    print_ratio(w);
    if (isfinite(w->p))
        printf(" %9.2g", w->p);
    else
        printf(" %9s", "-");
    print_detectable(w);
    const char *verdict = verdict_text(w, fail_over);
    if (w->by_speeds) {
        char sa[64], sb[64];
        printf("  %s%sspeeds A %s, B %s", verdict, *verdict ? "; " : "",
               speeds_text(&w->a, sa, sizeof sa), speeds_text(&w->b, sb, sizeof sb));
    } else if (*verdict) {
        printf("  %s", verdict);
    }
    print_kin(w, rows, *verdict || w->by_speeds ? "; " : "  ");
    printf("\n");
}

/* A line per group that drifted (drift.h: its rows are not judged), or one
 * line saying there is none. */
static void print_drift(const sq_compare_tally *t, const sq_compare_row *rows) {
    for (int g = 0; g < t->ndrift; g++) {
        const sq_drift *d = &t->drift[g];
        int in = 0;
        for (int i = 0; i < t->matched; i++)
            in += sq_drift_holds(d, rows[i].a.r);
        printf("drift: ");
        sq_put_plain(stdout, d->family);
        printf(" %s rows on ", sq_mode_names[d->mode]);
        sq_put_plain(stdout, d->sequence);
        printf(" read %.1f%% %s in B as a group (the median of %d timed alone): something the "
               "runs' processes share moved them, so none of its %d rows is judged "
               "(docs/statistics.md)\n",
               100 * fabs(d->ratio - 1), d->ratio > 1 ? "slower" : "faster", d->rows, in);
    }
    if (!t->ndrift)
        printf("groups that moved as a whole: no changes\n");
}

/* The line that comes first where the sides' cores differed: the side whose
 * core gave fewer independent adds a cycle shared it, and reads slow. */
static void print_cores(const sq_compare_cores *c) {
    if (!c->differ)
        return;
    const char *low = c->b < c->a ? "B" : "A";
    printf("the sides' cores differed: A gave %.2f independent adds a cycle, B %.2f (another "
           "thread shared %s's core): %s's rows read slow for it, so no row is judged slower or "
           "faster and the exit status is 0; time %s again on a quiet core\n",
           c->a, c->b, low, low, low);
}

/* A line each where the two files' CPUs or builds differ: then a row that
 * differs is not the code's change alone. */
static void note_provenance(const sq_run *a, const sq_run *b) {
    const sq_machine *ma = &a->machine, *mb = &b->machine;
    if (!sq_same_cpu(ma, mb)) {
        char la[160], lb[160];
        sq_cpu_label(la, sizeof la, ma);
        sq_cpu_label(lb, sizeof lb, mb);
        printf("note: A ran on ");
        sq_put_plain(stdout, la);
        if (strcmp(la, lb) == 0) /* one label for several models */
            printf(" (family 0x%x model 0x%x)", ma->family, ma->model);
        printf(", B on ");
        sq_put_plain(stdout, lb);
        if (strcmp(la, lb) == 0)
            printf(" (family 0x%x model 0x%x)", mb->family, mb->model);
        printf(": differences are the machines' as much as the code's\n");
    }
    /* On the AMD Zen 5 guest (0x1a/2) a run pinned to vCPU 1 read
     * same_color_batch/sse2/asm at 8 KiB 0.0930 cycles a pair, one pinned to
     * vCPU 0 0.0883, and compare called it faster: a virtual CPU is whatever
     * core the host gives it. */
    if (a->cpu >= 0 && b->cpu >= 0 && a->cpu != b->cpu)
        printf("note: A was timed on CPU %d, B on CPU %d: two CPUs may be two different cores "
               "(a virtual machine's, a hybrid CPU's); pin both runs with --cpu\n",
               a->cpu, b->cpu);
    if (strcmp(a->commit, b->commit) != 0) {
        printf("note: A and B were built from different sqcolor commits (");
        sq_put_plain(stdout, *a->commit ? a->commit : "not recorded");
        printf(", ");
        sq_put_plain(stdout, *b->commit ? b->commit : "not recorded");
        printf("): differences may be the harness's as much as the variants'\n");
    }
}

/* "A: FILE (BRAND, sqcolor COMMIT)": the file's name and text as plain text. */
static void print_file(const char *side_name, const char *file, const sq_run *run) {
    printf("%s: ", side_name);
    sq_put_plain(stdout, file);
    printf(" (");
    sq_put_plain(stdout, run->machine.brand);
    printf(", sqcolor ");
    sq_put_plain(stdout, run->commit);
    printf(")\n");
}

/* Before a section: sections of a line sit together, a table stands apart
 * from what is around it by a blank line. */
static void begin_section(tables *c, bool table) {
    if (table || c->after_table)
        putchar('\n');
    c->after_table = table;
}

/* The rows of from that in lacks, under "rows only in LABEL:"; nothing when
 * there are none. */
static void list_missing(tables *c, const sq_run *from, const sq_compare_index *in,
                         const char *label) {
    int n = 0;
    for (int i = 0; i < from->nresults; i++) {
        const sq_result *r = &from->results[i];
        if (sq_compare_find(in, r))
            continue;
        if (!n++) {
            begin_section(c, true);
            printf("rows only in %s:\n", label);
        }
        printf("  ");
        sq_put_plain(stdout, r->variant->id);
        printf(" ");
        sq_put_plain(stdout, r->sequence);
        printf(" %s\n", sq_mode_names[r->mode]);
    }
}

/* A line per finding (a row that changed, its copies counted on it), or
 * with all per matched row, under the columns' header; or one line saying
 * none changed. */
static void print_rows(tables *c) {
    const sq_verdicts *v = c->v;
    bool any = c->show->all ? v->tally.matched > 0 : v->counts.significant > 0;
    begin_section(c, any);
    if (!any) {
        printf("scalar rows: no changes\n");
        return;
    }
    printf("%-40s %-11s %-10s %15s %15s %7s %9s %14s  %s\n", "variant", "sequence", "mode", "A",
           "B", "B/A", "p (BH)", "detectable", "verdict");
    for (int i = 0; i < v->tally.matched; i++)
        if (c->show->all || (v->rows[i].significant && v->rows[i].twin < 0))
            print_row(&v->rows[i], v->rows, v->options.fail_over);
}

/* Whether a row shown gives B - A for its B/A. */
static bool shows_difference(const tables *c) {
    const sq_verdicts *v = c->v;
    for (int i = 0; i < v->tally.matched; i++) {
        const sq_compare_row *w = &v->rows[i];
        bool shown = c->show->all || (w->significant && w->twin < 0);
        if (shown && !(w->untested && !w->host) && sq_compare_about_zero(w))
            return true;
    }
    return false;
}

/* The batch rows that changed (with all, every matched row) as a table, or
 * the line "batch rows: no changes". */
static void print_batch(const sq_batch_comparison *c, bool all) {
    if (!sq_batch_shows_rows(c, all)) {
        printf("batch rows: no changes\n");
        return;
    }
    printf("%-40s %7s %15s %15s %7s  %s\n", "batch variant", "n", "A", "B", "B/A", "verdict");
    for (int i = 0; i < c->a->nbatch; i++) {
        const sq_batch_result *y, *x = sq_batch_shown(c, i, all, &y);
        if (!x)
            continue;
        const sq_batch_verdict *v = &c->verdicts[i];
        const sq_stats *s = &x->cycles, *t = &y->cycles;
        sq_put_plain_padded(stdout, x->id, 40);
        int d = sq_compare_rules[SQ_ROWS_BATCH].digits;
        printf(" %7zu %8.*f±%.*f %8.*f±%.*f %7.3f  %s%s\n", x->n, d, s->median, d,
               sq_ci_halfwidth(*s), d, t->median, d, sq_ci_halfwidth(*t), v->ratio,
               v->host                  ? "not judged (the sides' cores differed)"
               : v->slower || v->faster ? sq_batch_verdict_word(v)
                                        : "-",
               v->over ? " (over --fail-over)" : "");
    }
}

/* What the rows leave out: rows in one file only, tests on samples, rows not
 * tested. */
static void print_notes(tables *c) {
    const sq_compare_tally *t = &c->v->tally;
    const sq_compare_rule *floor = &sq_compare_rules[SQ_ROWS_SCALAR];
    list_missing(c, c->v->a, &c->v->ib, "A");
    list_missing(c, c->v->b, &c->v->ia, "B");
    bool difference = shows_difference(c);
    if (t->nsamples || t->nzero || t->nfinite || t->nfew || difference)
        begin_section(c, false);
    if (difference)
        printf("note: B/A reads B - A in cycles (\"+0.163c\") where A or B is about zero: a ratio "
               "of figures about zero says nothing\n");
    if (t->nsamples)
        printf("note: %d of the %d rows t-tested have no two processes in either file: tested on "
               "their samples,\n  whose spread is one process's: a shift between processes of "
               "%g%% of A and %g cycles is flagged\n",
               t->nsamples, t->ntested, 100 * floor->floor_rel, floor->floor_cycles);
    if (t->nzero || t->nfinite || t->nfew)
        printf("rows not tested: %d about zero in both runs, %d with a non-finite sample or "
               "median, %d with one sample a side\n",
               t->nzero, t->nfinite, t->nfew);
}

void sq_compare_print_table(const sq_verdicts *v, const sq_compare_show *show) {
    tables c = {.v = v, .show = show};
    bool has_batch = v->a->nbatch || v->b->nbatch;
    print_cores(&v->cores);
    if (show->heading) {
        sq_put_plain(stdout, show->heading);
        putchar('\n');
    }
    print_file("A", show->labels[0], v->a);
    print_file("B", show->labels[1], v->b);
    note_provenance(v->a, v->b);
    c.after_table = true; /* the files' lines stand apart as a table does */
    print_rows(&c);
    begin_section(&c, false);
    print_drift(&v->tally, v->rows);
    if (has_batch) {
        begin_section(&c, sq_batch_shows_rows(&v->batch, show->all));
        print_batch(&v->batch, show->all);
    }
    print_notes(&c);
    begin_section(&c, true);
    sq_compare_print_summary(v, has_batch);
}
