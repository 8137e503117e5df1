/* Clock samples far off the run's clock are screened (row.h): with a
 * calibration that says the core runs ten times faster than it does, every
 * add-chain clock beside a kernel sample is off, so each sample is taken
 * again and then dropped, and the visit has no figure; with the real
 * calibration the samples count. And the fastest sample is chosen by
 * ticks, where a clock could be wrong. Timing only decides which side of a 25%
 * threshold a clock ten times off falls: nothing here tests its accuracy. */
#include "bench/machine/test_switches.h"
#include "bench/measure/row.h"

#include <math.h>

#include "check.h"

/* The fastest sample is chosen on what was measured: a sample timed against
 * a clock that read 10% slow comes out 9% fewer cycles, not fewer ticks. */
static void check_faster(void) {
    sq_visit steady = {.ticks = 100, .cpt = 1.0, .cycles = 100},
             low_clock = {.ticks = 101, .cpt = 0.9, .cycles = 90.9};
    CHECK(!sq_visit_faster(&low_clock, &steady, false) &&
              sq_visit_faster(&steady, &low_clock, false),
          "ticks at an add-chain clock: the steady sample is the faster");
    CHECK(sq_visit_faster(&low_clock, &steady, true),
          "cycles a counter counted: the one with fewer cycles is");
}

int main(void) {
    check_faster();
    char err[512];
    CHECK(sq_test_switches_init(err, sizeof err) == 0, "cpu features: %s", err);
    sq_calibration_config cc = sq_calibration_defaults();
    cc.reps = 3;
    sq_calibration cal;
    sq_calibrate_clock(&cc, &cal);
    if (cal.perf) {
        printf("a hardware cycle counter: the add-chain clock is not used, nothing to screen\n");
        return check_finish("clock_screen", NULL);
    }
    sq_input in;
    CHECK(sq_input_build(&sq_families[0], "random", 4096, 1, &in, err, sizeof err) == 0,
          "input: %s", err);
    sq_row r;
    sq_row_init(&r, &sq_variants[0], sq_impl_find(sq_variants[0].impl), &in, SQ_MODE_LATENCY);
    sq_row_size(&r, 20e-6 * cal.tsc_hz);

    sq_sampler s;
    sq_sampler_init(&s, &cal, 20e-6, 1);
    sq_visit v;
    CHECK(sq_row_visit(&s, &r, 3, &v), "right answers");
    /* A busy host may move the clock under a sample (one of 3 dropped beside a
     * ctest -j2 on a shared core): the real clock gives a figure, the screen
     * drops what moved, not every sample. */
    CHECK(isfinite(v.cycles) && s.dropped < 3, "the real clock: a figure, %ld dropped", s.dropped);

    sq_calibration wrong = cal;
    wrong.cycles_per_tick *= 10;
    sq_sampler_init(&s, &wrong, 20e-6, 1);
    CHECK(sq_row_visit(&s, &r, 3, &v), "right answers");
    CHECK(s.screened == 12 && s.dropped == 3 && isinf(v.cycles),
          "a clock ten times off: 12 attempts screened, 3 samples dropped, no figure; got %ld, "
          "%ld, %g",
          s.screened, s.dropped, v.cycles);
    sq_input_free(&in);
    return check_finish("clock_screen", NULL);
}
