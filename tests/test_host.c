/* What the host did to a row's samples (results.h's host flags), on made-up
 * rows with known answers: the figures come from the clean repetitions
 * where enough are left, from all with an interval over their whole range
 * (and the ~ mark, and no rank) where too few are; a process whose quiet
 * level lies under the run's has every sample marked shared when the
 * processes are merged; the flags survive a shared row's copy. */
#include "bench/results/cells.h"
#include "bench/results/figures.h"
#include "bench/results/merge.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define REPS 8

/* A row of n samples: clean ones at 4.000 + a hair, those the host spoiled
 * (host[k] nonzero) at `spoiled`. */
static sq_result row_of(const unsigned char *host, int n, double spoiled) {
    double *block = sq_samples_alloc(REPS);
    unsigned char *flags = sq_samples_host(block, REPS);
    bool any = false;
    for (int k = 0; k < n; k++) {
        flags[k] = host[k];
        block[k] = host[k] ? spoiled : 4.0 + 0.001 * (k % 3);
        any |= host[k] != 0;
    }
    return (sq_result){.variant = &sq_variants[0],
                       .sequence = "random",
                       .mode = SQ_MODE_LATENCY,
                       .reps = n,
                       .samples = block,
                       .host = any ? flags : NULL,
                       .harness = {1, 1, 1, 1, 1}};
}

static void figures_of(sq_result *r) {
    sq_run run = {.results = r, .nresults = 1};
    run.clock = (sq_clock){.tsc_hz = 2e9, .core_hz = 4e9};
    sq_run_figures(&run);
}

/* Two of eight repetitions taken beside a neighbour, 5% slow: the cell is
 * the six clean ones', as if they had not been taken. */
static void test_some_spoiled(void) {
    unsigned char host[REPS] = {0, SQ_HOST_SHARED, 0, 0, SQ_HOST_MOVED, 0, 0, 0};
    sq_result r = row_of(host, REPS, 4.2);
    figures_of(&r);
    CHECK(r.clean == 6 && !r.host_spoiled, "6 clean of 8: %d, spoiled %d", r.clean, r.host_spoiled);
    CHECK(r.cycles.ci_hi < 4.01 && fabs(r.cycles.median - 4.001) < 0.0015,
          "the clean ones' figures: %.4f [%.4f, %.4f]", r.cycles.median, r.cycles.ci_lo,
          r.cycles.ci_hi);
    CHECK(r.nmodes == 0, "the spoiled samples make no second speed: %d", r.nmodes);
    char cell[64];
    sq_cell_text(cell, sizeof cell, &r);
    CHECK(!strchr(cell, '~') && isfinite(sq_cell_rank(&r)), "no mark, ranked: %s", cell);
    free(r.samples);
}

/* Six of eight spoiled: too few clean for an interval. The figure is every
 * repetition's, its interval their whole range (it holds what the host
 * did), marked ~ and ranked nowhere. */
static void test_too_few_clean(void) {
    unsigned char host[REPS] = {2, 2, 0, 2, 1, 2, 0, 2};
    sq_result r = row_of(host, REPS, 4.3);
    figures_of(&r);
    CHECK(r.clean == 2 && r.host_spoiled, "2 clean of 8: spoiled (%d)", r.host_spoiled);
    CHECK(r.cycles.ci_lo <= 4.0 && r.cycles.ci_hi >= 4.3,
          "the interval spans every repetition: [%.3f, %.3f]", r.cycles.ci_lo, r.cycles.ci_hi);
    char cell[64];
    sq_cell_text(cell, sizeof cell, &r);
    CHECK(strchr(cell, '~') != NULL, "marked ~: %s", cell);
    CHECK(isinf(sq_cell_rank(&r)), "not ranked");
    /* A shared row's copy keeps the flags, so it reads as its source. */
    sq_result copy = {.variant = &sq_variants[1], .sequence = "random"};
    CHECK(sq_result_take_samples(&copy, &r) && copy.host && copy.host[0] == 2 &&
              sq_result_same_figures(&copy, &r),
          "a copy keeps the host flags");
    free(copy.samples);
    free(r.samples);
}

/* A row with no flags at all is as before: every sample counts. */
static void test_none_spoiled(void) {
    unsigned char host[REPS] = {0};
    sq_result r = row_of(host, REPS, 0);
    figures_of(&r);
    CHECK(!r.host && r.clean == REPS && !r.host_spoiled, "no flags: all clean");
    free(r.samples);
}

/* Process p of a run: one row of 4 clean samples at x, its probes' quiet
 * level `quiet`. */
static sq_run part(double x, double quiet) {
    sq_result *r = malloc(sizeof *r);
    unsigned char clean[REPS] = {0};
    *r = row_of(clean, 4, 0);
    for (int k = 0; k < 4; k++)
        r->samples[k] = x;
    sq_run run = {.results = r, .nresults = 1, .nhost = 1};
    run.host[0] = (sq_host_counts){.samples = 100, .quiet = quiet};
    run.clock = (sq_clock){.tsc_hz = 2e9, .core_hz = 4e9, .screened = -1};
    return run;
}

/* Three processes, the second on a shared core from start to end: its
 * probes never saw the quiet level, so it took its own samples as clean.
 * Merged, its quiet level (4.2) lies under the run's (5.3): its samples
 * are marked shared, and the cell is the other two processes'. */
static void test_merge_marks_a_shared_process(void) {
    sq_run parts[3] = {part(4.0, 5.30), part(4.3, 4.20), part(4.0, 5.28)};
    sq_result *made[3] = {parts[0].results, parts[1].results, parts[2].results};
    char err[200];
    CHECK(sq_runs_merge(parts, 3, 0, err, sizeof err) == 0, "merge: %s", err);
    sq_run_figures(&parts[0]);
    const sq_result *r = &parts[0].results[0];
    CHECK(parts[0].nhost == 3 && parts[0].host[1].quiet == 4.2, "each process's counts: %d",
          parts[0].nhost);
    CHECK(r->host && r->host[4] == SQ_HOST_SHARED && r->host[0] == 0 && r->host[8] == 0,
          "the shared process's samples marked, the others' not");
    CHECK(r->clean == 8 && r->cycles.median == 4.0 && r->cycles.ci_hi == 4.0,
          "the cell is the quiet processes': %.3f [%.3f, %.3f]", r->cycles.median, r->cycles.ci_lo,
          r->cycles.ci_hi);
    free(parts[0].results[0].samples);
    for (int p = 0; p < 3; p++) {
        if (p)
            free(made[p]->samples);
        free(made[p]);
    }
}

int main(void) {
    test_some_spoiled();
    test_too_few_clean();
    test_none_spoiled();
    test_merge_marks_a_shared_process();
    return check_finish("host", NULL);
}
