#include "bench/compare/rules.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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
                        .speed_abs = SQ_RESOLUTION_CYCLES,
                        .digits = 3},
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
                       .speed_abs = 0,
                       .digits = 4},
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

/* ab --quick called a batch row faster at 0.0453 against 0.0453 (its
 * speeds apart, its medians not): a verdict the table could not show. */
bool sq_compare_printed_apart(sq_row_kind kind, double a, double b) {
    char x[64], y[64];
    int digits = sq_compare_rules[kind].digits;
    snprintf(x, sizeof x, "%.*f", digits, a);
    snprintf(y, sizeof y, "%.*f", digits, b);
    return strcmp(x, y) != 0;
}

/* AMD Zen 5 guest, two default runs of one build a minute apart, the
 * second's core shared (5.34 and 4.76 adds a cycle at their start): 2160
 * rows slower, every kind of row, latency chains 0.05 cycles over their
 * integer. No row of such a pair says what the code did. */
bool sq_compare_cores_differ(double a, double b) {
    if (!(a > 0) || !(b > 0) || !isfinite(a) || !isfinite(b))
        return false;
    return sq_alu_shared(fmin(a, b), fmax(a, b));
}

bool sq_compare_host_spared(const sq_result *a, const sq_result *b) {
    return !a->host_spoiled && !b->host_spoiled;
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

bool sq_compare_speeds_differ(sq_row_kind kind, const sq_speed *a, int na, const double *xa,
                              int nxa, const sq_speed *b, int nb, const double *xb, int nxb) {
    const sq_compare_rule *r = &sq_compare_rules[kind];
    return sq_speeds_differ(a, na, b, nb, r->speed_rel, r->speed_abs) &&
           !sq_speeds_meet(a, na, xa, nxa, b, nb, xb, nxb);
}
