/* sqcolor-gbench's benchmarks: a scalar variant in one mode over one sequence
 * (scalar_benchmarks.c) or a batch variant at one size (batch_benchmarks.c),
 * each timed as sqcolor run and sqcolor batch time it, and reported in the
 * one unit of time_unit.c. */
#ifndef SQCOLOR_GBENCH_BENCHMARKS_H
#define SQCOLOR_GBENCH_BENCHMARKS_H

#include "bench/catalog/batch_registry.h"
#include "bench/catalog/registry.h"
#include "bench/gbench/gbench.h"
#include "bench/machine/calibration.h"
#include "bench/measure/batch_timing.h"
#include "bench/measure/engine.h"

/* What the benchmarks are timed with: the options give the configurations
 * before registration, the calibration is taken after verification. */
typedef struct gb_setup {
    sq_calibration cal;
    sq_engine_config run;  /* sqcolor run's: sequence length, seed, sample length, clock */
    sq_batch_timing batch; /* sqcolor batch's: samples per repetition, their length, sizes */
} gb_setup;

typedef enum gb_kind { GB_SCALAR, GB_BATCH } gb_kind;

/* One registered benchmark: its callback's context. */
typedef struct gb_bench {
    gb_kind kind;
    const sq_variant *variant; /* GB_SCALAR: in mode over sequence */
    const char *sequence;
    sq_mode mode;
    bool control_dependent;        /* a † row: named control_chain or control_call */
    const sq_batch_variant *batch; /* GB_BATCH: at each size of setup->batch (its argument) */
    bool bound;                    /* a load/store bound: checked by copying, not verified */
    const gb_setup *setup;
} gb_bench;

/* Registers every variant of vs[0..n) this CPU runs (the others named in
 * one line on stderr) x built-in sequence of its arity x mode, as
 * id/sequence/mode, into out (room for gb_scalar_most(n)). Returns how many. */
int gb_scalar_register(const sq_variant *vs, int n, const gb_setup *setup, gb_bench *out);
int gb_scalar_most(int n);
/* Frees the inputs of the last scalar benchmark run. */
void gb_scalar_done(void);

/* Registers every batch variant of vs[0..n) this CPU runs (the others named
 * in one line on stderr), then the load/store bounds it runs, as id with one
 * argument per size of setup->batch (Google Benchmark names it id/N), into out
 * (room for n + sq_batch_bound_count). Returns how many. */
int gb_batch_register(const sq_batch_variant *vs, int n, const gb_setup *setup, gb_bench *out);
/* Frees the buffers of the batch benchmarks. */
void gb_batch_done(void);

/* For the tests only: in sqcolor-gbench-break, with SQCOLOR_TEST_BREAK_VARIANT=ID
 * in the environment, the scalar or batch variant ID (in these copies of the
 * registries) gives wrong answers; in sqcolor-gbench, nothing. 0, or -1 with
 * the reason in err for an unknown ID. */
int gb_break_for_test(sq_variant *variants, sq_batch_variant *batch, char *err, size_t errlen);

#endif
