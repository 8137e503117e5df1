/* disasm --results: llvm-mca's prediction for each variant's routine beside
 * what a saved run of this machine measured, and, with calibrate's
 * instruction-form file, its model of each instruction form beside that
 * measurement: the page lists where they disagree, grouped by the
 * instruction form that explains a disagreement (disagreements.h), then by
 * technique. */
#ifndef SQCOLOR_MODEL_VS_MEASUREMENT_H
#define SQCOLOR_MODEL_VS_MEASUREMENT_H

#include "bench/code/chain_code.h"
#include "bench/code/mca.h"
#include "bench/render/doc.h"
#include "bench/report/disagreements.h"
#include "bench/results/forms_file.h"
#include "bench/results/results.h"
#include "bench/results/summary.h"

#include <stdbool.h>
#include <stddef.h>

/* Whether what was measured on there can be set beside this binary's code on
 * host: the same CPU (sq_same_cpu), else false with a reason in err. Another
 * machine's run timed code built for that machine (-march=native) that
 * llvm-mca would be modelling for this one. */
bool sq_measured_here(const sq_machine *there, const sq_machine *host, char *err, size_t errlen);

/* What the page sets side by side. */
typedef struct sq_model_page {
    const sq_run *run;
    const char *run_path;
    const sq_forms_file *forms; /* NULL: no instruction-form file */
    const char *forms_path;
    bool markdown;
    bool all;      /* every variant's row as well, a table per family */
    bool progress; /* a progress line on stderr while llvm-mca works */
} sq_model_page;

/* One variant: its routine's instructions and forms, the model's latency and
 * reciprocal throughput, the run's headline figures. */
typedef struct sq_model_row {
    const sq_variant *v;
    int insns;            /* 0: not decoded */
    bool branches;        /* a conditional branch in the routine: no latency to predict */
    sq_prediction p;      /* NAN: no prediction; p.rthroughput: the throughput loop's,
                             net of its harness, per square (loop_model.h) */
    sq_headline lat, thr; /* measured */
    int nforms;
    const char **forms; /* the forms its routine holds (heap) */
} sq_model_row;

/* One chain of the instruction-form file that this binary holds as it was
 * measured: its code, the model's cycles per link and the measurement. */
typedef struct sq_model_form {
    const sq_chain *chain;
    sq_chain_code code;
    double model;
    sq_stats measured;
} sq_model_form;

/* A headline's median where it is a figure (NAN: control dependent, missing);
 * model_disagreements.c. */
double sq_model_measured(const sq_headline *h);

/* The page's sections of disagreements (model_disagreements.c): the forms
 * that disagree, each with the variants whose latency it explains, then by
 * technique what no form explains. forms NULL: no instruction-form file. */
void sq_model_disagreements(sq_doc *d, const sq_model_row *rows, int n, const sq_model_form *forms,
                            int nforms, const sq_disagreements *dis);

/* The document, table or Markdown, for vs[0..n) with model (NULL: none).
 * SQ_EXIT_FAIL when a routine cannot be decoded, SQ_FAILED_MEMORY
 * (failure.h) when the document found no memory. */
int sq_model_vs_measurement(const sq_variant *const *vs, int n, sq_mca_model *model,
                            const sq_model_page *page);

#endif
