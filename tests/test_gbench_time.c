/* sqcolor-gbench's Time (bench/gbench/time_unit.c) through Google Benchmark's
 * own JSON: a cost of 1.5 cycles is Time 1500 ns with its cycles counter; a
 * net cost below zero is the resolution, labelled ≈0; a median of nan, a
 * benchmark whose every sample the host moved, is skipped with an error
 * saying so (it was "no positive time measured", which named no cause, and a
 * CI run on a busy host read it as a broken benchmark). Run with
 * --benchmark_out=FILE --benchmark_out_format=json. */
#include "bench/gbench/time_unit.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "gbench_json.h"

static void report(sqgb_state *st, void *ctx) {
    const double *median = ctx;
    while (sqgb_keep_running_batch(st, 1))
        ;
    gb_report_cycles(st, (sq_stats){*median, *median, *median, *median, *median}, true, NULL);
}

static const char *text(json_t *b, const char *key) {
    const char *s = json_string_value(json_object_get(b, key));
    return s ? s : "";
}

int main(int argc, char **argv) {
    const char *out = benchmark_out(argc, argv);
    char err[256];
    if (sqgb_initialize(&argc, argv, err, sizeof err)) {
        fprintf(stderr, "test_gbench_time: %s\n", err);
        return 2;
    }
    static const double cost = 1.5, below = -0.3, moved = NAN;
    sqgb_use_manual_time(sqgb_register("cost", report, (void *)&cost));
    sqgb_use_manual_time(sqgb_register("below", report, (void *)&below));
    sqgb_use_manual_time(sqgb_register("moved", report, (void *)&moved));
    sqgb_run();
    sqgb_shutdown();

    json_error_t jerr;
    json_t *root = out ? json_load_file(out, 0, &jerr) : NULL;
    CHECK(root != NULL, "the JSON output parses (pass --benchmark_out=FILE)");
    json_t *bs = json_object_get(root, "benchmarks");
    json_t *c = find_benchmark(bs, "cost/manual_time"),
           *b = find_benchmark(bs, "below/manual_time"),
           *m = find_benchmark(bs, "moved/manual_time");
    CHECK(c && fabs(json_number_value(json_object_get(c, "real_time")) - 1500) < 1e-6 &&
              json_number_value(json_object_get(c, "cycles")) == 1.5 &&
              strcmp(text(c, "time_unit"), "ns") == 0,
          "1.5 cycles: Time 1500 ns, cycles 1.5");
    CHECK(b && fabs(json_number_value(json_object_get(b, "real_time")) - 50) < 1e-6 &&
              strncmp(text(b, "label"), "≈0", strlen("≈0")) == 0 &&
              json_number_value(json_object_get(b, "cycles")) == -0.3,
          "below zero: Time 50, labelled ≈0, the signed median in cycles");
    CHECK(m && json_is_true(json_object_get(m, "error_occurred")) &&
              strncmp(text(m, "error_message"), "no clean sample: the host moved",
                      strlen("no clean sample: the host moved")) == 0 &&
              !json_object_get(m, "cycles"),
          "every sample moved: skipped, the host named, no cycles: '%s'",
          m ? text(m, "error_message") : "(no benchmark)");
    json_decref(root);
    return check_finish("gbench_time", NULL);
}
