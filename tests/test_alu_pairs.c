/* The calibration's independent adds a cycle (sq_alu_of_pairs) while the
 * core clock rises: each add_x8 sample is read against the add-chain
 * sample just before it, so a clock that moves between pairs moves both.
 * Read against the add chain's median over the calibration instead, as it
 * was, an x8 sample taken once the clock had risen from 3.2 to 4.2 GHz
 * reads 6.11 adds a cycle where the core gives 5.38; a process of a run
 * read 7.05 so (AMD Zen 5 guest) and took every later sample as shared. */
#include "bench/machine/calibration.h"
#include "bench/util/stats.h"

#include <math.h>

#include "check.h"

enum { REPS = 21 };

int main(void) {
    const double tsc_hz = 2.69e9, alu = 5.38;
    double add_ticks[REPS], x8_ticks[REPS], cycles_per_tick[REPS];
    for (int i = 0; i < REPS; i++) {
        /* The clock rises over the calibration, from 3.2 to 4.2 GHz. */
        double core_hz = 3.2e9 + 1e9 * i / (REPS - 1), ticks_per_cycle = tsc_hz / core_hz;
        add_ticks[i] = ticks_per_cycle;
        x8_ticks[i] = 8 / alu * ticks_per_cycle;
        cycles_per_tick[i] = 1 / add_ticks[i];
    }
    double got = sq_alu_of_pairs(add_ticks, x8_ticks, REPS);
    CHECK(fabs(got - alu) < 1e-9, "pairs: %.4f adds a cycle, want %.2f", got, alu);
    /* What the median clock made of the last x8 sample. */
    double apart = 8 / (x8_ticks[REPS - 1] * sq_stats_of(cycles_per_tick, REPS).median);
    CHECK(apart > 1.1 * alu, "the x8 sample apart from its clock reads high: %.2f", apart);
    printf("alu_pairs: a rising clock: %.4f from pairs, %.2f apart\n", got, apart);

    /* One pair disturbed (a neighbour in the x8 sample) moves the median
     * by no more than its neighbours' spread. */
    x8_ticks[3] *= 1.3;
    got = sq_alu_of_pairs(add_ticks, x8_ticks, REPS);
    CHECK(fabs(got - alu) < 1e-9, "one disturbed pair: %.4f", got);
    return check_finish("alu_pairs", NULL);
}
