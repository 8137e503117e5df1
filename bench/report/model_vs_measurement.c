#include "bench/report/model_vs_measurement.h"

#include "bench/results/cells.h"
#include "bench/code/loop_model.h"
#include "bench/util/exit_status.h"
#include "bench/util/escape.h"
#include "bench/util/failure.h"
#include "bench/machine/cpu_model.h"
#include "bench/render/doc.h"
#include "sq_version.h"
#include "bench/results/summary.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How far apart measured and model are, as the table prints it. */
#define APART_LEN 32
static void apart(char *shown, double model, double measured) {
    snprintf(shown, APART_LEN, "%.2f", fabs(measured - model));
}

bool sq_model_off(double model, double measured) {
    if (!isfinite(model) || !isfinite(measured))
        return false;
    char shown[APART_LEN];
    apart(shown, model, measured);
    return strtod(shown, NULL) > SQ_MODEL_TOLERANCE;
}

/* "Genoa (family 0x19 model 0x11)", or "family 0x63 model 0x1" for a CPU the
 * table does not know: no text of a file's own but, with vendor, its vendor
 * first as a message shows a token ("AuthenticAMD Genoa (...)"). */
static void cpu_named(char *buf, size_t len, const sq_machine *m, bool vendor) {
    size_t n = 0;
    if (vendor) {
        char shown[64];
        snprintf(buf, len, "%s ", sq_token_shown(m->vendor, shown, sizeof shown));
        n = strlen(buf);
    }
    sq_cpu_short(buf + n, len - n, m);
    n = strlen(buf);
    if (sq_cpu_model_of(m))
        snprintf(buf + n, len - n, " (family 0x%x model 0x%x)", m->family, m->model);
}

bool sq_measured_here(const sq_run *run, const sq_machine *host, char *err, size_t errlen) {
    if (sq_same_cpu(&run->machine, host))
        return true;
    /* The same family and model from another vendor: the vendor is what
     * differs, so both names say it. */
    bool vendors = strcmp(run->machine.vendor, host->vendor) != 0;
    char there[160], here[160];
    cpu_named(there, sizeof there, &run->machine, vendors);
    cpu_named(here, sizeof here, host, vendors);
    snprintf(err, errlen,
             "measured on %s, not on this CPU, %s: only this machine's runs are set beside its "
             "code",
             there, here);
    return false;
}

/* One variant's row. */
typedef struct row {
    const sq_variant *v;
    int insns;            /* 0: not decoded */
    bool branches;        /* a conditional branch in the routine: no latency to predict */
    sq_prediction p;      /* NAN: no prediction; p.rthroughput: the throughput loop's,
                             net of its harness, per square (loop_model.h) */
    sq_headline lat, thr; /* measured */
} row;

/* "+0.51 !" for a difference past the tolerance, "-" where there is none. */
static void difference(char *buf, size_t len, double model, const sq_headline *h) {
    bool measured = !h->control_dependent && h->ncells && isfinite(h->median);
    if (!measured || !isfinite(model)) {
        snprintf(buf, len, "-");
        return;
    }
    char shown[APART_LEN];
    apart(shown, model, h->median);
    const char *sign = strcmp(shown, "0.00") == 0 ? "" : h->median < model ? "-" : "+";
    snprintf(buf, len, "%s%s%s", sign, shown, sq_model_off(model, h->median) ? " !" : "");
}

static void model_cell(sq_text_table *t, double x) {
    if (isfinite(x))
        sq_text_table_add(t, "%.2f", x);
    else
        sq_text_table_add(t, "-");
}

static void family_table(sq_doc *d, const sq_family *fam, const row *rows, int n) {
    sq_text_table t;
    sq_text_table_init(&t, 8);
    static const char *const head[] = {"variant", "insns",   "lat mca",      "lat measured",
                                       "Δ lat",   "thr mca", "thr measured", "Δ thr"};
    for (size_t k = 0; k < sizeof head / sizeof head[0]; k++)
        sq_text_table_add(&t, "%s", head[k]);
    for (int i = 0; i < n; i++) {
        const row *r = &rows[i];
        if (r->v->family != fam)
            continue;
        char cell[64];
        sq_text_table_add(&t, "%s/%s", r->v->technique, r->v->impl);
        sq_text_table_add(&t, "%d", r->insns);
        const sq_headline *measured[] = {&r->lat, &r->thr};
        const double model[] = {r->p.latency, r->p.rthroughput};
        for (int k = 0; k < 2; k++) {
            if (k == 0 && r->branches)
                sq_text_table_add(&t, "†");
            else
                model_cell(&t, model[k]);
            sq_headline_text(cell, sizeof cell, measured[k], 2);
            sq_text_table_add(&t, "%s", cell);
            difference(cell, sizeof cell, model[k], measured[k]);
            sq_text_table_add(&t, "%s", cell);
        }
    }
    sq_doc_heading(d, 2, "%s — core cycles %s", fam->name,
                   fam->arity == 2 ? "per pair" : "per square");
    sq_doc_table(d, &t, 24, 8);
    sq_text_table_free(&t);
}

int sq_model_vs_measurement(const sq_variant *const *vs, int n, sq_mca_model *model,
                            const sq_run *run, const char *path, bool markdown) {
    row *rows = calloc((size_t)n + 1, sizeof *rows);
    sq_code *code = malloc(sizeof *code); /* tens of kilobytes: not on the stack */
    if (!rows || !code) {
        free(rows);
        free(code);
        fprintf(stderr, "sqcolor disasm: out of memory\n");
        return SQ_EXIT_FAIL;
    }
    int failures = 0;
    sq_variant_rows by_variant;
    if (sq_variant_rows_init(&by_variant, run)) {
        free(rows);
        free(code);
        fprintf(stderr, "sqcolor disasm: out of memory\n");
        return SQ_EXIT_FAIL;
    }
    for (int i = 0; i < n; i++) {
        row *r = &rows[i];
        char err[700];
        r->v = vs[i];
        r->p = (sq_prediction){NAN, NAN};
        if (sq_disassemble(vs[i], code, err, sizeof err)) {
            r->insns = code->count;
            /* llvm-mca runs straight through a branch, as if never taken: a
             * chain through one has no latency, in the model as in the run. */
            r->branches = sq_code_has_branch(code);
            if (model && !sq_predict(model, code, &r->p, err, sizeof err)) {
                r->p = (sq_prediction){NAN, NAN};
                if (sq_mca_hung(model->tool, err, sizeof err)) {
                    /* llvm-mca too slow: said once, and asked no more */
                    fprintf(stderr, "sqcolor disasm: %s: no predictions\n", err);
                    model = NULL;
                } else {
                    fprintf(stderr, "sqcolor disasm: %s: %s\n", vs[i]->id, err);
                }
            }
        } else {
            fprintf(stderr, "sqcolor disasm: %s\n", err);
            failures++;
        }
        if (r->branches)
            r->p.latency = NAN;
        /* Throughput on the measurement's basis: the loop timed, less its harness. */
        if (model) {
            r->p.rthroughput =
                sq_loop_model_net(model, vs[i], SQ_KERNEL_THROUGHPUT, err, sizeof err);
            if (isnan(r->p.rthroughput))
                fprintf(stderr, "sqcolor disasm: %s throughput loop: %s\n", vs[i]->id, err);
        }
        const sq_run *mine = sq_variant_rows_of(&by_variant, vs[i]->id);
        r->lat = sq_headline_of(mine, vs[i]->id, SQ_HEADLINE_LATENCY);
        r->thr = sq_headline_of(mine, vs[i]->id, SQ_HEADLINE_THROUGHPUT);
    }
    sq_variant_rows_free(&by_variant);
    free(code);

    sq_doc d;
    char text[600], cpu[96];
    sq_cpu_label(cpu, sizeof cpu, &run->machine);
    snprintf(text, sizeof text, "llvm-mca beside the measurement on %s", cpu);
    sq_doc_open(&d, stdout, markdown ? SQ_DOC_MARKDOWN : SQ_DOC_TEXT, text);
    if (model)
        sq_mca_model_text(model, text, sizeof text);
    char why[700];
    bool slow = !model && sq_mca_hung(sq_mca_installed(), why, sizeof why);
    sq_doc_paragraph(&d, "Model: %s.",
                     model  ? text
                     : slow ? "none (llvm-mca took too long)"
                            : "none (llvm-mca not found)");
    sq_doc_paragraph(&d, "Measured: %s, sqcolor %s.", path, run->commit);
    for (int f = 0; f < sq_family_count; f++)
        for (int i = 0; i < n; i++)
            if (rows[i].v->family == &sq_families[f]) {
                family_table(&d, &sq_families[f], rows, n);
                break;
            }
    free(rows);
    sq_doc_note(&d, "mca: llvm-mca's prediction. lat: for the callable routine as this binary "
                    "holds it, without its ret, the cycles per iteration with its result fed back "
                    "into its input through one xor, less that xor's latency in the same model. "
                    "thr: on the measurement's basis, the throughput loop the run times less its "
                    "harness loop (the same loop around an identity body), block reciprocal "
                    "throughputs, per square (pair).");
    sq_doc_note(&d, "measured: the run's headline latency and throughput, medians over sequences "
                    "with their 95%% intervals (‖: cells at two speeds left out, as in sqcolor "
                    "report), of the same body inlined in the timing loop (the "
                    "asm macro; the C function as each compiler inlined it, which may hoist a "
                    "constant or drop a register move the routine has), net of a harness: a "
                    "throughput can hide in the harness's slack and read below the model's.");
    sq_doc_note(
        &d,
        "Δ = measured - mca; ! where they are more than %.1f cycle apart as printed "
        "(0.50 is not flagged, 0.51 is); - where a side is missing (a variant not in "
        "the file, no prediction), † where the variant's chain runs through a branch "
        "and has no latency (in the model's column: the routine holds a conditional branch, "
        "which llvm-mca runs straight through).",
        SQ_MODEL_TOLERANCE);
    if (strcmp(run->commit, SQCOLOR_COMMIT) != 0)
        sq_doc_note(&d,
                    "The run was timed by sqcolor %s and this binary is %s: where their code "
                    "differs, the measurement is of other code.",
                    run->commit, SQCOLOR_COMMIT);
    /* A write error to standard output shows at exit (main.c). */
    if (sq_doc_finish(&d) == SQ_FAILED_MEMORY)
        return SQ_FAILED_MEMORY;
    return failures ? SQ_EXIT_FAIL : SQ_EXIT_OK;
}
