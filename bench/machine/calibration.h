/* Turning TSC ticks into core cycles, and checking that it works: the add
 * chain gives cycles per tick; the other chains have latencies to compare. */
#ifndef SQCOLOR_CALIBRATION_H
#define SQCOLOR_CALIBRATION_H

#include "bench/machine/clock.h"
#include "bench/machine/clock_modulation.h"
#include "bench/util/stats.h"

#include <stdio.h>

typedef struct sq_calibration_config {
    int reps;        /* repetitions of each measurement */
    int samples;     /* timed samples per repetition; the minimum counts */
    double sample_s; /* length of one sample, as for the kernels */
    int cpu;         /* pin to this CPU; -1 = stay where we are */
    double warm_s;   /* add chain run first, so the core reaches its clock; 0 = 50 ms */
} sq_calibration_config;

typedef struct sq_calibration {
    sq_machine machine;
    double tsc_hz;
    const char *tsc_source;
    double timer_overhead;  /* ticks */
    double cycles_per_tick; /* median of the add-chain repetitions */
    double core_hz;
    uint64_t add_iters;       /* add-chain iterations per sample */
    bool perf;                /* a hardware cycle counter is open */
    double alu_per_cycle;     /* independent adds per cycle (chain add_x8) */
    int cpu;                  /* the CPU we run on */
    sq_modulation modulation; /* the core clock's periodic swing against the TSC */
} sq_calibration;

/* The defaults' repetitions and sample length (calibrate's --reps, --sample-us). */
#define SQ_CALIBRATION_REPS      21
#define SQ_CALIBRATION_SAMPLE_US 50
sq_calibration_config sq_calibration_defaults(void);

/* Pins this process (and the processes it starts) to cpu, or where cpu is
 * negative to the CPU it is on; returns the CPU, or -1 if it cannot. */
int sq_pin_cpu(int cpu);

/* Pins (when asked), detects the machine and the TSC, measures the core clock. */
void sq_calibrate_clock(const sq_calibration_config *cfg, sq_calibration *cal);

/* Independent adds a cycle from n pairs of samples taken one after the
 * other, ticks per add of the add chain and ticks per iteration (8 adds) of
 * add_x8: each pair at one core clock, whatever the clock did between
 * pairs; the median of the pairs' readings. NAN out of memory. */
double sq_alu_of_pairs(const double *add_ticks, const double *x8_ticks, int n);

/* Core cycles per TSC tick right now: one add-chain repetition. */
double sq_cycles_per_tick_now(const sq_calibration_config *cfg, const sq_calibration *cal);

/* A chain's latency in core cycles per link over cfg->reps repetitions, each
 * converted with an add-chain calibration taken just before it. */
sq_stats sq_measure_chain(const sq_calibration_config *cfg, const sq_calibration *cal,
                          const sq_chain *chain);

void sq_print_clock(FILE *out, const sq_calibration *cal);

#endif
