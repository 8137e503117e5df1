#include "bench/results/results_read_unique.h"

#include "bench/results/row_index.h"
#include "bench/util/id_table.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int check_rows(sq_reader *rd, const sq_run *run, const char *rows_at) {
    sq_row_index ix;
    if (sq_row_index_init(&ix, run->nresults))
        return sq_reader_bad(rd, "out of memory");
    int rc = 0, first = -1;
    for (int i = 0; i < run->nresults && rc == 0; i++) {
        const sq_result *r = &run->results[i];
        int added = sq_row_index_add(&ix, r, i, &first);
        if (added < 0)
            rc = sq_reader_bad(rd, "out of memory");
        else if (added)
            rc = sq_reader_bad(
                rd, "%s[%d]: a second row of %s, sequence %s, mode %s (the first is %s[%d])",
                rows_at, i, r->variant->id, r->sequence, sq_mode_names[r->mode], rows_at, first);
    }
    sq_row_index_free(&ix);
    return rc;
}

static int check_batch(sq_reader *rd, const sq_run *run) {
    sq_id_table t;
    char **keys = calloc((size_t)(run->nbatch ? run->nbatch : 1), sizeof *keys);
    int rc = keys && sq_id_table_init(&t, (size_t)run->nbatch) == 0 ? 0 : -1;
    if (rc) {
        free(keys);
        return sq_reader_bad(rd, "out of memory");
    }
    for (int i = 0; i < run->nbatch && rc == 0; i++) {
        const sq_batch_result *b = &run->batch[i];
        if (asprintf(&keys[i], "%zu\x1f%s", b->n, b->id) < 0) {
            keys[i] = NULL;
            rc = sq_reader_bad(rd, "out of memory");
            break;
        }
        uintptr_t had = (uintptr_t)sq_id_table_get(&t, keys[i]);
        if (had)
            rc = sq_reader_bad(
                rd, "batch[%d]: a second batch row of %s, n %zu (the first is batch[%d])", i, b->id,
                b->n, (int)had - 1);
        else
            sq_id_table_put(&t, keys[i], (void *)(uintptr_t)(i + 1));
    }
    sq_id_table_free(&t);
    for (int i = 0; i < run->nbatch; i++)
        free(keys[i]);
    free(keys);
    return rc;
}

int sq_results_check_unique(sq_reader *rd, const sq_run *run, const char *rows_at) {
    return check_rows(rd, run, rows_at) || check_batch(rd, run) ? -1 : 0;
}
