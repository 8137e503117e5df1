/* Time stamps, the TSC's frequency, and the core clock. On this project's
 * machines the TSC does not tick at the core clock, so cycles come from a
 * hardware counter where perf gives one, else from a dependent add chain
 * (one add = one core cycle on every x86-64 core). */
#ifndef SQCOLOR_CLOCK_H
#define SQCOLOR_CLOCK_H

#include "bench/machine/machine.h"

#include <stdbool.h>
#include <stdint.h>

/* lfence keeps earlier work from leaking past the first stamp and later work
 * from starting before it. */
static inline uint64_t sq_tsc_begin(void) {
    uint32_t lo, hi;
    __asm__ volatile("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi)::"memory");
    return (uint64_t)hi << 32 | lo;
}

static inline uint64_t sq_tsc_end(void) {
    uint32_t lo, hi;
    __asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi)::"memory");
    return (uint64_t)hi << 32 | lo;
}

/* Seconds of CLOCK_MONOTONIC_RAW. */
double sq_monotonic_s(void);

/* cpuid: vendor, brand, family/model/stepping, hypervisor bit. */
void sq_machine_detect(sq_machine *m);

/* TSC frequency: cpuid 0x15, the hypervisor's leaf 0x40000010, or measured
 * against CLOCK_MONOTONIC_RAW. *source says which. */
double sq_tsc_hz(const char **source);

/* Starts the span sq_tsc_hz measures the TSC over, where no leaf of cpuid
 * gives it: called first thing in main. */
void sq_tsc_mark(void);

/* Hands this process's TSC frequency to the processes it starts (in the
 * environment), so that a run spread over processes measures it once and
 * every process converts with the same figure. 0, or -1 (errno). */
int sq_tsc_hz_share(void);

/* In a process a run started (and only there: an outsider's value is no
 * measurement), the figure the run shared, if it did: whether it was taken. */
bool sq_tsc_hz_adopt(void);

/* The dependent chains of asm/chains.asm. */
typedef uint64_t (*sq_chain_fn)(uint64_t iters, const uint8_t *zeros);
typedef struct sq_chain {
    const char *name;
    const char *insns; /* one link of the chain */
    sq_chain_fn fn;
    double expect;  /* latency every x86-64 core has, or 0 if it varies */
    bool dependent; /* each link waits for the one before: a latency (add_x8's
                       independent adds are a throughput) */
} sq_chain;
extern const sq_chain sq_chains[];
extern const int sq_chain_count;
enum { SQ_CHAIN_LINKS = 64 }; /* links per iteration, CHAIN_LENGTH in asm */
const sq_chain *sq_chain_find(const char *name);

/* Min over `samples` timed runs of `iters` iterations: TSC ticks per link,
 * the fixed cost of a sample (sq_chain_fixed_ticks) removed. */
double sq_chain_ticks(const sq_chain *c, uint64_t iters, int samples);

/* One timed run, no warm-up: for interleaving with other samples. */
double sq_chain_sample(const sq_chain *c, uint64_t iters);

/* Iterations of a chain that take about target_ticks. */
uint64_t sq_chain_iters_for(const sq_chain *c, double target_ticks);

/* Ticks of an empty timed region: the centred mean of many (clock.c). */
double sq_timer_overhead(void);

/* Ticks a timed chain sample costs besides its links, measured once a
 * process and taken from every sample of every chain (clock.c). */
double sq_chain_fixed_ticks(void);

/* The hardware cycle counter, where perf_event_open gives one. */
bool sq_perf_cycles_open(void);
uint64_t sq_perf_cycles_read(void);
void sq_perf_cycles_close(void);

#endif
