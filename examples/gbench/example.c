/* A C program timed by Google Benchmark through sqcolor's C API: the sum of an
 * array of N bytes, for N from 64 to 4096. Built from an installed sqcolor,
 * by pkg-config or by CMake's find_package (docs/gbench.md). */
#include <sqcolor/gbench.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned char data[4096];

static void sum_bytes(sqgb_state *st, void *ctx) {
    (void)ctx;
    int64_t n = sqgb_range_arg(st, 0);
    while (sqgb_keep_running_batch(st, 16)) {
        for (int rep = 0; rep < 16; rep++) {
            uint64_t sum = 0;
            for (int64_t i = 0; i < n; i++)
                sum += data[i];
            sqgb_do_not_optimize_u64(sum);
        }
    }
    sqgb_set_items_processed(st, sqgb_iterations(st) * n);
    sqgb_set_counter(st, "bytes", (double)n, SQGB_COUNTER_DEFAULT);
}

int main(int argc, char **argv) {
    char err[256];
    if (sqgb_help_asked(argc, argv)) {
        sqgb_print_help();
        return 0;
    }
    /* Google Benchmark's flags (--benchmark_filter=..., --benchmark_min_time=...)
     * are checked and taken out of argv; anything else is refused. */
    if (sqgb_initialize(&argc, argv, err, sizeof err) != 0) {
        fprintf(stderr, "example: %s\n", err);
        return 2;
    }
    for (size_t i = 0; i < sizeof data; i++)
        data[i] = (unsigned char)i;
    sqgb_bench *b = sqgb_register("sum_bytes", sum_bytes, NULL);
    if (!b) {
        fprintf(stderr, "example: cannot register sum_bytes\n");
        return 1;
    }
    sqgb_range(b, 64, 4096);
    sqgb_add_context("example", "sqcolor C API");
    size_t ran = sqgb_run();
    sqgb_shutdown();
    return ran > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
