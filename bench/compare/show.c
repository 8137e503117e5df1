#include "bench/compare/show.h"

#include "bench/compare/json.h"
#include "bench/compare/table.h"
#include "bench/util/exit_status.h"

#include <stdio.h>

static int out_of_memory(void) {
    fprintf(stderr, "sqcolor compare: out of memory\n");
    return SQ_EXIT_FAIL;
}

int sq_compare_and_show(const sq_run *a, const sq_run *b, const sq_compare_options *o,
                        const sq_compare_show *show) {
    sq_verdicts v;
    if (sq_compare(a, b, o, &v))
        return out_of_memory();
    int status = sq_compare_gate(&v) ? SQ_EXIT_FAIL : SQ_EXIT_OK;
    if (!show->json) {
        sq_compare_print_table(&v, show);
    } else if (sq_compare_print_json(&v, show)) {
        status = out_of_memory();
    }
    sq_verdicts_free(&v);
    return status;
}
