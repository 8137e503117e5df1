#include "bench/results/results_read_batch.h"

#include "bench/results/results_schema.h"

#include <stdio.h>
#include <stdlib.h>

/* The optional flags of whether the batch rows and the sequences ran on
 * huge pages: -1 where the file does not say. */
static int read_huge_pages(sq_reader *rd, json_t *root, sq_run *run) {
    json_t *huge = json_object_get(root, SQ_KEY_BATCH_HUGE_PAGES);
    if (huge && !json_is_boolean(huge))
        return sq_reader_bad(rd, "batch_huge_pages: not true or false");
    run->batch_huge_pages = huge ? json_is_true(huge) : -1;
    json_t *seq_huge = json_object_get(root, SQ_KEY_SEQUENCE_HUGE_PAGES);
    if (seq_huge && !json_is_boolean(seq_huge))
        return sq_reader_bad(rd, "sequence_huge_pages: not true or false");
    run->sequence_huge_pages = seq_huge ? json_is_true(seq_huge) : -1;
    return 0;
}

int sq_results_read_batch(sq_reader *rd, json_t *root, sq_run *run, sq_batch_figures *figures) {
    json_t *a = json_object_get(root, SQ_KEY_BATCH), *o;
    if (read_huge_pages(rd, root, run))
        return -1;
    if (!a)
        return 0;
    if (!json_is_array(a))
        return sq_reader_bad(rd, "batch: not an array");
    size_t n = json_array_size(a), i;
    if (!(run->batch = calloc(n ? n : 1, sizeof *run->batch)))
        return sq_reader_bad(rd, "out of memory");
    json_array_foreach(a, i, o) {
        sq_batch_result *b = &run->batch[i];
        char where[32];
        double len;
        const char *id;
        snprintf(where, sizeof where, "batch[%zu]", i);
        if (!json_is_object(o))
            return sq_reader_bad(rd, "%s: not an object", where);
        if (sq_get_text(rd, o, where, SQ_KEY_ID, &id) ||
            sq_get_whole(rd, o, where, SQ_KEY_N, 1, 1UL << 40, &len))
            return -1;
        if (!(b->id = sq_run_strdup(run, id)))
            return sq_reader_bad(rd, "out of memory");
        b->n = (size_t)len;
        if (figures(rd, o, where, b))
            return -1;
        run->nbatch++;
    }
    return 0;
}
