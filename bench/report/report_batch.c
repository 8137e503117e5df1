/* The batch table of a run (its batch rows, results.h): a row per variant, a
 * column per size, then the best hand-written routine per CPU feature level. */
#include "bench/report/report_batch.h"
#include "bench/report/report_formats.h"

#include "bench/code/code_groups.h"
#include "bench/results/bound_check.h"
#include "bench/measure/batch_timing.h"
#include "bench/util/stats.h"

#include <stdlib.h>
#include <string.h>

/* "0.024±0.001": a measured cost, nothing subtracted, so no ≈0 (cells.h is
 * for net costs); ± the wider side of the 95% interval, "~" after it where
 * the host spoiled the row (cells.c's mark); "0.058|0.072" for a
 * row at two speeds, with a digit more where three would print them alike
 * (processes 2% apart: 0.0179|0.0184). */
static void cell(char *buf, size_t len, const sq_batch_result *b) {
    if (b->nmodes == SQ_MAX_MODES) { /* two speeds: each, the faster first (as cells.c) */
        int digits = 3;
        char fast[32], slow[32];
        do {
            snprintf(fast, sizeof fast, "%.*f", digits, b->modes[0].cycles);
            snprintf(slow, sizeof slow, "%.*f", digits, b->modes[1].cycles);
        } while (strcmp(fast, slow) == 0 && ++digits <= 5);
        snprintf(buf, len, "%s|%s", fast, slow);
    } else {
        /* ~: too few repetitions the host left clean, the interval all of
         * them (figures.c), as a scalar cell's mark */
        snprintf(buf, len, "%.3f±%.3f%s", b->cycles.median, sq_ci_halfwidth(b->cycles),
                 b->host_spoiled ? "~" : "");
    }
}

static const char *size_label(size_t n, char *buf, size_t len) {
    for (int s = 0; s < SQ_BATCH_SIZES; s++)
        if (sq_batch_size_n[s] == n)
            return sq_batch_size_label[s];
    if (n % 1024 == 0) /* an older run's size, 4 KiB at L1 */
        snprintf(buf, len, "%zuKiB", n / 1024);
    else
        snprintf(buf, len, "n=%zu", n);
    return buf;
}

/* The breaches of the bound a brief report names (--detail: every one). */
#define SQ_BRIEF_BREACHES 3

/* The run's sizes and ids, each once, in the order they first appear. */
static int distinct_sizes(const sq_run *run, size_t *sizes, int most) {
    int n = 0;
    for (int i = 0; i < run->nbatch; i++) {
        int k = 0;
        while (k < n && sizes[k] != run->batch[i].n)
            k++;
        if (k == n && n < most)
            sizes[n++] = run->batch[i].n;
    }
    return n;
}

/* What a row of the levels table takes: the cheapest asm routine of a CPU
 * feature level, the dispatcher, the best C impl of a C technique, or the
 * cheapest load/store bound. */
typedef enum pick { PICK_LEVEL, PICK_DISPATCH, PICK_C, PICK_BOUND } pick;

static bool picked(const sq_batch_variant *v, const sq_batch_family *fam, pick kind, int level,
                   const char *technique) {
    if (v->family != fam)
        return false;
    switch (kind) {
    case PICK_LEVEL:
        return sq_batch_level(v) == level;
    case PICK_DISPATCH:
        return v->dispatcher;
    case PICK_C:
        return strcmp(v->impl, "asm") != 0 && strcmp(v->impl, "bound") != 0 &&
               strcmp(v->technique, technique) == 0;
    case PICK_BOUND:
        return strcmp(v->impl, "bound") == 0;
    }
    return false;
}

/* The cheapest row of family fam at size n that kind picks; NULL if none. */
/* vars[i]: batch row i's variant (sq_batch_variant_by_id), looked up once a report. */
static const sq_batch_result *cheapest(const sq_run *run, const sq_batch_variant *const *vars,
                                       const sq_batch_family *fam, size_t n, pick kind, int level,
                                       const char *technique, const sq_batch_variant **which) {
    const sq_batch_result *best = NULL;
    for (int i = 0; i < run->nbatch; i++) {
        const sq_batch_result *b = &run->batch[i];
        const sq_batch_variant *v = vars[i];
        if (b->n == n && v && picked(v, fam, kind, level, technique) &&
            (!best || b->cycles.median < best->cycles.median)) {
            best = b;
            *which = v;
        }
    }
    return best;
}

/* One breach of the bound (bound_check.h), in words, at the end of buf. */
static void breach_text(char *buf, size_t len, const sq_bound_breach *b) {
    char cell_text[64], other_text[64], l1[32], l2[32];
    cell(cell_text, sizeof cell_text, b->cell);
    cell(other_text, sizeof other_text, b->other);
    size_t used = strlen(buf);
    const char *size = size_label(b->cell->n, l1, sizeof l1);
    if (b->kind == SQ_BOUND_BEATEN) {
        const char *bound = strchr(b->other->id, '/') + 1; /* copy_zmm/bound */
        snprintf(buf + used, len - used, "%s%s %s under %.*s's %s at %s", used ? "; " : "",
                 b->cell->id, cell_text, (int)strcspn(bound, "/"), bound, other_text, size);
    } else
        snprintf(buf + used, len - used, "%s%s %s at %s over %s at %s", used ? "; " : "",
                 b->cell->id, cell_text, size, other_text, size_label(b->other->n, l2, sizeof l2));
}

/* Whether a row's impl (its id's last part) is asm or bound. */
static bool hand_written(const char *id) {
    const char *impl = strrchr(id, '/');
    return impl && (strcmp(impl, "/asm") == 0 || strcmp(impl, "/bound") == 0);
}

/* The run's check of its batch rows (bound_check.h), one note line: every
 * breach, or in brief the first few and their count. */
static void write_bound_check(sq_doc *d, const sq_run *run, bool compact) {
    sq_bound_breach *b;
    int n = sq_bound_breaches(run, &b);
    if (n < 0) {
        sq_doc_out_of_memory(d);
        return;
    }
    int shown = compact && n > SQ_BRIEF_BREACHES ? SQ_BRIEF_BREACHES : n;
    char *text = n ? sq_doc_alloc(d, (size_t)shown * 256 + 1) : NULL;
    if (text) {
        *text = 0;
        /* Routines under a bound first, then L1 cells over L2 ones; each the
         * hand-written rows' (asm, bound) before the compilers'. */
        for (int pass = 0, named = 0; pass < 4; pass++)
            for (int i = 0; i < n && named < shown; i++)
                if ((int)b[i].kind == pass / 2 && hand_written(b[i].cell->id) == !(pass % 2)) {
                    breach_text(text, (size_t)shown * 256 + 1, &b[i]);
                    named++;
                }
        if (shown < n)
            sq_doc_note(d, "the bound is beaten in %d cells: %s; ... (--detail names every one)", n,
                        text);
        else
            sq_doc_note(d, "the bound is beaten: %s", text);
    }
    free(text);
    free(b);
}

/* A row per CPU feature level (the cheapest asm routine at it), then the
 * dispatcher, each C technique's best impl and the load/store bound; a column
 * per family and size. compact: figures and C keys only. */
static void levels_table(sq_doc *d, const sq_run *run, const sq_batch_variant *const *vars,
                         const size_t *sizes, int nsizes, bool compact) {
    sq_doc_heading(d, compact ? 2 : 3,
                   "batch — the best at each CPU feature level, core cycles per square (pair)%s",
                   compact ? " (every variant: --detail)" : "");
    sq_text_table t;
    sq_text_table_init(&t, 1 + sq_batch_family_count * nsizes);
    char buf[96], label[32], key[64];
    sq_text_table_add(&t, "level");
    for (int f = 0; f < sq_batch_family_count; f++)
        for (int s = 0; s < nsizes; s++) {
            const char *size = size_label(sizes[s], label, sizeof label);
            /* compact: "L1" of "L1 4 KiB"; the note gives the sizes */
            sq_text_table_add(&t, "%s %.*s", sq_batch_families[f].name,
                              compact ? (int)strcspn(size, " ") : (int)strlen(size), size);
        }
    typedef struct row {
        const char *label;
        pick kind;
        int level;
        const char *technique;
    } row;
    row rows[16];
    int nrows = 0;
    for (int l = 0; l < sq_batch_level_count && nrows < 12; l++)
        rows[nrows++] = (row){sq_batch_levels[l], PICK_LEVEL, l, NULL};
    rows[nrows++] = (row){"dispatch", PICK_DISPATCH, -1, NULL};
    rows[nrows++] = (row){"C scalar", PICK_C, -1, "scalar"};
    rows[nrows++] = (row){"C autovec", PICK_C, -1, "autovec"};
    rows[nrows++] = (row){"load/store bound", PICK_BOUND, -1, NULL};
    for (int r = 0; r < nrows; r++) {
        sq_text_table_add(&t, "%s", rows[r].label);
        for (int f = 0; f < sq_batch_family_count; f++)
            for (int s = 0; s < nsizes; s++) {
                const sq_batch_variant *v = NULL;
                const sq_batch_result *b =
                    cheapest(run, vars, &sq_batch_families[f], sizes[s], rows[r].kind,
                             rows[r].level, rows[r].technique, &v);
                if (!b) {
                    sq_text_table_add(&t, "-");
                    continue;
                }
                cell(buf, sizeof buf, b);
                if (rows[r].kind == PICK_C)
                    sq_impl_key(key, sizeof key, v->impl);
                const char *who = rows[r].kind == PICK_C                     ? key
                                  : compact || rows[r].kind == PICK_DISPATCH ? ""
                                                                             : v->technique;
                sq_text_table_add(&t, "%s%s%s", buf, *who ? " " : "", who);
            }
    }
    sq_doc_table(d, &t, 16, 12);
    sq_report_legend(d, &t, SQ_LEGEND_KEYS);
    sq_text_table_free(&t);
    sq_doc_note(d,
                "batch: the median of each row's repetitions, random squares, the routine "
                "called over the whole buffer, nothing subtracted; a|b where the repetitions "
                "fall in two groups or the processes' medians lie more than %.0f%% apart; "
                "C: the best compiler, by its key; %zu and %zu squares (pairs) a call",
                100 * SQ_PROCESS_SPREAD, sizes[0], sizes[nsizes - 1]);
    sq_doc_note(d, "load/store bound: the copy_xmm/ymm/zmm rows, the squares copied at that width "
                   "with nothing computed, each the cheapest of 4, 2 and 1 registers a loop trip; "
                   "here the cheapest row; what no routine of that width can beat");
    write_bound_check(d, run, compact);
    if (run->batch_huge_pages == 1)
        sq_doc_note(d, "buffers: on 2 MiB pages, so their cache sets are the same in every "
                       "process; the host's backing of them is not, and can set a process's "
                       "L2 figures");
    else if (run->batch_huge_pages == 0)
        sq_doc_note(d, "buffers: on 4 KiB pages, the kernel gave no huge pages (transparent huge "
                       "pages off?): the L2 figures may move from one process to the next");
}

void sq_report_batch(sq_doc *d, const sq_run *run, bool compact) {
    if (!run->nbatch)
        return;
    size_t sizes[SQ_BATCH_MAX_SIZES];
    int nsizes = distinct_sizes(run, sizes, SQ_BATCH_MAX_SIZES);
    /* Each row's variant and a sorted index, once: a report grows with the rows. */
    const sq_batch_variant **vars = sq_doc_alloc(d, sizeof *vars * ((size_t)run->nbatch + 1));
    sq_batch_index ix = {0};
    if (!vars || sq_batch_index_init(&ix, run)) {
        if (vars)
            sq_doc_out_of_memory(d);
        free(vars);
        return;
    }
    for (int i = 0; i < run->nbatch; i++)
        vars[i] = sq_batch_variant_by_id(run->batch[i].id);
    if (compact) {
        levels_table(d, run, vars, sizes, nsizes, true);
        sq_batch_index_free(&ix);
        free(vars);
        return;
    }
    sq_doc_heading(d, 2, "batch — core cycles per square (per pair for same_color_batch)");
    sq_text_table t;
    sq_text_table_init(&t, 1 + nsizes);
    sq_text_table_add(&t, "variant");
    char buf[64];
    for (int s = 0; s < nsizes; s++)
        sq_text_table_add(&t, "%s", size_label(sizes[s], buf, sizeof buf));
    for (int i = 0; i < run->nbatch; i++) {
        const char *id = run->batch[i].id;
        if (sq_batch_find(&ix, id, run->batch[i].n) != &run->batch[i] ||
            run->batch[i].n != sizes[0])
            continue; /* a row per id: at its first size's entry */
        sq_text_table_add(&t, "%s", id);
        for (int s = 0; s < nsizes; s++) {
            const sq_batch_result *b = sq_batch_find(&ix, id, sizes[s]);
            if (b)
                cell(buf, sizeof buf, b);
            sq_text_table_add(&t, "%s", b ? buf : "-");
        }
    }
    sq_doc_table(d, &t, 36, 12);
    sq_report_legend(d, &t, 0);
    sq_text_table_free(&t);
    /* A curve over many sizes (batch --sizes): the levels at its two ends. */
    sizes[1] = sizes[nsizes - 1];
    levels_table(d, run, vars, sizes, nsizes < 2 ? nsizes : 2, false);
    sq_batch_index_free(&ix);
    free(vars);
}

void sq_write_batch_csv(FILE *out, const sq_run *run) {
    fprintf(out, "id,n,reps,cycles_median,ci_lo,ci_hi\n");
    for (int i = 0; i < run->nbatch; i++) {
        const sq_batch_result *b = &run->batch[i];
        fprintf(out, "%s,%zu,%d,%.4f,%.4f,%.4f\n", b->id, b->n, b->reps, b->cycles.median,
                b->cycles.ci_lo, b->cycles.ci_hi);
    }
}
