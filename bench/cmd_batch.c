/* sqcolor batch: verify the batch routines, time them at an L1- and an
 * L2-resident size, print one table and the best per CPU feature level. */
#include "batch_timing.h"
#include "batch_verify.h"
#include "cli.h"
#include "doc.h"
#include "globs.h"
#include "output.h"
#include "stats.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { FORMAT_TABLE, FORMAT_MARKDOWN, FORMAT_CSV };

/* "0.024±0.001": a measured cost, nothing subtracted, so no ≈0 (cells.h is
 * for net costs); ± the wider side of the 95% interval. */
static void cell(char *buf, size_t len, sq_stats s) {
    snprintf(buf, len, "%.3f±%.3f", s.median, sq_ci_halfwidth(s));
}

static void write_csv(FILE *out, const sq_batch_row *rows, int n) {
    fprintf(out, "id,family,technique,impl,size,n,cycles_median,ci_lo,ci_hi\n");
    for (int i = 0; i < n; i++) {
        const sq_batch_variant *v = rows[i].variant;
        for (int s = 0; s < SQ_BATCH_SIZES; s++) {
            sq_stats c = rows[i].cycles[s];
            fprintf(out, "%s,%s,%s,%s,%s,%zu,%.4f,%.4f,%.4f\n", v->id, v->family->name,
                    v->technique, v->impl, sq_batch_size_label[s], sq_batch_size_n[s], c.median,
                    c.ci_lo, c.ci_hi);
        }
    }
}

/* The cheapest asm row of family fam at level, by its L1 median; NULL if none. */
static const sq_batch_row *best_at(const sq_batch_row *rows, int n, const sq_batch_family *fam,
                                   int level) {
    const sq_batch_row *best = NULL;
    for (int i = 0; i < n; i++)
        if (rows[i].variant->family == fam && sq_batch_level(rows[i].variant) == level &&
            (!best || rows[i].cycles[0].median < best->cycles[0].median))
            best = &rows[i];
    return best;
}

static void write_doc(FILE *out, sq_doc_format format, const sq_batch_row *rows, int n,
                      const char *skipped, const sq_calibration *cal, const sq_batch_timing *t) {
    sq_doc d;
    sq_doc_open(&d, out, format, "sqcolor batch");
    sq_doc_heading(&d, 2, "batch — core cycles per square (per pair for same_color_batch)");
    sq_text_table tt;
    sq_text_table_init(&tt, 1 + SQ_BATCH_SIZES);
    sq_text_table_add(&tt, "variant");
    for (int s = 0; s < SQ_BATCH_SIZES; s++)
        sq_text_table_add(&tt, "%s", sq_batch_size_label[s]);
    char buf[64];
    for (int i = 0; i < n; i++) {
        sq_text_table_add(&tt, "%s", rows[i].variant->id);
        for (int s = 0; s < SQ_BATCH_SIZES; s++) {
            cell(buf, sizeof buf, rows[i].cycles[s]);
            sq_text_table_add(&tt, "%s", buf);
        }
    }
    sq_doc_table(&d, &tt, 36, 12);
    sq_text_table_free(&tt);

    sq_doc_heading(&d, 2, "best per CPU feature level (hand-written asm, %s)",
                   sq_batch_size_label[0]);
    sq_text_table_init(&tt, 1 + sq_batch_family_count);
    sq_text_table_add(&tt, "level");
    for (int f = 0; f < sq_batch_family_count; f++)
        sq_text_table_add(&tt, "%s", sq_batch_families[f].name);
    for (int l = 0; l < sq_batch_level_count; l++) {
        sq_text_table_add(&tt, "%s", sq_batch_levels[l]);
        for (int f = 0; f < sq_batch_family_count; f++) {
            const sq_batch_row *b = best_at(rows, n, &sq_batch_families[f], l);
            if (b)
                cell(buf, sizeof buf, b->cycles[0]);
            sq_text_table_add(&tt, "%s%s%s", b ? buf : "-", b ? " " : "",
                              b ? b->variant->technique : "");
        }
    }
    sq_doc_table(&d, &tt, 10, 22);
    sq_text_table_free(&tt);

    if (*skipped)
        sq_doc_note(&d, "%s", skipped);
    sq_doc_note(&d,
                "median of %d repetitions (each the fastest of %d samples of %.0f us) ± half its "
                "95%% interval; random squares; cycles from the add-chain calibration "
                "(%.2f GHz core)",
                t->reps, t->samples, t->sample_s * 1e6, cal->core_hz / 1e9);
    sq_doc_note(&d, "machine: %s (family 0x%x model 0x%x)", cal->machine.brand, cal->machine.family,
                cal->machine.model);
    sq_doc_finish(&d);
}

int sq_cmd_batch(int argc, char **argv) {
    const char *filter = NULL, *format_s = "table", *output = NULL;
    bool quick = false;
    const sq_option opts[] = {{"--filter", &filter, NULL},
                              {"--format", &format_s, NULL},
                              {"--output", &output, NULL},
                              {"--quick", NULL, &quick}};
    sq_parse_options("batch", argc, argv, opts, sizeof opts / sizeof opts[0], NULL, 0, NULL);
    int format = sq_choice("batch", "--format", format_s, "table|markdown|csv");

    bool chosen[sq_batch_variant_count];
    sq_id_table table = {sq_batch_variants, sizeof sq_batch_variants[0], sq_batch_variant_count,
                         chosen};
    char err[512];
    if (sq_globs_select(filter, &table, 1, err, sizeof err) < 0)
        sq_usage_error("batch", "%s", err);
    const sq_batch_variant *vs[sq_batch_variant_count], *run[sq_batch_variant_count];
    int n = 0;
    for (int i = 0; i < sq_batch_variant_count; i++)
        if (chosen[i])
            vs[n++] = &sq_batch_variants[i];

    sq_output out_file;
    FILE *out = stdout;
    if (output) {
        if (sq_output_open(&out_file, output, err, sizeof err))
            sq_usage_error("batch", "%s", err);
        out = out_file.fp;
    }
    bool progress = isatty(STDERR_FILENO) && !(getenv("CI") && strcmp(getenv("CI"), "true") == 0);
    if (progress)
        fprintf(stderr, "sqcolor batch: verifying %d variants\r", n);
    /* Truth first: failures on stderr stop the command. */
    if (!sq_batch_verify_all(vs, n, true, stderr)) {
        if (output)
            sq_output_abort(&out_file);
        return SQ_EXIT_FAIL;
    }
    char skipped[2200];
    int nrun = sq_batch_gate(vs, n, run, skipped, sizeof skipped);

    sq_batch_timing t = sq_batch_timing_defaults(quick);
    sq_calibration_config ccfg = sq_calibration_defaults();
    ccfg.reps = quick ? 5 : 11;
    sq_calibration cal;
    sq_calibrate_clock(&ccfg, &cal);
    sq_batch_row *rows = calloc((size_t)(nrun ? nrun : 1), sizeof *rows);
    for (int i = 0; rows && i < nrun; i++)
        rows[i].variant = run[i];
    if (!rows || sq_batch_time(rows, nrun, &t, &ccfg, &cal, progress)) {
        fprintf(stderr, "sqcolor batch: out of memory\n");
        if (output)
            sq_output_abort(&out_file);
        return SQ_EXIT_FAIL;
    }
    if (format == FORMAT_CSV)
        write_csv(out, rows, nrun);
    else
        write_doc(out, format == FORMAT_MARKDOWN ? SQ_DOC_MARKDOWN : SQ_DOC_TEXT, rows, nrun,
                  skipped, &cal, &t);
    free(rows);
    if (output && sq_output_commit(&out_file, err, sizeof err)) {
        fprintf(stderr, "sqcolor batch: %s\n", err);
        return SQ_EXIT_USAGE;
    }
    return SQ_EXIT_OK;
}
