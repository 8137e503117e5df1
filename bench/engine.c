#include "engine.h"

#include "call_loops.h"
#include "reference.h"
#include "sequence.h"
#include "stats.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

/* The inputs of one family over one sequence, encoded for its kernels. */
typedef struct input_set {
    const sq_family *family;
    const char *sequence; /* name for the tables */
    size_t n;
    uint8_t *a;     /* the family's squares (0x88 for color_x88) */
    uint8_t *b;     /* second squares, pair families */
    uint8_t *a_lat; /* a[i] ^ expected(i - 1): what the latency kernels read */
    uint8_t *want;  /* expected result at i */
    uint32_t *ones; /* ones[i]: expected results that are 1 before i (n + 1 entries) */
} input_set;

/* One timed thing: a variant in a mode, or an impl's baseline. */
typedef struct row {
    const sq_variant *variant; /* NULL: a baseline */
    const sq_impl *impl;
    input_set *in;
    sq_mode mode;
    sq_kernel_fn kernel; /* latency, throughput, branch */
    sq_any_fn callee;    /* call mode */
    size_t chunk;        /* squares per sample: a window of the sequence */
    double *ticks;       /* per repetition: TSC ticks per square */
    double *cycles;      /* per repetition: core cycles per square */
    double *cpt;         /* per repetition: core cycles per tick beside this row */
    struct row *baseline;
} row;

typedef struct engine {
    const sq_engine_config *cfg;
    sq_calibration cal;
    input_set *inputs;
    int ninputs;
    row *rows;
    int nrows;
    char *err;
    size_t errlen;
    uint64_t windows; /* state of the window offsets */
} engine;

static int fail(engine *e, int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->err, e->errlen, fmt, ap);
    va_end(ap);
    return code;
}

static const uint8_t *kernel_a(const row *r) {
    return r->mode == SQ_MODE_LATENCY || r->mode == SQ_MODE_CALL ? r->in->a_lat : r->in->a;
}

static bool chained(const row *r) {
    return r->mode == SQ_MODE_LATENCY || r->mode == SQ_MODE_CALL;
}

/* The kernel over inputs [at, at + n). A chained kernel starts with result 0,
 * so `at` must be 0 or follow a 0 result (see window_at). */
static uint64_t run_once(const row *r, size_t at, size_t n) {
    const uint8_t *b = r->in->b + at;
    if (r->mode == SQ_MODE_CALL)
        return sq_call_chain(r->callee, r->in->family->arity, r->in->a_lat + at, b, n);
    return r->kernel(kernel_a(r) + at, b, n);
}

/* What a variant's kernel must return over inputs [at, at + n). */
static uint64_t expected_return(const row *r, size_t at, size_t n) {
    if (chained(r))
        return r->in->want[at + n - 1];
    return r->in->ones[at + n] - r->in->ones[at];
}

/* Orders (rows, kernels before a visit) draw from --seed xor this, apart from the windows. */
#define ORDER_SALT 0x5eedf00dULL

/* A number below `below` from the engine's generator (a 64-bit LCG's top bits). */
static uint64_t next_below(uint64_t *state, uint64_t below) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (*state >> 33) % below;
}

/* The start of a sample's window. Successive samples read different parts of
 * a long sequence: a short one repeated is learned by the branch predictor.
 * Chained modes start where the previous expected result is 0, so the first
 * square read is the sequence's own. The search back is short: a sequence
 * whose results are all 1 (light squares, same-color pairs) starts at 0, and
 * scanning it back to 0 from anywhere took a third of a run's time. */
static size_t window_at(const row *r, uint64_t *state) {
    size_t at = (size_t)next_below(state, r->in->n - r->chunk + 1);
    if (!chained(r))
        return at;
    for (int back = 0; back < 64 && at > 0; back++, at--)
        if (!r->in->want[at - 1])
            return at;
    return 0;
}

/* ---- inputs ------------------------------------------------------------- */

static int build_input(engine *e, const sq_family *fam, const char *spec, input_set *in) {
    sq_sequence seq;
    char msg[256];
    if (sq_sequence_make(spec, fam->arity, e->cfg->length, e->cfg->seed, &seq, msg, sizeof msg))
        return fail(e, SQ_ENGINE_BAD_INPUT, "%s", msg);
    size_t n = seq.length - seq.length % SQ_KERNEL_UNROLL;
    in->family = fam;
    in->sequence = strncmp(spec, "file:", 5) == 0 ? "file" : spec;
    in->n = n;
    in->a = malloc(n);
    in->b = malloc(n);
    in->a_lat = malloc(n);
    in->want = malloc(n);
    in->ones = malloc(sizeof *in->ones * (n + 1));
    if (!in->a || !in->b || !in->a_lat || !in->want || !in->ones) {
        sq_sequence_free(&seq);
        return fail(e, SQ_ENGINE_BAD_INPUT, "--length %zu: out of memory", e->cfg->length);
    }
    in->ones[0] = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned a = seq.a[i], b = seq.b ? seq.b[i] : 0;
        in->a[i] = (uint8_t)(fam->x88 ? sq_to_x88(a) : a);
        in->b[i] = (uint8_t)b;
        in->want[i] = (uint8_t)fam->expected(in->a[i], b);
        in->ones[i + 1] = in->ones[i] + in->want[i];
        in->a_lat[i] = (uint8_t)(in->a[i] ^ (i ? in->want[i - 1] : 0));
    }
    sq_sequence_free(&seq);
    return 0;
}

static void free_input(input_set *in) {
    free(in->a);
    free(in->b);
    free(in->a_lat);
    free(in->want);
    free(in->ones);
}

static bool family_selected(const engine *e, const sq_family *fam) {
    for (int i = 0; i < e->cfg->nvariants; i++)
        if (e->cfg->variants[i]->family == fam)
            return true;
    return false;
}

/* The sequence specs that apply to a family: the asked ones its arity has, or
 * all built-ins. */
static int family_specs(const engine *e, const sq_family *fam, const char **out) {
    int n = 0;
    if (e->cfg->nsequences == 0) {
        static char names[2][128];
        char *buf = names[fam->arity - 1];
        snprintf(buf, sizeof names[0], "%s", sq_sequence_names(fam->arity));
        for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ","))
            out[n++] = tok;
        return n;
    }
    for (int i = 0; i < e->cfg->nsequences; i++)
        if (sq_sequence_known(e->cfg->sequences[i], fam->arity))
            out[n++] = e->cfg->sequences[i];
    return n;
}

static int build_inputs(engine *e) {
    /* Every asked sequence must apply to some selected family. */
    for (int i = 0; i < e->cfg->nsequences; i++) {
        bool used = false;
        for (int f = 0; f < sq_family_count; f++)
            used |= family_selected(e, &sq_families[f]) &&
                    sq_sequence_known(e->cfg->sequences[i], sq_families[f].arity);
        if (!used)
            return fail(e, SQ_ENGINE_BAD_INPUT,
                        "--sequence: '%s' is not a sequence of the selected families (one square: "
                        "%s, file:PATH; pairs: %s, file:PATH)",
                        e->cfg->sequences[i], sq_sequence_names(1), sq_sequence_names(2));
    }
    e->inputs = calloc((size_t)sq_family_count * 16, sizeof *e->inputs);
    for (int f = 0; f < sq_family_count; f++) {
        const sq_family *fam = &sq_families[f];
        if (!family_selected(e, fam))
            continue;
        const char *specs[16];
        int nspecs = family_specs(e, fam, specs);
        for (int s = 0; s < nspecs && s < 16; s++) {
            int rc = build_input(e, fam, specs[s], &e->inputs[e->ninputs]);
            if (rc)
                return rc;
            e->ninputs++;
        }
    }
    return 0;
}

/* ---- rows --------------------------------------------------------------- */

static sq_kernel_fn mode_kernel(const sq_kernel_fn *k, sq_mode mode) {
    static const int index[] = {SQ_KERNEL_LATENCY, SQ_KERNEL_THROUGHPUT, SQ_KERNEL_BRANCH};
    return mode == SQ_MODE_CALL ? NULL : k[index[mode]];
}

/* A row of variant v, or with v NULL impl's baseline, over in. */
static void init_row(row *r, const sq_variant *v, const sq_impl *impl, input_set *in,
                     sq_mode mode) {
    memset(r, 0, sizeof *r);
    r->variant = v;
    r->impl = impl;
    r->in = in;
    r->mode = mode;
    if (mode == SQ_MODE_CALL)
        r->callee = v ? v->fn.any : (sq_any_fn)sq_asm_identity;
    else
        r->kernel = mode_kernel(v ? v->kernel : impl->baseline[in->family->arity - 1], mode);
}

static row *add_row(engine *e, const sq_variant *v, const sq_impl *impl, input_set *in,
                    sq_mode mode) {
    row *r = &e->rows[e->nrows++];
    init_row(r, v, impl, in, mode);
    int reps = e->cfg->timing.reps;
    r->ticks = calloc((size_t)reps, sizeof *r->ticks);
    r->cycles = calloc((size_t)reps, sizeof *r->cycles);
    r->cpt = calloc((size_t)reps, sizeof *r->cpt);
    return r;
}

/* A baseline per (impl, input, mode); call mode has one identity per input. */
static row *find_baseline(engine *e, const sq_impl *impl, input_set *in, sq_mode mode) {
    if (mode == SQ_MODE_CALL)
        impl = sq_impl_find("asm");
    for (int i = 0; i < e->nrows; i++) {
        row *r = &e->rows[i];
        if (!r->variant && r->impl == impl && r->in == in && r->mode == mode)
            return r;
    }
    return add_row(e, NULL, impl, in, mode);
}

static void build_rows(engine *e) {
    size_t most = (size_t)e->cfg->nvariants * 16 * SQ_MODE_COUNT * 2 + 64;
    e->rows = calloc(most, sizeof *e->rows);
    for (int m = 0; m < SQ_MODE_COUNT; m++) {
        if (!e->cfg->mode[m])
            continue;
        for (int k = 0; k < e->cfg->nvariants; k++) {
            const sq_variant *v = e->cfg->variants[k];
            for (int i = 0; i < e->ninputs; i++) {
                if (e->inputs[i].family != v->family)
                    continue;
                row *r = add_row(e, v, sq_impl_find(v->impl), &e->inputs[i], (sq_mode)m);
                r->baseline = find_baseline(e, r->impl, r->in, (sq_mode)m);
            }
        }
    }
}

/* Every kernel's answers before any timing: latency chains prefix by prefix
 * (so every early result is seen), the sums over the whole sequence. */
static int check_rows(engine *e) {
    for (int i = 0; i < e->nrows; i++) {
        const row *r = &e->rows[i];
        if (!r->variant)
            continue;
        size_t step = SQ_KERNEL_UNROLL, last = chained(r) && r->in->n > 512 ? 512 : r->in->n;
        for (size_t n = chained(r) ? step : r->in->n; n <= last; n += step) {
            uint64_t got = run_once(r, 0, n), want = expected_return(r, 0, n);
            if (got != want)
                return fail(e, SQ_ENGINE_CHECK_FAILED,
                            "kernel check failed: %s in %s mode on the %s sequence: over the "
                            "first %zu inputs expected %llu, got %llu",
                            r->variant->id, sq_mode_names[r->mode], r->in->sequence, n,
                            (unsigned long long)want, (unsigned long long)got);
        }
    }
    return 0;
}

/* ---- timing ------------------------------------------------------------- */

/* Reads one byte per cache line of a window, so a sample times the kernel, not
 * memory: the inputs of a whole run (tens of MiB) do not stay in cache, and a
 * pair kernel streaming two arrays from DRAM ran up to 20% slower. */
static void touch(const uint8_t *p, size_t n) {
    uint8_t sum = 0;
    for (size_t i = 0; i < n; i += 64)
        sum ^= p[i];
    __asm__ volatile("" : : "r"(sum));
}

/* Squares per sample of a row, so that one sample lasts about target ticks. */
static void size_row(row *r, double target) {
    size_t probe = r->in->n < 4096 ? r->in->n : 4096;
    run_once(r, 0, probe);
    uint64_t best = UINT64_MAX;
    for (int s = 0; s < 3; s++) {
        uint64_t t0 = sq_tsc_begin();
        run_once(r, 0, probe);
        uint64_t t1 = sq_tsc_end();
        if (t1 - t0 < best)
            best = t1 - t0;
    }
    double squares = target / ((double)(best ? best : 1) / (double)probe);
    size_t chunk = (size_t)squares - (size_t)squares % SQ_KERNEL_UNROLL;
    r->chunk = chunk < 64 ? 64 : chunk > r->in->n ? r->in->n : chunk;
}

/* Each kernel sample is paired with an add-chain sample a quarter as long:
 * enough for the clock, and most of a run is spent timing kernels. */
static uint64_t add_iters_for(const sq_calibration *cal, double sample_s) {
    return sq_chain_iters_for(sq_chain_find("add"), sample_s * cal->tsc_hz / 4);
}

static int visits_of(const sq_engine_config *cfg) {
    return cfg->visits > 0 ? cfg->visits : 1;
}

typedef struct visit {
    double ticks, cpt, cycles; /* per square; cpt: core cycles per tick */
} visit;

/* Clock samples either side of a kernel sample differing by more than this
 * saw the core clock change step (3.6 / 3.7 GHz on the Intel guest) or the
 * virtual CPU stop: the kernel's ticks are not at either clock. */
#define CLOCK_AGREEMENT 0.01

/* One kernel sample over the next window, between two add-chain samples;
 * *drift is how far the two disagree. Returns false if the kernel answered
 * wrong. */
static bool bracketed_sample(engine *e, row *r, visit *out, double *drift) {
    const sq_chain *add = sq_chain_find("add");
    size_t n = r->chunk, at = window_at(r, &e->windows);
    touch(kernel_a(r) + at, n);
    if (r->in->family->arity == 2)
        touch(r->in->b + at, n);
    double before = sq_chain_sample(add, e->cal.add_iters);
    uint64_t c0 = e->cal.perf ? sq_perf_cycles_read() : 0;
    uint64_t t0 = sq_tsc_begin();
    uint64_t got = run_once(r, at, n);
    uint64_t t1 = sq_tsc_end();
    uint64_t c1 = e->cal.perf ? sq_perf_cycles_read() : 0;
    double after = sq_chain_sample(add, e->cal.add_iters);
    *drift = fabs(after / before - 1);
    out->ticks = ((double)(t1 - t0) - e->cal.timer_overhead) / (double)n;
    out->cpt = 2 / (before + after);
    out->cycles = e->cal.perf ? (double)(c1 - c0) / (double)n : out->ticks * out->cpt;
    return !r->variant || got == expected_return(r, at, n);
}

/* One visit of a row: a warm-up window, then its samples, each between two
 * clock samples, so the ticks become cycles at the clock of their own moment
 * (the core clock of a virtual CPU wanders). A sample whose clock samples
 * disagree is taken again over a new window (the same one again would be
 * partly learned by the branch predictor), up to three times, and the
 * attempt whose clock held best counts: a minimum would otherwise pick the
 * samples timed against the wrong clock that came out low. The fastest
 * sample counts. Returns false if the kernel answered wrong while timed. */
static bool time_visit(engine *e, row *r, int samples, visit *out) {
    size_t n = r->chunk;
    bool right = true;
    *out = (visit){.ticks = INFINITY, .cycles = INFINITY};
    /* Warm the code, caches and predictors for this row: a quarter window,
     * aligned for the kernels' unrolling. */
    run_once(r, window_at(r, &e->windows),
             (n / 4 + SQ_KERNEL_UNROLL - 1) / SQ_KERNEL_UNROLL * SQ_KERNEL_UNROLL);
    for (int s = 0; s < samples; s++) {
        visit best = {0};
        double least = INFINITY;
        for (int attempt = 0; attempt < 4 && least > CLOCK_AGREEMENT; attempt++) {
            visit got;
            double drift;
            right &= bracketed_sample(e, r, &got, &drift);
            if (drift < least) {
                least = drift;
                best = got;
            }
        }
        if (best.cycles < out->cycles)
            *out = best;
    }
    return right;
}

/* One row, one visit of a repetition. A repetition keeps its fastest visit.
 * Some loops settle into one of two speeds for the length of a visit (on the
 * Intel guest this was written on, the throughput harness at 0.56 or 0.77
 * cycles per square; via_color/gcc-12 at 2.13 or 2.88): the samples of one
 * visit share its luck, visits in other passes do not, and a median over
 * repetitions of single visits flipped between runs where about half the
 * visits were slow. */
static bool time_row(engine *e, row *r, int rep, int v) {
    int visits = visits_of(e->cfg), samples = e->cfg->timing.samples;
    visit got;
    bool right = time_visit(e, r, samples / visits + (v < samples % visits), &got);
    if (v == 0 || got.cycles < r->cycles[rep]) {
        r->ticks[rep] = got.ticks;
        r->cpt[rep] = got.cpt;
        r->cycles[rep] = got.cycles;
    }
    return right;
}

/* A random order of n rows, Fisher-Yates. */
static void shuffle_rows(int *order, int n, uint64_t *state) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)next_below(state, (uint64_t)i + 1);
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

static void progress(const engine *e, int pass, int passes, int done) {
    if (!e->cfg->progress)
        return;
    fprintf(stderr, "\rsqcolor: pass %d/%d, %3.0f%% ", pass + 1, passes,
            100.0 * ((double)pass * e->nrows + done) / ((double)passes * e->nrows));
    fflush(stderr);
}

/* ---- results ------------------------------------------------------------ */

static sq_stats scaled(sq_stats s, double k) {
    return (sq_stats){s.min * k, s.median * k, s.p90 * k, s.ci_lo * k, s.ci_hi * k};
}

static void collect(engine *e, sq_run *run) {
    int reps = e->cfg->timing.reps;
    run->results = calloc((size_t)e->nrows, sizeof *run->results);
    double *net = malloc(sizeof *net * (size_t)reps);
    for (int i = 0; i < e->nrows; i++) {
        const row *r = &e->rows[i];
        if (!r->variant)
            continue;
        sq_result *res = &run->results[run->nresults++];
        res->variant = r->variant;
        res->sequence = r->in->sequence;
        res->mode = r->mode;
        res->reps = reps;
        res->samples = malloc(sizeof *res->samples * (size_t)reps);
        for (int k = 0; k < reps; k++) {
            net[k] = r->ticks[k] - r->baseline->ticks[k];
            res->samples[k] = r->cycles[k] - r->baseline->cycles[k];
        }
        res->ticks = sq_stats_of(net, reps);
        res->ns = scaled(res->ticks, 1e9 / e->cal.tsc_hz);
        res->cycles = sq_stats_of(res->samples, reps);
        double spread = res->cycles.p90 - res->cycles.min;
        res->noisy = spread > fmax(e->cfg->spread_threshold * fabs(res->cycles.median), 0.05);
    }
    free(net);
}

/* The core clock as every row saw it: median, lowest and highest. */
static void fill_clock(engine *e, sq_run *run) {
    int reps = e->cfg->timing.reps, n = 0;
    double *all = malloc(sizeof *all * (size_t)reps * (size_t)e->nrows);
    for (int i = 0; i < e->nrows; i++)
        for (int k = 0; k < reps; k++)
            all[n++] = e->rows[i].cpt[k];
    sq_stats s = sq_stats_of(all, n);
    double max = s.min;
    for (int i = 0; i < n; i++)
        max = fmax(max, all[i]);
    free(all);
    run->machine = e->cal.machine;
    run->clock.source = e->cal.perf ? "perf" : "calibrated";
    run->clock.tsc_source = e->cal.tsc_source;
    run->clock.tsc_hz = e->cal.tsc_hz;
    run->clock.core_hz = s.median * e->cal.tsc_hz;
    run->clock.core_hz_min = s.min * e->cal.tsc_hz;
    run->clock.core_hz_max = max * e->cal.tsc_hz;
    run->clock.timer_overhead = e->cal.timer_overhead;
    run->clock.alu_per_cycle = e->cal.alu_per_cycle;
    run->reps = reps;
    run->length = e->inputs ? e->inputs[0].n : e->cfg->length;
    run->seed = e->cfg->seed;
    run->cpu = e->cal.cpu;
    run->spread_threshold = e->cfg->spread_threshold;
    run->samples = e->cfg->timing.samples;
    run->visits = visits_of(e->cfg);
    run->sample_us = e->cfg->timing.sample_s * 1e6;
    struct utsname u;
    if (uname(&u) == 0)
        snprintf(run->kernel, sizeof run->kernel, "%s", u.release);
    size_t used = 0;
    run->sequences[0] = 0;
    for (int i = 0; i < e->cfg->nsequences; i++)
        used += (size_t)snprintf(run->sequences + used, sizeof run->sequences - used, "%s%s",
                                 i ? "," : "", e->cfg->sequences[i]);
    if (!e->cfg->nsequences)
        snprintf(run->sequences, sizeof run->sequences, "default");
    for (int i = 0; i < sq_impl_count && i < SQ_MAX_IMPLS; i++) {
        sq_impl_info *m = &run->impls[run->nimpls++];
        snprintf(m->name, sizeof m->name, "%s", sq_impls[i].name);
        snprintf(m->compiler, sizeof m->compiler, "%s", sq_impls[i].compiler);
        snprintf(m->flags, sizeof m->flags, "%s", sq_impls[i].flags);
    }
}

static void free_engine(engine *e) {
    for (int i = 0; i < e->nrows; i++) {
        free(e->rows[i].ticks);
        free(e->rows[i].cycles);
        free(e->rows[i].cpt);
    }
    free(e->rows);
    for (int i = 0; i < e->ninputs; i++)
        free_input(&e->inputs[i]);
    free(e->inputs);
}

int sq_engine_run(const sq_engine_config *cfg, sq_run *run, char *err, size_t errlen) {
    engine e = {.cfg = cfg, .err = err, .errlen = errlen, .windows = cfg->seed};
    memset(run, 0, sizeof *run);
    double t_start = sq_monotonic_s();
    int rc = build_inputs(&e);
    if (!rc) {
        build_rows(&e);
        rc = check_rows(&e);
    }
    if (rc) {
        free_engine(&e);
        return rc;
    }

    sq_calibrate_clock(&cfg->timing, &e.cal);
    e.cal.add_iters = add_iters_for(&e.cal, cfg->timing.sample_s);
    for (int i = 0; i < e.nrows; i++)
        size_row(&e.rows[i], cfg->timing.sample_s * e.cal.tsc_hz);
    int reps = cfg->timing.reps, passes = reps * visits_of(cfg);
    /* Every pass visits every row, so drift touches them all alike. Pass p is
     * a visit of repetition p % reps: a repetition's visits are spread over
     * the whole run. Each pass takes the rows in a new order: which kernel ran
     * just before decides the speed some loops settle into (texel's
     * throughput kernel at 1.65 or 1.88 cycles per square on the Intel guest
     * this was written on), and in a fixed order that predecessor is always
     * the same. The order follows --seed, so a run can be repeated. */
    int *order = malloc(sizeof *order * (size_t)e.nrows);
    if (!order)
        rc = fail(&e, SQ_ENGINE_BAD_INPUT, "out of memory for %d rows", e.nrows);
    uint64_t shuffle = cfg->seed ^ ORDER_SALT;
    for (int i = 0; order && i < e.nrows; i++)
        order[i] = i;
    for (int pass = 0; pass < passes && !rc; pass++) {
        shuffle_rows(order, e.nrows, &shuffle);
        for (int i = 0; i < e.nrows && !rc; i++) {
            row *r = &e.rows[order[i]];
            if (!time_row(&e, r, pass % reps, pass / reps))
                rc =
                    fail(&e, SQ_ENGINE_CHECK_FAILED, "kernel check failed while timing %s (%s, %s)",
                         r->variant->id, sq_mode_names[r->mode], r->in->sequence);
            if (i % 16 == 0)
                progress(&e, pass, passes, i);
        }
    }
    free(order);
    if (cfg->progress)
        fprintf(stderr, "\r%40s\r", "");
    if (!rc) {
        fill_clock(&e, run);
        collect(&e, run);
        run->elapsed_s = sq_monotonic_s() - t_start;
    }
    sq_perf_cycles_close();
    free_engine(&e);
    return rc;
}

void sq_run_free(sq_run *run) {
    for (int i = 0; i < run->nresults; i++)
        free(run->results[i].samples);
    free(run->results);
    run->results = NULL;
    run->nresults = 0;
}

/* ---- single targets ------------------------------------------------------ */

struct sq_target {
    sq_engine_config cfg;
    engine e;
    input_set in;
    row variant, baseline;
    uint64_t stir; /* state of the choice of kernel run before a visit */
};

sq_target *sq_target_new(const sq_variant *v, sq_mode mode, const char *sequence,
                         const sq_engine_config *cfg, const sq_calibration *cal, char *err,
                         size_t errlen) {
    sq_target *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    t->cfg = *cfg;
    t->cfg.variants = NULL;
    t->cfg.sequences = NULL;
    t->e = (engine){.cfg = &t->cfg, .err = err, .errlen = errlen, .windows = cfg->seed};
    t->stir = cfg->seed ^ ORDER_SALT;
    t->e.cal = *cal;
    t->e.cal.add_iters = add_iters_for(cal, cfg->timing.sample_s);
    if (build_input(&t->e, v->family, sequence, &t->in)) {
        free(t);
        return NULL;
    }
    const sq_impl *impl = sq_impl_find(mode == SQ_MODE_CALL ? "asm" : v->impl);
    init_row(&t->variant, v, impl, &t->in, mode);
    init_row(&t->baseline, NULL, impl, &t->in, mode);
    t->e.rows = &t->variant;
    t->e.nrows = 1;
    if (check_rows(&t->e)) {
        sq_target_free(t);
        return NULL;
    }
    t->e.rows = NULL;
    t->e.nrows = 0;
    size_row(&t->variant, cfg->timing.sample_s * cal->tsc_hz);
    size_row(&t->baseline, cfg->timing.sample_s * cal->tsc_hz);
    return t;
}

/* Runs a kernel of the target's family picked at random over a few of its
 * squares. In sqcolor run a visit follows whichever row the shuffled pass
 * put before it; which kernel ran just before decides the speed some loops
 * settle into, so a target's visits follow a random one too, not always the
 * harness. */
static void stir(sq_target *t) {
    const sq_variant *v;
    do
        v = &sq_variants[next_below(&t->stir, (uint64_t)sq_variant_count)];
    while (v->family != t->in.family);
    v->kernel[SQ_KERNEL_THROUGHPUT](t->in.a, t->in.b, t->in.n < 1024 ? t->in.n : 1024);
}

size_t sq_target_squares(const sq_target *t) {
    return t->variant.chunk;
}

bool sq_target_visit(sq_target *t, sq_target_visit_times *out) {
    visit variant, harness;
    stir(t);
    bool right = time_visit(&t->e, &t->variant, 1, &variant);
    stir(t);
    time_visit(&t->e, &t->baseline, 1, &harness);
    *out = (sq_target_visit_times){{variant.cycles, harness.cycles},
                                   {variant.ticks, harness.ticks},
                                   variant.ticks * (double)t->variant.chunk / t->e.cal.tsc_hz};
    return right;
}

/* The median over groups of `size` visits of the fastest variant visit less
 * the fastest harness visit, in ticks or in core cycles. */
static double median_of_fastest(const sq_target_visit_times *v, int groups, int size, bool ticks,
                                double *net) {
    for (int g = 0; g < groups; g++) {
        double fastest[2] = {INFINITY, INFINITY};
        for (int i = g * size; i < (g + 1) * size; i++)
            for (int k = 0; k < 2; k++)
                fastest[k] = fmin(fastest[k], ticks ? v[i].ticks[k] : v[i].cycles[k]);
        net[g] = fastest[0] - fastest[1];
    }
    return sq_stats_of(net, groups).median;
}

bool sq_target_median(const sq_target_visit_times *v, int n, int group, double *cycles,
                      double *ticks) {
    int groups = n >= group ? n / group : 1, size = n >= group ? group : n;
    double *net = n > 0 ? calloc((size_t)groups, sizeof *net) : NULL;
    if (!net)
        return false;
    *cycles = median_of_fastest(v, groups, size, false, net);
    *ticks = median_of_fastest(v, groups, size, true, net);
    free(net);
    return true;
}

void sq_target_free(sq_target *t) {
    if (!t)
        return;
    free_input(&t->in);
    free(t);
}
