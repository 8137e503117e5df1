#include "bench/report/model_vs_measurement.h"
#include "bench/report/code_listing.h"

#include "bench/code/loop_model.h"
#include "bench/machine/cpu_model.h"
#include "bench/results/cells.h"
#include "bench/util/escape.h"
#include "bench/util/exit_status.h"
#include "bench/util/failure.h"
#include "bench/util/progress.h"
#include "sq_version.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

bool sq_measured_here(const sq_machine *there, const sq_machine *host, char *err, size_t errlen) {
    if (sq_same_cpu(there, host))
        return true;
    /* The same family and model from another vendor: the vendor is what
     * differs, so both names say it. */
    bool vendors = strcmp(there->vendor, host->vendor) != 0;
    char a[160], b[160];
    cpu_named(a, sizeof a, there, vendors);
    cpu_named(b, sizeof b, host, vendors);
    snprintf(err, errlen,
             "measured on %s, not on this CPU, %s: only this machine's runs are set beside its "
             "code",
             a, b);
    return false;
}

/* ---- every variant's row (--all) ---------------------------------------------- */

/* "+0.51 !" for a disagreement, "-" where there is no figure. */
static void difference(char *buf, size_t len, double model, const sq_headline *h) {
    double measured = sq_model_measured(h);
    if (!isfinite(measured) || !isfinite(model)) {
        snprintf(buf, len, "-");
        return;
    }
    char shown[32];
    snprintf(shown, sizeof shown, "%.2f", fabs(measured - model));
    const char *sign = strcmp(shown, "0.00") == 0 ? "" : measured < model ? "-" : "+";
    snprintf(buf, len, "%s%s%s", sign, shown, sq_model_off(model, measured) ? " !" : "");
}

static void model_cell(sq_text_table *t, double x) {
    if (isfinite(x))
        sq_text_table_add(t, "%.2f", x);
    else
        sq_text_table_add(t, "-");
}

static void family_table(sq_doc *d, const sq_family *fam, const sq_model_row *rows, int n) {
    sq_text_table t;
    sq_text_table_init(&t, 8);
    static const char *const head[] = {"variant", "insns",   "lat mca",      "lat measured",
                                       "Δ lat",   "thr mca", "thr measured", "Δ thr"};
    for (size_t k = 0; k < sizeof head / sizeof head[0]; k++)
        sq_text_table_add(&t, "%s", head[k]);
    for (int i = 0; i < n; i++) {
        const sq_model_row *r = &rows[i];
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

/* ---- gathering ----------------------------------------------------------------- */

/* llvm-mca on v's routine and throughput loop, into r->p; model set NULL when
 * llvm-mca took too long (said once). */
static void predict(sq_mca_model **model, const sq_variant *v, const sq_code *code,
                    sq_model_row *r) {
    char err[700];
    r->p = (sq_prediction){NAN, NAN};
    if (*model && r->insns && !sq_predict(*model, code, &r->p, err, sizeof err)) {
        r->p = (sq_prediction){NAN, NAN};
        if (sq_mca_hung((*model)->tool, err, sizeof err)) {
            sq_disasm_say("%s: no predictions", err);
            *model = NULL;
        } else {
            sq_disasm_say("%s: %s", v->id, err);
        }
    }
    /* llvm-mca runs straight through a branch, as if never taken: a chain
     * through one has no latency, in the model as in the run. */
    if (r->branches)
        r->p.latency = NAN;
    /* Throughput on the measurement's basis: the loop timed, less its harness. */
    if (*model) {
        r->p.rthroughput = sq_loop_model_net(*model, v, SQ_KERNEL_THROUGHPUT, err, sizeof err);
        if (isnan(r->p.rthroughput))
            sq_disasm_say("%s throughput loop: %s", v->id, err);
    }
}

/* The distinct forms of v's routine into r (heap); false when it cannot be
 * read or memory runs out (said on stderr). */
static bool routine_forms(const sq_variant *v, sq_model_row *r) {
    enum { MAX = SQ_MAX_INSNS };
    char(*forms)[SQ_FORM_TEXT] = malloc(sizeof *forms * MAX), err[400];
    const uint8_t *code;
    size_t size;
    r->nforms = !forms ? -1
                : sq_routine_bytes(v, &code, &size, err, sizeof err)
                    ? sq_code_forms(code, size, (uint64_t)(uintptr_t)code, INT_MAX, true, forms,
                                    MAX, err, sizeof err)
                    : -1;
    r->forms =
        r->nforms > 0
            ? malloc(sizeof *r->forms * (size_t)r->nforms + sizeof *forms * (size_t)r->nforms)
            : NULL;
    if (r->forms) { /* the pointers, then the texts, in one block */
        char(*texts)[SQ_FORM_TEXT] = (void *)(r->forms + r->nforms);
        memcpy(texts, forms, sizeof *forms * (size_t)r->nforms);
        for (int k = 0; k < r->nforms; k++)
            r->forms[k] = texts[k];
    } else if (r->nforms != 0) {
        sq_disasm_say("%s: its instruction forms: %s", v->id,
                      forms && r->nforms < 0 ? err : "out of memory");
        r->nforms = 0;
    }
    free(forms);
    return r->forms || !r->nforms;
}

/* The file's chains this binary holds as they were measured, into out (room
 * for every row): a chain it lacks or holds as other code is left out, said
 * on stderr. Returns how many. */
static int gather_forms(const sq_model_page *page, sq_mca_model *model, sq_model_form *out) {
    int n = 0, nrows = page->forms ? page->forms->nrows : 0;
    sq_progress bar;
    sq_progress_start(&bar, page->progress && model ? stderr : NULL, "sqcolor disasm",
                      "instruction forms", nrows);
    sq_mca_batch *ahead = model ? sq_mca_batch_start(model) : NULL;
    for (int i = 0; ahead && i < nrows; i++) {
        const sq_chain *c = sq_chain_find(page->forms->rows[i].chain);
        if (c)
            sq_chain_model_ahead(ahead, c);
    }
    sq_mca_batch_run(ahead);
    for (int i = 0; i < nrows; i++) {
        const sq_form_row *row = &page->forms->rows[i];
        sq_progress_count(&bar, i);
        sq_model_form *f = &out[n];
        char err[600], link[sizeof row->link], shown[200], shown2[200];
        f->chain = sq_chain_find(row->chain);
        if (!f->chain) {
            sq_disasm_say("%s: this binary has no chain '%s': left out",
                          sq_text_shown(page->forms_path, shown2, sizeof shown2),
                          sq_text_shown(row->chain, shown, sizeof shown));
            continue;
        }
        if (!sq_chain_code_of(f->chain, &f->code, err, sizeof err)) {
            sq_disasm_say("%s", err);
            continue;
        }
        sq_chain_link_text(&f->code, link, sizeof link);
        if (strcmp(link, row->link) != 0) {
            sq_disasm_say("%s: chain %s measured as '%s', this binary holds '%s': "
                          "left out\n",
                          sq_text_shown(page->forms_path, shown2, sizeof shown2), f->chain->name,
                          sq_text_shown(row->link, shown, sizeof shown), link);
            continue;
        }
        f->measured = row->cycles;
        f->model = model ? sq_chain_model(model, f->chain, err, sizeof err) : NAN;
        if (model && isnan(f->model))
            sq_disasm_say("%s", err);
        n++;
    }
    sq_progress_clear(&bar);
    return n;
}

/* The rule's inputs: each form's and each variant's figures. */
static int find(const sq_model_row *rows, int n, const sq_model_form *forms, int nforms,
                sq_disagreements *dis) {
    sq_form_figure *ff = calloc((size_t)nforms + 1, sizeof *ff);
    sq_variant_figure *vf = calloc((size_t)n + 1, sizeof *vf);
    const char *(*link_forms)[SQ_LINK_MAX] = calloc((size_t)nforms + 1, sizeof *link_forms);
    int rc = -1;
    if (ff && vf && link_forms) {
        for (int f = 0; f < nforms; f++) {
            for (int k = 0; k < forms[f].code.nforms; k++)
                link_forms[f][k] = forms[f].code.form[k];
            ff[f] = (sq_form_figure){link_forms[f], forms[f].code.nforms, forms[f].chain->dependent,
                                     forms[f].model, forms[f].measured.median};
        }
        for (int i = 0; i < n; i++)
            vf[i] = (sq_variant_figure){rows[i].forms,         rows[i].nforms,
                                        rows[i].p.latency,     sq_model_measured(&rows[i].lat),
                                        rows[i].p.rthroughput, sq_model_measured(&rows[i].thr)};
        rc = sq_disagreements_find(ff, nforms, vf, n, dis);
    }
    free(ff);
    free(vf);
    free(link_forms);
    return rc;
}

static void intro(sq_doc *d, const sq_mca_model *model, const sq_model_page *page) {
    char text[600], shown[300], shown2[300];
    if (model)
        sq_mca_model_text(model, text, sizeof text);
    char why[700];
    bool slow = !model && sq_mca_hung(sq_mca_installed(), why, sizeof why);
    sq_doc_paragraph(d, "Model: %s.",
                     model  ? text
                     : slow ? "none (llvm-mca took too long)"
                            : "none (llvm-mca not found)");
    snprintf(text, sizeof text, "the run %s (sqcolor %s)", page->run_path, page->run->commit);
    if (page->forms)
        sq_doc_paragraph(d,
                         "Measured: %s, and the instruction forms %s (sqcolor calibrate, sqcolor "
                         "%s, %d repetitions a chain).",
                         text, sq_text_shown(page->forms_path, shown, sizeof shown),
                         sq_text_shown(page->forms->commit, shown2, sizeof shown2),
                         page->forms->reps);
    else
        sq_doc_paragraph(d, "Measured: %s.", text);
    sq_doc_paragraph(
        d,
        "Only what disagrees is listed: a figure where llvm-mca's model and the measurement are "
        "%.1f cycle or more apart as printed, to two decimals. First the instruction forms: "
        "calibrate times dependent chains of instruction forms the techniques use, and llvm-mca "
        "models "
        "that very loop; a form they disagree on comes with the variants whose latency it "
        "explains: their routine holds the form (every form of the chain, as capstone decodes "
        "both) and their latency is off the same way, the model too slow for both or too fast "
        "for both. One latency may be explained by more than one form. Then, by technique, "
        "what no form explains: every throughput (calibrate times latencies), and the latencies "
        "of routines holding no such form or off the other way.",
        SQ_MODEL_TOLERANCE);
}

static void notes(sq_doc *d, const sq_model_page *page) {
    sq_doc_note(d, "mca: llvm-mca's prediction. lat: for the callable routine as this binary "
                   "holds it, without its ret, the cycles per iteration with its result fed back "
                   "into its input through one xor, less that xor's latency in the same model. "
                   "thr: on the measurement's basis, the throughput loop the run times less its "
                   "harness loop (the same loop around an identity body), block reciprocal "
                   "throughputs, per square (pair). A form's: the cycles per link of the loop "
                   "calibrate times (64 links, a dec and a jump), from llvm-mca's total cycles.");
    sq_doc_note(d, "measured: the run's headline latency and throughput, medians over sequences "
                   "(‖: cells at two speeds left out, as in sqcolor report), of the same body "
                   "inlined in the timing loop (the asm macro; the C function as each compiler "
                   "inlined it, which may hoist a constant or drop a register move the routine "
                   "has), net of a harness: a throughput can hide in the harness's slack and read "
                   "below the model's. A form's: the median over calibrate's repetitions, core "
                   "cycles per link.");
    sq_doc_note(d,
                "Δ = measured - mca; listed (and marked ! in the tables of every variant) from "
                "%.2f apart as printed; - where a side is missing (a variant not in the file, no "
                "prediction), † where the variant's chain runs through a branch and has no "
                "latency (in the model's column: the routine holds a conditional branch, which "
                "llvm-mca runs straight through).",
                SQ_MODEL_TOLERANCE);
    if (strcmp(page->run->commit, SQCOLOR_COMMIT) != 0)
        sq_doc_note(d,
                    "The run was timed by sqcolor %s and this binary is %s: where their code "
                    "differs, the measurement is of other code.",
                    page->run->commit, SQCOLOR_COMMIT);
}

/* llvm-mca once for what predict() will ask of vs[0..n) (mca.h's batch);
 * code is the scratch room. */
static void predict_ahead(const sq_variant *const *vs, int n, sq_mca_model *model, sq_code *code) {
    sq_mca_batch *b = model ? sq_mca_batch_start(model) : NULL;
    for (int i = 0; b && i < n; i++) {
        sq_mca_batch_routine(b, vs[i], code);
        sq_loop_model_ahead(b, vs[i], SQ_KERNEL_THROUGHPUT);
    }
    sq_mca_batch_run(b);
}

/* vs[0..n)'s rows: code, llvm-mca's prediction (*model set NULL when it
 * hangs), forms and the run's figures, a progress line counting them (code
 * is room for one routine's). Returns the variants that failed. */
static int gather_rows(const sq_variant *const *vs, int n, sq_mca_model **model,
                       const sq_model_page *page, sq_variant_rows *by_variant, sq_code *code,
                       sq_model_row *rows) {
    sq_progress bar;
    sq_progress_start(&bar, page->progress ? stderr : NULL, "sqcolor disasm", "routines", n);
    int failures = 0;
    predict_ahead(vs, n, *model, code);
    for (int i = 0; i < n; i++) {
        sq_model_row *r = &rows[i];
        char err[700];
        sq_progress_count(&bar, i);
        r->v = vs[i];
        if (sq_disassemble(vs[i], code, err, sizeof err)) {
            r->insns = code->count;
            r->branches = sq_code_has_branch(code);
        } else {
            sq_disasm_say("%s", err);
            failures++;
        }
        predict(model, vs[i], code, r);
        failures += !routine_forms(vs[i], r);
        const sq_run *mine = sq_variant_rows_of(by_variant, vs[i]->id);
        r->lat = sq_headline_of(mine, vs[i]->id, SQ_HEADLINE_LATENCY);
        r->thr = sq_headline_of(mine, vs[i]->id, SQ_HEADLINE_THROUGHPUT);
    }
    sq_progress_clear(&bar);
    return failures;
}

int sq_model_vs_measurement(const sq_variant *const *vs, int n, sq_mca_model *model,
                            const sq_model_page *page) {
    sq_model_row *rows = calloc((size_t)n + 1, sizeof *rows);
    sq_model_form *forms = calloc(SQ_FORMS_MAX, sizeof *forms);
    sq_code *code = malloc(sizeof *code); /* tens of kilobytes: not on the stack */
    sq_variant_rows by_variant;
    bool indexed = rows && forms && code && sq_variant_rows_init(&by_variant, page->run) == 0;
    if (!indexed) {
        free(rows);
        free(forms);
        free(code);
        sq_disasm_say("out of memory");
        return SQ_EXIT_FAIL;
    }
    int failures = gather_rows(vs, n, &model, page, &by_variant, code, rows);
    sq_variant_rows_free(&by_variant);
    free(code);
    int nforms = gather_forms(page, model, forms);
    sq_disagreements dis;
    int found = find(rows, n, forms, nforms, &dis);

    sq_doc d;
    char cpu[96], title[160];
    sq_cpu_label(cpu, sizeof cpu, &page->run->machine);
    snprintf(title, sizeof title, "Where llvm-mca's model and the measurement disagree on %s", cpu);
    sq_doc_open(&d, stdout, page->markdown ? SQ_DOC_MARKDOWN : SQ_DOC_TEXT, title);
    intro(&d, model, page);
    if (found == 0)
        sq_model_disagreements(&d, rows, n, page->forms ? forms : NULL, nforms, &dis);
    else
        sq_doc_out_of_memory(&d);
    if (page->all) /* every variant's row, a table per family */
        for (int f = 0; f < sq_family_count; f++)
            for (int i = 0; i < n; i++)
                if (rows[i].v->family == &sq_families[f]) {
                    family_table(&d, &sq_families[f], rows, n);
                    break;
                }
    notes(&d, page);
    if (found == 0)
        sq_disagreements_free(&dis);
    for (int i = 0; i < n; i++)
        free(rows[i].forms);
    free(rows);
    free(forms);
    /* A write error to standard output shows at exit (main.c). */
    if (sq_doc_finish(&d) == SQ_FAILED_MEMORY)
        return SQ_FAILED_MEMORY;
    return failures ? SQ_EXIT_FAIL : SQ_EXIT_OK;
}
