#include "bench/results/results.h"

const char *const sq_mode_names[SQ_MODE_COUNT] = {"latency", "throughput", "branch", "call"};
