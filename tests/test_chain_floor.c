/* No kept latency sample lies below what its chain can do: for each result
 * file given, every clean sample of a latency row timed itself against its
 * routine's floor (bench/code/chain.h: the path from the square to the
 * result, each instruction at the latency calibrate measured for its form
 * on this CPU, FORMS), less what the judging of samples lets through: two
 * clocks that agree can leave SQ_CLOCK_AGREEMENT of the loop's gross cost
 * (the chain and the harness), and a neighbour too light for the probe
 * (under SQ_SHARED_DROP) can slow the harness subtracted by as much of it.
 * A sample under that is one the method should not have kept.
 *
 * usage: test_chain_floor [--strict] FORMS.json RUN.json...
 * How many samples lie under is a figure of the host as much as of the
 * method (a neighbour the probe misses moves them: AMD Zen 5, 0x1a/2, up to
 * 6 of ~3,000 samples of same_color/knight_distance 2.4% under 8 cycles
 * while another tenant shared the core): printed, and a failure only with
 * --strict, for a run on a core known quiet. Besides, each file's asm
 * latency rows are summed up as the tables read them: the median half-width
 * and how many intervals hold the nearest integer (figures; they fail
 * nothing). The test fails where a file holds no row with a floor. */
#include "bench/code/chain.h"
#include "bench/machine/machine.h"
#include "bench/results/figures.h"
#include "bench/results/forms_file.h"
#include "bench/results/merge.h"
#include "bench/results/quiet_history.h"
#include "bench/results/results_read.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static const sq_variant *catalogued(const char *id) {
    for (int i = 0; i < sq_variant_count; i++)
        if (strcmp(sq_variants[i].id, id) == 0)
            return &sq_variants[i];
    return NULL;
}

/* The clean samples of r under its floor by more than the clocks allow;
 * their count, the lowest into *worst. */
static int under_floor(const sq_result *r, double floor, double *worst) {
    double harness = isfinite(r->harness.median) ? r->harness.median : 1;
    double slack = SQ_CLOCK_AGREEMENT * (floor + harness) + SQ_SHARED_DROP * harness + 0.005;
    int n = 0;
    for (int k = 0; k < r->reps; k++)
        if ((!r->host || !r->host[k]) && r->samples[k] < floor - slack) {
            n++;
            *worst = fmin(*worst, r->samples[k] - floor);
        }
    return n;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static bool strict; /* --strict: a sample under its chain fails */
/* --history=Q: each file read as if its run had been held to a CPU quiet
 * level Q (quiet_history.h), to see what the history would have marked. */
static double history = NAN;

/* One file: every latency row timed itself, checked against its floor. */
static void check_file(const char *path, const sq_form_cost *costs, int ncosts) {
    static sq_run run;
    char err[600];
    if (sq_results_load(path, &run, err, sizeof err)) {
        CHECK(false, "%s", err);
        return;
    }
    if (isfinite(history)) {
        run.history_quiet = history;
        run.history_runs = SQ_HISTORY_RUNS;
        sq_run_mark_shared_processes(&run);
        sq_run_figures(&run);
    }
    static double half[4096];
    int rows = 0, samples = 0, under = 0, asm_rows = 0, held = 0, retaken = 0, marked = 0,
        held_marked = 0;
    double worst = 0;
    for (int i = 0; i < run.nresults; i++) {
        const sq_result *r = &run.results[i];
        const sq_variant *v = catalogued(r->variant->id);
        if (r->mode != SQ_MODE_LATENCY || r->shared_from || !v || r->control_dependent)
            continue;
        double floor = sq_routine_floor(v, costs, ncosts);
        if (isfinite(floor)) {
            int n = under_floor(r, floor, &worst);
            if (n)
                printf("under its floor of %.2f: %s on %s, %d samples\n", floor, r->variant->id,
                       r->sequence, n);
            under += n;
            samples += r->reps;
            rows++;
        }
        retaken += r->retaken;
        if (strcmp(r->variant->impl, "asm") == 0 && isfinite(r->cycles.median) && asm_rows < 4096) {
            half[asm_rows++] = sq_ci_halfwidth(r->cycles);
            double nearest = round(r->cycles.median);
            bool holds = r->cycles.ci_lo <= nearest && nearest <= r->cycles.ci_hi;
            held += holds;
            marked += r->host_spoiled;
            held_marked += holds && r->host_spoiled;
        }
    }
    qsort(half, (size_t)asm_rows, sizeof *half, by_value);
    printf("%s: %d of %d samples of %d rows under their chain (lowest %+.3f); asm latency rows: "
           "%d, half-width median %.4f, %d intervals hold the nearest integer (%d of the %d "
           "unmarked, %d of the %d marked ~); %d samples taken again\n",
           path, under, samples, rows, worst, asm_rows, asm_rows ? half[asm_rows / 2] : NAN, held,
           held - held_marked, asm_rows - marked, held_marked, marked, retaken);
    CHECK(rows > 0, "%s: no latency row with a floor", path);
    CHECK(!strict || under == 0, "%s: %d clean samples under their chain", path, under);
    sq_run_free(&run);
}

int main(int argc, char **argv) {
    static sq_forms_file forms;
    strict = argc > 1 && strcmp(argv[1], "--strict") == 0;
    argc -= strict;
    argv += strict;
    if (argc > 1 && strncmp(argv[1], "--history=", 10) == 0) {
        history = strtod(argv[1] + 10, NULL);
        argc--;
        argv++;
    }
    static sq_form_cost costs[SQ_FORMS_MAX];
    char err[600];
    if (argc < 3 || sq_forms_load(argv[1], &forms, err, sizeof err)) {
        printf("usage: test_chain_floor [--strict] [--history=Q] FORMS.json RUN.json...%s%s\n",
               argc < 3 ? "" : ": ", argc < 3 ? "" : err);
        return 2;
    }
    int ncosts = sq_forms_costs(&forms, costs, SQ_FORMS_MAX);
    CHECK(ncosts >= 8, "the forms of one instruction a link: %d", ncosts);
    for (int i = 2; i < argc; i++)
        check_file(argv[i], costs, ncosts);
    return check_finish("chain_floor", NULL);
}
