/* A small C API over Google Benchmark (which has none), for C programs such as
 * sqcolor-gbench. No C++ type crosses it; errors never throw into C.
 *
 *   sqgb_initialize(&argc, argv, err, sizeof err)  -- flags, unknown or bad ones refused
 *   sqgb_bench *b = sqgb_register("name", fn, ctx)  -- then sqgb_arg(b, ...) etc.
 *   sqgb_add_context("key", "value")                -- optional, shown before the results
 *   sqgb_run(); sqgb_shutdown();
 *
 * A callback drives its own loop in batches, so the call overhead of going
 * through C is paid once per batch:
 *
 *   static void fn(sqgb_state *st, void *ctx) {
 *       while (sqgb_keep_running_batch(st, 1024))
 *           work(ctx, 1024);
 *       sqgb_set_counter(st, "cycles", c, SQGB_COUNTER_DEFAULT);
 *   }
 */
#ifndef SQCOLOR_GBENCH_H
#define SQCOLOR_GBENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The longest --benchmark_filter taken: Google Benchmark's regex recurses once
 * a term, and a longer one would overflow the stack (gbench.cc). */
#define SQGB_MAX_FILTER 4096

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sqgb_state sqgb_state; /* a running benchmark (benchmark::State) */
typedef struct sqgb_bench sqgb_bench; /* a registered benchmark */
typedef void (*sqgb_fn)(sqgb_state *st, void *ctx);

/* Counter flags, combinable with |. */
enum {
    SQGB_COUNTER_DEFAULT = 0,
    SQGB_COUNTER_RATE = 1,                /* divided by the run's time */
    SQGB_COUNTER_ITERATION_INVARIANT = 2, /* multiplied by the iterations */
    SQGB_COUNTER_AVG_ITERATIONS = 4,      /* divided by the iterations */
};

typedef enum sqgb_time_unit { SQGB_NS, SQGB_US, SQGB_MS, SQGB_S } sqgb_time_unit;

/* Checks argv[1..argc) without side effects: every argument must be a flag
 * Google Benchmark 1.7 knows (or --help) with a value it would read as given:
 * a format it has, a whole number of repetitions of at least 1, seconds as a
 * plain number, true or false for a bool, key=value pairs for the context.
 * The BENCHMARK_* environment variables it reads as defaults are checked too.
 * Returns 0, or -1 with a one-line reason in err. */
int sqgb_check_args(int argc, char **argv, char *err, size_t errlen);

/* Only the environment variables Google Benchmark reads as numbers when it is
 * loaded (BENCHMARK_MIN_TIME, BENCHMARK_MIN_WARMUP_TIME, BENCHMARK_REPETITIONS),
 * as sqgb_check_args does; for a check before that, so touches no state that
 * static constructors set up. */
int sqgb_check_numbers_in_env(char *err, size_t errlen);

/* After sqgb_check_args: the value a flag has (name without "--", e.g.
 * "benchmark_out"): the last given, else the environment's, else NULL. */
const char *sqgb_flag(const char *name);

/* Whether arg is for Google Benchmark (a program may have flags of its own):
 * --benchmark_*, --v, --help, whether or not it knows it (sqgb_check_args
 * judges). */
bool sqgb_is_flag(const char *arg);

/* Whether argv asks for help (--help), and Google Benchmark's usage on stdout.
 * Google Benchmark would print it and exit from sqgb_initialize; ask first. */
bool sqgb_help_asked(int argc, char **argv);
void sqgb_print_help(void);

/* After sqgb_initialize: whether the library was built without NDEBUG, as its
 * context says ("library_build_type"), so that it prints "Library was built
 * as DEBUG" before the results. */
bool sqgb_library_debug(void);

/* Checks the flags (sqgb_check_args), then parses and removes them. Returns 0,
 * or -1 with a one-line reason in err; also -1 for --help (ask
 * sqgb_help_asked first). */
int sqgb_initialize(int *argc, char **argv, char *err, size_t errlen);

/* Adds key: value to the context Google Benchmark prints before the results
 * (the console header, the JSON "context" object). Both are copied. Call it
 * before sqgb_run; a key already added keeps its first value. */
void sqgb_add_context(const char *key, const char *value);

/* Registers fn(state, ctx) under name (copied). NULL on failure. */
sqgb_bench *sqgb_register(const char *name, sqgb_fn fn, void *ctx);

/* Per benchmark: arguments (read back with sqgb_range), repetitions, time
 * unit, minimum time, and timing by sqgb_set_iteration_time. */
void sqgb_arg(sqgb_bench *b, int64_t x);
void sqgb_range(sqgb_bench *b, int64_t lo, int64_t hi);
void sqgb_dense_range(sqgb_bench *b, int64_t lo, int64_t hi, int step);
void sqgb_repetitions(sqgb_bench *b, int n);
void sqgb_unit(sqgb_bench *b, sqgb_time_unit unit);
void sqgb_min_time(sqgb_bench *b, double seconds);
void sqgb_use_manual_time(sqgb_bench *b);

/* Inside a callback. */
bool sqgb_keep_running_batch(sqgb_state *st, int64_t n);
int64_t sqgb_iterations(const sqgb_state *st);
int64_t sqgb_max_iterations(const sqgb_state *st);
int64_t sqgb_range_arg(const sqgb_state *st, int index);
void sqgb_set_counter(sqgb_state *st, const char *name, double value, unsigned flags);
void sqgb_set_items_processed(sqgb_state *st, int64_t items);
void sqgb_set_label(sqgb_state *st, const char *label);
/* With manual time: adds seconds to the run's time, which Google Benchmark
 * divides by sqgb_iterations for the time it reports per iteration and
 * compares with the minimum time to decide whether to run longer. It may be
 * called per batch or once after the loop with the whole run's time. */
void sqgb_set_iteration_time(sqgb_state *st, double seconds);
/* Marks the run as failed; the callback should return right after. */
void sqgb_skip_with_error(sqgb_state *st, const char *message);

/* Without timing anything, calls each(ctx, arg) once for the ctx of every
 * registered benchmark the flags select (--benchmark_filter), so that a
 * program can check what it is about to time; prints nothing but errors.
 * Returns how many benchmarks are selected, 0 if none (Google Benchmark has
 * said why on stderr). With --benchmark_list_tests each is never called. */
size_t sqgb_selected(void (*each)(void *ctx, void *arg), void *arg);

/* With --benchmark_out given, its report goes to fp (the caller's, opened for
 * writing), all of it at the end of sqgb_run, and not to the file the flag
 * names (which Google Benchmark still opens: name one that may be, such as
 * /dev/null). The caller checks fp's errors when closing it. */
void sqgb_set_out_file(FILE *fp);

/* Runs the registered benchmarks that the flags select; returns how many. */
size_t sqgb_run(void);
void sqgb_shutdown(void);

/* Keep the compiler from dropping a computed value, or from caching memory
 * across a point, as benchmark::DoNotOptimize and ClobberMemory do. */
static inline void sqgb_do_not_optimize_u64(uint64_t value) {
    __asm__ volatile("" : : "r,m"(value) : "memory");
}
static inline void sqgb_do_not_optimize_ptr(const void *p) {
    __asm__ volatile("" : : "r,m"(p) : "memory");
}
static inline void sqgb_clobber_memory(void) {
    __asm__ volatile("" : : : "memory");
}

#ifdef __cplusplus
}
#endif

#endif
