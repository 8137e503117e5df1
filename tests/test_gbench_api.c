/* The C API over Google Benchmark, exercised from C: a callback runs in
 * batches, counters, labels, argument ranges, repetitions, skip-with-error and
 * context reach the JSON output. Run with --benchmark_out=FILE --benchmark_out_format=json;
 * a bad flag must exit 2. */
#include "check.h"
#include "gbench_json.h"
#include "bench/gbench/gbench.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

static int batches;

static void counting(sqgb_state *st, void *ctx) {
    int *calls = ctx;
    uint64_t sum = 0;
    while (sqgb_keep_running_batch(st, 64)) {
        for (int i = 0; i < 64; i++)
            sum += (uint64_t)i * 3;
        sqgb_do_not_optimize_u64(sum);
        batches++;
    }
    (*calls)++;
    sqgb_set_counter(st, "answer", 42, SQGB_COUNTER_DEFAULT);
    sqgb_set_counter(st, "per_item", 1,
                     SQGB_COUNTER_AVG_ITERATIONS | SQGB_COUNTER_ITERATION_INVARIANT);
    sqgb_set_items_processed(st, sqgb_iterations(st));
    sqgb_set_label(st, "a label from C");
}

static void ranged(sqgb_state *st, void *ctx) {
    (void)ctx;
    int64_t n = sqgb_range_arg(st, 0);
    while (sqgb_keep_running_batch(st, 16))
        sqgb_clobber_memory();
    sqgb_set_counter(st, "arg", (double)n, SQGB_COUNTER_DEFAULT);
}

static void failing(sqgb_state *st, void *ctx) {
    (void)ctx;
    sqgb_skip_with_error(st, "skipped on purpose");
}

/* The selection pass: the ctx of each selected benchmark, once. */
static void *seen[8];
static int nseen;
static void note(void *ctx, void *arg) {
    (*(int *)arg)++;
    if (nseen < 8)
        seen[nseen++] = ctx;
}

int main(int argc, char **argv) {
    const char *out = benchmark_out(argc, argv);
    char err[256];
    if (sqgb_initialize(&argc, argv, err, sizeof err)) {
        fprintf(stderr, "test_gbench_api: %s\n", err);
        return 2;
    }
    sqgb_add_context("from_c", "a context value from C");
    int calls = 0;
    sqgb_register("counting", counting, &calls);
    sqgb_range(sqgb_register("ranged", ranged, NULL), 8, 64);
    sqgb_repetitions(sqgb_register("repeated", counting, &calls), 3);
    sqgb_min_time(sqgb_register("failing", failing, NULL), 0.01);
    int noted = 0;
    size_t selected = sqgb_selected(note, &noted);
    CHECK(selected >= 4 && calls == 0 && batches == 0, "selecting runs no callback");
    CHECK(noted == 2 && nseen == 2 && ((seen[0] == &calls) != (seen[1] == &calls)),
          "each selected ctx told once (counting's, shared with repeated; NULL): %d", noted);
    size_t ran = sqgb_run();
    sqgb_shutdown();

    CHECK(ran >= 4, "benchmarks ran");
    CHECK(calls > 0 && batches > 0, "the C callback ran in batches");
    json_error_t jerr;
    json_t *root = out ? json_load_file(out, 0, &jerr) : NULL;
    CHECK(root != NULL, "the JSON output parses (pass --benchmark_out=FILE)");
    json_t *bs = json_object_get(root, "benchmarks");
    json_t *c = find_benchmark(bs, "counting");
    CHECK(c && json_number_value(json_object_get(c, "answer")) == 42, "counter 'answer' is 42");
    CHECK(c && json_number_value(json_object_get(c, "per_item")) == 1,
          "iteration-invariant, averaged counter is 1");
    CHECK(c && strcmp(json_string_value(json_object_get(c, "label")), "a label from C") == 0,
          "label");
    CHECK(c && json_number_value(json_object_get(c, "items_per_second")) > 0, "items processed");
    CHECK(find_benchmark(bs, "ranged/8") && find_benchmark(bs, "ranged/64"),
          "argument range names ranged/8 .. /64");
    json_t *r64 = find_benchmark(bs, "ranged/64");
    CHECK(r64 && json_number_value(json_object_get(r64, "arg")) == 64, "range(0) read from C");
    CHECK(find_benchmark(bs, "repeated/repeats:3_mean") &&
              find_benchmark(bs, "repeated/repeats:3_stddev"),
          "repetitions aggregate");
    json_t *f = find_benchmark(bs, "failing/min_time:0.010");
    CHECK(f && json_is_true(json_object_get(f, "error_occurred")) &&
              strcmp(json_string_value(json_object_get(f, "error_message")),
                     "skipped on purpose") == 0,
          "skip with error, and a per-benchmark min_time in its name");
    const char *ctx =
        json_string_value(json_object_get(json_object_get(root, "context"), "from_c"));
    CHECK(ctx && strcmp(ctx, "a context value from C") == 0, "context from C");
    json_decref(root);
    return check_finish("gbench_api", NULL);
}
