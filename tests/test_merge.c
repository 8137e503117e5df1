/* A run spread over processes, put back together (bench/results/merge.h) on
 * made-up rows with known answers: the samples pooled with their process,
 * the median of them all, an interval that holds every process's median,
 * the clocks joined, and rows that do not match refused. */
#include "bench/results/figures.h"
#include "bench/results/merge.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define PER 10

/* Every row the test makes, freed at its end with its samples (the block
 * the merge gave it, where it was a merge's first part). */
static sq_result *made[24];
static int nmade;

/* Process p's run of one row: n samples at x, a clock of hz. */
static sq_run part(int p, int n, double x, double hz) {
    double *block = sq_samples_alloc(PER);
    sq_result *row = malloc(sizeof *row);
    for (int k = 0; k < n; k++)
        block[k] = x + 0.001 * (k % 3);
    *row = (sq_result){.variant = &sq_variants[0],
                       .sequence = "random",
                       .mode = SQ_MODE_LATENCY,
                       .reps = n,
                       .samples = block,
                       .cycles = sq_stats_of(block, n),
                       .harness = {1, 1, 1, 1, 1},
                       .chain_apart = p == 2};
    made[nmade++] = row;
    sq_run r = {.results = row, .nresults = 1};
    r.clock = (sq_clock){.tsc_hz = 2e9,
                         .core_hz = hz,
                         .core_hz_min = hz * 0.9,
                         .core_hz_max = hz * 1.1,
                         .screened = p,
                         .dropped = 0};
    return r;
}

int main(void) {
    sq_run parts[3] = {part(0, PER, 2.0, 4e9), part(1, PER, 2.0, 4.2e9), part(2, 2, 2.3, 4.1e9)};
    char err[200];
    CHECK(sq_runs_merge(parts, 3, 0, err, sizeof err) == 0, "merge: %s", err);
    sq_run_figures(&parts[0]); /* merge pools samples; figures are the run's finish's */
    const sq_result *r = &parts[0].results[0];
    CHECK(r->reps == 2 * PER + 2, "22 samples: %d", r->reps);
    CHECK(r->process && r->process[0] == 0 && r->process[PER] == 1 && r->process[2 * PER] == 2 &&
              r->samples[2 * PER] == 2.3,
          "each sample keeps its process");
    /* 20 samples at 2.000 (8), 2.001 (6) and 2.002 (6), and 2 at 2.300 and
     * 2.301: the pooled median is 2.001, its order-statistics interval of 22
     * (x(6) to x(17)) 2.000 to 2.002; the third process, at another speed,
     * widens it to the one of its two samples nearer that median, 2.300. */
    CHECK(fabs(r->cycles.median - 2.001) < 1e-9, "median of all: %g", r->cycles.median);
    CHECK(fabs(r->cycles.ci_hi - 2.3) < 1e-9 && r->cycles.ci_lo == 2.0,
          "the interval holds every process's median: [%g, %g]", r->cycles.ci_lo, r->cycles.ci_hi);
    CHECK(r->chain_apart, "a flag of any process is the row's");
    CHECK(fabs(r->ticks.median - r->cycles.median * 2e9 / 4.1e9) < 1e-9,
          "ticks at the run's clock: %g", r->ticks.median);
    CHECK(parts[0].clock.core_hz == 4.1e9 && parts[0].clock.core_hz_max == 4.2e9 * 1.1 &&
              parts[0].clock.screened == 3 && parts[0].processes == 3,
          "the clocks joined: %g Hz, %g max, %ld screened", parts[0].clock.core_hz,
          parts[0].clock.core_hz_max, parts[0].clock.screened);

    /* A process whose rows are not the others' is refused, nothing changed. */
    sq_run a = part(0, PER, 2.0, 4e9), b = part(1, PER, 2.0, 4e9);
    b.results[0].sequence = "ordered";
    CHECK(sq_runs_merge((sq_run[]){a, b}, 2, 0, err, sizeof err) == -1 &&
              strstr(err, "row 0") != NULL && a.results[0].reps == PER && !a.results[0].process,
          "rows that differ: refused (%s)", err);
    CHECK(sq_runs_merge(parts, 0, 0, err, sizeof err) == -1, "no process: refused");

    /* One process: the interval is the order statistics' alone. */
    sq_stats one = sq_pooled_stats(parts[1].results[0].samples, NULL, PER);
    CHECK(one.ci_hi <= 2.002 + 1e-12, "one process: [%g, %g]", one.ci_lo, one.ci_hi);
    /* Batch rows alike: pooled, with their processes. */
    static double bx[2][3] = {{0.07, 0.071, 0.072}, {0.09, 0.091, 0.092}};
    sq_batch_result batch[2] = {
        {.id = "color_batch/sse2/asm", .n = 8192, .reps = 3, .samples = bx[0]},
        {.id = "color_batch/sse2/asm", .n = 8192, .reps = 3, .samples = bx[1]}};
    sq_run c = part(0, PER, 2.0, 4e9), d = part(1, PER, 2.0, 4e9);
    c.batch = &batch[0], c.nbatch = 1, d.batch = &batch[1], d.nbatch = 1;
    double *kept = batch[0].samples;
    batch[0].samples = sq_samples_alloc(3); /* the merge frees the row's old block */
    memcpy(batch[0].samples, kept, sizeof bx[0]);
    sq_run two[2] = {c, d};
    CHECK(sq_runs_merge(two, 2, 0, err, sizeof err) == 0, "merge with batch rows: %s", err);
    sq_run_figures(&two[0]);
    CHECK(batch[0].reps == 6 && batch[0].process && batch[0].process[3] == 1 &&
              fabs(batch[0].cycles.median - 0.081) < 1e-12 && batch[0].cycles.ci_hi >= 0.091,
          "batch pooled: %d samples, median %g, interval to %g", batch[0].reps,
          batch[0].cycles.median, batch[0].cycles.ci_hi);
    CHECK(batch[0].nmodes == SQ_MAX_MODES && fabs(batch[0].modes[0].cycles - 0.071) < 1e-12 &&
              fabs(batch[0].modes[1].cycles - 0.091) < 1e-12,
          "processes at 0.071 and 0.091: two speeds, got %d", batch[0].nmodes);

    /* A process that times the batch rows alone: its batch samples join the
     * run's, its missing rows do not count against it. */
    static double by[2][3] = {{0.07, 0.071, 0.072}, {0.0705, 0.0715, 0.0712}};
    sq_batch_result alone[2] = {
        {.id = "color_batch/sse2/asm", .n = 8192, .reps = 3, .samples = sq_samples_alloc(3)},
        {.id = "color_batch/sse2/asm", .n = 8192, .reps = 3, .samples = by[1]}};
    memcpy(alone[0].samples, by[0], sizeof by[0]);
    sq_run g = part(0, PER, 2.0, 4e9), batch_only = {.batch = &alone[1], .nbatch = 1};
    g.batch = &alone[0], g.nbatch = 1;
    sq_run mixed[2] = {g, batch_only};
    CHECK(sq_runs_merge(mixed, 1, 1, err, sizeof err) == 0, "one process and one of batch rows: %s",
          err);
    sq_run_figures(&mixed[0]);
    CHECK(mixed[0].results[0].reps == PER && !mixed[0].results[0].process &&
              mixed[0].processes == 1 && alone[0].reps == 6 && alone[0].process[5] == 1 &&
              alone[0].nmodes == 0,
          "the rows of the one, the batch rows of both (%d samples), one speed", alone[0].reps);
    sq_run h = part(0, PER, 2.0, 4e9), k = part(1, PER, 2.0, 4e9);
    CHECK(sq_runs_merge((sq_run[]){h, k}, 1, 1, err, sizeof err) == -1 &&
              strstr(err, "besides the batch rows"),
          "a batch-only process with rows: refused (%s)", err);
    free(alone[0].samples);
    batch[1].id = "color_batch/avx2/asm";
    sq_run e = part(0, PER, 2.0, 4e9), f = part(1, PER, 2.0, 4e9);
    e.batch = &batch[0], e.nbatch = 1, f.batch = &batch[1], f.nbatch = 1;
    CHECK(sq_runs_merge((sq_run[]){e, f}, 2, 0, err, sizeof err) == -1 && strstr(err, "batch"),
          "batch rows that differ: refused (%s)", err);
    /* A top-up process: its samples join the rows it timed, as the process
     * after the run's last, its host counts with them; rows that are not
     * the run's are refused. */
    sq_run m = part(0, PER, 2.0, 4e9), n = part(1, PER, 2.0, 4e9), top = part(2, 3, 2.1, 4e9);
    m.nhost = n.nhost = 1;
    m.host[0] = n.host[0] = (sq_host_counts){.samples = 100, .quiet = 4.7};
    sq_run pair[2] = {m, n};
    CHECK(sq_runs_merge(pair, 2, 0, err, sizeof err) == 0, "merge: %s", err);
    sq_run *merged = &pair[0];
    top.nhost = 1;
    top.host[0] = (sq_host_counts){.samples = 30, .retaken = 2, .quiet = 4.6};
    top.results[0].retaken = 2;
    CHECK(sq_run_add_process(merged, &top, err, sizeof err) == 0, "top-up: %s", err);
    const sq_result *t = &merged->results[0];
    CHECK(t->reps == 2 * PER + 3 && t->process[2 * PER] == 2 && t->process[2 * PER - 1] == 1 &&
              t->samples[2 * PER] == 2.1 && t->retaken == 2,
          "3 samples more, of process 2: %d, process %d", t->reps, t->process[2 * PER]);
    CHECK(merged->nhost == 3 && merged->host[2].samples == 30 && merged->host[2].retaken == 2,
          "its host counts as process 3: %d processes", merged->nhost);
    sq_run other = part(3, 3, 2.1, 4e9);
    other.nhost = 1;
    other.results[0].mode = SQ_MODE_THROUGHPUT;
    CHECK(sq_run_add_process(merged, &other, err, sizeof err) == -1 && strstr(err, "row 0") &&
              merged->results[0].reps == 2 * PER + 3 && merged->nhost == 3,
          "another row: refused, nothing changed (%s)", err);
    sq_run none = part(4, 0, 0, 4e9);
    none.nhost = 1;
    CHECK(sq_run_add_process(merged, &none, err, sizeof err) == 0 &&
              merged->results[0].reps == 2 * PER + 3 && merged->nhost == 4,
          "a process that did not time the row leaves it as it was");
    for (int i = 0; i < nmade; i++) {
        free(made[i]->samples);
        free(made[i]);
    }
    free(batch[0].samples); /* the merge's block */
    return check_finish("merge", NULL);
}
