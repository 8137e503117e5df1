#include "bench/results/code_check.h"

#include "bench/results/runs.h"
#include "bench/util/id_table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Latency and call rows time the routine's whole path, whatever loop is
 * around it (but a latency loop whose chain is not the routine's:
 * chain_apart); throughput and branch rows time their loop. */
static bool by_routine(const sq_result *r) {
    return (r->mode == SQ_MODE_LATENCY && !r->chain_apart) || r->mode == SQ_MODE_CALL;
}

const sq_code_fact *sq_row_code(const sq_run *run, const sq_result *r) {
    if (by_routine(r))
        return sq_run_code_of(run, r->variant->id);
    for (int i = 0; i < run->nloops; i++)
        if (run->loops[i].mode == r->mode && strcmp(run->loops[i].code.id, r->variant->id) == 0)
            return &run->loops[i].code;
    return NULL;
}

/* The facts by id: [SQ_MODE_COUNT] the routines', [mode] each mode's loops. */
typedef struct fact_index {
    sq_id_table by[SQ_MODE_COUNT + 1];
} fact_index;

static void index_free(fact_index *ix) {
    for (int m = 0; m <= SQ_MODE_COUNT; m++)
        sq_id_table_free(&ix->by[m]);
}

static int index_facts(fact_index *ix, const sq_run *run) {
    memset(ix, 0, sizeof *ix);
    for (int m = 0; m <= SQ_MODE_COUNT; m++)
        if (sq_id_table_init(&ix->by[m], (size_t)(m == SQ_MODE_COUNT ? run->ncode : run->nloops))) {
            index_free(ix);
            return -1;
        }
    for (int i = 0; i < run->ncode; i++)
        if (!sq_id_table_get(&ix->by[SQ_MODE_COUNT], run->code[i].id))
            sq_id_table_put(&ix->by[SQ_MODE_COUNT], run->code[i].id, &run->code[i]);
    for (int i = 0; i < run->nloops; i++) {
        sq_id_table *t = &ix->by[run->loops[i].mode];
        if (!sq_id_table_get(t, run->loops[i].code.id))
            sq_id_table_put(t, run->loops[i].code.id, &run->loops[i].code);
    }
    return 0;
}

static const sq_code_fact *code_of(const fact_index *ix, const sq_result *r) {
    return sq_id_table_get(&ix->by[by_routine(r) ? SQ_MODE_COUNT : r->mode], r->variant->id);
}

/* A row with the code it times, for sorting into groups. */
typedef struct coded {
    const sq_result *r;
    const sq_code_fact *code;
} coded;

/* Groups: one mode, sequence and code; within one, cheapest first. */
static int by_group(const void *x, const void *y) {
    const coded *a = x, *b = y;
    if (a->r->mode != b->r->mode)
        return a->r->mode < b->r->mode ? -1 : 1;
    int c = strcmp(a->r->sequence, b->r->sequence);
    if (c)
        return c;
    if (a->code->hash != b->code->hash)
        return a->code->hash < b->code->hash ? -1 : 1;
    if (a->code->bytes != b->code->bytes)
        return a->code->bytes < b->code->bytes ? -1 : 1;
    if (a->code->insns != b->code->insns)
        return a->code->insns < b->code->insns ? -1 : 1;
    double ma = a->r->cycles.median, mb = b->r->cycles.median;
    return (ma > mb) - (ma < mb);
}

static bool same_group(const coded *a, const coded *b) {
    return a->r->mode == b->r->mode && strcmp(a->r->sequence, b->r->sequence) == 0 &&
           sq_code_same(a->code, b->code);
}

int sq_code_mismatches(const sq_run *run, sq_code_mismatch **out) {
    *out = NULL;
    fact_index ix;
    coded *rows = malloc(sizeof *rows * ((size_t)run->nresults + 1));
    if (!rows || index_facts(&ix, run)) {
        free(rows);
        return -1;
    }
    int n = 0;
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        const sq_code_fact *code = code_of(&ix, r);
        if (code && !r->nmodes && isfinite(r->cycles.median))
            rows[n++] = (coded){r, code};
    }
    index_free(&ix);
    qsort(rows, (size_t)n, sizeof *rows, by_group);
    int found = 0;
    for (int i = 0, end; i < n; i = end) {
        for (end = i + 1; end < n && same_group(&rows[i], &rows[end]);)
            end++;
        const sq_result *cheap = rows[i].r, *dear = rows[end - 1].r;
        if (dear->cycles.median - cheap->cycles.median <= SQ_RESOLUTION_CYCLES ||
            !(dear->cycles.ci_lo > cheap->cycles.ci_hi))
            continue;
        sq_code_mismatch *grown = realloc(*out, sizeof **out * (size_t)(found + 1));
        if (!grown) {
            free(*out);
            *out = NULL;
            free(rows);
            return -1;
        }
        *out = grown;
        (*out)[found++] = (sq_code_mismatch){cheap, dear, end - i};
    }
    free(rows);
    return found;
}
