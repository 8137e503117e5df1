/* sqcolor calibrate: the clock, and chains of known latency measured the way
 * the kernels are, in core cycles. */
#include "bench/machine/calibration.h"
#include "bench/cli/cli.h"
#include "bench/machine/clock.h"
#include "bench/util/stats.h"

#include <stdio.h>
#include <stdlib.h>

enum { OPT_REPS, OPT_SAMPLE_US, OPT_CPU, OPT_COUNT };
static const sq_option options[OPT_COUNT] = {
    [OPT_REPS] = {.name = "--reps",
                  .kind = SQ_OPTION_WHOLE,
                  .placeholder = "N",
                  .help = "repetitions",
                  .def = SQ_STR(SQ_CALIBRATION_REPS),
                  .min = 3,
                  .max = 1000},
    [OPT_SAMPLE_US] = {.name = "--sample-us",
                       .kind = SQ_OPTION_WHOLE,
                       .placeholder = "N",
                       .help = "length of one timed sample in microseconds",
                       .def = SQ_STR(SQ_CALIBRATION_SAMPLE_US),
                       .min = 5,
                       .max = 100000},
    [OPT_CPU] = SQ_OPTION_CPU,
};

static int run_calibrate(int argc, char **argv);

const sq_command sq_command_calibrate = {
    .name = "calibrate",
    .run = run_calibrate,
    .summary = "the clock: TSC and core frequency, timer overhead, chains of known latency",
    .description =
        "Measures the TSC frequency, the core clock (from a dependent add chain: one add is one\n"
        "core cycle on every x86-64 core) and dependent chains of the instruction forms the\n"
        "techniques use, in core cycles: min, median, p90 and spread over the repetitions.",
    .options = options,
    .noptions = OPT_COUNT,
};

static int run_calibrate(int argc, char **argv) {
    sq_value v[OPT_COUNT];
    sq_parse_options(&sq_command_calibrate, argc, argv, v, NULL, 0, NULL);
    sq_calibration cal;
    sq_calibration_config cfg = sq_calibration_defaults();
    cfg.reps = (int)v[OPT_REPS].whole;
    cfg.sample_s = v[OPT_SAMPLE_US].whole * 1e-6;
    cfg.cpu = v[OPT_CPU].given ? (int)v[OPT_CPU].whole : -1;
    sq_calibrate_clock(&cfg, &cal);
    sq_print_clock(stdout, &cal);

    printf("\n%-12s %-42s %8s %8s %8s %8s\n", "chain", "one link", "min", "median", "p90",
           "spread");
    for (int i = 0; i < sq_chain_count; i++) {
        sq_stats s = sq_measure_chain(&cfg, &cal, &sq_chains[i]);
        printf("%-12s %-42s %8.3f %8.3f %8.3f %8.3f\n", sq_chains[i].name, sq_chains[i].insns,
               s.min, s.median, s.p90, s.p90 - s.min);
    }
    printf("\ncore cycles per link; %d repetitions, each the minimum of %d samples of %.0f us\n",
           cfg.reps, cfg.samples, cfg.sample_s * 1e6);
    return SQ_EXIT_OK;
}
