#include "bench/compare/compare.h"

#include <stdlib.h>

/* The scalar rows matched, their drift found, tested and judged. */
static int compare_rows(sq_verdicts *v) {
    sq_row_pairs m;
    if (sq_match_rows(v->a, &v->ia, &v->ib, &m))
        return -1;
    v->tally.ndrift = sq_drift_find(m.a, m.b, m.matched, v->tally.drift);
    int rc = sq_scalar_test(&m, v->options.q, v->options.units, v->rows, &v->tally);
    sq_row_pairs_free(&m);
    if (!rc)
        v->counts =
            sq_compare_judge_rows(v->rows, v->tally.matched, v->options.q, v->options.fail_over);
    return rc;
}

int sq_compare(const sq_run *a, const sq_run *b, const sq_compare_options *o, sq_verdicts *out) {
    *out = (sq_verdicts){.a = a, .b = b, .options = *o};
    out->rows = calloc((size_t)a->nresults + 1, sizeof *out->rows);
    if (!out->rows || sq_compare_index_rows(a, &out->ia) || sq_compare_index_rows(b, &out->ib) ||
        compare_rows(out) ||
        sq_batch_compare(a, b, o->q, o->fail_over, o->units.runs, &out->batch)) {
        sq_verdicts_free(out);
        return -1;
    }
    return 0;
}

int sq_compare_gate(const sq_verdicts *v) {
    return v->counts.gate + v->batch.gate;
}

void sq_verdicts_free(sq_verdicts *v) {
    free(v->rows);
    free(v->ia.by_key);
    free(v->ib.by_key);
    sq_batch_comparison_free(&v->batch);
    *v = (sq_verdicts){0};
}
