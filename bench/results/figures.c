#include "bench/results/figures.h"

#include "bench/util/stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sq_stats scaled(sq_stats s, double k) {
    return (sq_stats){s.min * k, s.median * k, s.p90 * k, s.ci_lo * k, s.ci_hi * k};
}

/* What a marked row's interval is widened by: the most the host took from a
 * spoiled sample (sq_result.host_loss), the loop cost under it (its
 * harness: the host slowed the whole loop) and each process's share of the
 * quiet level it was held to (a neighbour there for its whole life). */
typedef struct host_room {
    double loss, harness;
    const double *process_share; /* SQ_MAX_PROCESSES values */
} host_room;

/* The interval of a row the host spoiled: every finite sample with the
 * room for what the host took from it. A spoiled sample's loop ran at a
 * share p of the core, at least 1 - loss, no more than 1 - SQ_SHARED_DROP
 * where it was taken as shared, times its process's share: its truth lies
 * within [g p, g / p] of its gross g. */
static void widen_for_host(sq_stats *cycles, const double *samples, const unsigned char *process,
                           const unsigned char *host, int reps, const host_room *room) {
    for (int k = 0; k < reps; k++) {
        if (!isfinite(samples[k]))
            continue;
        double p = 1, g = samples[k] + room->harness;
        if (host[k]) {
            p = 1 - room->loss;
            if (host[k] & SQ_HOST_SHARED)
                p = fmin(p, 1 - SQ_SHARED_DROP);
            p *= room->process_share[process ? process[k] : 0];
        }
        cycles->ci_lo = fmin(cycles->ci_lo, g * p - room->harness);
        cycles->ci_hi = fmax(cycles->ci_hi, p > 0 ? g / p - room->harness : INFINITY);
    }
}

/* Cycles from the clean repetitions of samples[0, reps) where the host
 * spoiled some and enough are left (SQ_CLEAN_MIN); where too few are, of
 * all of them with the interval widened to hold what the host did
 * (widen_for_host). x and group: room for reps, left holding the clean
 * samples and their processes. Returns whether too few were clean. */
static bool clean_cycles(const double *samples, const unsigned char *process,
                         const unsigned char *host, int reps, const host_room *room, double *x,
                         unsigned char *group, int *clean, sq_stats *cycles) {
    int c = sq_samples_clean(samples, process, host, reps, x, group);
    *clean = c;
    if (!host || c >= SQ_CLEAN_MIN) {
        *cycles = sq_pooled_stats(x, process ? group : NULL, c);
        return false;
    }
    *cycles = sq_pooled_stats(samples, process, reps);
    widen_for_host(cycles, samples, process, host, reps, room);
    return true;
}

/* A row's speeds from its clean samples x[0, n) (group: their processes,
 * NULL for one): a scalar row's two speeds; a batch row's, its samples' or
 * else its processes'. */
static int speeds_of(const double *x, const unsigned char *group, int n, bool batch,
                     sq_speed modes[SQ_MAX_MODES]) {
    if (!batch)
        return sq_modes_of(x, n, modes);
    int m = sq_gross_modes_of(x, n, modes);
    return m ? m : sq_process_modes_of(x, group, n, modes);
}

/* A row's cycles, clean count and speeds from its samples (clean_cycles,
 * speeds_of; no speeds where the host spoiled it). Returns host_spoiled. */
static bool figures_of(const double *samples, const unsigned char *process,
                       const unsigned char *host, int reps, bool batch, const host_room *room,
                       sq_stats *cycles, int *clean, int *nmodes, sq_speed modes[SQ_MAX_MODES]) {
    size_t n = (size_t)(reps > 0 ? reps : 1);
    double *x = malloc(n * sizeof *x);
    unsigned char *group = malloc(n);
    bool spoiled = false;
    *nmodes = 0;
    if (x && group) {
        spoiled = clean_cycles(samples, process, host, reps, room, x, group, clean, cycles);
        if (!spoiled)
            *nmodes = speeds_of(x, process ? group : NULL, *clean, batch, modes);
    } else {
        *cycles = (sq_stats){NAN, NAN, NAN, NAN, NAN};
    }
    free(x);
    free(group);
    return spoiled;
}

static void result_figures(sq_result *r, const sq_clock *clock, const double *process_share) {
    host_room room = {r->host_loss, isfinite(r->harness.median) ? r->harness.median : 0,
                      process_share};
    r->host_spoiled = figures_of(r->samples, r->process, r->host, r->reps, false, &room, &r->cycles,
                                 &r->clean, &r->nmodes, r->modes);
    r->ticks = scaled(r->cycles, clock->tsc_hz / clock->core_hz);
    r->ns = scaled(r->ticks, 1e9 / clock->tsc_hz);
}

bool sq_result_take_samples(sq_result *to, const sq_result *from) {
    size_t n = (size_t)from->reps;
    to->process = NULL;
    to->samples = sq_samples_alloc(n);
    if (!to->samples)
        return false;
    memcpy(to->samples, from->samples, sizeof *to->samples * n);
    if (from->process) {
        to->process = sq_samples_process(to->samples, n);
        memcpy(to->process, from->process, n);
    }
    to->host = NULL;
    if (from->host) {
        to->host = sq_samples_host(to->samples, n);
        memcpy(to->host, from->host, n);
    }
    to->retaken = from->retaken;
    to->host_loss = from->host_loss;
    to->reps = from->reps;
    to->harness = from->harness;
    return true;
}

bool sq_result_same_figures(const sq_result *a, const sq_result *b) {
    size_t n = (size_t)a->reps;
    return a->reps == b->reps && !a->process == !b->process &&
           memcmp(a->samples, b->samples, sizeof *a->samples * n) == 0 &&
           (!a->process || memcmp(a->process, b->process, n) == 0) && !a->host == !b->host &&
           (!a->host || memcmp(a->host, b->host, n) == 0) &&
           memcmp(&a->harness, &b->harness, sizeof a->harness) == 0 && a->host_loss == b->host_loss;
}

/* Past L1 a batch row's speed is often set for a whole process (the
 * host's backing of its buffers, the core it was given): on AMD Zen 5,
 * color_batch/avx2/asm at 256 KiB read 0.0317-0.0319 cycles a pair in 18 of
 * 45 processes and 0.0324-0.0339 in the rest, tight within each. Two
 * speeds, then, are also those of processes that disagree. The host's
 * spoiled repetitions are left out as a scalar row's are. */
static void batch_figures(sq_batch_result *b, const double *process_share) {
    host_room room = {0, 0, process_share};
    b->host_spoiled = figures_of(b->samples, b->process, b->host, b->reps, true, &room, &b->cycles,
                                 &b->clean, &b->nmodes, b->modes);
}

int sq_sample_digits(const sq_run *run, double window_us) {
    const sq_clock *c = &run->clock;
    double hz = c->source && strcmp(c->source, "perf") == 0 ? c->core_hz : c->tsc_hz;
    double counts = window_us * 1e-6 * hz;
    /* Rounding to d digits moves x by at most 5 * 10^-d of x, and a count
     * is 1/counts of the sample's gross cost, which is at least x. */
    if (!(counts >= 1 && counts < 1e16))
        return 17;
    return 1 + (int)ceil(log10(counts));
}

double sq_to_digits(double x, int digits) {
    if (!isfinite(x))
        return x;
    char text[40];
    snprintf(text, sizeof text, "%.*g", digits, x);
    return strtod(text, NULL);
}

static void samples_to_digits(double *x, int n, int digits) {
    for (int k = 0; x && k < n; k++)
        x[k] = sq_to_digits(x[k], digits);
}

static sq_stats stats_to_digits(sq_stats s, int digits) {
    return (sq_stats){sq_to_digits(s.min, digits), sq_to_digits(s.median, digits),
                      sq_to_digits(s.p90, digits), sq_to_digits(s.ci_lo, digits),
                      sq_to_digits(s.ci_hi, digits)};
}

/* Each process's quiet level over the one it was held to, at most 1; 1
 * where either is not known. */
static void process_shares(const sq_run *run, double share[SQ_MAX_PROCESSES]) {
    double held = sq_run_quiet_expected(run);
    for (int p = 0; p < SQ_MAX_PROCESSES; p++) {
        double q = p < run->nhost ? run->host[p].quiet / held : 1;
        share[p] = isfinite(q) && q > 0 ? fmin(1, q) : 1;
    }
}

void sq_run_figures(sq_run *run) {
    double share[SQ_MAX_PROCESSES];
    process_shares(run, share);
    for (int i = 0; i < run->nresults; i++)
        result_figures(&run->results[i], &run->clock, share);
    for (int i = 0; i < run->nbatch; i++)
        if (run->batch[i].samples)
            batch_figures(&run->batch[i], share);
}

void sq_run_finish(sq_run *run) {
    int digits = sq_sample_digits(run, run->sample_us);
    for (int i = 0; i < run->nresults; i++) {
        sq_result *r = &run->results[i];
        samples_to_digits(r->samples, r->reps, digits);
        r->harness = stats_to_digits(r->harness, digits);
        r->host_loss = sq_to_digits(r->host_loss, SQ_HOST_LOSS_DIGITS);
    }
    digits = sq_sample_digits(run, SQ_BATCH_SAMPLE_US);
    for (int i = 0; i < run->nbatch; i++) {
        sq_batch_result *b = &run->batch[i];
        if (b->samples)
            samples_to_digits(b->samples, b->reps, digits);
        else /* a row of an older file, its statistics all there is */
            b->cycles = stats_to_digits(b->cycles, digits);
    }
    sq_run_figures(run);
}
