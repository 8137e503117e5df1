#include "bench/results/code_check.h"

#include "bench/results/runs.h"
#include "bench/util/id_table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool checked_mode(sq_mode mode) {
    return mode == SQ_MODE_LATENCY || mode == SQ_MODE_CALL;
}

const sq_code_fact *sq_row_code(const sq_run *run, const sq_result *r) {
    return checked_mode(r->mode) ? sq_run_code_of(run, r->variant->id) : NULL;
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
    sq_id_table facts;
    coded *rows = malloc(sizeof *rows * ((size_t)run->nresults + 1));
    if (!rows || sq_id_table_init(&facts, (size_t)run->ncode)) {
        free(rows);
        return -1;
    }
    for (int i = 0; i < run->ncode; i++)
        if (!sq_id_table_get(&facts, run->code[i].id))
            sq_id_table_put(&facts, run->code[i].id, &run->code[i]);
    int n = 0;
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        const sq_code_fact *code =
            checked_mode(r->mode) ? sq_id_table_get(&facts, r->variant->id) : NULL;
        if (code && !r->nmodes && isfinite(r->cycles.median))
            rows[n++] = (coded){r, code};
    }
    sq_id_table_free(&facts);
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
