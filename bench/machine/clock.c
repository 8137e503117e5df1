#include "bench/machine/clock.h"

#include "bench/machine/test_switches.h"
#include "bench/util/stats.h"

#include <cpuid.h>
#include <linux/perf_event.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

void sq_machine_detect(sq_machine *m) {
    unsigned a, b, c, d;
    memset(m, 0, sizeof *m);
    __cpuid(0, a, b, c, d);
    memcpy(m->vendor, &b, 4);
    memcpy(m->vendor + 4, &d, 4);
    memcpy(m->vendor + 8, &c, 4);
    __cpuid(1, a, b, c, d);
    unsigned family = (a >> 8) & 0xf, model = (a >> 4) & 0xf;
    if (family == 0xf)
        family += (a >> 20) & 0xff;
    if (family == 0x6 || family >= 0xf)
        model |= ((a >> 16) & 0xf) << 4;
    m->family = family;
    m->model = model;
    m->stepping = a & 0xf;
    m->hypervisor = (c >> 31) & 1;
    unsigned brand[12] = {0};
    if ((unsigned)__get_cpuid_max(0x80000000, NULL) >= 0x80000004u)
        for (unsigned i = 0; i < 3; i++)
            __cpuid(0x80000002 + i, brand[4 * i], brand[4 * i + 1], brand[4 * i + 2],
                    brand[4 * i + 3]);
    memcpy(m->brand, brand, sizeof brand);
    m->brand[sizeof brand] = 0;
    /* The brand string is space-padded on some parts. */
    char *p = m->brand;
    while (*p == ' ')
        p++;
    memmove(m->brand, p, strlen(p) + 1);
    for (size_t n = strlen(m->brand); n > 0 && m->brand[n - 1] == ' '; n--)
        m->brand[n - 1] = 0;
    m->test_brand = sq_test_brand() != NULL;
    if (m->test_brand)
        snprintf(m->brand, sizeof m->brand, "%s", sq_test_brand());
    snprintf(m->hidden, sizeof m->hidden, "%s", sq_test_hidden_names());
}

double sq_monotonic_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The TSC's frequency a run measured, for the processes it runs: set by the
 * run, read only by a process the run started (sq_tsc_hz_adopt). */
#define TSC_VARIABLE "SQCOLOR_TSC_HZ"
static double measured; /* where no leaf of cpuid gives it */
static const char *how;

/* A TSC reading between two CLOCK_MONOTONIC_RAW readings: the tightest of 5,
 * so an interrupt inside one does not widen it. */
typedef struct tsc_bracket {
    double mid_s; /* the middle of the two clock readings */
    uint64_t tsc;
} tsc_bracket;

static tsc_bracket tsc_bracket_now(void) {
    tsc_bracket best = {0, 0};
    double least = INFINITY;
    for (int i = 0; i < 5; i++) {
        double t0 = sq_monotonic_s();
        uint64_t c = sq_tsc_begin();
        double t1 = sq_monotonic_s();
        if (t1 - t0 < least) {
            least = t1 - t0;
            best = (tsc_bracket){(t0 + t1) / 2, c};
        }
    }
    return best;
}

static tsc_bracket tsc_start;

void sq_tsc_mark(void) {
    tsc_start = tsc_bracket_now();
}

/* Ticks over the time since sq_tsc_mark (at least TSC_SPAN_S): the span the
 * process spent before its first timing (reading options, preparing,
 * verifying) measures the TSC at no cost of its own, and more precisely the
 * longer it is. */
#define TSC_SPAN_S 0.1
static double measured_tsc_hz(void) {
    if (!tsc_start.tsc)
        sq_tsc_mark();
    while (sq_monotonic_s() - tsc_start.mid_s < TSC_SPAN_S)
        ;
    tsc_bracket end = tsc_bracket_now();
    return (double)(end.tsc - tsc_start.tsc) / (end.mid_s - tsc_start.mid_s);
}

double sq_tsc_hz(const char **source) {
    unsigned a, b, c, d;
    if (__get_cpuid_max(0, NULL) >= 0x15) {
        __cpuid(0x15, a, b, c, d);
        if (a && b && c) {
            *source = "cpuid 0x15";
            return (double)c * b / a;
        }
    }
    __cpuid(1, a, b, c, d);
    if ((c >> 31) & 1) { /* hypervisor: leaf 0x40000010 has the TSC in kHz */
        __cpuid(0x40000000, a, b, c, d);
        if (a >= 0x40000010) {
            __cpuid(0x40000010, a, b, c, d);
            if (a) {
                *source = "hypervisor cpuid 0x40000010";
                return a * 1e3;
            }
        }
    }
    /* Measured once a process (over its time so far, at least 100 ms), or
     * once a run: its processes adopt the figure their run measured
     * (sq_tsc_hz_share, sq_tsc_hz_adopt). */
    if (!measured) {
        measured = measured_tsc_hz();
        how = "measured against CLOCK_MONOTONIC_RAW";
    }
    *source = how;
    return measured;
}

bool sq_tsc_hz_adopt(void) {
    const char *shared = getenv(TSC_VARIABLE);
    char *end;
    double hz = shared ? strtod(shared, &end) : 0;
    if (!shared || *end != 0 || !(hz > 1e6 && hz < 1e11))
        return false;
    measured = hz;
    how = "measured against CLOCK_MONOTONIC_RAW, once for the run's processes";
    return true;
}

int sq_tsc_hz_share(void) {
    const char *source;
    char text[32];
    snprintf(text, sizeof text, "%.17g", sq_tsc_hz(&source));
    return setenv(TSC_VARIABLE, text, 1);
}

/* The chains of asm/chains.asm: X(name, one link, latency every x86-64 core has
 * or 0, whether each link depends on the one before). */
#define SQ_FOR_EACH_CHAIN(X)                                                                       \
    X(add, "add eax, 1", 1, true)                                                                  \
    X(imul, "imul rax, rax, 3", 3, true)                                                           \
    X(and, "and eax, imm", 1, true)                                                                \
    X(xor, "xor eax, 1", 1, true)                                                                  \
    X(shr_imm, "shr eax, 3", 1, true)                                                              \
    X(mov, "mov ecx, eax; mov eax, ecx (per pair)", 0, true)                                       \
    X(shr_cl_and, "shr imm32, cl (count from eax); and eax, 1", 0, true)                           \
    X(lea_bd, "lea eax, [rax + 1]", 0, true)                                                       \
    X(lea_bi, "lea eax, [rax + rdx]", 0, true)                                                     \
    X(lea_bis, "lea eax, [rax + rax*8]", 0, true)                                                  \
    X(lea_bisd, "lea eax, [rax + rax*8 + 8]", 0, true)                                             \
    X(test_setcc, "test eax, 9; setpe cl; mov eax, ecx", 0, true)                                  \
    X(cmp_setcc, "cmp eax, 9; setz cl; mov eax, ecx", 0, true)                                     \
    X(movzx_load, "movzx eax, byte [rsi + rax] (L1 hit)", 0, true)                                 \
    X(and_load, "and rax, qword [rsi + rax*8] (L1 hit)", 0, true)                                  \
    X(add_x8, "8 independent adds (throughput, not a chain)", 0, false)

#define SQ_CHAIN_DECLARE(name, insns, expect, dependent)                                           \
    uint64_t sq_chain_##name(uint64_t, const uint8_t *);
SQ_FOR_EACH_CHAIN(SQ_CHAIN_DECLARE)
#define SQ_CHAIN_ROW(name, insns, expect, dependent)                                               \
    {#name, insns, sq_chain_##name, expect, dependent},
const sq_chain sq_chains[] = {SQ_FOR_EACH_CHAIN(SQ_CHAIN_ROW)};
const int sq_chain_count = sizeof sq_chains / sizeof sq_chains[0];

const sq_chain *sq_chain_find(const char *name) {
    for (int i = 0; i < sq_chain_count; i++)
        if (strcmp(sq_chains[i].name, name) == 0)
            return &sq_chains[i];
    return NULL;
}

static const uint8_t zeros[256];

/* An empty timed region's ticks: the centred mean of many readings (their
 * median's window leaves out a reading an interrupt stretched). Not the
 * least reading: a TSC that counts in steps (27 ticks, a 100 MHz count, on
 * the AMD Zen 5 guest) reads a region of 47 ticks as 27 or 54, and the
 * least of them is a step under what every region costs on average. */
double sq_timer_overhead(void) {
    enum { READINGS = 2000 };
    static double ticks[READINGS];
    for (int i = 0; i < READINGS; i++) {
        uint64_t t0 = sq_tsc_begin();
        uint64_t t1 = sq_tsc_end();
        ticks[i] = (double)(t1 - t0);
    }
    return sq_centred_mean(ticks, READINGS, sq_stats_of(ticks, READINGS).median);
}

static uint64_t chain_region(const sq_chain *c, uint64_t iters) {
    uint64_t t0 = sq_tsc_begin();
    c->fn(iters, zeros);
    return sq_tsc_end() - t0;
}

/* What a timed chain sample costs besides its links (the clock's reading,
 * the call, the chain's start and end): the add chain's ticks at n and 2n
 * iterations, a + c - b over the triple n, 2n, n (a clock that drifts
 * evenly through the triple leaves it), the centred mean of many. The
 * clock sample that converts a kernel sample's ticks into cycles is a
 * quarter of it long: a fixed cost taken as the least empty region's
 * (27 ticks where the mean is 47) read every figure 0.1% low on the Zen 5
 * guest. */
double sq_chain_fixed_ticks(void) {
    enum { TRIPLES = 2000, ITERS = 4 };
    static double fixed[TRIPLES];
    const sq_chain *add = sq_chain_find("add");
    double window = 2 * sq_timer_overhead();
    chain_region(add, 64 * ITERS); /* warm-up */
    for (int i = 0; i < TRIPLES; i++) {
        double a = (double)chain_region(add, ITERS), b = (double)chain_region(add, 2 * ITERS);
        fixed[i] = a + (double)chain_region(add, ITERS) - b;
    }
    return sq_centred_mean(fixed, TRIPLES, window);
}

static double chain_min_ticks(const sq_chain *c, uint64_t iters, int samples) {
    static double fixed = -1;
    if (fixed < 0)
        fixed = sq_chain_fixed_ticks();
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < samples; i++) {
        uint64_t ticks = chain_region(c, iters);
        if (ticks < best)
            best = ticks;
    }
    return ((double)best - fixed) / ((double)iters * SQ_CHAIN_LINKS);
}

double sq_chain_ticks(const sq_chain *c, uint64_t iters, int samples) {
    c->fn(iters, zeros); /* warm-up */
    return chain_min_ticks(c, iters, samples);
}

double sq_chain_sample(const sq_chain *c, uint64_t iters) {
    return chain_min_ticks(c, iters, 1);
}

uint64_t sq_chain_iters_for(const sq_chain *c, double target_ticks) {
    double per_link = sq_chain_ticks(c, 64, 5);
    double iters = target_ticks / (per_link * SQ_CHAIN_LINKS);
    return iters < 1 ? 1 : (uint64_t)iters;
}

/* ---- perf_event_open: real cycles where the machine exposes them -------- */

static int perf_fd = -1;

bool sq_perf_cycles_open(void) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.type = PERF_TYPE_HARDWARE;
    attr.size = sizeof attr;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    perf_fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (perf_fd < 0)
        return false;
    uint64_t v;
    if (read(perf_fd, &v, sizeof v) != sizeof v) { /* opened but counts nothing */
        sq_perf_cycles_close();
        return false;
    }
    return true;
}

uint64_t sq_perf_cycles_read(void) {
    uint64_t v = 0;
    if (read(perf_fd, &v, sizeof v) != sizeof v)
        return 0;
    return v;
}

void sq_perf_cycles_close(void) {
    if (perf_fd >= 0)
        close(perf_fd);
    perf_fd = -1;
}
