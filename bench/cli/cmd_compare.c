/* sqcolor compare A.json B.json: per matching row, both medians with their 95%
 * intervals, B/A, the smallest change the row could show, and a verdict
 * (docs/statistics.md). The variance that matters between runs arises between
 * processes, so a row's samples are summed up by process, each process by its
 * median, and a row differs significantly only when
 *   - Student's t-test of those per-process medians (variance pooled: under
 *     the null both runs are of one distribution, and with as many processes
 *     a side the test keeps its level when spreads differ; Welch's degrees of
 *     freedom would fall to 2 from 4 at 3 processes a side) gives a p-value
 *     that, Benjamini-Hochberg-adjusted over every row tested, is at most q
 *     (the false discovery rate, --alpha, default 0.01), and
 *   - the medians, and the means of the per-process medians, are both at least
 *     the floor apart (CHANGE_FLOOR_*), the same way: two runs of one build
 *     differ by less, so they flag nothing.
 * Where neither side has samples of two processes (files from before
 * processes), the samples are the units, as they were. Rows about zero in both
 * runs, and rows with a non-finite sample or median, are not tested. A row at
 * two speeds in either run (stats.h, sq_modes_of) is not t-tested, as the test
 * would measure the shares of the mixture: it differs only when no speed of one
 * run is near a speed of the other. */
#include "bench/cli/cli.h"
#include "bench/report/compare_batch.h"
#include "bench/report/compare_drift.h"
#include "bench/machine/cpu_model.h"
#include "bench/results/results_read.h"
#include "bench/util/escape.h"
#include "bench/util/stats.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Two speeds this close, relative to the larger, are the same speed. */
#define SPEED_MATCH 0.03

/* The effect floor: a change smaller than CHANGE_FLOOR_REL of A's median, or
 * than CHANGE_FLOOR_CYCLES (rows under 2 cycles), is never flagged. Two runs
 * of one build differ by less (docs/statistics.md). */
#define CHANGE_FLOOR_REL    0.01
#define CHANGE_FLOOR_CYCLES 0.02

/* One run's side of a matched row. */
typedef struct side {
    const sq_result *r;
    sq_stats s; /* recomputed from the samples, as the run computed it */
    sq_speed speeds[SQ_MAX_MODES];
    int nspeeds;    /* 1 (the median) or SQ_MAX_MODES */
    bool finite;    /* samples there, and every one and the median a number */
    int nprocesses; /* processes its samples came from (1 where none recorded) */
} side;

typedef struct row {
    side a, b;
    const char *untested; /* why the row was not tested, or NULL */
    bool by_speeds;       /* judged by its speeds, not by the t-test */
    bool by_samples;      /* t-tested on samples: no side has two processes */
    sq_ttest t;           /* the t-test of B's units less A's */
    double p;             /* Benjamini-Hochberg-adjusted p-value; NAN when not t-tested */
    double detectable;    /* the smallest change the row could show, in cycles; NAN
                             when not t-tested */
    bool significant;
    const char *why_not; /* what kept a row with p <= q from significance */
    double drift;        /* its group's drift (compare_drift.h), 1 if none */
} row;

/* The least change flagged in a row whose A median is a. */
static double change_floor(double a) {
    return fmax(CHANGE_FLOOR_REL * fabs(a), CHANGE_FLOOR_CYCLES);
}

static side side_of(const sq_result *r) {
    side s = {.r = r, .s = r->cycles, .finite = r->reps > 0 && isfinite(r->cycles.median)};
    for (int k = 0; k < r->reps; k++)
        s.finite &= isfinite(r->samples[k]) != 0;
    s.nprocesses = sq_group_count(r->process, r->reps);
    if (!s.finite)
        return s;
    s.s = sq_stats_of(r->samples, r->reps);
    if (r->nmodes == SQ_MAX_MODES) {
        memcpy(s.speeds, r->modes, sizeof s.speeds);
        s.nspeeds = SQ_MAX_MODES;
    } else {
        s.nspeeds = sq_modes_of(r->samples, r->reps, s.speeds);
    }
    if (!s.nspeeds) {
        s.speeds[0] = (sq_speed){s.s.median, 1};
        s.nspeeds = 1;
    }
    return s;
}

/* No speed of a is within SPEED_MATCH (or the resolution) of a speed of b. */
static bool speeds_apart(const side *a, const side *b) {
    for (int i = 0; i < a->nspeeds; i++) {
        for (int j = 0; j < b->nspeeds; j++) {
            double x = a->speeds[i].cycles, y = b->speeds[j].cycles;
            double near = fmax(SPEED_MATCH * fmax(fabs(x), fabs(y)), SQ_RESOLUTION_CYCLES);
            if (fabs(x - y) < near)
                return false;
        }
    }
    return true;
}

/* A side at one speed that lies between the two speeds of the other: its
 * repetitions may be a mixture of the same two (a median between them), which
 * is no evidence of a change (AMD Zen 5, one build: a branch row at 0.633
 * and 0.766 in one run, 0.706 in the next). */
static bool one_speed_between(const side *one, const side *two) {
    return one->nspeeds == 1 && two->nspeeds == SQ_MAX_MODES &&
           one->speeds[0].cycles > two->speeds[0].cycles &&
           one->speeds[0].cycles < two->speeds[1].cycles;
}

static void judge(row *w, double q) {
    const sq_stats *a = &w->a.s, *b = &w->b.s;
    if (w->untested)
        return;
    if (w->by_speeds) {
        w->significant = speeds_apart(&w->a, &w->b) && !one_speed_between(&w->a, &w->b) &&
                         !one_speed_between(&w->b, &w->a);
        return;
    }
    if (!(w->p <= q))
        return;
    double moved = b->median - a->median, floor = change_floor(a->median);
    if (fabs(moved) < floor || fabs(w->t.diff) < floor || (moved > 0) != (w->t.diff > 0))
        w->why_not = "(under the floor)";
    else
        w->significant = true;
}

/* A significant slowdown over fail_over percent of |A|; from an A about zero,
 * any slowdown to a B that is not. */
static bool over_gate(const row *w, double fail_over) {
    const sq_stats *a = &w->a.s, *b = &w->b.s;
    if (!w->significant || fail_over < 0 || !(b->median > a->median))
        return false;
    if (sq_about_zero(*a))
        return !sq_about_zero(*b);
    return (b->median - a->median) / fabs(a->median) * 100 > fail_over;
}

/* A run's rows sorted by (id, sequence, mode), for matching in n log n. */
typedef struct row_index {
    const sq_result **by_key;
    int n;
} row_index;

static int key_order(const sq_result *a, const sq_result *b) {
    int c = strcmp(a->variant->id, b->variant->id);
    if (!c)
        c = strcmp(a->sequence, b->sequence);
    return c ? c : (a->mode > b->mode) - (a->mode < b->mode);
}

/* Rows of one key in file order, so the first of them is matched. */
static int by_key(const void *x, const void *y) {
    const sq_result *a = *(const sq_result *const *)x, *b = *(const sq_result *const *)y;
    int c = key_order(a, b);
    return c ? c : (a > b) - (a < b);
}

static row_index index_rows(const sq_run *run) {
    row_index ix = {malloc(sizeof *ix.by_key * ((size_t)run->nresults + 1)), run->nresults};
    if (!ix.by_key) {
        fprintf(stderr, "sqcolor compare: out of memory\n");
        exit(SQ_EXIT_FAIL);
    }
    for (int i = 0; i < run->nresults; i++)
        ix.by_key[i] = &run->results[i];
    qsort(ix.by_key, (size_t)ix.n, sizeof *ix.by_key, by_key);
    return ix;
}

/* The first row of like's key, or NULL. */
static const sq_result *find_row(const row_index *ix, const sq_result *like) {
    int lo = 0, hi = ix->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (key_order(ix->by_key[mid], like) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ix->n && key_order(ix->by_key[lo], like) == 0 ? ix->by_key[lo] : NULL;
}

static void list_missing(const sq_run *from, const row_index *in, const char *label) {
    int n = 0;
    for (int i = 0; i < from->nresults; i++) {
        const sq_result *r = &from->results[i];
        if (find_row(in, r))
            continue;
        if (!n++)
            printf("\nrows only in %s:\n", label);
        printf("  ");
        sq_put_plain(stdout, r->variant->id);
        printf(" ");
        sq_put_plain(stdout, r->sequence);
        printf(" %s\n", sq_mode_names[r->mode]);
    }
}

/* What matching and testing the rows found. */
typedef struct tally {
    int matched, ntested;          /* rows in both runs; of them, t-tested */
    int nsamples;                  /* t-tested on samples: no side had two processes */
    int nfinite, nzero;            /* not tested: a non-finite value; about zero in both */
    int nfew;                      /* not tested: one sample a side */
    int nflagged;                  /* t-tested rows whose adjusted p is at most q */
    double p_cut;                  /* the p-value a row needed for that beside them */
    sq_drift drift[SQ_DRIFT_MOST]; /* the groups that moved together, B against A */
    int ndrift;
} tally;

/* t-tests a row on its units: per-process medians where a side has two
 * processes, else samples. Returns the test's p-value (NAN: untestable). */
static double t_test(row *w) {
    w->by_samples = w->a.nprocesses < 2 && w->b.nprocesses < 2;
    double *ua = malloc(sizeof *ua * ((size_t)w->a.r->reps + (size_t)w->b.r->reps));
    double *ub = ua ? ua + w->a.r->reps : NULL;
    int na =
        ua ? sq_test_units(w->a.r->samples, w->a.r->process, w->a.r->reps, w->by_samples, ua) : 0;
    int nb =
        ua ? sq_test_units(w->b.r->samples, w->b.r->process, w->b.r->reps, w->by_samples, ub) : 0;
    if (!na || !nb) { /* both sides have samples: none is out of memory */
        fprintf(stderr, "sqcolor compare: out of memory\n");
        exit(SQ_EXIT_FAIL);
    }
    w->t = sq_t_test(ua, na, ub, nb);
    free(ua);
    return w->t.p;
}

/* Fills rows[0..t->matched) with A's rows that B has too, t-tests those that
 * can be, adjusts their p-values together (Benjamini-Hochberg) and gives each
 * the smallest change it could have shown at the p-value that a row needed
 * beside the rows flagged: q (flagged + 1) / tested. */
static void test_rows(const sq_run *a, const row_index *b, double q, row *rows, tally *t) {
    double *p = malloc(sizeof *p * ((size_t)a->nresults + 1));
    double *adjusted = malloc(sizeof *adjusted * ((size_t)a->nresults + 1));
    int *tested = malloc(sizeof *tested * ((size_t)a->nresults + 1));
    const sq_result **ra = malloc(sizeof *ra * ((size_t)a->nresults + 1) * 2);
    if (!p || !adjusted || !tested || !ra) {
        fprintf(stderr, "sqcolor compare: out of memory\n");
        exit(SQ_EXIT_FAIL);
    }
    const sq_result **rb = ra + a->nresults + 1;
    for (int i = 0; i < a->nresults; i++) {
        const sq_result *r = find_row(b, &a->results[i]);
        if (r) {
            ra[t->matched] = &a->results[i];
            rb[t->matched++] = r;
        }
    }
    t->ndrift = sq_drift_find(ra, rb, t->matched, t->drift);
    for (int i = 0; i < t->matched; i++) {
        row *w = &rows[i];
        *w = (row){.a = side_of(ra[i]),
                   .b = side_of(rb[i]),
                   .p = NAN,
                   .detectable = NAN,
                   .drift = sq_drift_ratio(t->drift, t->ndrift, ra[i]->mode, ra[i]->sequence)};
        if (!w->a.finite || !w->b.finite) {
            w->untested = "untested (a non-finite sample or median)";
            t->nfinite++;
        } else if (sq_about_zero(w->a.s) && sq_about_zero(w->b.s)) {
            w->untested = "untested (about zero in both)";
            t->nzero++;
        } else if (w->a.nspeeds > 1 || w->b.nspeeds > 1) {
            w->by_speeds = true;
        } else if (isnan(t_test(w))) {
            w->untested = "untested (one sample a side)";
            t->nfew++;
        } else {
            tested[t->ntested] = i;
            t->nsamples += w->by_samples;
            p[t->ntested++] = w->t.p;
        }
    }
    free(ra);
    sq_bh_adjust(p, t->ntested, adjusted);
    for (int k = 0; k < t->ntested; k++)
        t->nflagged += adjusted[k] <= q;
    t->p_cut = t->ntested ? q * fmin(t->nflagged + 1, t->ntested) / t->ntested : q;
    for (int k = 0; k < t->ntested; k++) {
        row *w = &rows[tested[k]];
        w->p = adjusted[k];
        w->detectable = fmax(change_floor(w->a.s.median), sq_t_detectable(w->t, t->p_cut));
    }
    free(p);
    free(adjusted);
    free(tested);
}

/* The detectable change as a share of A, in percent; NAN where A is about
 * zero (or the row was not t-tested). */
static double detectable_pct(const row *w) {
    return sq_about_zero(w->a.s) ? NAN : 100 * w->detectable / fabs(w->a.s.median);
}

/* The median and 90th percentile of the t-tested rows' detectable changes in
 * percent of A (NAN when none). */
static sq_stats detectable_spread(const row *rows, int matched) {
    double *x = malloc(sizeof *x * ((size_t)matched + 1));
    int n = 0;
    for (int i = 0; x && i < matched; i++)
        if (isfinite(detectable_pct(&rows[i])))
            x[n++] = detectable_pct(&rows[i]);
    sq_stats s = sq_stats_of(x, x ? n : 0);
    free(x);
    return s;
}

/* A side's cell, "4.000±0.002" (median and the interval's larger half), padded
 * to width columns. */
static void print_cell(const side *s, int width) {
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
static const char *speeds_text(const side *s, char *buf, size_t len) {
    if (s->nspeeds == 1) {
        snprintf(buf, len, "%.3f", s->speeds[0].cycles);
        return buf;
    }
    snprintf(buf, len, "%.3f (%.0f%%) %.3f (%.0f%%)", s->speeds[0].cycles, 100 * s->speeds[0].share,
             s->speeds[1].cycles, 100 * s->speeds[1].share);
    return buf;
}

/* A row's verdict for scripts: slower, faster, same, or untested. A row
 * judged by its speeds that differs is slower or faster by its medians. */
static const char *verdict_word(const row *w) {
    if (w->untested)
        return "untested";
    if (!w->significant)
        return "same";
    return w->b.s.median >= w->a.s.median ? "slower" : "faster";
}

/* A number, or null where it is not one. */
static json_t *json_number(double x) {
    return isfinite(x) ? json_real(x) : json_null();
}

/* What a row was judged on: "processes", "samples", "speeds", or NULL. */
static const char *test_word(const row *w) {
    if (w->untested)
        return NULL;
    if (w->by_speeds)
        return "speeds";
    return w->by_samples ? "samples" : "processes";
}

static json_t *row_json(const row *w, double fail_over) {
    const sq_result *r = w->a.r;
    json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:b, s:s?}", "id", r->variant->id, "sequence",
                          r->sequence, "mode", sq_mode_names[r->mode], "verdict", verdict_word(w),
                          "over_fail_over", (int)over_gate(w, fail_over), "test", test_word(w));
    const double values[] = {w->a.finite ? w->a.s.median : NAN,
                             w->b.finite ? w->b.s.median : NAN,
                             w->p,
                             w->detectable,
                             detectable_pct(w),
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

/* The verdicts as one JSON document on standard output (its strings shown
 * safely, as every file's: sq_json_shown). Returns the gate's count, or -1
 * out of memory. */
static int print_json(const char *const files[2], const sq_run *a, const sq_run *b, row *rows,
                      const tally *t, double q, double fail_over, bool changes_only) {
    int matched = t->matched;
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
    json_t *list = drift ? json_array() : NULL;
    int gate = 0, significant = 0;
    for (int i = 0; list && i < matched; i++) {
        judge(&rows[i], q);
        gate += over_gate(&rows[i], fail_over);
        significant += rows[i].significant;
        if (changes_only && !rows[i].significant)
            continue;
        json_t *o = row_json(&rows[i], fail_over);
        if (!o || json_array_append_new(list, o)) {
            json_decref(list);
            list = NULL;
        }
    }
    int batch_gate = 0;
    json_t *batch = list ? sq_compare_batch_json(a, b, q, fail_over, &batch_gate) : NULL;
    sq_stats spread = detectable_spread(rows, matched);
    json_t *root =
        list && batch ? json_pack("{s:s, s:s, s:o, s:o, s:o, s:{s:i, s:i, s:i, s:{s:o, s:o}}}", "a",
                                  files[0], "b", files[1], "rows", list, "batch", batch, "drift",
                                  drift, "summary", "matched", matched, "significant", significant,
                                  "over_fail_over", gate + batch_gate, "detectable_pct", "median",
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
    return gate + batch_gate;
}

/* The detectable change, "  0.060   3.0%": cycles, then percent of A; "-"
 * for either that is not known. */
static void print_detectable(const row *w) {
    char pct[16] = "-";
    double x = detectable_pct(w);
    if (isfinite(x))
        snprintf(pct, sizeof pct, x < 100 ? "%.1f%%" : "%.0f%%", x);
    if (isfinite(w->detectable))
        printf(" %7.3f %6s", w->detectable, pct);
    else
        printf(" %7s %6s", "-", pct);
}

static void print_row(const row *w, double fail_over) {
    const sq_result *r = w->a.r;
    sq_put_plain_padded(stdout, r->variant->id, 40);
    printf(" ");
    sq_put_plain_padded(stdout, r->sequence, 11);
    printf(" %-10s", sq_mode_names[r->mode]);
    print_cell(&w->a, 15);
    print_cell(&w->b, 15);
    if (!w->untested && !sq_about_zero(w->a.s))
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
        verdict = over_gate(w, fail_over) ? "SLOWER (over --fail-over)" : "slower";
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

/* A line per group that drifted and holds a row flagged, before the
 * summary. */
static void print_drift(const tally *t, const row *rows) {
    for (int g = 0; g < t->ndrift; g++) {
        const sq_drift *d = &t->drift[g];
        int in = 0, flagged = 0;
        for (int i = 0; i < t->matched; i++)
            if (rows[i].a.r->mode == d->mode && strcmp(rows[i].a.r->sequence, d->sequence) == 0)
                in++, flagged += rows[i].significant;
        if (!flagged)
            continue;
        printf("\ndrift: %s rows on ", sq_mode_names[d->mode]);
        sq_put_plain(stdout, d->sequence);
        printf(" read %.1f%% %s in B as a group (the median of %d timed alone), and %d of its %d "
               "were flagged: something the runs' processes share moved them, not only their "
               "code (docs/statistics.md)",
               100 * fabs(d->ratio - 1), d->ratio > 1 ? "slower" : "faster", d->rows, flagged, in);
    }
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

enum { OPT_FAIL_OVER, OPT_ALPHA, OPT_CHANGES_ONLY, OPT_FORMAT, OPT_COUNT };
static const sq_option options[OPT_COUNT] = {
    [OPT_FAIL_OVER] = {.name = "--fail-over",
                       .kind = SQ_OPTION_NUMBER,
                       .placeholder = "PCT",
                       .help = "exit 1 if a significant slowdown exceeds PCT% of A (decimals "
                               "allowed); 0, the default, fails on any, as a regression gate",
                       .default_note = "0",
                       .low = 0,
                       .high = 1000},
    [OPT_ALPHA] = {.name = "--alpha",
                   .kind = SQ_OPTION_NUMBER,
                   .placeholder = "P",
                   .help = "false discovery rate over the rows tested (Benjamini-Hochberg)",
                   .def = "0.01",
                   .low = 0,
                   .high = 1,
                   .open = true},
    [OPT_CHANGES_ONLY] = {.name = "--changes-only",
                          .kind = SQ_OPTION_FLAG,
                          .help = "only the rows that changed (significant, or batch rows apart)"},
    [OPT_FORMAT] = {.name = "--format",
                    .kind = SQ_OPTION_CHOICE,
                    .placeholder = "F",
                    .help = "table, or json: {\"rows\": [{\"id\", \"sequence\", \"mode\", "
                            "\"verdict\", ...}], \"batch\": [...]} for scripts, verdicts "
                            "slower, faster, same or untested",
                    .def = "table",
                    .choices = "table|json"},
};

static int run_compare(int argc, char **argv);

const sq_command sq_command_compare = {
    .name = "compare",
    .run = run_compare,
    .operands = "A.json B.json",
    .summary = "compare two result files row by row, with significance",
    .description =
        "Per matching row: both medians with their 95% intervals, B/A, the p-value of Student's\n"
        "t-test on the per-process medians (on the samples where neither file has two\n"
        "processes in the row), Benjamini-Hochberg-adjusted over the rows tested, the smallest\n"
        "change the row could have shown (cycles and % of A), and the verdict. A row differs\n"
        "significantly when the adjusted p is at most alpha (the false discovery rate) and the\n"
        "change is at least 1% of A and 0.02 cycles. Rows about zero in both runs or with a\n"
        "non-finite sample are not tested; a row at two speeds differs when no speed of one run\n"
        "is within 3% of a speed of the other. Rows only in one file are listed. A note above\n"
        "the table says when the two files' CPUs (vendor, family, model) or sqcolor commits\n"
        "differ. Batch rows follow: they keep no samples, so one differs when the two 95%\n"
        "intervals are apart.",
    .options = options,
    .noptions = OPT_COUNT,
};

static int run_compare(int argc, char **argv) {
    sq_value v[OPT_COUNT];
    const char *files[3];
    int nfiles;
    sq_parse_options(&sq_command_compare, argc, argv, v, files, 3, &nfiles);
    if (nfiles != 2)
        sq_usage_error("compare", "name two result files, A and B (got %d)", nfiles);
    double fail_over = v[OPT_FAIL_OVER].given ? v[OPT_FAIL_OVER].number : 0,
           q = v[OPT_ALPHA].number;
    /* The runs on the heap: each is kilobytes (sq_run), too much for a small stack. */
    sq_run *a = calloc(2, sizeof *a);
    if (!a) {
        fprintf(stderr, "sqcolor compare: out of memory\n");
        exit(SQ_EXIT_FAIL);
    }
    sq_run *b = a + 1;
    char err[600];
    if (sq_results_load(files[0], a, err, sizeof err))
        sq_usage_error("compare", "%s", err);
    if (sq_results_load(files[1], b, err, sizeof err)) {
        sq_results_free(a);
        sq_usage_error("compare", "%s", err);
    }

    row *rows = calloc((size_t)a->nresults + 1, sizeof *rows);
    if (!rows) {
        fprintf(stderr, "sqcolor compare: out of memory\n");
        exit(SQ_EXIT_FAIL);
    }
    tally t = {0};
    row_index ia = index_rows(a), ib = index_rows(b);
    test_rows(a, &ib, q, rows, &t);
    bool changes_only = v[OPT_CHANGES_ONLY].given;
    int gate = 0;
    if (v[OPT_FORMAT].choice == 1) {
        gate = print_json(files, a, b, rows, &t, q, fail_over, changes_only);
        if (gate < 0)
            fprintf(stderr, "sqcolor compare: out of memory\n");
        goto done;
    }

    print_file("A", files[0], a);
    print_file("B", files[1], b);
    note_provenance(a, b);
    printf("%-40s %-11s %-10s %15s %15s %7s %9s %14s  %s\n", "variant", "sequence", "mode", "A",
           "B", "B/A", "p (BH)", "detectable", "verdict");
    int significant = 0, by_speeds = 0;
    for (int i = 0; i < t.matched; i++) {
        row *w = &rows[i];
        judge(w, q);
        significant += w->significant;
        gate += over_gate(w, fail_over);
        by_speeds += w->by_speeds;
        if (!changes_only || w->significant)
            print_row(w, fail_over);
    }
    if (t.nsamples)
        printf("\nnote: %d of the %d rows t-tested have no two processes in either file (files "
               "from before processes, or runs in one): they were tested on their samples, whose "
               "spread is that within one process; a change between processes is not seen in "
               "it, so only the floor (%g%% of A, %g cycles) keeps such a change from being "
               "flagged\n",
               t.nsamples, t.ntested, 100 * CHANGE_FLOOR_REL, CHANGE_FLOOR_CYCLES);
    print_drift(&t, rows);
    list_missing(a, &ib, "A");
    list_missing(b, &ia, "B");
    if (t.nzero || t.nfinite || t.nfew)
        printf("\nrows not tested: %d about zero in both runs, %d with a non-finite sample or "
               "median, %d with one sample a side\n",
               t.nzero, t.nfinite, t.nfew);
    printf(
        "\ncompare: %d rows matched, %d tested, %d significant (Student's t on per-process "
        "medians, Benjamini-Hochberg at q %g, floor the larger of %g%% of A and %g cycles; rows at "
        "two speeds (%d) by their speeds, %g%% apart)",
        t.matched, t.ntested + by_speeds, significant, q, 100 * CHANGE_FLOOR_REL,
        CHANGE_FLOOR_CYCLES, by_speeds, 100 * SPEED_MATCH);
    sq_stats spread = detectable_spread(rows, t.matched);
    if (isfinite(spread.median))
        printf("; detectable change: median %.1f%%, 90th percentile %.1f%% of A", spread.median,
               spread.p90);
    if (fail_over >= 0)
        printf("; significant slowdowns over %g%%: %d", fail_over, gate);
    printf("\n");
    gate += sq_compare_batch(a, b, q, fail_over, changes_only);
done:
    free(rows);
    free(ia.by_key);
    free(ib.by_key);
    sq_results_free(a);
    sq_results_free(b);
    free(a);
    return gate ? SQ_EXIT_FAIL : SQ_EXIT_OK;
}
