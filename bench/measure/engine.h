/* The timing engine: verifies every kernel's answers, then times every
 * (variant, sequence, mode) in interleaved repetitions and turns TSC ticks into
 * core cycles per square. */
#ifndef SQCOLOR_ENGINE_H
#define SQCOLOR_ENGINE_H

#include "bench/machine/calibration.h"
#include "bench/results/results.h"

/* The defaults of sqcolor run and of run --quick; its help shows them. Every
 * row gets at least MIN_REPS repetitions, each the fastest of VISITS
 * one-sample visits spread over the run; rows whose interval of the median
 * is still wider than TIGHT (a fraction of the median, or TIGHT_ABS cycles)
 * get REPS_STEP more at a time, up to REPS, in rounds that end within BUDGET
 * seconds of the run's start. */
#define SQ_RUN_REPS           30
#define SQ_RUN_MIN_REPS       6
#define SQ_RUN_REPS_STEP      3
#define SQ_RUN_TIGHT_PERMILLE 5
#define SQ_RUN_TIGHT_ABS      0.01
#define SQ_RUN_BUDGET_S       8
#define SQ_RUN_SAMPLES        3
#define SQ_RUN_VISITS         3
#define SQ_RUN_SAMPLE_US      25
#define SQ_RUN_LENGTH_LOG2    20
#define SQ_QUICK_REPS         3
#define SQ_QUICK_SAMPLES      2
#define SQ_QUICK_VISITS       1
#define SQ_QUICK_SAMPLE_US    20
#define SQ_QUICK_LENGTH_LOG2  16
#define SQ_RUN_FORKS          3
#define SQ_QUICK_FORKS        1

typedef struct sq_engine_config {
    const sq_variant *const *variants;
    int nvariants;
    const char *const *sequences; /* specs, e.g. "random", "file:moves.txt"; none = all */
    int nsequences;
    bool mode[SQ_MODE_COUNT];
    sq_calibration_config timing; /* reps (the most a row gets), samples per rep,
                                     sample length, cpu */
    int min_reps;                 /* every row gets these; 0 = timing.reps */
    double tight;                 /* a row stops once its interval's half-width is
                                     within this fraction of its median ... */
    double tight_abs;             /* ... or this many cycles */
    double budget_s;              /* no new round of repetitions after this many
                                     seconds of sampling; 0 = no limit */
    int visits;                   /* visits of each row per repetition, among which
                                     the samples are shared; 0 = 1 */
    size_t length;                /* squares (pairs) per sequence */
    uint64_t seed;
    uint64_t order_seed; /* the rows' order and the samples' windows: each process of a
                            run spread over several draws its own; 0 = seed */
    bool no_share;       /* time every row itself, even rows of byte-identical code (share.h) */
    bool progress;       /* a progress line on stderr */
    const char *process; /* the progress line's name of this process ("2 of 3"), or NULL */
    bool checked;        /* the kernels' answers were checked (sq_engine_check) by the run
                            this process is one of: not again */
    bool check_only;     /* prepared for sq_engine_check alone: each sequence only as far
                            as the check reads (SQ_CHECK_SQUARES, row.h), not timed */
} sq_engine_config;

enum { SQ_ENGINE_OK = 0, SQ_ENGINE_CHECK_FAILED = 1, SQ_ENGINE_BAD_INPUT = 2 };

/* The visits a repetition is shared among, and the repetitions every row
 * gets, as cfg means them (0 stands for 1 and for all of timing.reps). */
static inline int sq_engine_visits(const sq_engine_config *cfg) {
    return cfg->visits > 0 ? cfg->visits : 1;
}
static inline int sq_engine_min_reps(const sq_engine_config *cfg) {
    int n = cfg->min_reps > 0 ? cfg->min_reps : cfg->timing.reps;
    return n < cfg->timing.reps ? n : cfg->timing.reps;
}

/* Fills run; on failure returns SQ_ENGINE_CHECK_FAILED or SQ_ENGINE_BAD_INPUT
 * with a one-line reason in err. sq_engine_prepare, then sq_engine_time. */
int sq_engine_run(const sq_engine_config *cfg, sq_run *run, char *err, size_t errlen);

/* A run in two steps, so that a front end refuses every bad input before it
 * opens a file or verifies anything. sq_engine_prepare finds what can be bad
 * input (a sequence named twice or of no selected family, a sequence file
 * that is not squares), labels the run's files and builds its inputs and
 * rows; cfg must outlive it. On failure it returns SQ_ENGINE_BAD_INPUT with a
 * reason in err, and *out is NULL. sq_engine_time checks the kernels'
 * answers, times the rows and fills run, as sq_engine_run; it frees e, as
 * sq_engine_discard does for a run that goes no further. */
typedef struct sq_engine sq_engine;
int sq_engine_prepare(const sq_engine_config *cfg, sq_run *run, sq_engine **out, char *err,
                      size_t errlen);
int sq_engine_time(sq_engine *e, sq_run *run, char *err, size_t errlen);

/* Checks every timing kernel's answers over the inputs it will be timed on,
 * as sq_engine_time does first: SQ_ENGINE_OK, or SQ_ENGINE_CHECK_FAILED with
 * the kernel, mode and sequence in err. e stays prepared. */
int sq_engine_check(sq_engine *e, char *err, size_t errlen);
void sq_engine_discard(sq_engine *e, sq_run *run);

/* Whether v's rows in mode time a predicted branch, not a data dependency
 * (the tables' †): in latency and throughput mode, where the loop timed
 * holds a conditional branch besides its exit test (a compiler may branch in
 * a loop around a branchless routine); in branch mode, where the routine
 * branches (the kernel branches on its answer by design); in call mode,
 * where the routine branches. */
bool sq_row_control_dependent(const sq_variant *v, sq_mode mode);

/* One variant in one mode over one sequence, for other front ends (the Google
 * Benchmark one): the same inputs, kernels, windows, answer checks, sample
 * sizes and visits as sq_engine_run, through the row interface (row.h);
 * target.c. */
typedef struct sq_target sq_target;

/* Builds the inputs of cfg's length and seed, checks the kernel's answers and
 * sizes its samples to cfg's sample length at cal's clock; NULL with a reason. */
sq_target *sq_target_new(const sq_variant *v, sq_mode mode, const char *sequence,
                         const sq_engine_config *cfg, const sq_calibration *cal, char *err,
                         size_t errlen);

/* One visit of the variant and one of its harness (the same loop around an
 * identity body), as sqcolor run takes them: a warm-up, then a sample over
 * the next window between two add-chain samples for the clock of the moment. */
typedef struct sq_target_visit_times {
    double cycles[2]; /* core cycles per square: [0] the variant, [1] its harness */
    double ticks[2];  /* TSC ticks per square, likewise */
} sq_target_visit_times;

/* Squares in each sample of the variant (fixed when the target is built). */
size_t sq_target_squares(const sq_target *t);

/* Returns false if the variant answered wrong. */
bool sq_target_visit(sq_target *t, sq_target_visit_times *out);

/* sqcolor run's statistic over visits v[0..n) in the order taken: each group
 * of `group` counts its fastest variant visit less its fastest harness visit,
 * as a repetition does; the answer is the groups' statistics (one short group
 * when n < group): in core cycles per square, their median with its 95%
 * interval as a repetition's cell has it, and the median in ticks. False when
 * n is 0. */
bool sq_target_net(const sq_target_visit_times *v, int n, int group, sq_stats *cycles,
                   double *ticks);

void sq_target_free(sq_target *t);

#endif
