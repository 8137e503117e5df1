/* The machine a run is timed on, and its clocks, as a result file records them
 * (clock.c detects both). */
#ifndef SQCOLOR_MACHINE_H
#define SQCOLOR_MACHINE_H

#include <stdbool.h>

typedef struct sq_machine {
    char vendor[16];
    char brand[64];
    unsigned family, model, stepping;
    bool hypervisor;
    /* What the test switches made of it (bench/machine/test_switches.h): */
    char hidden[64]; /* the features SQCOLOR_HIDE_FEATURES hid ("popcnt,bmi2"), "" none */
    bool test_brand; /* brand is SQCOLOR_TEST_BRAND's, not cpuid's */
} sq_machine;

/* A clock sample more than this far off the run's calibrated core clock
 * (a descheduled add chain reads 0.25 GHz on a 4.4 GHz core) is no clock:
 * the kernel sample beside it is taken again, and dropped if it stays so.
 * The core clock of the project's guests wanders by 7% (3.46 to 3.69 GHz). */
#define SQ_CLOCK_SCREEN 0.25

/* Clock samples either side of a timed stretch differing by more than this
 * saw the core clock change step (3.6 / 3.7 GHz on the Intel guest) or the
 * virtual CPU stop: the stretch's ticks are not at either clock, and it is
 * taken again (a kernel sample: row.c; a batch sweep: batch_timing.c). */
#define SQ_CLOCK_AGREEMENT 0.01

typedef struct sq_clock {
    const char *source;     /* "perf" (hardware cycle counter) or "calibrated" */
    const char *tsc_source; /* "cpuid 0x15", "hypervisor cpuid 0x40000010", "measured" */
    double tsc_hz;
    double core_hz;              /* median over the calibrations of the run */
    double core_hz_min;          /* lowest and highest calibration seen during the run: */
    double core_hz_max;          /* frequency drift shows here */
    double timer_overhead;       /* TSC ticks of an empty timed region */
    double alu_per_cycle;        /* independent adds per core cycle at the start of the run:
                                    fewer than the core's ALUs when a sibling thread shares
                                    the core, which slows throughput rows */
    long screened;               /* kernel samples taken again, their clock far off the run's
                                    (SQ_CLOCK_SCREEN); -1: not known (older files) */
    long dropped;                /* kernel samples dropped, no attempt's clock near it */
    double modulation_hz;        /* the core clock's periodic swing (clock_modulation.h): its
                                    frequency, 0 none found, NAN not known (older files) ... */
    double modulation_amplitude; /* ... and its size, relative */
} sq_clock;

#endif
