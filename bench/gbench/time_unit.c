#include "bench/gbench/time_unit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* One core cycle, as the seconds Google Benchmark is given: a nominal
 * 1 GHz clock, the same in every process, so that a run's Time does not
 * move with the core clock its process measured (two runs of one build read
 * 4.24 and 4.22 GHz: 0.4% on every row). */
#define NOMINAL_CYCLE_S 1e-9

int64_t gb_iterations_per_step(const sqgb_state *st, double squares, int most) {
    int64_t own = (int64_t)ceil(squares / GB_PER_ITERATION);
    int64_t spread = (sqgb_max_iterations(st) + most - 1) / most;
    return own > spread ? own : spread;
}

bool gb_continues(const sqgb_state *st, const void *bench, int64_t arg) {
    static const void *last_bench;
    static int64_t last_arg, last_iterations;
    int64_t iterations = sqgb_max_iterations(st);
    bool same = bench == last_bench && arg == last_arg && iterations > last_iterations;
    last_bench = bench;
    last_arg = arg;
    last_iterations = iterations;
    return same;
}

void gb_report_cycles(sqgb_state *st, sq_stats cycles, bool net, const char *note) {
    double per_square = cycles.median;
    char label[400] = "";
    if (isnan(per_square)) {
        sqgb_skip_with_error(st, "no clean sample: the host moved every one (a shared core or a "
                                 "clock far off the run's); run again on a quieter core");
        return;
    }
    if (net && sq_cost_about_zero(cycles)) {
        /* Below the resolution costs are not told apart: one figure for all
         * of them, positive (a rate of 1/0 is Infinity, not JSON, and a
         * negative time's logarithm is nan in compare.py's geometric mean). */
        per_square = SQ_RESOLUTION_CYCLES;
        snprintf(label, sizeof label,
                 "≈0: not told apart from zero; Time shows the resolution, %.2f cycles (the "
                 "cycles counter has the signed median)%s",
                 SQ_RESOLUTION_CYCLES, note ? "; " : "");
    } else if (!(per_square > 0)) {
        sqgb_skip_with_error(st, "no positive time measured");
        return;
    }
    if (note || *label) {
        size_t used = strlen(label);
        snprintf(label + used, sizeof label - used, "%s", note ? note : "");
        sqgb_set_label(st, label);
    }
    int64_t iterations = sqgb_iterations(st);
    sqgb_set_iteration_time(st,
                            per_square * GB_PER_ITERATION * NOMINAL_CYCLE_S * (double)iterations);
    sqgb_set_counter(st, "cycles", cycles.median, SQGB_COUNTER_DEFAULT);
    sqgb_set_items_processed(st, iterations * GB_PER_ITERATION);
}

void gb_describe_time(void) {
    char unit[400];
    snprintf(unit, sizeof unit,
             "core cycles per %d squares (pairs) as ns of a nominal 1 GHz clock: 1 ns = 1 cycle, "
             "so 1997 ns is 1.997 cycles per square, and no clock estimate enters it; a net cost "
             "not told apart from zero shows as %.0f ns (%.2f cycles), labelled; "
             "items_per_second in G/s is squares per cycle",
             GB_PER_ITERATION, SQ_RESOLUTION_CYCLES * GB_PER_ITERATION, SQ_RESOLUTION_CYCLES);
    sqgb_add_context("sqcolor_time", unit);
}
