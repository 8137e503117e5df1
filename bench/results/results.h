/* What a timing run produces: the machine, the clock, and one row per
 * (variant, sequence, mode). The engine fills it; the report writers print it. */
#ifndef SQCOLOR_RESULTS_H
#define SQCOLOR_RESULTS_H

#include "bench/catalog/registry.h"
#include "bench/code/code_identity.h"
#include "bench/machine/machine.h"
#include "bench/util/choices.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The ways a variant is timed, and their names (run's --mode, the file):
 * latency, each square depending on the previous result; throughput,
 * independent squares; branch, the result steering a conditional branch;
 * call, the callable routine through a function pointer, chained. */
#define SQ_MODES(X)                                                                                \
    X(SQ_MODE_LATENCY, "latency")                                                                  \
    X(SQ_MODE_THROUGHPUT, "throughput") X(SQ_MODE_BRANCH, "branch") X(SQ_MODE_CALL, "call")

typedef enum sq_mode { SQ_MODES(SQ_CHOICE_ENUMERATOR) SQ_MODE_COUNT } sq_mode;

extern const char *const sq_mode_names[SQ_MODE_COUNT]; /* "latency", ... */

typedef struct sq_result {
    const sq_variant *variant;
    const char *sequence; /* "ordered", "random", ..., or a file's label, "file:NAME"
                             ("file" in files from before labels) */
    sq_mode mode;
    sq_stats cycles;  /* core cycles per square (pair) */
    sq_stats ticks;   /* TSC ticks per square */
    sq_stats ns;      /* nanoseconds per square */
    sq_stats harness; /* core cycles per square of the identity loop beside it (its baseline, in
                         the same repetitions): cycles + harness is the loop's own cost;
                         NAN in older files */
    int reps;         /* repetitions this row was given (sampling stops early on
                         rows whose interval is tight) */
    double *samples;  /* reps values: core cycles per square, in rep order */
    unsigned char *process; /* NULL, or reps values: the process (fork) each sample came
                               from, 0 first; it lies in samples' block, freed with it */
    unsigned char *host;    /* NULL: the host spoiled no sample; else reps values, 0 or
                               SQ_HOST_* bits (bench/measure/row.h): the repetition's kept
                               sample was taken while the clock moved or the core was
                               shared; in samples' block too (sq_samples_host) */
    int retaken;            /* samples taken again because the host spoiled them */
    double host_loss;       /* the most the host took from a spoiled repetition, a fraction
                               of its cycles (bench/measure/row.h's sq_visit_loss): 0 where
                               none was spoiled, and in older files */
    int clean;              /* repetitions the host left clean (figures.h) */
    bool host_spoiled;      /* fewer clean repetitions than SQ_CLEAN_MIN: its figures are
                               every repetition's, its interval their whole range
                               widened by what the host took (figures.c) */
    int nmodes;             /* 0: one speed; SQ_MAX_MODES: bimodal, modes[] slowest last */
    sq_speed modes[SQ_MAX_MODES];
    bool control_dependent;  /* the code timed branches on its result (in latency and
                                throughput mode the timed loop, in branch and call mode
                                the routine): in a chain the timed path passes through a
                                predicted branch, not a data dependency */
    bool loop_branch_only;   /* control_dependent, though the routine is branch-free: the
                                compiler made the branch when it inlined the routine into
                                the timed loop; no verdict against asm (cells.h) */
    bool chain_apart;        /* latency: the timed loop's chain is shorter than the routine's
                                (bench/code/chain.h): inlined, the compiler reordered the
                                routine; a figure of the loop, given no verdict against asm */
    const char *shared_from; /* NULL: timed itself; else the id of the variant whose row (same
                                sequence and mode, byte-identical code and harness) was timed
                                for it, whose figures it holds (bench/measure/share.h) */
} sq_result;

/* The most processes a run's samples come from. */
#define SQ_MAX_PROCESSES 64

/* What the host did around a kernel sample (a result's host flags): the
 * clock samples either side of it disagreed or were far off the run's (the
 * core clock moved, or the virtual CPU stopped), or the neighbour probe
 * beside it read fewer independent adds a cycle than the core gives this
 * thread when quiet (another thread shared the core). */
enum { SQ_HOST_MOVED = 1, SQ_HOST_SHARED = 2 };

/* A probe reading this far under the quiet level says the core was shared:
 * on the Zen 5 guest a shared core read 4.06-4.34 adds a cycle against a
 * quiet 5.32-5.39 (20% less). */
#define SQ_SHARED_DROP 0.05

static inline bool sq_alu_shared(double alu, double quiet) {
    return alu < quiet * (1 - SQ_SHARED_DROP);
}

/* The quiet level a process's probes set: the SQ_QUIET_RANK-th highest
 * reading of its clean samples (never under the calibration's). Taken as
 * the highest, one reading in 89,805 of a default run on AMD Zen 5 (5.46
 * where every other read at most 5.38) set its process's level and the
 * run's, and the batch processes (5.34) lay 2.1% under it: marked shared
 * whole. */
#define SQ_QUIET_RANK 5

/* The quiet level of clean probe readings (their highest kept in clean),
 * never under the calibration's. */
static inline double sq_quiet_level_of(const sq_top *clean, double calibrated) {
    return fmax(calibrated, sq_top_rank(clean, SQ_QUIET_RANK));
}

/* A process whose quiet level (from hundreds of clean probes: sq_quiet_level_of)
 * lies this far under the run's had a neighbour throughout: on the
 * Zen 5 guest, in 47 asm latency runs, 157 of 162 processes lay within 1%
 * of their run's level, their clean integer chains within 0.004 cycles of
 * the integer; of the 3 between 2% and 3% under, one read them 0.039 high.
 * A level is drawn from many readings, so a smaller drop than a single
 * probe's (SQ_SHARED_DROP) tells it. */
#define SQ_PROCESS_QUIET_DROP 0.02

static inline bool sq_quiet_level_under(double level, double run_quiet) {
    return level < run_quiet * (1 - SQ_PROCESS_QUIET_DROP);
}

/* A row's figures come from its clean repetitions where it has this many
 * (fewer cannot give an interval); else from all, marked. */
#define SQ_CLEAN_MIN 3

/* A block for n samples, their processes and their host flags
 * (sq_result.samples, .process, .host): NULL when out of memory. */
double *sq_samples_alloc(size_t n);
unsigned char *sq_samples_process(double *block, size_t n);
unsigned char *sq_samples_host(double *block, size_t n);

/* The samples[0, reps) the host left clean (host NULL: all) into x, their
 * processes into group (0 where process is NULL); how many. */
int sq_samples_clean(const double *samples, const unsigned char *process, const unsigned char *host,
                     int reps, double *x, unsigned char *group);

/* What the host did to one process's kernel samples: how many it took
 * (attempts included), how many saw the clock move or the core shared, how
 * many were taken again, and the quiet level its probes set (independent adds
 * a cycle). */
typedef struct sq_host_counts {
    long samples, moved, shared, retaken;
    double quiet;
} sq_host_counts;

/* Whether a neighbour shared the core for most of a process's samples:
 * then it may have slowed the samples its probe missed too. On the Zen 5
 * guest, in 40 latency runs of the asm rows, 15 of the 30 processes with
 * over half their samples shared read their clean ones 0.017 to 0.11
 * cycles over the chain (median over integer-chain rows); 2 of the 89 with
 * fewer did (a neighbour the probe barely saw). Such a process's samples
 * are all taken as shared. */
static inline bool sq_host_mostly_shared(const sq_host_counts *h) {
    return h->shared * 2 > h->samples;
}

/* A kernel's timed loop in brief: the code fact of the loop of one mode. */
typedef struct sq_loop_fact {
    sq_code_fact code; /* code.id: the variant's */
    sq_mode mode;
} sq_loop_fact;

/* What built one impl, as recorded in a result file. */
typedef struct sq_impl_info {
    char name[48];
    char compiler[160];
    char flags[96];
} sq_impl_info;

#define SQ_MAX_IMPLS 32

/* A batch row (c/batch.h): one routine over n squares (pairs) a call. */
typedef struct sq_batch_result {
    const char *id; /* family/technique/impl */
    size_t n;
    int reps;
    sq_stats cycles;        /* core cycles per square (pair) */
    double *samples;        /* reps values, or NULL (older files); a block of
                               sq_samples_alloc, freed with the run */
    unsigned char *process; /* as sq_result's */
    unsigned char *host;    /* NULL, or reps values: SQ_HOST_* bits of the sweep the
                               repetition's kept sample came from (batch_timing.c) */
    int clean;              /* repetitions the host left clean */
    bool host_spoiled;      /* as sq_result's: fewer clean than SQ_CLEAN_MIN */
    int nmodes;             /* two speeds, from the samples, as sq_result's */
    sq_speed modes[SQ_MAX_MODES];
} sq_batch_result;

typedef struct sq_run {
    sq_machine machine;
    sq_clock clock;
    int reps;      /* the most repetitions a row could get */
    int min_reps;  /* the fewest: every row got these */
    double tight;  /* a row stopped once its interval was within this fraction */
    bool aslr;     /* address space randomisation was on while timing */
    size_t length; /* squares (pairs) per sequence */
    uint64_t seed;
    int cpu;       /* pinned CPU, or -1 */
    int processes; /* the processes the rows were timed in, one after another;
                      1 in older files */
    sq_host_counts host[SQ_MAX_PROCESSES]; /* per process; none in older files */
    int nhost;
    /* The quiet level of this CPU's earlier runs (quiet_history.h), which the
     * run's own is held to, and how many runs: not known where history_runs
     * is 0. */
    double history_quiet;
    int history_runs;
    int share; /* rows of byte-identical code timed once (sq_result.shared_from): 1 yes, -1
                  no (run --no-share), 0 not known (older files) */
    double elapsed_s;
    sq_result *results;
    int nresults;
    sq_batch_result *batch; /* none in older files, nor in runs without batch variants */
    int nbatch;
    int sequence_huge_pages; /* the sequences' timed buffers were on huge pages in every
                                process: 1, 0, or -1 not known (older files) */
    int batch_huge_pages;    /* the batch buffers were on huge pages: 1, 0, or -1 not known
                                (older files; no batch rows) */
    /* Metadata for publishing. */
    char version[32];      /* sqcolor's */
    char commit[64];       /* git describe --dirty of the tree it was built from */
    int harness_version;   /* of the harness that timed it (bench/measure/harness_version.h);
                              0 in files from before it was recorded: an older harness */
    char kernel[128];      /* uname -r */
    const char *sequences; /* the sequences asked for, or "default" */
    int samples;           /* samples per repetition */
    int visits;            /* visits per repetition the samples are shared among */
    double sample_us;      /* length of one sample */
    sq_impl_info impls[SQ_MAX_IMPLS];
    int nimpls;
    sq_code_fact *code; /* each timed variant's machine code in brief (code_identity.h), for
                           the reports to tell identical code; none in older files */
    int ncode;
    sq_loop_fact *loops; /* each timed variant's loop in each mode (timed_loop.h), for the
                            checks and groups of identical loops; as code, none in older
                            files */
    int nloops;
    const char *try_name; /* a run of sqcolor try: the technique's file as the user named it
                             ("-": standard input); NULL in a catalogue run and older files */
    const char *try_text; /* that file's whole text, so the file alone reproduces the run;
                             NULL where try_name is */
    const char *source;   /* the file a loaded run came from (NULL for a live run) */
    void *owned;          /* the blocks of sq_run_alloc */
} sq_run;

/* A run owns what it points to, timed or loaded alike: its rows' arrays and
 * samples, and blocks of sq_run_alloc for everything else (strings, code
 * facts, a loaded file's variants), or the registry's, which lives for the
 * program. sq_run_free frees it all, whichever made the run. */

/* size zeroed bytes held until the run is freed; NULL out of memory. */
void *sq_run_alloc(sq_run *run, size_t size);

/* A copy of s held by the run; NULL out of memory. */
char *sq_run_strdup(sq_run *run, const char *s);

/* Frees everything run holds and zeroes it. */
void sq_run_free(sq_run *run);

/* The quiet level of a run's core: the highest of its processes' levels
 * (host[p].quiet, independent adds a cycle) that another process's lies
 * within SQ_PROCESS_QUIET_DROP of, else their highest. One process cannot
 * hold the rest to its level: on Intel 0xa7 one of a default run's read
 * 6.02 (its core gives 4.74 at most), and every other process, 2% under
 * it, had its samples marked shared, 4372 rows `~`. In files from
 * before the probe, the one reading at the start (clock.alu_per_cycle);
 * NAN where neither is known. */
double sq_run_quiet(const sq_run *run);

/* The level a process's quiet level is held to: the run's, or this CPU's
 * in earlier runs (history_quiet) where that is higher. */
double sq_run_quiet_expected(const sq_run *run);

#endif
