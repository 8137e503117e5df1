/* The report a reader takes in at a glance: per family one table of the
 * headline figures (summary.h), a row per technique, the asm beside the best
 * and the slowest compiler; across machines, the machines side by side with
 * their ratios. And the document around them (report.h). */
#include "bench/report/report_batch.h"
#include "bench/report/report_formats.h"
#include "bench/report/headline_figures.h"

#include "bench/results/cells.h"
#include "bench/code/code_groups.h"
#include "bench/machine/cpu_model.h"
#include "bench/render/figures.h"
#include "bench/report/report.h"
#include "bench/results/summary.h"
#include "bench/results/runs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_heads[SQ_HEADLINE_COUNT] = {"lat", "thr", "branch", "mispr"};

/* The compilers' figures for one technique as the tables show them: the
 * best, with who it is ("g12"; "g12+3" with three more not told apart from
 * it; "all" when every compiler is; then '=' when they are one machine code),
 * and the slowest, keyed alike (code_groups.h). */
typedef struct c_figures {
    sq_headline best, worst;
    char best_keys[64], worst_key[64];
    int nbest;
} c_figures;

/* "g12": the one compiler; "g12+3": it and three more not told apart from it;
 * "all": all n of them, so no one compiler is named where they tie. */
static void keys_text(char *buf, size_t len, const char *impl, int tied, int n) {
    char key[40];
    sq_impl_key(key, sizeof key, impl);
    if (tied <= 1)
        snprintf(buf, len, "%s", key);
    else if (tied == n)
        snprintf(buf, len, "all");
    else
        snprintf(buf, len, "%s+%d", key, tied - 1);
}

/* No memory: no figures, d->error set. */
static c_figures c_figures_of(sq_doc *d, sq_variant_rows *rows, const sq_impl_set *impls,
                              const sq_family *fam, const char *tech, sq_headline_kind kind) {
    sq_best_c b;
    if (sq_best_c_of(rows, impls, fam, tech, kind, &b))
        sq_doc_out_of_memory(d);
    c_figures c = {.best = b.best, .worst = b.worst, .nbest = b.nbest};
    if (!b.best_impl)
        return c;
    keys_text(c.worst_key, sizeof c.worst_key, b.worst_impl, b.nworst, b.ncompilers);
    keys_text(c.best_keys, sizeof c.best_keys, b.best_impl, b.nbest, b.ncompilers);
    if (b.one_code)
        snprintf(c.best_keys + strlen(c.best_keys), sizeof c.best_keys - strlen(c.best_keys), "=");
    return c;
}

/* The distinct techniques of a family in the runs; none (d->error set) on no
 * memory. The caller frees *out. */
static int techniques_of(sq_doc *d, const sq_run *runs, int nruns, const sq_family *fam,
                         const char ***out) {
    int n = sq_techniques_of(runs, nruns, fam, out);
    if (n < 0)
        sq_doc_out_of_memory(d);
    return n < 0 ? 0 : n;
}

/* A family's headline table: its figures, and which have a slowest column. */
typedef struct headline_columns {
    sq_headline_kind kinds[SQ_HEADLINE_COUNT];
    int nkinds;
    bool slowest[SQ_HEADLINE_COUNT];
} headline_columns;

static int column_count(const headline_columns *cols, const sq_impl_set *key) {
    int n = 1;
    for (int k = 0; k < cols->nkinds; k++)
        n += key->has_asm + (key->nc > 0) + cols->slowest[k];
    return n;
}

static void header_row(sq_text_table *t, const headline_columns *cols, const sq_impl_set *key) {
    sq_text_table_add(t, "technique");
    for (int k = 0; k < cols->nkinds; k++) {
        const char *head = kind_heads[cols->kinds[k]];
        if (key->has_asm)
            sq_text_table_add(t, "%s asm", head);
        if (key->nc)
            sq_text_table_add(t, "%s %s", head, key->nc == 1 ? key->c[0] : "best C");
        if (cols->slowest[k])
            sq_text_table_add(t, "%s slowest", head);
    }
}

/* One technique's cells of one figure: the asm, the best compiler, and the
 * slowest where shown; the clear winner of asm and the best compiler marked,
 * neither where not told apart. */
static void technique_cells(sq_doc *d, sq_text_table *t, sq_variant_rows *rows,
                            const sq_impl_set *key, const sq_family *fam, const char *tech,
                            sq_headline_kind kind, bool slowest) {
    int dec = sq_headline_decimals(kind);
    bool one_c = key->nc == 1;
    sq_headline as = sq_headline_in(rows, fam, tech, "asm", kind);
    c_figures c = key->nc ? c_figures_of(d, rows, key, fam, tech, kind)
                          : (c_figures){.best = {.median = NAN, .lo = NAN, .hi = NAN}};
    /* The verdict of asm against the best compiler: the clear winner alone is
     * marked, neither where they are not told apart. */
    bool both = key->has_asm && key->nc;
    char text[64];
    if (key->has_asm) {
        sq_headline_text(text, sizeof text, &as, dec);
        sq_text_table_add_best(t, both && sq_headline_wins(&as, &c.best), "%s", text);
    }
    if (key->nc) {
        sq_headline_text(text, sizeof text, &c.best, dec);
        sq_text_table_add_best(t, both && sq_headline_wins(&c.best, &as), "%s%s%s", text,
                               one_c || !c.nbest ? "" : " ", one_c ? "" : c.best_keys);
    }
    if (slowest) {
        sq_headline_text(text, sizeof text, &c.worst, dec);
        sq_text_table_add(t, "%s%s%s", text, c.worst_key[0] ? " " : "", c.worst_key);
    }
}

static void fill_table(sq_doc *d, sq_text_table *t, sq_variant_rows *rows, const sq_impl_set *key,
                       const sq_family *fam, const char **techs, int ntech,
                       const headline_columns *cols) {
    sq_text_table_init(t, column_count(cols, key));
    header_row(t, cols, key);
    for (int i = 0; i < ntech; i++) {
        sq_text_table_add(t, "%s", techs[i]);
        for (int k = 0; k < cols->nkinds; k++)
            technique_cells(d, t, rows, key, fam, techs[i], cols->kinds[k], cols->slowest[k]);
    }
}

#define FIRST_WIDTH 14
#define CELL_WIDTH  9

/* One run, one family: a row per technique, per headline figure the asm, the
 * best compiler and the slowest: on a page for latency and throughput, on
 * the console for latency alone, and not at all where the table would be
 * wider than the console (one rule on every CPU, whatever its figures). */
static void run_table(sq_doc *d, const sq_run *run, sq_variant_rows *rows, const sq_impl_set *key,
                      const sq_family *fam) {
    const char **techs;
    int ntech = techniques_of(d, run, 1, fam, &techs);
    headline_columns cols = {.nkinds = 0};
    cols.nkinds = sq_headline_kinds_of(run, 1, fam, cols.kinds);
    if (!ntech || !cols.nkinds) {
        free(techs);
        return;
    }
    bool console = d->format == SQ_DOC_TEXT;
    for (int k = 0; k < cols.nkinds; k++)
        cols.slowest[k] = key->nc > 1 && (cols.kinds[k] == SQ_HEADLINE_LATENCY ||
                                          (!console && cols.kinds[k] == SQ_HEADLINE_THROUGHPUT));
    sq_doc_heading(d, 2, "%s — core cycles %s", fam->name, sq_family_unit(fam));
    sq_text_table t;
    fill_table(d, &t, rows, key, fam, techs, ntech, &cols);
    if (console && sq_text_table_width(&t, FIRST_WIDTH, CELL_WIDTH) > SQ_CONSOLE_COLUMNS) {
        sq_text_table_free(&t);
        memset(cols.slowest, 0, sizeof cols.slowest);
        fill_table(d, &t, rows, key, fam, techs, ntech, &cols);
    }
    unsigned also = SQ_LEGEND_HEADLINE | SQ_LEGEND_VERDICT |
                    (key->nc > 1 ? SQ_LEGEND_BEST_C | SQ_LEGEND_KEYS : 0);
    for (int k = 0; k < cols.nkinds; k++)
        also |= cols.slowest[k] ? SQ_LEGEND_SLOWEST : 0;
    sq_doc_table(d, &t, FIRST_WIDTH, CELL_WIDTH);
    sq_report_legend(d, &t, also);
    sq_text_table_free(&t);
    free(techs);
}

/* ---- across machines ------------------------------------------------------ */

/* Whether a figure takes part in a ratio: one number, of SQ_RATIO_MIN_CYCLES
 * or more as the table prints it (to dec places: 0.4996 shows as 0.50). */
static bool ratio_figure(const sq_headline *h, int dec) {
    double rank = sq_headline_rank(h), scale = pow(10, dec);
    return isfinite(rank) && !h->nbimodal && round(rank * scale) / scale >= SQ_RATIO_MIN_CYCLES;
}

/* "1.02±0.03": b / a with the interval the two intervals allow; "-" where
 * either is not one number of SQ_RATIO_MIN_CYCLES or more (a ratio to about
 * zero says nothing), as sq_ratio_dash_rule says. */
static void ratio_text(char *buf, size_t len, const sq_headline *b, const sq_headline *a, int dec) {
    if (!ratio_figure(a, dec) || !ratio_figure(b, dec) || !(a->lo > 0)) {
        snprintf(buf, len, "-");
        return;
    }
    double r = b->median / a->median, lo = b->lo / a->hi, hi = b->hi / a->lo;
    snprintf(buf, len, "%.2f±%.2f", r, fmax(hi - r, r - lo));
}

/* One family and headline figure across the machines: per machine its asm and
 * best compiler, then each machine's ratio to the first. */
static void machines_table(sq_doc *d, int nruns, sq_variant_rows *rows, const sq_impl_set *key,
                           const sq_family *fam, sq_headline_kind kind, const char **techs,
                           int ntech) {
    sq_doc_heading(d, 3, "%s — %s (core cycles %s)", fam->name, sq_headline_names[kind],
                   sq_family_unit(fam));
    int per = key->has_asm + (key->nc > 0);
    sq_text_table t;
    sq_text_table_init(&t, 1 + nruns * per + (nruns - 1) * per);
    sq_text_table_add(&t, "technique");
    for (int r = 0; r < nruns; r++) {
        if (key->has_asm)
            sq_text_table_add(&t, "[%d] asm", r + 1);
        if (key->nc)
            sq_text_table_add(&t, "[%d] best C", r + 1);
    }
    for (int r = 1; r < nruns; r++) {
        if (key->has_asm)
            sq_text_table_add(&t, "asm [%d]/[1]", r + 1);
        if (key->nc)
            sq_text_table_add(&t, "C [%d]/[1]", r + 1);
    }
    int dec = sq_headline_decimals(kind);
    sq_headline *as = sq_doc_alloc(d, sizeof *as * (size_t)nruns);
    c_figures *c = sq_doc_alloc(d, sizeof *c * (size_t)nruns);
    for (int i = 0; as && c && i < ntech; i++) {
        sq_text_table_add(&t, "%s", techs[i]);
        char text[64];
        for (int r = 0; r < nruns; r++) {
            as[r] = sq_headline_in(&rows[r], fam, techs[i], "asm", kind);
            c[r] = c_figures_of(d, &rows[r], key, fam, techs[i], kind);
            if (key->has_asm) {
                sq_headline_text(text, sizeof text, &as[r], dec);
                sq_text_table_add(&t, "%s", text);
            }
            if (key->nc) {
                sq_headline_text(text, sizeof text, &c[r].best, dec);
                sq_text_table_add(&t, "%s%s%s", text, c[r].nbest ? " " : "", c[r].best_keys);
            }
        }
        for (int r = 1; r < nruns; r++) {
            if (key->has_asm) {
                ratio_text(text, sizeof text, &as[r], &as[0], dec);
                sq_text_table_add(&t, "%s", text);
            }
            if (key->nc) {
                ratio_text(text, sizeof text, &c[r].best, &c[0].best, dec);
                sq_text_table_add(&t, "%s", text);
            }
        }
    }
    free(as);
    free(c);
    sq_doc_table(d, &t, FIRST_WIDTH, CELL_WIDTH);
    sq_report_legend(d, &t,
                     SQ_LEGEND_RATIOS | (key->nc > 1 ? SQ_LEGEND_BEST_C | SQ_LEGEND_KEYS : 0));
    sq_text_table_free(&t);
}

/* Which harness timed a run: its version, or older than any versioned. */
static void harness_text(char *buf, size_t len, const sq_run *run) {
    if (run->harness_version > 0)
        snprintf(buf, len, "harness %d", run->harness_version);
    else
        snprintf(buf, len, "an older harness");
}

/* Which machine each file is, what built it and which harness timed it: runs
 * of one harness compare whatever their commits. */
static void machines_header(sq_doc *d, const sq_run *runs, int nruns) {
    for (int r = 0; r < nruns; r++) {
        char label[96], harness[32], impls[512] = "";
        size_t used = 0;
        sq_cpu_label(label, sizeof label, &runs[r].machine);
        harness_text(harness, sizeof harness, &runs[r]);
        for (int i = 0; i < runs[r].nimpls && used < sizeof impls; i++)
            used += (size_t)snprintf(impls + used, sizeof impls - used, "%s%s", i ? ", " : "",
                                     runs[r].impls[i].name);
        sq_doc_note(d, "[%d] %s: %s (family 0x%x model 0x%x), sqcolor %s, %s, impls %s; %s", r + 1,
                    label, runs[r].machine.brand, runs[r].machine.family, runs[r].machine.model,
                    runs[r].commit, harness, impls, runs[r].source ? runs[r].source : "this run");
    }
}

/* "[1], [3]": the runs whose harness version is (newer false) below the
 * newest of them, or (newer true) the newest. Returns how many. */
static int runs_of_harness(char *buf, size_t len, const sq_run *runs, int nruns, int newest,
                           bool newer) {
    int n = 0;
    size_t used = 0;
    buf[0] = 0;
    for (int r = 0; r < nruns; r++)
        if ((runs[r].harness_version == newest) == newer && used < len)
            used += (size_t)snprintf(buf + used, len - used, "%s[%d]", n++ ? ", " : "", r + 1);
    return n;
}

/* Where the runs' harnesses differ, which are older: their figures may
 * differ from the others' by how they were timed, not only by machine. */
static void harness_note(sq_doc *d, const sq_run *runs, int nruns) {
    int newest = 0;
    for (int r = 0; r < nruns; r++)
        newest = runs[r].harness_version > newest ? runs[r].harness_version : newest;
    char older[256], newer[256];
    int nolder = runs_of_harness(older, sizeof older, runs, nruns, newest, false);
    if (!nolder)
        return;
    runs_of_harness(newer, sizeof newer, runs, nruns, newest, true);
    bool unversioned = false;
    for (int r = 0; r < nruns; r++)
        unversioned |= runs[r].harness_version == 0;
    sq_doc_note(d,
                "%s %s from an older harness than %s (harness %d%s): where a ratio sets %s beside "
                "%s, part of the difference may be the harness's, not the machine's",
                older, nolder > 1 ? "are" : "is", newer, newest,
                unversioned ? "; a file that records none is older than any" : "",
                nolder > 1 ? "one of them" : "it", newer);
}

static void machines_notes(sq_doc *d, const sq_run *runs, int nruns) {
    char rule[256];
    sq_ratio_dash_rule(rule, sizeof rule);
    sq_doc_note(d,
                "[k] asm, [k] best C: each file's figure, the median over sequences ± its 95%% "
                "interval; asm [k]/[1]: core cycles on [k] over core cycles on [1] (cycles, "
                "not time: the clocks differ), ± from both intervals; %s",
                rule);
    bool native = false;
    for (int r = 0; r < nruns; r++)
        for (int i = 0; i < runs[r].nimpls; i++)
            native |= strstr(runs[r].impls[i].flags, "-march=native") != NULL;
    if (native)
        sq_doc_note(d, "-native impls (-march=native) are different machine code on each CPU: "
                       "their columns compare what each machine's compiler made for it, not "
                       "the same code");
}

/* ---- the document ---------------------------------------------------------- */

/* The figures (figures.h) where the format draws them, else NULL: made
 * once for all the families, each chart once for all its parts. */
static sq_figure_set *figures_of(sq_doc *d, const sq_run *runs, int nruns, unsigned flags) {
    if (d->format != SQ_DOC_HTML)
        return NULL;
    sq_figure_set *s = sq_figure_set_of(runs, nruns, flags & SQ_REPORT_LOG_AXIS);
    if (!s)
        sq_doc_out_of_memory(d);
    return s;
}

/* A family's figures of s, of every mode (one run's latency and throughput
 * charts, after its one table) or of one mode's (the machines chart, after
 * the table of the figure it plots); kind: SQ_HEADLINE_COUNT for every mode. */
static void family_figures(sq_doc *d, const sq_figure_set *s, const sq_family *fam,
                           sq_headline_kind kind) {
    for (int i = 0; s && i < sq_figure_set_count(s); i++) {
        const sq_figure *f = sq_figure_set_at(s, i);
        bool of_kind = kind == SQ_HEADLINE_COUNT ||
                       (f->mode == SQ_MODE_LATENCY && kind == SQ_HEADLINE_LATENCY) ||
                       (f->mode == SQ_MODE_THROUGHPUT && kind == SQ_HEADLINE_THROUGHPUT);
        if (f->family == fam && of_kind)
            sq_doc_figure(d, s, i);
    }
}

/* Whether a row of runs[0..nruns) took another's figure (≡). */
static bool any_shared(const sq_run *runs, int nruns) {
    for (int r = 0; r < nruns; r++)
        for (int i = 0; i < runs[r].nresults; i++)
            if (runs[r].results[i].shared_from)
                return true;
    return false;
}

void sq_report_doc(sq_doc *d, const sq_run *runs, int nruns, unsigned flags) {
    bool detail = flags & SQ_REPORT_DETAIL;
    sq_report_reps(d, runs, nruns);
    sq_impl_set key;
    if (sq_impl_set_of(runs, nruns, &key)) {
        sq_doc_out_of_memory(d);
        return;
    }
    sq_variant_rows *rows = sq_doc_alloc(d, sizeof *rows * (size_t)nruns);
    for (int r = 0; rows && r < nruns; r++)
        if (sq_variant_rows_init(&rows[r], &runs[r])) /* holds nothing: freeing is fine */
            sq_doc_out_of_memory(d);
    sq_figure_set *figs = d->error ? NULL : figures_of(d, runs, nruns, flags);
    if (d->error) /* the document will not be finished whole */
        goto done;
    if (nruns == 1) {
        for (int f = 0; f < sq_family_count; f++) {
            run_table(d, &runs[0], &rows[0], &key, &sq_families[f]);
            family_figures(d, figs, &sq_families[f], SQ_HEADLINE_COUNT);
        }
        if (d->format != SQ_DOC_TEXT) /* wider than a console's 160 columns */
            sq_report_story(d, &runs[0]);
        /* every impl where lines are not counted: --detail, Markdown, HTML */
        sq_report_games(d, &runs[0], detail || d->format != SQ_DOC_TEXT);
        sq_report_batch(d, &runs[0], !detail && d->format == SQ_DOC_TEXT);
        if (detail)
            sq_report_detail(d, &runs[0]);
        sq_report_try_text(d, &runs[0]);
        sq_doc_heading(d, 2, "about this run");
        sq_report_run_notes(d, &runs[0], detail);
        sq_report_vendor_note(d, &runs[0]);
        sq_report_marks(d, detail, any_shared(runs, nruns));
    } else {
        machines_header(d, runs, nruns);
        for (int f = 0; f < sq_family_count; f++) {
            const char **techs;
            int ntech = techniques_of(d, runs, nruns, &sq_families[f], &techs);
            sq_headline_kind kinds[SQ_HEADLINE_COUNT];
            int nkinds = sq_headline_kinds_of(runs, nruns, &sq_families[f], kinds);
            if (ntech && nkinds)
                sq_doc_heading(d, 2, "%s", sq_families[f].name);
            for (int k = 0; k < nkinds && ntech; k++) {
                machines_table(d, nruns, rows, &key, &sq_families[f], kinds[k], techs, ntech);
                family_figures(d, figs, &sq_families[f], kinds[k]);
            }
            free(techs);
        }
        machines_notes(d, runs, nruns);
        harness_note(d, runs, nruns);
        if (detail) {
            sq_doc_heading(d, 2, "every variant, median over sequences");
            sq_report_detail_machines(d, runs, nruns);
        }
        sq_doc_heading(d, 2, "about the runs");
        sq_report_marks(d, detail, any_shared(runs, nruns));
    }
done:
    sq_figure_set_free(figs);
    for (int r = 0; rows && r < nruns; r++)
        sq_variant_rows_free(&rows[r]);
    free(rows);
    sq_impl_set_free(&key);
}
