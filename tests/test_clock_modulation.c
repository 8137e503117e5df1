/* The clock's modulation found in synthetic readings with known answers: a
 * spread-spectrum triangle (31.2 kHz, 0.25% either way) under noise and
 * interrupts, none in noise alone, and a clock sample that spans whole
 * periods reads the mean clock where a quarter-sample one does not. */
#include "bench/machine/clock_modulation.h"
#include "bench/util/splitmix64.h"

#include <math.h>

#include "check.h"

enum { N = 4096 };
static double t_s[N], rate[N];
static uint64_t seed = 46;

static double uniform(void) {
    return (double)(sq_splitmix64(&seed) >> 11) / 9007199254740992.0;
}

/* About normal: the sum of 12 uniforms. */
static double noise(void) {
    double s = -6;
    for (int i = 0; i < 12; i++)
        s += uniform();
    return s;
}

/* The rate's relative swing at t: a triangle of period 1/hz between -amp
 * and +amp. */
static double triangle(double t, double hz, double amp) {
    double phase = t * hz - floor(t * hz);
    return amp * (phase < 0.5 ? 4 * phase - 1 : 3 - 4 * phase);
}

/* Readings about a microsecond apart (jittered), with the swing, noise of
 * sigma, from a third of them on a clock step, and every 97th reading an
 * interrupt (+30%). */
static void stepped(double hz, double amp, double sigma, double step) {
    double t = 0;
    for (int i = 0; i < N; i++) {
        t += 1.1e-6 * (1 + 0.1 * uniform());
        t_s[i] = t;
        rate[i] = 0.7237 * (1 + triangle(t, hz, amp) + sigma * noise() + (3 * i > N ? step : 0)) *
                  (i % 97 ? 1 : 1.3);
    }
}

static void readings(double hz, double amp, double sigma) {
    stepped(hz, amp, sigma, 0);
}

/* The mean of the swing over [t0, t0 + span), by fine steps. */
static double mean_swing(double t0, double span, double hz, double amp) {
    double sum = 0;
    for (int k = 0; k < 1000; k++)
        sum += triangle(t0 + span * (k + 0.5) / 1000, hz, amp);
    return sum / 1000;
}

int main(void) {
    readings(31.2e3, 0.0025, 0.0007);
    sq_modulation m = sq_modulation_of(t_s, rate, N, SQ_MODULATION_LO_HZ, SQ_MODULATION_HI_HZ);
    CHECK(fabs(m.hz / 31.2e3 - 1) < 0.005, "found %.1f Hz, want 31200", m.hz);
    /* a triangle's fundamental is 8/pi^2 of its peak */
    CHECK(fabs(m.amplitude / (0.0025 * 8 / (M_PI * M_PI)) - 1) < 0.15, "amplitude %.5f",
          m.amplitude);
    CHECK(m.strength > 100, "strength %.1f", m.strength);

    readings(31.2e3, 0, 0.0007);
    m = sq_modulation_of(t_s, rate, N, SQ_MODULATION_LO_HZ, SQ_MODULATION_HI_HZ);
    CHECK(m.hz == 0, "noise alone: found %.1f Hz (strength %.1f)", m.hz, m.strength);

    readings(31.2e3, 0.00005, 0.0001); /* clear, but too small to move a clock */
    m = sq_modulation_of(t_s, rate, N, SQ_MODULATION_LO_HZ, SQ_MODULATION_HI_HZ);
    CHECK(m.hz == 0 && m.strength > SQ_MODULATION_STRENGTH,
          "a swing of 0.005%%: found %.1f Hz (amplitude %.6f)", m.hz, m.amplitude);

    CHECK(sq_modulation_of(t_s, rate, 10, SQ_MODULATION_LO_HZ, SQ_MODULATION_HI_HZ).hz == 0,
          "ten readings find nothing");

    /* A clock that stepped inside the readings: a line at the band's low
     * end over the whole, which the halves do not confirm; a swing beside
     * such a step is still found. */
    stepped(31.2e3, 0, 0.0007, 0.009);
    m = sq_modulation_of(t_s, rate, N, SQ_MODULATION_LO_HZ, SQ_MODULATION_HI_HZ);
    CHECK(m.hz > 0 && m.hz < 10e3, "a 0.9%% step over the whole: a line at %.0f Hz", m.hz);
    m = sq_modulation_confirmed(t_s, rate, N);
    CHECK(m.hz == 0, "a 0.9%% step, confirmed: %.0f Hz", m.hz);
    stepped(31.2e3, 0.0025, 0.0007, 0.009);
    m = sq_modulation_confirmed(t_s, rate, N);
    CHECK(fabs(m.hz / 31.2e3 - 1) < 0.005, "a swing beside a step: %.0f Hz", m.hz);

    /* The span of a clock sample: whole periods, at least the least. */
    sq_modulation ssc = {31.25e3, 0.002, 1000}, flat = {0, 0, 0};
    CHECK(fabs(sq_clock_span_s(&ssc, 6.25e-6, 50e-6) - 32e-6) < 1e-12, "span %.3g",
          sq_clock_span_s(&ssc, 6.25e-6, 50e-6));
    CHECK(fabs(sq_clock_span_s(&ssc, 40e-6, 100e-6) - 64e-6) < 1e-12, "two periods");
    CHECK(sq_clock_span_s(&ssc, 6.25e-6, 25e-6) == 6.25e-6, "a period past the most: the least");
    CHECK(sq_clock_span_s(&flat, 6.25e-6, 50e-6) == 6.25e-6, "no modulation: the least");
    sq_modulation slow = {10e3, 0.002, 1000};
    CHECK(fabs(sq_sampler_clock_span_s(&ssc, 25e-6) - 32e-6) < 1e-12, "a sampler's: a period");
    CHECK(sq_sampler_clock_span_s(&slow, 25e-6) == 25e-6 / 4,
          "a sampler's, a period over two samples: a quarter sample");

    /* What the span buys: a 25 us kernel sample converted by the mean of the
     * clock samples either side, over every phase. Quarter-sample clocks
     * miss the kernel's clock by up to the swing; period-long ones only by
     * what the kernel's own partial period holds. */
    double worst_quarter = 0, worst_span = 0;
    for (int k = 0; k < 64; k++) {
        double t0 = k / 64.0 / ssc.hz, kernel = 25e-6;
        double q = 6.25e-6, p = sq_clock_span_s(&ssc, q, 50e-6),
               truth = mean_swing(t0, kernel, ssc.hz, 0.0025);
        double by_quarter =
            (mean_swing(t0 - q, q, ssc.hz, 0.0025) + mean_swing(t0 + kernel, q, ssc.hz, 0.0025)) /
            2;
        double by_span =
            (mean_swing(t0 - p, p, ssc.hz, 0.0025) + mean_swing(t0 + kernel, p, ssc.hz, 0.0025)) /
            2;
        worst_quarter = fmax(worst_quarter, fabs(by_quarter - truth));
        worst_span = fmax(worst_span, fabs(by_span - truth));
    }
    CHECK(worst_quarter > 0.001, "quarter-sample clocks miss by %.5f at worst", worst_quarter);
    CHECK(worst_span < 0.0006, "period-long clocks miss by %.5f at worst", worst_span);
    return check_finish("clock_modulation", NULL);
}
