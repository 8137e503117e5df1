/* The core clock's periodic modulation against the TSC. On the Intel 0xa7
 * guest the core clock swings by about 0.2% either way 31,250 times a
 * second (spread-spectrum clocking): a clock sample shorter than one period
 * reads the clock of its phase, not the clock a kernel sample beside it ran
 * at. A clock sample that spans one whole period reads the period's mean
 * (bench/measure/row.c sizes them so). */
#ifndef SQCOLOR_CLOCK_MODULATION_H
#define SQCOLOR_CLOCK_MODULATION_H

typedef struct sq_modulation {
    double hz;        /* its frequency; 0 where none was found */
    double amplitude; /* the rate's peak deviation, relative (a sinusoid's) */
    double strength;  /* the peak's power over the median power of the band */
} sq_modulation;

/* The band searched, and what counts as found: a peak this many times the
 * band's median power (pure noise: the highest of ~2,000 frequencies lies
 * near 10 times it) and a swing that moves a clock sample by this much. */
#define SQ_MODULATION_LO_HZ    5e3
#define SQ_MODULATION_HI_HZ    250e3
#define SQ_MODULATION_STRENGTH 30.0
#define SQ_MODULATION_MIN_AMP  2e-4

/* The strongest periodic swing of rate[i] (add-chain readings, ticks per
 * add, taken at t_s[i] seconds) between lo_hz and hi_hz: readings more than
 * 1% off their median (an interrupt, a clock step) left out. Pure: the
 * unit test gives it synthetic readings. */
sq_modulation sq_modulation_of(const double *t_s, const double *rate, int n, double lo_hz,
                               double hi_hz);

/* sq_modulation_of over the band, found only where each half of the
 * readings finds it too, within SQ_MODULATION_HALVES of its frequency: a
 * swing goes on, where a clock that stepped by 0.9% inside them reads as a
 * line of 0.02% at the band's low end (the unit test's). */
#define SQ_MODULATION_HALVES 0.02
sq_modulation sq_modulation_confirmed(const double *t_s, const double *rate, int n);

/* Reads the add chain back to back for a few milliseconds, each reading
 * about a microsecond, and finds the modulation in them (confirmed). */
sq_modulation sq_modulation_measure(double tsc_hz);

/* The seconds a clock sample spans: whole periods of m, at least least_s;
 * least_s where there is no swing or those periods pass most_s (a clock
 * sample many times a kernel sample would cost more than the swing does). */
double sq_clock_span_s(const sq_modulation *m, double least_s, double most_s);

/* The span of a kernel sampler's clock samples for samples of sample_s: a
 * quarter sample, or whole periods of m up to two samples (the report says
 * which a run's were). */
double sq_sampler_clock_span_s(const sq_modulation *m, double sample_s);

#endif
