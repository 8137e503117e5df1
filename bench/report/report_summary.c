/* The report a reader takes in at a glance: per family one table of the
 * headline figures (summary.h), a row per technique, the asm beside the best
 * and the slowest compiler; across machines, the machines side by side with
 * their ratios. And the document around them (report.h). */
#include "bench/report/report_batch.h"
#include "bench/report/report_formats.h"

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

/* The impls of some runs: whether asm is among them, and the compilers' (every
 * other impl) in order of first appearance, each shown by its key
 * (code_groups.h), which its name alone fixes. */
typedef struct impl_key {
    bool has_asm;
    const char **c;
    int nc;
} impl_key;

/* Returns 0, or -1 (d->error set) on no memory. */
static int key_of(sq_doc *d, const sq_run *runs, int nruns, impl_key *k) {
    size_t all = 1;
    for (int r = 0; r < nruns; r++)
        all += (size_t)runs[r].nresults;
    *k = (impl_key){.c = sq_doc_alloc(d, sizeof *k->c * all)};
    if (!k->c)
        return -1;
    for (int r = 0; r < nruns; r++)
        for (int i = 0; i < runs[r].nresults; i++) {
            const char *impl = runs[r].results[i].variant->impl;
            if (strcmp(impl, "asm") == 0)
                k->has_asm = true;
            else
                k->c[k->nc++] = impl;
        }
    k->nc = sq_distinct_strings(k->c, k->nc);
    return 0;
}

/* The distinct techniques of a family in a run (or several), in run order;
 * none (d->error set) on no memory. */
static int techniques_of(sq_doc *d, const sq_run *runs, int nruns, const sq_family *fam,
                         const char ***out) {
    size_t all = 1;
    for (int r = 0; r < nruns; r++)
        all += (size_t)runs[r].nresults;
    const char **t = *out = sq_doc_alloc(d, sizeof *t * all);
    if (!t)
        return 0;
    int n = 0;
    for (int r = 0; r < nruns; r++)
        for (int i = 0; i < runs[r].nresults; i++)
            if (runs[r].results[i].variant->family == fam)
                t[n++] = runs[r].results[i].variant->technique;
    return sq_distinct_strings(t, n);
}

/* Which headline figures a family has rows for in any of the runs. */
static int kinds_of(const sq_run *runs, int nruns, const sq_family *fam, sq_headline_kind *kinds) {
    bool mode[SQ_MODE_COUNT] = {false};
    for (int r = 0; r < nruns; r++)
        for (int i = 0; i < runs[r].nresults; i++)
            if (runs[r].results[i].variant->family == fam)
                mode[runs[r].results[i].mode] = true;
    int n = 0;
    if (mode[SQ_MODE_LATENCY])
        kinds[n++] = SQ_HEADLINE_LATENCY;
    if (mode[SQ_MODE_THROUGHPUT])
        kinds[n++] = SQ_HEADLINE_THROUGHPUT;
    if (mode[SQ_MODE_BRANCH]) {
        kinds[n++] = SQ_HEADLINE_BRANCH;
        kinds[n++] = SQ_HEADLINE_MISPREDICT;
    }
    return n;
}

static const char *const kind_heads[SQ_HEADLINE_COUNT] = {"lat", "thr", "branch", "mispr"};

static int decimals_of(sq_headline_kind kind) {
    return kind == SQ_HEADLINE_MISPREDICT ? 1 : 2;
}

/* One headline figure of family/technique/impl in a run's rows by variant. */
static sq_headline headline(sq_variant_rows *rows, const sq_family *fam, const char *tech,
                            const char *impl, sq_headline_kind kind) {
    char id[256];
    snprintf(id, sizeof id, "%s/%s/%s", fam->name, tech, impl);
    return sq_headline_of(sq_variant_rows_of(rows, id), id, kind);
}

/* Whether the compilers listed (where tied[i]) compiled fam/tech to one
 * machine code, as the run recorded it; false where a fact is missing. */
static bool one_code(sq_variant_rows *rows, const impl_key *key, const sq_family *fam,
                     const char *tech, const bool *tied) {
    const sq_code_fact *first = NULL;
    for (int i = 0; i < key->nc; i++) {
        if (!tied[i])
            continue;
        char id[256];
        snprintf(id, sizeof id, "%s/%s/%s", fam->name, tech, key->c[i]);
        const sq_code_fact *f = sq_run_code_of(rows->view, id);
        if (!f || (first && !sq_code_same(f, first)))
            return false;
        first = first ? first : f;
    }
    return first != NULL;
}

/* The compilers' figures for one technique: the best, with who it is ("g12";
 * "g12+3" with three more not told apart from it; "all" when every compiler
 * is; then '=' when they are one machine code), and the slowest, with its key. */
typedef struct c_figures {
    sq_headline best, worst;
    char best_keys[64], worst_key[40];
    int nbest;
} c_figures;

/* No memory: no figures, d->error set. */
static c_figures c_figures_of(sq_doc *d, sq_variant_rows *rows, const impl_key *key,
                              const sq_family *fam, const char *tech, sq_headline_kind kind) {
    c_figures c = {.best = {.median = NAN, .lo = NAN, .hi = NAN}};
    c.worst = c.best;
    sq_headline *h = sq_doc_alloc(d, sizeof *h * ((size_t)key->nc + 1));
    bool *tied = calloc((size_t)key->nc + 1, sizeof *tied);
    if (!h || !tied) {
        sq_doc_out_of_memory(d);
        free(h);
        free(tied);
        return c;
    }
    int best = -1, worst = -1, first = -1;
    for (int i = 0; i < key->nc; i++) {
        h[i] = headline(rows, fam, tech, key->c[i], kind);
        if (first < 0 && (h[i].ncells || h[i].nbimodal || h[i].control_dependent))
            first = i;
        double rank = sq_headline_rank(&h[i]);
        if (!isfinite(rank))
            continue;
        if (best < 0 || rank < sq_headline_rank(&h[best]))
            best = i;
        if (worst < 0 || rank > sq_headline_rank(&h[worst]))
            worst = i;
    }
    if (best < 0) { /* no compiler has a number: show what the first one has */
        if (first >= 0)
            c.best = h[first];
        c.worst = c.best;
        free(tied);
        free(h);
        return c;
    }
    c.best = h[best];
    c.worst = h[worst];
    sq_impl_key(c.worst_key, sizeof c.worst_key, key->c[worst]);
    for (int i = 0; i < key->nc; i++) {
        tied[i] = sq_headline_ties(&h[i], &h[best]);
        c.nbest += tied[i];
    }
    char best_key[40];
    sq_impl_key(best_key, sizeof best_key, key->c[best]);
    if (c.nbest == 1)
        snprintf(c.best_keys, sizeof c.best_keys, "%s", best_key);
    else if (c.nbest == key->nc)
        snprintf(c.best_keys, sizeof c.best_keys, "all");
    else
        snprintf(c.best_keys, sizeof c.best_keys, "%s+%d", best_key, c.nbest - 1);
    if (c.nbest > 1 && one_code(rows, key, fam, tech, tied))
        snprintf(c.best_keys + strlen(c.best_keys), sizeof c.best_keys - strlen(c.best_keys), "=");
    free(tied);
    free(h);
    return c;
}

/* One run, one family: a row per technique, per headline figure the asm, the
 * best compiler and (latency, throughput) the slowest. */
static void run_table(sq_doc *d, const sq_run *run, sq_variant_rows *rows, const impl_key *key,
                      const sq_family *fam) {
    const char **techs;
    int ntech = techniques_of(d, run, 1, fam, &techs);
    sq_headline_kind kinds[SQ_HEADLINE_COUNT];
    int nkinds = kinds_of(run, 1, fam, kinds);
    if (!ntech || !nkinds) {
        free(techs);
        return;
    }
    bool one_c = key->nc == 1;
    sq_doc_heading(d, 2, "%s — core cycles %s", fam->name, sq_family_unit(fam));
    int ncols = 1;
    for (int k = 0; k < nkinds; k++)
        ncols += key->has_asm + (key->nc > 0) + (key->nc > 1 && kinds[k] <= SQ_HEADLINE_THROUGHPUT);
    sq_text_table t;
    sq_text_table_init(&t, ncols);
    sq_text_table_add(&t, "technique");
    for (int k = 0; k < nkinds; k++) {
        const char *head = kind_heads[kinds[k]];
        if (key->has_asm)
            sq_text_table_add(&t, "%s asm", head);
        if (key->nc)
            sq_text_table_add(&t, "%s %s", head, one_c ? key->c[0] : "best C");
        if (key->nc > 1 && kinds[k] <= SQ_HEADLINE_THROUGHPUT)
            sq_text_table_add(&t, "%s slowest", head);
    }
    for (int i = 0; i < ntech; i++) {
        sq_text_table_add(&t, "%s", techs[i]);
        for (int k = 0; k < nkinds; k++) {
            int dec = decimals_of(kinds[k]);
            sq_headline as = headline(rows, fam, techs[i], "asm", kinds[k]);
            c_figures c = key->nc ? c_figures_of(d, rows, key, fam, techs[i], kinds[k])
                                  : (c_figures){.best = {.median = NAN, .lo = NAN, .hi = NAN}};
            /* The verdict of asm against the best compiler: the clear winner
             * alone is marked, neither where they are not told apart. */
            bool both = key->has_asm && key->nc;
            char text[64];
            if (key->has_asm) {
                sq_headline_text(text, sizeof text, &as, dec);
                sq_text_table_add_best(&t, both && sq_headline_wins(&as, &c.best), "%s", text);
            }
            if (key->nc) {
                sq_headline_text(text, sizeof text, &c.best, dec);
                sq_text_table_add_best(&t, both && sq_headline_wins(&c.best, &as), "%s%s%s", text,
                                       one_c || !c.nbest ? "" : " ", one_c ? "" : c.best_keys);
            }
            if (key->nc > 1 && kinds[k] <= SQ_HEADLINE_THROUGHPUT) {
                sq_headline_text(text, sizeof text, &c.worst, dec);
                sq_text_table_add(&t, "%s%s%s", text, c.worst_key[0] ? " " : "", c.worst_key);
            }
        }
    }
    sq_doc_table(d, &t, 14, 9);
    sq_report_legend(d, &t,
                     SQ_LEGEND_HEADLINE | SQ_LEGEND_VERDICT |
                         (key->nc > 1 ? SQ_LEGEND_BEST_C | SQ_LEGEND_KEYS : 0));
    sq_text_table_free(&t);
    free(techs);
}

/* The console's key to its tables (a page has each table's legend under it);
 * slowest: the tables have a slowest column (one run's). */
static void key_note(sq_doc *d, const impl_key *key, bool slowest) {
    if (key->nc < 2 || d->format != SQ_DOC_TEXT)
        return;
    sq_doc_note(d,
                "%s; best C: the cheapest compiler's figure and key, +N: N more compilers not "
                "told apart from it, all: every compiler, '=' after them when they are one "
                "machine code%s",
                SQ_IMPL_KEY_MEANING, slowest ? "; slowest: the dearest's" : "");
}

static void summary_notes(sq_doc *d) {
    if (d->format != SQ_DOC_TEXT)
        return;
    sq_doc_note(d, "lat: latency; thr: throughput (the predictable sequences for † variants); "
                   "branch: a branch on the result, predictable sequences; mispr: cycles per "
                   "mispredict; each the median over sequences ± its 95%% interval");
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
static void machines_table(sq_doc *d, int nruns, sq_variant_rows *rows, const impl_key *key,
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
    int dec = decimals_of(kind);
    sq_headline *as = sq_doc_alloc(d, sizeof *as * (size_t)nruns);
    c_figures *c = sq_doc_alloc(d, sizeof *c * (size_t)nruns);
    for (int i = 0; as && c && i < ntech; i++) {
        sq_text_table_add(&t, "%s", techs[i]);
        char text[64];
        for (int r = 0; r < nruns; r++) {
            as[r] = headline(&rows[r], fam, techs[i], "asm", kind);
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
    sq_doc_table(d, &t, 14, 9);
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
    impl_key key;
    if (key_of(d, runs, nruns, &key))
        return;
    sq_variant_rows *rows = sq_doc_alloc(d, sizeof *rows * (size_t)nruns);
    for (int r = 0; rows && r < nruns; r++)
        if (sq_variant_rows_init(&rows[r], &runs[r])) /* holds nothing: freeing is fine */
            sq_doc_out_of_memory(d);
    sq_figure_set *figs = d->error ? NULL : figures_of(d, runs, nruns, flags);
    if (d->error) /* the document will not be finished whole */
        goto done;
    if (nruns == 1) {
        key_note(d, &key, true);
        for (int f = 0; f < sq_family_count; f++) {
            run_table(d, &runs[0], &rows[0], &key, &sq_families[f]);
            family_figures(d, figs, &sq_families[f], SQ_HEADLINE_COUNT);
        }
        summary_notes(d);
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
        key_note(d, &key, false);
        for (int f = 0; f < sq_family_count; f++) {
            const char **techs;
            int ntech = techniques_of(d, runs, nruns, &sq_families[f], &techs);
            sq_headline_kind kinds[SQ_HEADLINE_COUNT];
            int nkinds = kinds_of(runs, nruns, &sq_families[f], kinds);
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
    free(key.c);
}
