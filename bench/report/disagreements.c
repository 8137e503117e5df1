#include "bench/report/disagreements.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool sq_model_off(double model, double measured) {
    if (!isfinite(model) || !isfinite(measured))
        return false;
    char shown[32];
    snprintf(shown, sizeof shown, "%.2f", fabs(measured - model));
    return strtod(shown, NULL) >= SQ_MODEL_TOLERANCE;
}

/* Whether every one of want[0..nwant) is among have[0..nhave). */
static bool holds_all(const char *const *have, int nhave, const char *const *want, int nwant) {
    for (int w = 0; w < nwant; w++) {
        bool found = false;
        for (int h = 0; h < nhave && !found; h++)
            found = strcmp(have[h], want[w]) == 0;
        if (!found)
            return false;
    }
    return nwant > 0;
}

int sq_disagreements_find(const sq_form_figure *forms, int nforms,
                          const sq_variant_figure *variants, int nvariants, sq_disagreements *out) {
    size_t nf = (size_t)nforms, nv = (size_t)nvariants;
    *out = (sq_disagreements){nforms,
                              nvariants,
                              calloc(nf + 1, 1),
                              calloc(nf * nv + 1, 1),
                              calloc(nv + 1, 1),
                              calloc(nv + 1, 1),
                              0};
    if (!out->form_off || !out->explains || !out->lat_left || !out->thr_left) {
        sq_disagreements_free(out);
        return -1;
    }
    for (int f = 0; f < nforms; f++)
        out->form_off[f] = sq_model_off(forms[f].model, forms[f].measured);
    for (int v = 0; v < nvariants; v++) {
        const sq_variant_figure *x = &variants[v];
        out->thr_left[v] = sq_model_off(x->thr_model, x->thr_measured);
        if (!sq_model_off(x->lat_model, x->lat_measured))
            continue;
        bool explained = false;
        for (int f = 0; f < nforms; f++) {
            const sq_form_figure *form = &forms[f];
            bool same_way = (x->lat_measured - x->lat_model) * (form->measured - form->model) > 0;
            bool e = out->form_off[f] && form->dependent && same_way &&
                     holds_all(x->forms, x->nforms, form->forms, form->nforms);
            out->explains[(size_t)f * nv + (size_t)v] = e;
            explained |= e;
        }
        out->lat_left[v] = !explained;
        out->explained += explained;
    }
    return 0;
}

void sq_disagreements_free(sq_disagreements *d) {
    free(d->form_off);
    free(d->explains);
    free(d->lat_left);
    free(d->thr_left);
    memset(d, 0, sizeof *d);
}
