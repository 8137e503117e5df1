/* Where llvm-mca's model and the measurement disagree, and which instruction
 * form explains a disagreement: the rule behind disasm --results, on plain
 * figures (a test gives it known answers).
 *
 * A figure disagrees when model and measurement are SQ_MODEL_TOLERANCE
 * cycle or more apart as printed. An instruction form (a chain calibrate
 * times) that disagrees explains a variant's latency when the variant's
 * routine holds every form the chain stands for, the chain is a latency (a
 * dependent chain), and the variant's latency disagrees the same way (the
 * model too slow for both, or too fast for both). Throughputs are never
 * explained by a form: calibrate times latencies. */
#ifndef SQCOLOR_DISAGREEMENTS_H
#define SQCOLOR_DISAGREEMENTS_H

#include <stdbool.h>

/* Cycles: a model and a measurement this far apart or more disagree. */
#define SQ_MODEL_TOLERANCE 0.5

/* Whether measured and model are SQ_MODEL_TOLERANCE or more apart as printed,
 * to two decimals: 0.50 apart disagree, 0.49 do not. False when either is
 * not a number. */
bool sq_model_off(double model, double measured);

/* An instruction form as calibrate measured it, cycles per link. */
typedef struct sq_form_figure {
    const char *const *forms; /* the forms its link stands for */
    int nforms;
    bool dependent; /* a latency; false: a throughput (add_x8) */
    double model, measured;
} sq_form_figure;

/* A variant: the forms its routine holds and its four figures (NAN: none). */
typedef struct sq_variant_figure {
    const char *const *forms;
    int nforms;
    double lat_model, lat_measured, thr_model, thr_measured;
} sq_variant_figure;

typedef struct sq_disagreements {
    int nforms, nvariants;
    bool *form_off; /* [f]: form f disagrees */
    bool *explains; /* [f * nvariants + v]: form f explains variant v's latency */
    bool *lat_left; /* [v]: v's latency disagrees and no form explains it */
    bool *thr_left; /* [v]: v's throughput disagrees */
    int explained;  /* variants whose latency some form explains */
} sq_disagreements;

/* The disagreements of forms[0..nforms) and variants[0..nvariants) into out
 * (free with sq_disagreements_free). -1 when memory runs out. */
int sq_disagreements_find(const sq_form_figure *forms, int nforms,
                          const sq_variant_figure *variants, int nvariants, sq_disagreements *out);

void sq_disagreements_free(sq_disagreements *d);

#endif
