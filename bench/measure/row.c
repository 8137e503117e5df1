#include "bench/measure/row.h"

#include "bench/measure/call_loops.h"
#include "bench/catalog/gate.h"
#include "bench/code/timed_loop.h"
#include "bench/machine/machine.h"
#include "bench/measure/timing_defaults.h"
#include "bench/util/watchdog.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static bool chained(const sq_row *r) {
    return r->mode == SQ_MODE_LATENCY || r->mode == SQ_MODE_CALL;
}

static const uint8_t *kernel_a(const sq_row *r) {
    return chained(r) ? r->in->a_lat : r->in->a;
}

/* The kernel a row times (timed_loop.h): v's, or where v is NULL the
 * impl's baseline for the family's arity. */
static sq_kernel_fn mode_kernel(const sq_variant *v, const sq_impl *impl, int arity, sq_mode mode) {
    static const int index[] = {SQ_KERNEL_LATENCY, SQ_KERNEL_THROUGHPUT, SQ_KERNEL_BRANCH};
    if (mode == SQ_MODE_CALL)
        return NULL;
    return v ? sq_timed_kernel(v, index[mode]) : sq_timed_baseline(impl, arity, index[mode]);
}

void sq_row_init(sq_row *r, const sq_variant *v, const sq_impl *impl, const sq_input *in,
                 sq_mode mode) {
    memset(r, 0, sizeof *r);
    r->variant = v;
    r->impl = impl;
    r->in = in;
    r->mode = mode;
    if (mode == SQ_MODE_CALL)
        r->callee = v ? v->fn.any : (sq_any_fn)sq_asm_identity;
    else
        r->kernel = mode_kernel(v, impl, in->family->arity, mode);
}

/* The kernel over inputs [at, at + n). A chained kernel starts with result 0,
 * so `at` must be 0 or follow a 0 result (see window_at). */
static uint64_t run_once(const sq_row *r, size_t at, size_t n) {
    const uint8_t *b = r->in->b + at;
    if (r->mode == SQ_MODE_CALL)
        return sq_call_chain(r->callee, r->in->family->arity, r->in->a_lat + at, b, n);
    return r->kernel(kernel_a(r) + at, b, n);
}

/* What a variant's kernel must return over inputs [at, at + n). */
static uint64_t expected_return(const sq_row *r, size_t at, size_t n) {
    if (chained(r))
        return r->in->want[at + n - 1];
    return r->in->ones[at + n] - r->in->ones[at];
}

/* The kernel's answer over the first n inputs, checked: false with the
 * reason in err. */
static bool answers_right(const sq_row *r, size_t n, char *err, size_t errlen) {
    uint64_t got = run_once(r, 0, n), want = expected_return(r, 0, n);
    if (got == want)
        return true;
    snprintf(err, errlen,
             "kernel check failed: %s in %s mode on the %s sequence: over the first %zu "
             "inputs expected %llu, got %llu",
             r->variant->id, sq_mode_names[r->mode], r->in->sequence, n, (unsigned long long)want,
             (unsigned long long)got);
    return false;
}

bool sq_row_check(const sq_row *r, char *err, size_t errlen) {
    if (!r->variant)
        return true;
    char why[160];
    if (sq_gate_reason(r->variant->needs, why, sizeof why)) {
        snprintf(err, errlen, "%s is %s", r->variant->id, why);
        return false;
    }
    /* Every prefix to 128 (every early result seen), then, where the
     * answer is a count, the first SQ_CHECK_SQUARES at once: every sample
     * checks its own window's answer too (sq_row_visit), so the whole input
     * needs no pass of its own, which took 3 s of a run spread over
     * processes. */
    size_t last = r->in->n < 128 ? r->in->n : 128;
    bool right = true;
    sq_watchdog_enter(r->variant->id, "while its kernels were checked");
    for (size_t n = SQ_KERNEL_UNROLL; right && n <= last; n += SQ_KERNEL_UNROLL)
        right = answers_right(r, n, err, errlen);
    size_t whole = r->in->n < SQ_CHECK_SQUARES ? r->in->n : SQ_CHECK_SQUARES;
    right = right && (chained(r) || whole <= last || answers_right(r, whole, err, errlen));
    sq_watchdog_leave();
    return right;
}

/* A variant's code is watched while it runs (a technique tried may never
 * return); a baseline is the harness's own. */
static void watch(const sq_row *r, const char *doing) {
    if (r->variant)
        sq_watchdog_enter(r->variant->id, doing);
}

/* Squares per sample so that one sample lasts about target ticks: the best
 * of three timed runs over 4096 squares (or the whole input). */
void sq_row_size(sq_row *r, double target_ticks) {
    size_t probe = r->in->n < 4096 ? r->in->n : 4096;
    watch(r, "while its samples were sized");
    run_once(r, 0, probe);
    uint64_t best = UINT64_MAX;
    for (int s = 0; s < 3; s++) {
        uint64_t t0 = sq_tsc_begin();
        run_once(r, 0, probe);
        uint64_t t1 = sq_tsc_end();
        if (t1 - t0 < best)
            best = t1 - t0;
    }
    sq_watchdog_leave();
    double squares = target_ticks / ((double)(best ? best : 1) / (double)probe);
    size_t chunk = (size_t)squares - (size_t)squares % SQ_KERNEL_UNROLL;
    r->chunk = chunk < 64 ? 64 : chunk > r->in->n ? r->in->n : chunk;
}

/* ---- timing ------------------------------------------------------------- */

uint64_t sq_random_below(uint64_t *state, uint64_t below) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (*state >> 33) % below;
}

/* The start of a sample's window. Successive samples read different parts of
 * a long sequence: a short one repeated is learned by the branch predictor.
 * Chained modes start where the previous expected result is 0, so the first
 * square read is the sequence's own. The search back is short: a sequence
 * whose results are all 1 (light squares, same-color pairs) starts at 0, and
 * scanning it back to 0 from anywhere took a third of a run's time. */
static size_t window_at(const sq_row *r, uint64_t *state) {
    size_t at = (size_t)sq_random_below(state, r->in->n - r->chunk + 1);
    if (!chained(r))
        return at;
    for (int back = 0; back < 64 && at > 0; back++, at--)
        if (!r->in->want[at - 1])
            return at;
    return 0;
}

/* Reads one byte per cache line of a window, so a sample times the kernel, not
 * memory: the inputs of a whole run (tens of MiB) do not stay in cache, and a
 * pair kernel streaming two arrays from DRAM ran up to 20% slower. */
static void touch(const uint8_t *p, size_t n) {
    uint8_t sum = 0;
    for (size_t i = 0; i < n; i += 64)
        sum ^= p[i];
    __asm__ volatile("" : : "r"(sum));
}

void sq_sampler_init(sq_sampler *s, const sq_calibration *cal, double sample_s, uint64_t seed) {
    memset(s, 0, sizeof *s);
    s->cal = *cal;
    /* A clock sample a quarter as long as a kernel sample, as most of a run
     * is spent timing kernels; where the clock swings, whole periods of it
     * (read_clock). */
    const sq_chain *add = sq_chain_find("add");
    double quarter = sample_s / 4, span = sq_sampler_clock_span_s(&cal->modulation, sample_s);
    s->add_iters = sq_chain_iters_for(add, quarter * cal->tsc_hz);
    s->span_iters = span > quarter ? sq_chain_iters_for(add, (span - quarter) * cal->tsc_hz) : 0;
    s->probe_iters =
        sq_chain_iters_for(sq_chain_find("add_x8"), SQ_PROBE_SHARE * sample_s * cal->tsc_hz);
    s->windows = seed;
    s->host.quiet = s->calibrated_alu = cal->alu_per_cycle;
    s->clean_alu = (sq_top){.n = 0};
    /* Recent enough to open a sample: within two sample lengths. */
    s->clock_fresh_ticks = (uint64_t)(2 * sample_s * cal->tsc_hz);
}

double sq_neighbour_probe(uint64_t iters, double ticks_per_add, double quiet) {
    const sq_chain *x8 = sq_chain_find("add_x8");
    double alu = 8 * ticks_per_add / sq_chain_sample(x8, iters);
    if (sq_alu_shared(alu, quiet))
        alu = fmax(alu, 8 * ticks_per_add / sq_chain_sample(x8, iters));
    return alu;
}

/* A clock sample: ticks per add over its whole span, and over its last
 * part alone (near: the neighbour probe beside it is read at that clock). A
 * clock that swings periodically reads its mean only over whole periods
 * (clock_modulation.h): on the Intel 0xa7 guest, samples of integer chains
 * converted by clocks a quarter sample long scattered by 0.17% and, the
 * fastest of three kept, read 2-cycle chains 0.0025 cycles low; by clocks
 * one period long, 0.05%. Parts more than SQ_CLOCK_AGREEMENT apart saw the
 * clock step inside the sample (apart). */
typedef struct clock_reading {
    double ticks_per_add, near;
    bool apart;
} clock_reading;

static clock_reading read_clock(const sq_sampler *s) {
    const sq_chain *add = sq_chain_find("add");
    double rest = s->span_iters ? sq_chain_sample(add, s->span_iters) : 0;
    double near = sq_chain_sample(add, s->add_iters);
    if (!s->span_iters)
        return (clock_reading){near, near, false};
    double all = (rest * (double)s->span_iters + near * (double)s->add_iters) /
                 (double)(s->span_iters + s->add_iters);
    return (clock_reading){all, near, fabs(near / rest - 1) > SQ_CLOCK_AGREEMENT};
}

static double neighbour_probe(sq_sampler *s, double ticks_per_add) {
    return sq_neighbour_probe(s->probe_iters, ticks_per_add, s->host.quiet);
}

/* One kernel sample over the next window, between two add-chain samples,
 * each with a neighbour probe; *drift is how far the two clocks disagree.
 * Returns false if the kernel answered wrong. */
static bool bracketed_sample(sq_sampler *s, const sq_row *r, sq_visit *out, double clocks[2]) {
    size_t n = r->chunk, at = window_at(r, &s->windows);
    touch(kernel_a(r) + at, n);
    if (r->in->family->arity == 2)
        touch(r->in->b + at, n);
    /* The clock sample that closed the previous kernel sample opens this one
     * if it is recent: a clock that changed in between shows as a
     * disagreement with the closing sample all the same. */
    uint64_t now = sq_tsc_begin();
    double before = s->last_clock, alu_before = s->last_alu;
    bool apart = s->last_apart;
    if (!(now - s->last_clock_at < s->clock_fresh_ticks && before > 0)) {
        clock_reading opening = read_clock(s);
        before = opening.ticks_per_add;
        apart = opening.apart;
        alu_before = neighbour_probe(s, opening.near);
    }
    uint64_t c0 = s->cal.perf ? sq_perf_cycles_read() : 0;
    uint64_t t0 = sq_tsc_begin();
    uint64_t got = run_once(r, at, n);
    uint64_t t1 = sq_tsc_end();
    uint64_t c1 = s->cal.perf ? sq_perf_cycles_read() : 0;
    clock_reading closing = read_clock(s);
    double after = closing.ticks_per_add;
    double alu_after = neighbour_probe(s, closing.near);
    s->last_clock = after;
    s->last_apart = closing.apart;
    s->last_alu = alu_after;
    s->last_clock_at = sq_tsc_end();
    clocks[0] = before;
    clocks[1] = after;
    out->ticks = ((double)(t1 - t0) - s->cal.timer_overhead) / (double)n;
    out->cpt = 2 / (before + after);
    out->cycles = s->cal.perf ? (double)(c1 - c0) / (double)n : out->ticks * out->cpt;
    out->alu = fmin(alu_before, alu_after);
    out->clock_agreement = fmin(before, after) / fmax(before, after);
    out->clock_apart = apart || closing.apart;
    return !r->variant || got == expected_return(r, at, n);
}

double sq_visit_loss(const sq_visit *v, double quiet) {
    double probe = v->alu / quiet, clock = v->clock_agreement;
    if (!(probe >= 0 && clock >= 0)) /* a reading that is NaN says nothing */
        return 1;
    return fmin(1, fmax(0, 1 - fmin(probe, clock)));
}

bool sq_visit_faster(const sq_visit *a, const sq_visit *than, bool counted) {
    if ((a->host != 0) != (than->host != 0))
        return a->host == 0;
    return counted ? a->cycles < than->cycles : a->ticks < than->ticks;
}

/* On Intel 0xa7 clean samples of integer chains whose clocks read 0.5% to
 * 1% apart lay 0.01 cycles under their chain at the median (36 of 105 by
 * more than 0.015), those under 0.4% apart 0.002 over it. */
double sq_clock_agreement(double gross) {
    double tolerance = SQ_RUN_TIGHT_PERMILLE / 1000.0;
    if (gross > 0)
        tolerance = fmax(tolerance, SQ_RUN_TIGHT_ABS / gross);
    return fmin(tolerance, SQ_CLOCK_AGREEMENT);
}

unsigned char sq_sample_host(double before, double after, double gross, double alu, double run_cpt,
                             double quiet) {
    bool off = fabs(2 / (before + after) / run_cpt - 1) > SQ_CLOCK_SCREEN;
    unsigned char host = 0;
    if (off || fabs(after / before - 1) > sq_clock_agreement(gross))
        host |= SQ_HOST_MOVED;
    if (sq_alu_shared(alu, quiet))
        host |= SQ_HOST_SHARED;
    return host;
}

/* What spoiled a sample (sq_sample_host; with a cycle counter the clock
 * samples do not matter); a clean sample's probe may raise the quiet level
 * (SQ_QUIET_RANK): the run's own quiet readings set it. */
static unsigned char host_of(sq_sampler *s, const sq_visit *got, double before, double after) {
    unsigned char host =
        sq_sample_host(before, after, got->cycles, got->alu, s->cal.cycles_per_tick, s->host.quiet);
    if (got->clock_apart)
        host |= SQ_HOST_MOVED;
    if (s->cal.perf)
        host &= (unsigned char)~SQ_HOST_MOVED;
    else if (fabs(got->cpt / s->cal.cycles_per_tick - 1) > SQ_CLOCK_SCREEN)
        s->screened++;
    if (!host) {
        sq_top_add(&s->clean_alu, got->alu);
        s->host.quiet = sq_quiet_level_of(&s->clean_alu, s->calibrated_alu);
    }
    s->host.samples++;
    s->host.moved += (host & SQ_HOST_MOVED) != 0;
    s->host.shared += (host & SQ_HOST_SHARED) != 0;
    return host;
}

/* The attempt's line of the trace; quiet, the level it was judged by. */
static void trace(const sq_sampler *s, const sq_row *r, int attempt, const sq_visit *got,
                  const double clocks[2], double quiet) {
    if (!s->trace)
        return;
    fprintf(s->trace, "%s%s,%s,%s,%d,%d,%d,%.6g,%.6g,%.6g,%.5g,%.6g,%.6g,%.5g,%d,%zu\n",
            r->variant ? r->variant->id : "harness/", r->variant ? "" : r->impl->name,
            sq_mode_names[r->mode], r->in->sequence, s->rep, s->visit, attempt, got->ticks,
            clocks[0], clocks[1], got->alu, got->cycles, s->cal.cycles_per_tick, quiet, got->host,
            r->chunk);
}

bool sq_trace_read(const char *line, sq_trace_line *t) {
    char id[sizeof t->id], mode[sizeof t->mode], seq[sizeof t->sequence];
    t->squares = 0; /* a trace of before harness 4 has no such column */
    int n = sscanf(line, "%95[^,],%15[^,],%63[^,],%d,%d,%d,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%d,%zu", id,
                   mode, seq, &t->rep, &t->visit, &t->attempt, &t->ticks, &t->before, &t->after,
                   &t->alu, &t->cycles, &t->run_cpt, &t->quiet, &t->host, &t->squares);
    if (n != 14 && n != 15)
        return false;
    strcpy(t->id, id);
    strcpy(t->mode, mode);
    strcpy(t->sequence, seq);
    return true;
}

/* One sample: taken again over a new window (the same one again would be
 * partly learned by the branch predictor) while the host spoils it, up to
 * three times for a moving clock, once for a neighbour. The ticks become cycles at the clock of
 * their own moment (the core clock of a virtual CPU wanders). Of attempts all spoiled the one whose
 * clocks agreed best counts, marked. */
static bool clean_sample(sq_sampler *s, const sq_row *r, sq_visit *best) {
    bool right = true;
    double least = INFINITY;
    for (int attempt = 0; attempt < 4; attempt++) {
        sq_visit got;
        double clocks[2];
        right &= bracketed_sample(s, r, &got, clocks);
        double quiet = s->host.quiet;
        got.host = host_of(s, &got, clocks[0], clocks[1]);
        trace(s, r, attempt, &got, clocks, quiet);
        s->host.retaken += attempt > 0;
        double drift = fabs(clocks[1] / clocks[0] - 1);
        if (!got.host) {
            *best = got;
            return right;
        }
        if (fabs(got.cpt / s->cal.cycles_per_tick - 1) > SQ_CLOCK_SCREEN)
            drift = INFINITY; /* a clock far off the run's is no clock */
        if (drift < least || attempt == 0) {
            least = drift;
            *best = got;
        }
        /* A neighbour stays for seconds: once taken again, a sample it
         * shares the core with is left to later rounds (engine.c). */
        if (got.host == SQ_HOST_SHARED && attempt >= 1)
            break;
    }
    if (least == INFINITY) { /* no attempt had a clock: the sample does not count */
        s->dropped++;
        *best = (sq_visit){.ticks = INFINITY, .cycles = INFINITY, .host = SQ_HOST_MOVED};
    }
    return right;
}

bool sq_row_visit(sq_sampler *s, const sq_row *r, int samples, sq_visit *out) {
    size_t n = r->chunk;
    bool right = true;
    *out = (sq_visit){.ticks = INFINITY, .cycles = INFINITY, .host = 0xff};
    watch(r, "while it was timed");
    /* Warm the code, caches and predictors for this row: a quarter window,
     * aligned for the kernels' unrolling. */
    run_once(r, window_at(r, &s->windows),
             (n / 4 + SQ_KERNEL_UNROLL - 1) / SQ_KERNEL_UNROLL * SQ_KERNEL_UNROLL);
    for (int k = 0; k < samples; k++) {
        sq_visit got;
        right &= clean_sample(s, r, &got);
        if (k == 0 || sq_visit_faster(&got, out, s->cal.perf))
            *out = got;
    }
    sq_watchdog_leave();
    return right;
}
