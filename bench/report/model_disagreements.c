/* The sections of disasm --results that list disagreements: the instruction
 * forms llvm-mca gets wrong, each with the variants whose latency it
 * explains, then by technique what no form explains (disagreements.h). A
 * technique's impls whose figures print alike share a row. */
#include "bench/report/model_vs_measurement.h"

#include "bench/code/code_groups.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LAT, THR };

double sq_model_measured(const sq_headline *h) {
    return !h->control_dependent && h->ncells && isfinite(h->median) ? h->median : NAN;
}

static void cycles_cell(char *buf, size_t len, double x) {
    snprintf(buf, len, isfinite(x) ? "%.2f" : "-", x);
}

/* measured - model as printed: "+1.00", "-0.51". */
static void delta_cell(char *buf, size_t len, double model, double measured) {
    char shown[24];
    snprintf(shown, sizeof shown, "%.2f", fabs(measured - model));
    snprintf(buf, len, "%s%s",
             strcmp(shown, "0.00") == 0 ? ""
             : measured < model         ? "-"
                                        : "+",
             shown);
}

static bool same_technique(const sq_model_row *a, const sq_model_row *b) {
    return a->v->family == b->v->family && strcmp(a->v->technique, b->v->technique) == 0;
}

/* Whether rows[i] is the first of its technique. */
static bool first_of_technique(const sq_model_row *rows, int i) {
    for (int j = 0; j < i; j++)
        if (same_technique(&rows[j], &rows[i]))
            return false;
    return true;
}

/* The figure of kind (LAT, THR) as printed, model then measured. */
static void figures(const sq_model_row *r, int kind, char *model, char *measured, size_t len) {
    cycles_cell(model, len, kind == LAT ? r->p.latency : r->p.rthroughput);
    cycles_cell(measured, len, sq_model_measured(kind == LAT ? &r->lat : &r->thr));
}

/* The rows of rows[first]'s technique that listed[] marks, for the figure of
 * kind: one table row per set of impls whose figures print alike (technique,
 * impls, [the figure's name,] mca, measured, Δ). */
static void technique_rows(sq_text_table *t, const sq_model_row *rows, int n, int first,
                           const bool *listed, int kind, bool named) {
    const char *names[128];
    int idx[128], members[128], count = 0;
    for (int i = first; i < n && count < 128; i++)
        if (same_technique(&rows[i], &rows[first])) {
            names[count] = rows[i].v->impl;
            idx[count++] = i;
        }
    bool done[128] = {false};
    for (int k = 0; k < count; k++) {
        if (done[k] || !listed[idx[k]])
            continue;
        char model[32], measured[32], m2[32], s2[32], impls[600], delta[32];
        figures(&rows[idx[k]], kind, model, measured, sizeof model);
        int nmembers = 0;
        for (int j = k; j < count; j++) {
            if (done[j] || !listed[idx[j]])
                continue;
            figures(&rows[idx[j]], kind, m2, s2, sizeof m2);
            if (strcmp(m2, model) == 0 && strcmp(s2, measured) == 0) {
                done[j] = true;
                members[nmembers++] = j;
            }
        }
        sq_impl_set_text(impls, sizeof impls, names, count, members, nmembers, ", ");
        delta_cell(delta, sizeof delta, strtod(model, NULL), strtod(measured, NULL));
        sq_text_table_add(t, "%s/%s", rows[first].v->family->name, rows[first].v->technique);
        sq_text_table_add(t, "%s", impls);
        if (named)
            sq_text_table_add(t, "%s", kind == LAT ? "latency" : "throughput");
        sq_text_table_add(t, "%s", model);
        sq_text_table_add(t, "%s", measured);
        sq_text_table_add(t, "%s", delta);
    }
}

static void header(sq_text_table *t, const char *const *head, int n) {
    sq_text_table_init(t, n);
    for (int k = 0; k < n; k++)
        sq_text_table_add(t, "%s", head[k]);
}

/* A form's forms joined: "test r32, imm; setp r8". */
static void forms_text(const sq_model_form *f, char *buf, size_t len) {
    size_t used = 0;
    buf[0] = 0;
    for (int k = 0; k < f->code.nforms && used < len; k++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", k ? "; " : "", f->code.form[k]);
}

static int explained_by(const sq_disagreements *dis, int f, int n) {
    int count = 0;
    for (int i = 0; i < n; i++)
        count += dis->explains[(size_t)f * (size_t)n + (size_t)i];
    return count;
}

static void forms_section(sq_doc *d, const sq_model_row *rows, int n, const sq_model_form *forms,
                          int nforms, const sq_disagreements *dis) {
    sq_doc_heading(d, 2, "Instruction forms");
    char text[400], link[600], agree[4000], cell[32];
    size_t used = 0;
    int off = 0;
    agree[0] = 0;
    for (int f = 0; f < nforms; f++) {
        off += dis->form_off[f];
        forms_text(&forms[f], text, sizeof text);
        if (!dis->form_off[f] && used < sizeof agree)
            used += (size_t)snprintf(agree + used, sizeof agree - used, "%s%s (%s)",
                                     used ? ", " : "", forms[f].chain->name, text);
    }
    if (!off) {
        sq_doc_paragraph(d,
                         "llvm-mca agrees within %.1f cycle with each of the %d chains "
                         "calibrate timed: %s.",
                         SQ_MODEL_TOLERANCE, nforms, agree);
        return;
    }
    static const char *const head[] = {"form", "chain: one link",    "mca", "measured",
                                       "Δ",    "latencies explained"};
    sq_text_table t;
    header(&t, head, 6);
    for (int f = 0; f < nforms; f++) {
        if (!dis->form_off[f])
            continue;
        forms_text(&forms[f], text, sizeof text);
        sq_chain_link_text(&forms[f].code, link, sizeof link);
        sq_text_table_add(&t, "%s", text);
        sq_text_table_add(&t, "%s: %s", forms[f].chain->name, link);
        sq_text_table_add(&t, "%.2f", forms[f].model);
        sq_text_table_add(&t, "%.2f", forms[f].measured.median);
        delta_cell(cell, sizeof cell, forms[f].model, forms[f].measured.median);
        sq_text_table_add(&t, "%s", cell);
        if (forms[f].chain->dependent)
            sq_text_table_add(&t, "%d", explained_by(dis, f, n));
        else
            sq_text_table_add(&t, "- (a throughput)");
    }
    sq_doc_table(d, &t, 24, 8);
    sq_text_table_free(&t);
    if (used)
        sq_doc_paragraph(d, "Within %.1f cycle of the model: %s.", SQ_MODEL_TOLERANCE, agree);
    static const char *const group_head[] = {"technique", "impls", "lat mca", "lat measured",
                                             "Δ lat"};
    bool *listed = malloc((size_t)n + 1);
    if (!listed) {
        sq_doc_out_of_memory(d);
        return;
    }
    for (int f = 0; f < nforms; f++) {
        if (!explained_by(dis, f, n))
            continue;
        forms_text(&forms[f], text, sizeof text);
        sq_doc_heading(d, 3, "%s: mca %.2f, measured %.2f cycles a link", text, forms[f].model,
                       forms[f].measured.median);
        sq_doc_paragraph(d, "%d latencies, of routines that hold it, off the same way:",
                         explained_by(dis, f, n));
        for (int i = 0; i < n; i++)
            listed[i] = dis->explains[(size_t)f * (size_t)n + (size_t)i];
        header(&t, group_head, 5);
        for (int i = 0; i < n; i++)
            if (first_of_technique(rows, i))
                technique_rows(&t, rows, n, i, listed, LAT, false);
        sq_doc_table(d, &t, 24, 8);
        sq_text_table_free(&t);
    }
    free(listed);
}

static void rest_section(sq_doc *d, const sq_model_row *rows, int n, bool with_forms,
                         const sq_disagreements *dis) {
    sq_doc_heading(d, 2, with_forms ? "By technique: what no form explains" : "By technique");
    int left = 0;
    for (int i = 0; i < n; i++)
        left += dis->lat_left[i] + dis->thr_left[i];
    if (!left) {
        sq_doc_paragraph(d, "Nothing.");
        return;
    }
    static const char *const head[] = {"technique", "impls", "figure", "mca", "measured", "Δ"};
    sq_text_table t;
    header(&t, head, 6);
    for (int i = 0; i < n; i++)
        if (first_of_technique(rows, i)) {
            technique_rows(&t, rows, n, i, dis->lat_left, LAT, true);
            technique_rows(&t, rows, n, i, dis->thr_left, THR, true);
        }
    sq_doc_table(d, &t, 24, 8);
    sq_text_table_free(&t);
}

void sq_model_disagreements(sq_doc *d, const sq_model_row *rows, int n, const sq_model_form *forms,
                            int nforms, const sq_disagreements *dis) {
    int lat = 0, thr = 0;
    for (int i = 0; i < n; i++) {
        lat += sq_model_off(rows[i].p.latency, sq_model_measured(&rows[i].lat));
        thr += dis->thr_left[i];
    }
    if (forms)
        sq_doc_paragraph(d,
                         "Of %d variants, %d latencies and %d throughputs disagree; instruction "
                         "forms explain %d of the latencies.",
                         n, lat, thr, dis->explained);
    else
        sq_doc_paragraph(d,
                         "Of %d variants, %d latencies and %d throughputs disagree. No "
                         "instruction-form file was given (--forms, written by 'sqcolor "
                         "calibrate --format json'): no disagreement is set beside a form.",
                         n, lat, thr);
    if (forms)
        forms_section(d, rows, n, forms, nforms, dis);
    rest_section(d, rows, n, forms != NULL, dis);
}
