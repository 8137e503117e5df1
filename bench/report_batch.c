/* The batch table of a run (its batch rows, results.h): a row per variant, a
 * column per size, then the best hand-written routine per CPU feature level. */
#include "report_batch.h"

#include "batch_timing.h"
#include "stats.h"

#include <stdlib.h>
#include <string.h>

/* "0.024±0.001": a measured cost, nothing subtracted, so no ≈0 (cells.h is
 * for net costs); ± the wider side of the 95% interval. */
static void cell(char *buf, size_t len, sq_stats s) {
    snprintf(buf, len, "%.3f±%.3f", s.median, sq_ci_halfwidth(s));
}

static const char *size_label(size_t n, char *buf, size_t len) {
    for (int s = 0; s < SQ_BATCH_SIZES; s++)
        if (sq_batch_size_n[s] == n)
            return sq_batch_size_label[s];
    snprintf(buf, len, "n=%zu", n);
    return buf;
}

static const sq_batch_result *find(const sq_run *run, const char *id, size_t n) {
    for (int i = 0; i < run->nbatch; i++)
        if (run->batch[i].n == n && strcmp(run->batch[i].id, id) == 0)
            return &run->batch[i];
    return NULL;
}

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

static const sq_batch_variant *variant_of(const char *id) {
    for (int i = 0; i < sq_batch_variant_count; i++)
        if (strcmp(sq_batch_variants[i].id, id) == 0)
            return &sq_batch_variants[i];
    return NULL;
}

/* The cheapest asm row of family fam at level, at size n; NULL if none. */
static const sq_batch_result *best_at(const sq_run *run, const sq_batch_family *fam, int level,
                                      size_t n, const sq_batch_variant **which) {
    const sq_batch_result *best = NULL;
    for (int i = 0; i < run->nbatch; i++) {
        const sq_batch_result *b = &run->batch[i];
        const sq_batch_variant *v = variant_of(b->id);
        if (b->n == n && v && v->family == fam && sq_batch_level(v) == level &&
            (!best || b->cycles.median < best->cycles.median)) {
            best = b;
            *which = v;
        }
    }
    return best;
}

static void levels_table(sq_doc *d, const sq_run *run, size_t n) {
    char label[32], buf[64];
    sq_doc_heading(d, 3, "best per CPU feature level (hand-written asm, %s)",
                   size_label(n, label, sizeof label));
    sq_text_table t;
    sq_text_table_init(&t, 1 + sq_batch_family_count);
    sq_text_table_add(&t, "level");
    for (int f = 0; f < sq_batch_family_count; f++)
        sq_text_table_add(&t, "%s", sq_batch_families[f].name);
    for (int l = 0; l < sq_batch_level_count; l++) {
        sq_text_table_add(&t, "%s", sq_batch_levels[l]);
        for (int f = 0; f < sq_batch_family_count; f++) {
            const sq_batch_variant *v = NULL;
            const sq_batch_result *b = best_at(run, &sq_batch_families[f], l, n, &v);
            if (b)
                cell(buf, sizeof buf, b->cycles);
            sq_text_table_add(&t, "%s%s%s", b ? v->technique : "", b ? " " : "", b ? buf : "-");
        }
    }
    sq_doc_table(d, &t, 10, 22);
    sq_text_table_free(&t);
}

void sq_report_batch(sq_doc *d, const sq_run *run) {
    if (!run->nbatch)
        return;
    size_t sizes[8];
    int nsizes = distinct_sizes(run, sizes, 8);
    sq_doc_heading(d, 2, "batch — core cycles per square (per pair for same_color_batch)");
    sq_text_table t;
    sq_text_table_init(&t, 1 + nsizes);
    sq_text_table_add(&t, "variant");
    char buf[64];
    for (int s = 0; s < nsizes; s++)
        sq_text_table_add(&t, "%s", size_label(sizes[s], buf, sizeof buf));
    for (int i = 0; i < run->nbatch; i++) {
        const char *id = run->batch[i].id;
        if (find(run, id, run->batch[i].n) != &run->batch[i] || run->batch[i].n != sizes[0])
            continue; /* a row per id: at its first size's entry */
        sq_text_table_add(&t, "%s", id);
        for (int s = 0; s < nsizes; s++) {
            const sq_batch_result *b = find(run, id, sizes[s]);
            if (b)
                cell(buf, sizeof buf, b->cycles);
            sq_text_table_add(&t, "%s", b ? buf : "-");
        }
    }
    sq_doc_table(d, &t, 36, 12);
    sq_text_table_free(&t);
    levels_table(d, run, sizes[0]);
    sq_doc_note(d, "batch: the median of each row's repetitions ± half its 95%% interval; random "
                   "squares; the routine called over the whole buffer, nothing subtracted");
    sq_doc_note(d, "copy_xmm/ymm/zmm (impl bound): a color_batch routine's loads and stores of "
                   "that width with no work between: what no routine of that width can beat");
}

void sq_write_batch_csv(FILE *out, const sq_run *run) {
    fprintf(out, "id,n,reps,cycles_median,ci_lo,ci_hi\n");
    for (int i = 0; i < run->nbatch; i++) {
        const sq_batch_result *b = &run->batch[i];
        fprintf(out, "%s,%zu,%d,%.4f,%.4f,%.4f\n", b->id, b->n, b->reps, b->cycles.median,
                b->cycles.ci_lo, b->cycles.ci_hi);
    }
}
