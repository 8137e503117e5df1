#include "bench/results/results.h"

#include <stdlib.h>

const char *const sq_mode_names[SQ_MODE_COUNT] = {"latency", "throughput", "branch", "call"};

double *sq_samples_alloc(size_t n) {
    if (!n)
        n = 1;
    return malloc(n * (sizeof(double) + 1));
}
