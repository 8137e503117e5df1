/* sqcolor calibrate: the clock, and chains of known latency measured the way
 * the kernels are, in core cycles. */
#include "bench/machine/calibration.h"
#include "bench/cli/cli.h"
#include "bench/machine/clock.h"
#include "bench/util/stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int sq_cmd_calibrate(int argc, char **argv) {
    const char *reps_s = NULL, *sample_us_s = NULL, *cpu_s = NULL;
    const sq_option opts[] = {
        {"--reps", &reps_s, NULL}, {"--sample-us", &sample_us_s, NULL}, {"--cpu", &cpu_s, NULL}};
    sq_parse_options("calibrate", argc, argv, opts, 3, NULL, 0, NULL);
    sq_calibration cal;
    sq_calibration_config cfg = sq_calibration_defaults();
    if (reps_s)
        cfg.reps = (int)sq_parse_long("calibrate", "--reps", reps_s, 3, 1000);
    if (sample_us_s)
        cfg.sample_s = sq_parse_long("calibrate", "--sample-us", sample_us_s, 5, 100000) * 1e-6;
    cfg.cpu = cpu_s ? (int)sq_parse_long("calibrate", "--cpu", cpu_s, 0,
                                         sysconf(_SC_NPROCESSORS_ONLN) - 1)
                    : -1;
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
