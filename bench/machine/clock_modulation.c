#include "bench/machine/clock_modulation.h"

#include "bench/machine/clock.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdlib.h>

#define PI 3.14159265358979323846

/* Readings binned on an even grid (the readings come back to back, nearly
 * evenly): each bin the mean deviation of its readings from the median,
 * 0 where it has none. Returns the bins, NULL out of memory. */
static double *even_grid(const double *t_s, const double *rate, int n, double dt, int *nbins) {
    double median = sq_stats_of(rate, n).median;
    int m = (int)((t_s[n - 1] - t_s[0]) / dt) + 1;
    double *sum = calloc((size_t)m * 2, sizeof *sum), *count = sum + m;
    if (!sum)
        return NULL;
    for (int i = 0; i < n; i++) {
        double x = rate[i] / median - 1;
        int b = (int)((t_s[i] - t_s[0]) / dt);
        if (fabs(x) <= 0.01 && b >= 0 && b < m)
            sum[b] += x, count[b]++;
    }
    for (int b = 0; b < m; b++)
        sum[b] = count[b] ? sum[b] / count[b] : 0;
    *nbins = m;
    return sum;
}

/* The power of the grid at f cycles a bin, by rotation: no sin or cos a bin. */
static double power_at(const double *x, int m, double f) {
    double c = cos(2 * PI * f), s = sin(2 * PI * f), re = 0, im = 0, wc = 1, ws = 0;
    for (int b = 0; b < m; b++) {
        re += x[b] * wc;
        im += x[b] * ws;
        double t = wc * c - ws * s;
        ws = wc * s + ws * c;
        wc = t;
    }
    return re * re + im * im;
}

sq_modulation sq_modulation_of(const double *t_s, const double *rate, int n, double lo_hz,
                               double hi_hz) {
    sq_modulation none = {0, 0, 0};
    if (n < 64 || !(t_s[n - 1] > t_s[0]))
        return none;
    double dt = (t_s[n - 1] - t_s[0]) / (n - 1);
    int m;
    double *x = even_grid(t_s, rate, n, dt, &m);
    double span = m * dt, step = 1 / span; /* a bin of the spectrum */
    int nf = (int)((fmin(hi_hz, 0.5 / dt) - lo_hz) / step);
    double *power = x && nf > 8 ? malloc(sizeof *power * (size_t)nf) : NULL;
    if (!power) {
        free(x);
        return none;
    }
    int peak = 0;
    for (int k = 0; k < nf; k++) {
        power[k] = power_at(x, m, (lo_hz + k * step) * dt);
        peak = power[k] > power[peak] ? k : peak;
    }
    /* the peak refined to a tenth of a step */
    double best_hz = lo_hz + peak * step, best = power[peak];
    for (int j = -10; j <= 10; j++) {
        double hz = lo_hz + (peak + j / 10.0) * step, p = power_at(x, m, hz * dt);
        if (p > best)
            best = p, best_hz = hz;
    }
    double median = sq_stats_of(power, nf).median;
    sq_modulation found = {best_hz, 2 * sqrt(best) / m, median > 0 ? best / median : INFINITY};
    free(power);
    free(x);
    if (found.strength < SQ_MODULATION_STRENGTH || found.amplitude < SQ_MODULATION_MIN_AMP)
        return (sq_modulation){0, found.amplitude, found.strength};
    return found;
}

sq_modulation sq_modulation_confirmed(const double *t_s, const double *rate, int n) {
    sq_modulation all = sq_modulation_of(t_s, rate, n, SQ_MODULATION_LO_HZ, SQ_MODULATION_HI_HZ);
    if (!(all.hz > 0))
        return all;
    int h = n / 2;
    double first = sq_modulation_of(t_s, rate, h, SQ_MODULATION_LO_HZ, SQ_MODULATION_HI_HZ).hz,
           second =
               sq_modulation_of(t_s + h, rate + h, n - h, SQ_MODULATION_LO_HZ, SQ_MODULATION_HI_HZ)
                   .hz;
    if (fabs(first / all.hz - 1) > SQ_MODULATION_HALVES ||
        fabs(second / all.hz - 1) > SQ_MODULATION_HALVES)
        return (sq_modulation){0, all.amplitude, all.strength};
    return all;
}

sq_modulation sq_modulation_measure(double tsc_hz) {
    enum { READINGS = 4096 };
    static double t_s[READINGS], rate[READINGS];
    const sq_chain *add = sq_chain_find("add");
    uint64_t iters = sq_chain_iters_for(add, 1e-6 * tsc_hz);
    sq_chain_sample(add, iters); /* its first reading measures what a reading costs */
    uint64_t t0 = sq_tsc_begin();
    for (int i = 0; i < READINGS; i++) {
        t_s[i] = (double)(sq_tsc_begin() - t0) / tsc_hz;
        rate[i] = sq_chain_sample(add, iters);
    }
    return sq_modulation_confirmed(t_s, rate, READINGS);
}

double sq_clock_span_s(const sq_modulation *m, double least_s, double most_s) {
    if (!(m->hz > 0))
        return least_s;
    double span = ceil(least_s * m->hz) / m->hz;
    return span <= most_s ? span : least_s;
}

double sq_sampler_clock_span_s(const sq_modulation *m, double sample_s) {
    return sq_clock_span_s(m, sample_s / 4, 2 * sample_s);
}
