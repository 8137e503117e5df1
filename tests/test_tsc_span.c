/* The TSC is measured over the span since sq_tsc_mark: once a process has
 * run 100 ms, sq_tsc_hz spins no more (it spun 100 ms of its own before), and
 * gives the figure a separate 20 ms bracket of CLOCK_MONOTONIC_RAW gives. Its
 * time is checked against the 100 ms it used to spin: no accuracy is tested. */
#include "bench/machine/clock.h"

#include <math.h>

#include "check.h"

static double ticks_per_second_over(double seconds) {
    double t0 = sq_monotonic_s();
    uint64_t c0 = sq_tsc_begin();
    while (sq_monotonic_s() - t0 < seconds)
        ;
    uint64_t c1 = sq_tsc_end();
    return (double)(c1 - c0) / (sq_monotonic_s() - t0);
}

int main(void) {
    sq_tsc_mark();
    double reference = ticks_per_second_over(0.15);
    const char *source;
    double t0 = sq_monotonic_s(), hz = sq_tsc_hz(&source), spent = sq_monotonic_s() - t0;
    if (strstr(source, "cpuid")) {
        printf("tsc_span: the TSC's frequency is cpuid's here (%s); nothing measured\n", source);
        return check_finish("tsc_span", NULL);
    }
    CHECK(spent < 0.05, "sq_tsc_hz took %.3f s after a 150 ms span: it spun", spent);
    CHECK(fabs(hz / reference - 1) < 1e-3, "span %.6g Hz against a bracket's %.6g Hz", hz,
          reference);
    CHECK(sq_tsc_hz(&source) == hz, "measured once a process");
    return check_finish("tsc_span", NULL);
}
