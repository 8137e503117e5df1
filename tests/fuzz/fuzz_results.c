/* libFuzzer target: the result-file reader must reject, never crash. */
#include "bench/results/results_read.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    sq_run run;
    char err[600];
    if (sq_results_parse((const char *)data, size, "fuzz.json", &run, err, sizeof err) == 0)
        sq_run_free(&run);
    return 0;
}
