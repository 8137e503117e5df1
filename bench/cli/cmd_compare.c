/* sqcolor compare A.json B.json: per matching row that changed (with --all,
 * every one), both medians with their 95% intervals, B/A, the p-value, the
 * smallest change the row could show, and a verdict, as compare_rows.c judges
 * them (docs/statistics.md); then the groups that moved as a whole, the batch
 * rows (compare_batch.c), the rows only in one file, and a summary of a few
 * lines (compare_summary.c). A section with nothing to show is one line, "no
 * changes". As a table or as JSON for scripts. */
#include "bench/cli/cli.h"
#include "bench/cli/formats.h"
#include "bench/cli/compare_options.h"
#include "bench/cli/compare_rows.h"
#include "bench/cli/compare_sides.h"
#include "bench/cli/compare_summary.h"
#include "bench/machine/cpu_model.h"
#include "bench/report/compare_batch.h"
#include "bench/results/results_read.h"
#include "bench/util/escape.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A side's cell, "4.000±0.002" (median and the interval's larger half), padded
 * to width columns. */
static void print_cell(const compare_side *s, int width) {
    char cell[64];
    if (s->finite)
        snprintf(cell, sizeof cell, "%.3f±%.3f", s->s.median, sq_ci_halfwidth(s->s));
    else if (isfinite(s->r->cycles.median))
        snprintf(cell, sizeof cell, "%.3f", s->r->cycles.median);
    else
        snprintf(cell, sizeof cell, "null");
    /* '±' takes two bytes and one column. */
    printf(" %*s", width + (strstr(cell, "±") ? 1 : 0), cell);
}

/* "4.130 (33%) 4.320 (67%)", or the one speed. */
static const char *speeds_text(const compare_side *s, char *buf, size_t len) {
    if (s->nspeeds == 1) {
        snprintf(buf, len, "%.3f", s->speeds[0].cycles);
        return buf;
    }
    snprintf(buf, len, "%.3f (%.0f%%) %.3f (%.0f%%)", s->speeds[0].cycles, 100 * s->speeds[0].share,
             s->speeds[1].cycles, 100 * s->speeds[1].share);
    return buf;
}

/* A number, or null where it is not one. */
static json_t *json_number(double x) {
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *row_json(const compare_row *w, double fail_over) {
    const sq_result *r = w->a.r;
    json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:b, s:s?}", "id", r->variant->id, "sequence",
                          r->sequence, "mode", sq_mode_names[r->mode], "verdict",
                          compare_verdict_word(w), "over_fail_over",
                          (int)compare_over_gate(w, fail_over), "test", compare_test_word(w));
    const double values[] = {w->a.finite ? w->a.s.median : NAN,
                             w->b.finite ? w->b.s.median : NAN,
                             w->p,
                             w->detectable,
                             compare_detectable_pct(w),
                             w->drift};
    static const char *const keys[] = {"a", "b", "p", "detectable", "detectable_pct", "drift"};
    for (int k = 0; o && k < 6; k++)
        if (json_object_set_new(o, keys[k], json_number(values[k])))
            o = NULL;
    return o;
}

static int put_stdout(const char *text, size_t size, void *unused) {
    (void)unused;
    return fwrite(text, 1, size, stdout) == size ? 0 : -1;
}

/* The detectable change, "  0.060   3.0%": cycles, then percent of A; "-"
 * for either that is not known. */
static void print_detectable(const compare_row *w) {
    char pct[16] = "-";
    double x = compare_detectable_pct(w);
    if (isfinite(x))
        snprintf(pct, sizeof pct, x < 100 ? "%.1f%%" : "%.0f%%", x);
    if (isfinite(w->detectable))
        printf(" %7.3f %6s", w->detectable, pct);
    else
        printf(" %7s %6s", "-", pct);
}

static void print_row(const compare_row *w, double fail_over) {
    const sq_result *r = w->a.r;
    sq_put_plain_padded(stdout, r->variant->id, 40);
    printf(" ");
    sq_put_plain_padded(stdout, r->sequence, 11);
    printf(" %-10s", sq_mode_names[r->mode]);
    print_cell(&w->a, 15);
    print_cell(&w->b, 15);
    if (!w->untested && !sq_cost_about_zero(w->a.s))
        printf(" %7.3f", w->b.s.median / w->a.s.median);
    else
        printf(" %7s", "-");
    if (isfinite(w->p))
        printf(" %9.2g", w->p);
    else
        printf(" %9s", "-");
    print_detectable(w);
    const char *verdict = "";
    if (w->untested)
        verdict = w->untested;
    else if (w->significant && w->b.s.median > w->a.s.median)
        verdict = compare_over_gate(w, fail_over) ? "SLOWER (over --fail-over)" : "slower";
    else if (w->significant && w->b.s.median < w->a.s.median)
        verdict = "faster";
    else if (w->significant)
        verdict = "differs";
    else if (w->why_not)
        verdict = w->why_not;
    if (w->by_speeds) {
        char sa[64], sb[64];
        printf("  %s%sspeeds A %s, B %s", verdict, *verdict ? "; " : "",
               speeds_text(&w->a, sa, sizeof sa), speeds_text(&w->b, sb, sizeof sb));
    } else if (*verdict) {
        printf("  %s", verdict);
    }
    if (w->significant && w->drift != 1)
        printf(" (its group moved x%.3f)", w->drift);
    printf("\n");
}

/* A line per group that drifted and holds a row flagged, or one line saying
 * there is none. */
static void print_drift(const compare_tally *t, const compare_row *rows) {
    int shown = 0;
    for (int g = 0; g < t->ndrift; g++) {
        const sq_drift *d = &t->drift[g];
        int in = 0, flagged = 0;
        for (int i = 0; i < t->matched; i++)
            if (rows[i].a.r->mode == d->mode && strcmp(rows[i].a.r->sequence, d->sequence) == 0)
                in++, flagged += rows[i].significant;
        if (!flagged)
            continue;
        shown++;
        printf("drift: %s rows on ", sq_mode_names[d->mode]);
        sq_put_plain(stdout, d->sequence);
        printf(" read %.1f%% %s in B as a group (the median of %d timed alone), and %d of its %d "
               "were flagged: something the runs' processes share moved them, not only their "
               "code (docs/statistics.md)\n",
               100 * fabs(d->ratio - 1), d->ratio > 1 ? "slower" : "faster", d->rows, flagged, in);
    }
    if (!shown)
        printf("groups that moved as a whole: no changes\n");
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

enum { OPT_FAIL_OVER, OPT_ALPHA, OPT_ALL, OPT_PAIRED, OPT_FORMAT, OPT_COUNT };
static const sq_option options[OPT_COUNT] = {
    [OPT_FAIL_OVER] = SQ_OPTION_FAIL_OVER,
    [OPT_ALPHA] = SQ_OPTION_ALPHA,
    [OPT_ALL] = {.name = "--all",
                 .kind = SQ_OPTION_FLAG,
                 .help = "every matched row, in the table and the JSON; without it only the rows "
                         "that changed (significant, or batch rows apart)"},
    [OPT_PAIRED] = {.name = "--paired",
                    .kind = SQ_OPTION_FLAG,
                    .help = "A's i-th process (or run) ran beside B's i-th, in turns, as sqcolor "
                            "ab runs them: a paired t-test on their differences"},
    [OPT_FORMAT] = SQ_OPTION_FORMAT(SQ_TABLE_OR_JSON, "table",
                                    "table, or json: {\"rows\": [{\"id\", \"sequence\", "
                                    "\"mode\", \"verdict\", ...}], \"batch\": [...]} for "
                                    "scripts, the table's rows, verdicts slower, faster, same "
                                    "or untested"),
};

static int run_compare(int argc, char **argv);

static const sq_example compare_examples[] = {
    {"sqcolor compare OLD.json NEW.json --all",
     "every matched row, not only those that changed significantly"},
    {"sqcolor compare OLD.json NEW.json --fail-over 5",
     "exit 1 if a row slowed down by more than 5%: a gate for CI"},
    {"sqcolor compare OLD-1.json OLD-2.json OLD-3.json -- NEW-1.json NEW-2.json NEW-3.json",
     "three runs a side, each run a unit of the test: runs made apart"},
};

const sq_command sq_command_compare = {
    .name = "compare",
    .run = run_compare,
    .operands = "A.json B.json | A.json... -- B.json...",
    .summary = "compare two result files row by row, with significance",
    .description =
        "Per matching row that changed (with --all, every one): both medians with their 95%\n"
        "intervals, B/A, the p-value of Student's t-test on the per-process medians (on the\n"
        "samples where neither file has two processes in the row), Benjamini-Hochberg-adjusted\n"
        "over the rows tested, the smallest change the row could have shown (cycles and % of A),\n"
        "and the verdict. A row differs significantly when the adjusted p is at most alpha (the\n"
        "false discovery rate) and the change is at least 1% of A and 0.02 cycles. Rows about\n"
        "zero (≈0) in both runs or with a non-finite sample are not tested; a row at two speeds\n"
        "differs when no speed of one run is within 3% of a speed of the other. Then the groups\n"
        "that moved as a whole, the batch rows (tested as scalar rows are, files without batch\n"
        "samples by 95% intervals apart) and the rows only in one file; a section with nothing to\n"
        "show says \"no changes\". A note above says when the two files' CPUs (vendor, family,\n"
        "model) or sqcolor commits differ. Last a few lines: the rows tested, how many are\n"
        "slower and faster with the one that moved most, the median detectable change, and the\n"
        "verdict with the exit status: 1 when a row or batch row is significantly slower by more\n"
        "than --fail-over, else 0 (2 for bad input, as every command). Several files a side,\n"
        "split by '--' (runs of one command), are each a unit: each run's row by its median,\n"
        "Student's t across runs.",
    .options = options,
    .noptions = OPT_COUNT,
    SQ_EXAMPLES(compare_examples),
};

static _Noreturn void out_of_memory(void) {
    fprintf(stderr, "sqcolor compare: out of memory\n");
    exit(SQ_EXIT_FAIL);
}

/* Two result files compared: what each part of the output reads. */
typedef struct comparison {
    const char *const *files; /* A's, B's */
    const sq_run *a, *b;
    compare_row *rows; /* t.matched of them, judged into v */
    compare_tally t;
    compare_verdicts v;
    sq_batch_comparison batch;
    compare_index ia, ib;
    double q, fail_over;
    compare_units units;
    bool all;         /* every row, not only those that changed */
    bool after_table; /* the table printed last wants a blank line after it */
} comparison;

/* The significant slowdowns over --fail-over, scalar and batch: the gate. */
static int gate_of(const comparison *c) {
    return c->v.gate + c->batch.gate;
}

/* Matched row i is shown: it changed, or --all. */
static bool row_shown(const comparison *c, int i) {
    return c->all || c->rows[i].significant;
}

/* Either file has batch rows: then the batch section and summary line. */
static bool has_batch(const comparison *c) {
    return c->a->nbatch || c->b->nbatch;
}

/* The drift groups as JSON, or NULL out of memory. */
static json_t *drift_json(const compare_tally *t) {
    json_t *drift = json_array();
    for (int g = 0; drift && g < t->ndrift; g++) {
        const sq_drift *d = &t->drift[g];
        if (json_array_append_new(drift, json_pack("{s:s, s:s, s:f, s:i}", "mode",
                                                   sq_mode_names[d->mode], "sequence", d->sequence,
                                                   "ratio", d->ratio, "rows", d->rows))) {
            json_decref(drift);
            drift = NULL;
        }
    }
    return drift;
}

/* The rows the table shows (those that changed, or all) as JSON, or NULL out
 * of memory. */
static json_t *rows_json(const comparison *c) {
    json_t *list = json_array();
    for (int i = 0; list && i < c->t.matched; i++) {
        if (!row_shown(c, i))
            continue;
        json_t *o = row_json(&c->rows[i], c->fail_over);
        if (!o || json_array_append_new(list, o)) {
            json_decref(list);
            list = NULL;
        }
    }
    return list;
}

/* The verdicts as one JSON document on standard output (its strings shown
 * safely, as every file's: sq_json_shown). Returns -1 out of memory, else 0. */
static int print_json(const comparison *c) {
    json_t *drift = drift_json(&c->t), *list = rows_json(c),
           *batch = sq_batch_json(&c->batch, c->all);
    sq_stats spread = compare_detectable_spread(c->rows, c->t.matched);
    json_t *root =
        list && batch && drift
            ? json_pack("{s:s, s:s, s:o, s:o, s:o, s:{s:i, s:i, s:i, s:{s:o, s:o}}}", "a",
                        c->files[0], "b", c->files[1], "rows", list, "batch", batch, "drift", drift,
                        "summary", "matched", c->t.matched, "significant", c->v.significant,
                        "over_fail_over", gate_of(c), "detectable_pct", "median",
                        json_number(spread.median), "p90", json_number(spread.p90))
            : NULL;
    if (!root) {
        json_decref(list);
        json_decref(batch);
        json_decref(drift);
        return -1;
    }
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(17));
    json_decref(root);
    if (!text)
        return -1;
    sq_json_shown(text, strlen(text), put_stdout, NULL);
    putchar('\n');
    free(text);
    return 0;
}

/* Before a section: sections of a line sit together, a table stands apart
 * from what is around it by a blank line. */
static void begin_section(comparison *c, bool table) {
    if (table || c->after_table)
        putchar('\n');
    c->after_table = table;
}

/* The rows of from that in lacks, under "rows only in LABEL:"; nothing when
 * there are none. */
static void list_missing(comparison *c, const sq_run *from, const compare_index *in,
                         const char *label) {
    int n = 0;
    for (int i = 0; i < from->nresults; i++) {
        const sq_result *r = &from->results[i];
        if (compare_find(in, r))
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

/* A line per matched row that changed (with --all, each), under the
 * columns' header; or one line saying none did. */
static void print_rows(comparison *c) {
    bool any = c->all ? c->t.matched > 0 : c->v.significant > 0;
    begin_section(c, any);
    if (!any) {
        printf("scalar rows: no changes\n");
        return;
    }
    printf("%-40s %-11s %-10s %15s %15s %7s %9s %14s  %s\n", "variant", "sequence", "mode", "A",
           "B", "B/A", "p (BH)", "detectable", "verdict");
    for (int i = 0; i < c->t.matched; i++)
        if (row_shown(c, i))
            print_row(&c->rows[i], c->fail_over);
}

/* What the rows leave out: rows in one file only, tests on samples, rows not
 * tested. */
static void print_notes(comparison *c) {
    const compare_tally *t = &c->t;
    list_missing(c, c->a, &c->ib, "A");
    list_missing(c, c->b, &c->ia, "B");
    if (t->nsamples || t->nzero || t->nfinite || t->nfew)
        begin_section(c, false);
    if (t->nsamples)
        printf("note: %d of the %d rows t-tested have no two processes in either file: tested on "
               "their samples,\n  whose spread is one process's: a shift between processes of "
               "%g%% of A and %g cycles is flagged\n",
               t->nsamples, t->ntested, 100 * SQ_COMPARE_FLOOR_REL, SQ_COMPARE_FLOOR_CYCLES);
    if (t->nzero || t->nfinite || t->nfew)
        printf("rows not tested: %d about zero in both runs, %d with a non-finite sample or "
               "median, %d with one sample a side\n",
               t->nzero, t->nfinite, t->nfew);
}

/* The comparison as tables: the files, each section, the notes and the
 * summary. */
static void print_tables(comparison *c) {
    print_file("A", c->files[0], c->a);
    print_file("B", c->files[1], c->b);
    note_provenance(c->a, c->b);
    c->after_table = true; /* the files' lines stand apart as a table does */
    print_rows(c);
    begin_section(c, false);
    print_drift(&c->t, c->rows);
    if (has_batch(c)) {
        begin_section(c, sq_batch_shows_rows(&c->batch, c->all));
        sq_batch_print(&c->batch, c->all);
    }
    print_notes(c);
    begin_section(c, true);
    compare_print_summary(&c->t, c->rows, &c->v, has_batch(c) ? &c->batch : NULL, c->q,
                          c->fail_over);
}

/* A and B matched, tested and judged, scalar rows and batch rows. */
static void compare_pair(comparison *c) {
    c->rows = calloc((size_t)c->a->nresults + 1, sizeof *c->rows);
    if (!c->rows)
        out_of_memory();
    c->ia = compare_index_rows(c->a);
    c->ib = compare_index_rows(c->b);
    compare_test_rows(c->a, &c->ib, c->q, c->units, c->rows, &c->t);
    c->v = compare_judge_rows(c->rows, c->t.matched, c->q, c->fail_over);
    if (sq_batch_compare(c->a, c->b, c->q, c->fail_over, c->units.runs, &c->batch))
        out_of_memory();
}

static int run_compare(int argc, char **argv) {
    sq_value v[OPT_COUNT];
    const char *words[2 * SQ_MAX_PROCESSES + 1];
    int nwords;
    sq_parse_options(&sq_command_compare, argc, argv, v, words, 2 * SQ_MAX_PROCESSES + 1, &nwords);
    compare_sides sides;
    compare_read_sides(words, nwords, v[OPT_PAIRED].given, &sides);
    comparison c = {.files = sides.labels,
                    .a = sides.runs,
                    .b = sides.runs + 1,
                    .units = sides.units,
                    .q = v[OPT_ALPHA].number,
                    .fail_over = v[OPT_FAIL_OVER].given ? v[OPT_FAIL_OVER].number : 0,
                    .all = v[OPT_ALL].given};
    compare_pair(&c);
    int status = gate_of(&c) ? SQ_EXIT_FAIL : SQ_EXIT_OK;
    if (sq_table_or_json_of(&v[OPT_FORMAT]) == SQ_TABLE_OR_JSON_TABLE)
        print_tables(&c);
    else if (print_json(&c)) {
        fprintf(stderr, "sqcolor compare: out of memory\n");
        status = SQ_EXIT_FAIL;
    }
    sq_batch_comparison_free(&c.batch);
    free(c.rows);
    free(c.ia.by_key);
    free(c.ib.by_key);
    compare_sides_free(&sides);
    return status;
}
