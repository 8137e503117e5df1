/* Timing the batch routines: core cycles per square (pair) over a buffer of
 * random squares at an L1-resident and an L2-resident size, each repetition
 * converted with an add-chain calibration taken just before it. */
#ifndef SQCOLOR_BATCH_TIMING_H
#define SQCOLOR_BATCH_TIMING_H

#include "bench/catalog/batch_registry.h"
#include "bench/machine/calibration.h"
#include "bench/results/figures.h"
#include "bench/results/results.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The sizes: squares (pairs) per call, L1- and L2-resident. L1 is 8 KiB: a
 * family's buffers then take at most 24 KiB (same_color_batch's two inputs
 * and output), inside the smallest L1D of the project's CPUs (Zen 4, 32 KiB),
 * and a call's fixed cost is spread over twice the squares of the 4 KiB it
 * was: on Intel 0xcf a call costs about 25 cycles besides its squares (the
 * loop's exit, mispredicted at 256 iterations and more), which made 4 KiB
 * dearer per square than 2 KiB, 8 KiB and L2 (docs/batch.md). */
#define SQ_BATCH_L1_N 8192
#define SQ_BATCH_L2_N 262144
#define SQ_FOR_EACH_BATCH_SIZE(X)                                                                  \
    X(L1, SQ_BATCH_L1_N, "L1 8 KiB")                                                               \
    X(L2, SQ_BATCH_L2_N, "L2 256 KiB")
enum {
#define SQ_BATCH_SIZE_INDEX(tag, n, label) SQ_BATCH_SIZE_##tag,
    SQ_FOR_EACH_BATCH_SIZE(SQ_BATCH_SIZE_INDEX)
#undef SQ_BATCH_SIZE_INDEX
        SQ_BATCH_SIZES
};
extern const size_t sq_batch_size_n[SQ_BATCH_SIZES];
extern const char *const sq_batch_size_label[SQ_BATCH_SIZES];

/* The CPU feature levels the "best per level" table has, lowest first:
 * X(name, requirement token of its asm lines); NONE is scalar, then SSE2 (x86-64's
 * baseline). A variant's level: asm only (-1 for C impls and the dispatchers). */
#define SQ_FOR_EACH_BATCH_LEVEL(X)                                                                 \
    X("scalar", NONE)                                                                              \
    X("SSE2", NONE)                                                                                \
    X("SSSE3", SSSE3)                                                                              \
    X("AVX2", AVX2)                                                                                \
    X("AVX-512BW", AVX512BW)                                                                       \
    X("VBMI", AVX512VBMI)                                                                          \
    X("GFNI", GFNI_AVX512)
extern const char *const sq_batch_levels[];
extern const int sq_batch_level_count;
int sq_batch_level(const sq_batch_variant *v);

#define SQ_BATCH_MAX_SIZES 16
#define SQ_BATCH_MOST_N    (1L << 22) /* squares (pairs) a call at most */

/* A repetition is the fastest over placements: up to
 * SQ_TIMING_BATCH_PLACEMENTS (timing_defaults.h), as many as fit
 * SQ_BATCH_PLACING_US of calls, at least SQ_BATCH_LEAST_PLACEMENTS; at L1
 * too, where what differs between them is not where the buffers lie but
 * when the samples are taken. */
#define SQ_BATCH_LEAST_PLACEMENTS 2
#define SQ_BATCH_PLACING_US       800

typedef struct sq_batch_timing {
    int reps;                         /* repetitions; a cell is their median */
    int samples;                      /* timed samples per placement; the fastest counts */
    int placements;                   /* placements per repetition past L1, at most */
    double sample_s;                  /* length of one sample */
    uint64_t seed;                    /* draws the placements; a run's processes each their own */
    size_t sizes[SQ_BATCH_MAX_SIZES]; /* squares (pairs) per call, each timed */
    int nsizes;
} sq_batch_timing;

/* The default run's and --quick's, at the L1 and L2 sizes. */
sq_batch_timing sq_batch_timing_defaults(bool quick);
/* The largest of t's sizes (64 at the least): what a pool is made for. */
size_t sq_batch_most(const sq_batch_timing *t);

/* Where the calls read and write, held for a process: random squares (the
 * inputs) and room for outputs, on huge pages where the kernel gives them.
 * Each placement draws its buffers from them anew. */
typedef struct sq_batch_pool {
    uint8_t *in, *out;
    size_t in_size, out_size;
    bool huge;    /* both are on huge pages */
    uint64_t rng; /* draws the placements */
} sq_batch_pool;

/* A pool for calls of up to `most` elements, its placements drawn from
 * seed. 0, or -1 out of memory. */
int sq_batch_pool_new(sq_batch_pool *p, size_t most, uint64_t seed);
void sq_batch_pool_free(sq_batch_pool *p);

/* One placement's buffers: two inputs of random squares, disjoint, and an
 * output, each on a 64 KiB boundary of the pool (the period of a 1 MiB
 * 16-way L2's sets, so every placement puts them on the same sets of the
 * guest's addresses; which host pages back them is what changes). */
typedef struct sq_batch_buffers {
    const uint8_t *in[2];
    void *out;
} sq_batch_buffers;

sq_batch_buffers sq_batch_place(sq_batch_pool *p, size_t n);

/* v on n elements of one placement, b: a warm call, then the fastest of t's
 * samples, each of *calls calls (set when 0, from the warm call) of the loop
 * of asm/batch_loops.asm, in TSC ticks per element. *sample_ticks: a
 * sample's length. What every figure of sq_batch_time is made of. */
double sq_batch_on_placement(const sq_batch_variant *v, const sq_batch_buffers *b, size_t n,
                             uint64_t *calls, const sq_batch_timing *t, const sq_calibration *cal,
                             double *sample_ticks);

/* How many placements a repetition takes, its samples sample_s seconds
 * long: t->placements, or as many as fit SQ_BATCH_PLACING_US, at least
 * SQ_BATCH_LEAST_PLACEMENTS (1 where t asks for one). */
int sq_batch_placements(const sq_batch_timing *t, double sample_s);

/* One repetition of v on n elements: the fastest of t's samples, each of
 * *calls calls (set when 0, from one warm call), on each of its placements
 * drawn from p (how many into *places, if not NULL), in core cycles per
 * element at an add-chain clock taken just before (sq_cycles_per_tick_now). */
double sq_batch_repetition(const sq_batch_variant *v, sq_batch_pool *p, size_t n, uint64_t *calls,
                           const sq_batch_timing *t, const sq_calibration_config *ccfg,
                           const sq_calibration *cal, int *places);

/* Whether load/store bound b copies its input exactly, and nothing past it:
 * its check before it is timed (bounds compute no color to verify). */
bool sq_batch_bound_copies(const sq_batch_variant *b);

/* Times vs[0..n) at each of t's sizes into out[t->nsizes * i + size]: each
 * repetition times every row on placements of its own from one pool, on
 * huge pages where the kernel gives them (*huge_pages says whether it did;
 * huge_pages.h). cal from sq_calibrate_clock. progress: a line on stderr
 * that counts the repetitions. A neighbour probe beside every sweep's
 * clocks marks the repetitions the host spoiled (out[].host); host counts
 * the sweeps and raises its quiet level (0: cal's) as the probes read.
 * Returns 0, or -1 out of memory. */
int sq_batch_time(const sq_batch_variant *const *vs, int n, const sq_batch_timing *t,
                  const sq_calibration_config *ccfg, const sq_calibration *cal, bool progress,
                  sq_batch_result *out, bool *huge_pages, sq_host_counts *host);

/* Gates vs[0..n) (skipped names those this CPU lacks, "" if none), calibrates
 * (into *cal) and times the rest into run->batch (allocated; run->nbatch
 * rows). Returns 0, or -1 out of memory. */
int sq_batch_time_run(sq_run *run, const sq_batch_variant *const *vs, int n,
                      const sq_batch_timing *t, const sq_calibration_config *ccfg, bool progress,
                      char *skipped, size_t len, sq_calibration *cal);

#endif
