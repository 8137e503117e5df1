#include "bench/compare/rules.h"

#include <math.h>

const sq_compare_rule sq_compare_rules[SQ_ROW_KINDS] = {
    /* 1%: two runs of one build differ by less (Intel 0xa7: 0.11% on average
     * over the rows of a cycle or more, 7 of 1036 beyond 1%); 0.02 cycles:
     * below 2 cycles 1% is less than the absolute noise of a net cost near
     * zero. Two speeds 3% apart are two; the resolution of a net cost,
     * SQ_RESOLUTION_CYCLES, tells speeds near zero apart. */
    [SQ_ROWS_SCALAR] = {.floor_rel = 0.01,
                        .floor_cycles = 0.02,
                        .floor_on_means = true,
                        .speed_rel = 0.03,
                        .speed_abs = SQ_RESOLUTION_CYCLES},
    /* A batch cost is a fraction of a cycle a square, all of it measured:
     * no floor in cycles. 3%, not 1%: past L1 a whole run moves together.
     * Two default runs of one build on AMD Zen 5 read
     * color_batch/autovec/clang-13 at 256 KiB at 0.0701, 0.0700 and 0.0702
     * in one run's processes and 0.0689, 0.0687 and 0.0688 in the next's:
     * 2% apart, and the t-test on those medians called it faster. */
    [SQ_ROWS_BATCH] = {.floor_rel = 0.03,
                       .floor_cycles = 0,
                       .floor_on_means = false,
                       .speed_rel = 0.03,
                       .speed_abs = 0},
};

double sq_compare_floor(sq_row_kind kind, double a) {
    const sq_compare_rule *r = &sq_compare_rules[kind];
    return fmax(r->floor_rel * fabs(a), r->floor_cycles);
}

bool sq_compare_clears_floor(sq_row_kind kind, double a, double b, double mean_diff) {
    double moved = b - a, floor = sq_compare_floor(kind, a);
    if (!(fabs(moved) >= floor))
        return false;
    return !sq_compare_rules[kind].floor_on_means ||
           (fabs(mean_diff) >= floor && (moved > 0) == (mean_diff > 0));
}

/* At two speeds the t-test of processes would measure how the processes
 * fell between the speeds. Not so where the units are runs: a run's
 * processes fall between the speeds anew, and whole runs of one build fall
 * at one speed or the other with the host's state (AMD Zen 5: branch rows
 * on random, color/lookup/asm at 14.05 or 14.86 cycles), so two speeds are
 * the spread between runs that the runs' test measures, and it decides:
 * three runs a side of one build read a batch row at 1.97|2.41 against
 * 2.06|2.23, "slower" by those speeds, the runs' test p 0.76 (Intel 0xa7).
 * Without a p-value (batch rows of files without samples) the speeds
 * decide. */
bool sq_compare_by_speeds(bool two, bool runs, double p) {
    return two && (!runs || !isfinite(p));
}

bool sq_compare_speeds_differ(sq_row_kind kind, const sq_speed *a, int na, const sq_speed *b,
                              int nb) {
    const sq_compare_rule *r = &sq_compare_rules[kind];
    return sq_speeds_differ(a, na, b, nb, r->speed_rel, r->speed_abs);
}
