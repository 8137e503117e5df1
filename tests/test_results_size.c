/* A result file of a default run's size is at most 3 MB. The run is made up
 * to the default's shape (bench/measure/engine.h): every variant of the
 * registry on each default sequence of its family in every mode, the
 * fewest repetitions spread over the processes with a harness each and no
 * row shared (a run's worst case: the Intel runs of schema 2 had 12360
 * such rows in 14 and 17 MB), every code and loop fact, and every batch
 * row in every size; its samples of realistic digits, as the run keeps
 * them (figures.h). The file must read back as written. */
#include "bench/catalog/batch_registry.h"
#include "bench/input/sequence.h"
#include "bench/measure/batch_timing.h"
#include "bench/measure/engine.h"
#include "bench/measure/timing_defaults.h"
#include "bench/results/figures.h"
#include "bench/results/results_read.h"
#include "bench/results/results_write.h"
#include "bench/util/xorshift.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define MAX_BYTES 3000000

static uint64_t rng = 0x5351434f4c4f5253u;

/* A fraction in [0, 1). */
static double fraction(void) {
    return (double)(sq_xorshift64s(&rng) >> 11) * 0x1p-53;
}

/* n samples around a cost of base, 0.2% apart, as a timed row's. */
static void samples_near(double *x, int n, double base) {
    for (int k = 0; k < n; k++)
        x[k] = base * (1 + 0.002 * (fraction() - 0.5));
}

/* The names of a list like "ordered,random", into names (up to max). */
static int split(const char *list, char names[][32], int max) {
    int n = 0;
    for (const char *p = list; *p && n < max; n++) {
        size_t len = strcspn(p, ",");
        snprintf(names[n], sizeof names[n], "%.*s", (int)len, p);
        p += len + (p[len] == ',');
    }
    return n;
}

int main(void) {
    static char one[16][32], pair[16][32];
    int none = split(SQ_SEQUENCES_ONE, one, 16), npair = split(SQ_SEQUENCES_PAIR, pair, 16);
    int reps = SQ_DEFAULT_OF(SQ_TIMING_MIN_REPS),
        most = sq_variant_count * (none > npair ? none : npair) * SQ_MODE_COUNT;
    sq_run run = {
        .machine = {.vendor = "AuthenticAMD", .brand = "AMD EPYC", .family = 26, .model = 2},
        .clock = {.source = "calibrated",
                  .tsc_source = "measured",
                  .tsc_hz = 2596120162.5830035,
                  .core_hz = 4222261363.3218074,
                  .core_hz_min = 3338784338.6472831,
                  .core_hz_max = 4312766499.7210636,
                  .screened = 595},
        .reps = SQ_DEFAULT_OF(SQ_TIMING_REPS),
        .min_reps = SQ_DEFAULT_OF(SQ_TIMING_MIN_REPS),
        .length = (size_t)1 << SQ_DEFAULT_OF(SQ_TIMING_LENGTH_LOG2),
        .processes = SQ_DEFAULT_OF(SQ_TIMING_PROCESSES),
        .share = 1,
        .samples = SQ_DEFAULT_OF(SQ_TIMING_SAMPLES),
        .visits = SQ_DEFAULT_OF(SQ_TIMING_VISITS),
        .sample_us = SQ_DEFAULT_OF(SQ_TIMING_SAMPLE_US),
        .sequences = "default",
        .sequence_huge_pages = 1,
        .batch_huge_pages = 1,
        .results = calloc((size_t)most, sizeof(sq_result)),
        .code = calloc((size_t)sq_variant_count, sizeof(sq_code_fact)),
        .loops = calloc((size_t)sq_variant_count * 3, sizeof(sq_loop_fact)),
    };
    int nbatch = (sq_batch_variant_count + sq_batch_bound_count) * SQ_BATCH_SIZES;
    run.batch = calloc((size_t)nbatch, sizeof *run.batch);
    if (!run.results || !run.code || !run.loops || !run.batch) {
        printf("out of memory\n");
        return 1;
    }
    for (int v = 0; v < sq_variant_count; v++) {
        const sq_variant *var = &sq_variants[v];
        uint64_t hash = sq_xorshift64s(&rng);
        run.code[run.ncode++] = (sq_code_fact){var->id, 4, 15, hash};
        for (int m = 0; m < 3; m++)
            run.loops[run.nloops++] =
                (sq_loop_fact){{var->id, 12, 40, hash ^ (uint64_t)m}, (sq_mode)m};
        bool pairs = var->family->arity == 2;
        for (int m = 0; m < SQ_MODE_COUNT; m++)
            for (int q = 0; q < (pairs ? npair : none); q++) {
                sq_result *r = &run.results[run.nresults++];
                double base = exp(log(0.05) + fraction() * log(30 / 0.05));
                *r = (sq_result){.variant = var,
                                 .sequence = pairs ? pair[q] : one[q],
                                 .mode = (sq_mode)m,
                                 .reps = reps,
                                 .samples = sq_samples_alloc((size_t)reps),
                                 .control_dependent = m == SQ_MODE_BRANCH};
                r->process = (unsigned char *)(r->samples + reps);
                samples_near(r->samples, reps, base);
                for (int k = 0; k < reps; k++)
                    r->process[k] = (unsigned char)(k * SQ_DEFAULT_OF(SQ_TIMING_PROCESSES) / reps);
                double h[5];
                samples_near(h, 5, 1);
                r->harness = (sq_stats){h[0], h[1], h[2], h[3], h[4]};
            }
    }
    int batch_reps = sq_batch_timing_defaults(false).reps;
    for (int i = 0; i < nbatch; i++) {
        int v = i / SQ_BATCH_SIZES;
        sq_batch_result *b = &run.batch[run.nbatch++];
        b->id = v < sq_batch_variant_count ? sq_batch_variants[v].id
                                           : sq_batch_bounds[v - sq_batch_variant_count].id;
        b->n = sq_batch_size_n[i % SQ_BATCH_SIZES];
        b->reps = batch_reps;
        b->samples = sq_samples_alloc((size_t)batch_reps);
        b->process = (unsigned char *)(b->samples + batch_reps);
        samples_near(b->samples, batch_reps, 0.03 + fraction());
        for (int k = 0; k < batch_reps; k++)
            b->process[k] = (unsigned char)(k * SQ_DEFAULT_OF(SQ_TIMING_PROCESSES) / batch_reps);
    }
    sq_run_finish(&run);

    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    int rc = f ? sq_results_write(f, &run) : -1;
    CHECK(f && fclose(f) == 0 && rc == 0, "the file written");
    CHECK(run.nresults >= 12360, "at least a default run's 12360 rows: %d", run.nresults);
    CHECK(size <= MAX_BYTES, "%d rows and %d batch rows in %zu bytes, at most %d", run.nresults,
          run.nbatch, size, MAX_BYTES);
    printf("results_size: %d rows, %d batch rows: %zu bytes\n", run.nresults, run.nbatch, size);
    sq_run back;
    char err[600];
    rc = text ? sq_results_parse(text, size, "default.json", &back, err, sizeof err) : -1;
    CHECK(rc == 0 && back.nresults == run.nresults && back.nbatch == run.nbatch &&
              back.results[run.nresults - 1].cycles.median ==
                  run.results[run.nresults - 1].cycles.median,
          "read back: %s", rc ? err : "rows differ");
    if (rc == 0)
        sq_run_free(&back);
    free(text);
    for (int i = 0; i < run.nresults; i++)
        free(run.results[i].samples);
    for (int i = 0; i < run.nbatch; i++)
        free(run.batch[i].samples);
    free(run.results);
    free(run.batch);
    free(run.code);
    free(run.loops);
    return check_finish("results_size", NULL);
}
