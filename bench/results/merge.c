#include "bench/results/merge.h"

#include "bench/results/figures.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool same_row(const sq_result *a, const sq_result *b) {
    return a->mode == b->mode && strcmp(a->variant->id, b->variant->id) == 0 &&
           strcmp(a->sequence, b->sequence) == 0;
}

/* The median of the parts' harness medians; the interval from the lowest
 * end to the highest. */
static sq_stats harness_of(const sq_run *parts, int n, int row) {
    double m[SQ_MAX_PROCESSES];
    int k = 0;
    sq_stats h = parts[0].results[row].harness;
    for (int p = 0; p < n; p++) {
        const sq_stats *x = &parts[p].results[row].harness;
        if (!isfinite(x->median))
            continue;
        m[k++] = x->median;
        h.min = fmin(h.min, x->min);
        h.p90 = fmax(h.p90, x->p90);
        h.ci_lo = fmin(h.ci_lo, x->ci_lo);
        h.ci_hi = fmax(h.ci_hi, x->ci_hi);
    }
    if (k)
        h.median = sq_stats_of(m, k).median;
    return h;
}

/* A part's host counts as one process's: a part of several processes (a
 * file of a run, merged with other runs) its counts summed and its quiet
 * level the run's (sq_run_quiet). */
static sq_host_counts part_host(const sq_run *part) {
    sq_host_counts sum = {.quiet = sq_run_quiet(part)};
    for (int k = 0; k < part->nhost; k++) {
        const sq_host_counts *h = &part->host[k];
        sum.samples += h->samples;
        sum.moved += h->moved;
        sum.shared += h->shared;
        sum.retaken += h->retaken;
    }
    return sum;
}

/* Each part's host counts, in part order (part_host). */
static void merge_host(sq_run *parts, int n) {
    sq_run *base = &parts[0];
    sq_host_counts merged[SQ_MAX_PROCESSES];
    for (int p = 0; p < n; p++) {
        if (!parts[p].nhost) {
            base->nhost = 0;
            return;
        }
        merged[p] = part_host(&parts[p]);
    }
    memcpy(base->host, merged, sizeof *merged * (size_t)n);
    base->nhost = n;
}

/* Whether process p's samples are all taken as shared: its quiet level
 * lies under the run's, or this CPU's in earlier runs where that is higher
 * (sq_run_quiet_expected; sq_quiet_level_under), so it was on
 * a shared core throughout and had no quiet reading to tell its samples
 * by; or a neighbour shared the core for most of its samples
 * (sq_host_mostly_shared). */
static bool process_shared(const sq_run *run, int p, double quiet) {
    return p < run->nhost && (sq_quiet_level_under(run->host[p].quiet, quiet) ||
                              sq_host_mostly_shared(&run->host[p]));
}

/* Marks shared the samples[0, reps) of the processes process_shared
 * picks, into the flags of their block; returns the flags, or NULL where
 * no sample is spoiled. */
static unsigned char *mark_shared(const sq_run *run, double *samples, const unsigned char *process,
                                  unsigned char *host, int reps) {
    double quiet = sq_run_quiet_expected(run);
    unsigned char *flags = sq_samples_host(samples, (size_t)reps);
    bool spoiled = false;
    for (int k = 0; k < reps; k++) {
        flags[k] = host ? host[k] : 0;
        if (process_shared(run, process ? process[k] : 0, quiet))
            flags[k] |= SQ_HOST_SHARED;
        spoiled |= flags[k] != 0;
    }
    return spoiled ? flags : NULL;
}

void sq_run_mark_shared_processes(sq_run *run) {
    for (int i = 0; i < run->nresults; i++) {
        sq_result *r = &run->results[i];
        if (r->samples)
            r->host = mark_shared(run, r->samples, r->process, r->host, r->reps);
    }
    for (int i = 0; i < run->nbatch; i++) {
        sq_batch_result *b = &run->batch[i];
        if (b->samples)
            b->host = mark_shared(run, b->samples, b->process, b->host, b->reps);
    }
}

static void merge_clocks(sq_run *parts, int n) {
    sq_clock *c = &parts[0].clock;
    double hz[SQ_MAX_PROCESSES];
    for (int p = 0; p < n; p++) {
        const sq_clock *x = &parts[p].clock;
        hz[p] = x->core_hz;
        if (p == 0)
            continue;
        c->core_hz_min = fmin(c->core_hz_min, x->core_hz_min);
        c->core_hz_max = fmax(c->core_hz_max, x->core_hz_max);
        if (c->screened >= 0 && x->screened >= 0) {
            c->screened += x->screened;
            c->dropped += x->dropped;
        }
    }
    c->core_hz = sq_stats_of(hz, n).median;
}

/* Samples[0, reps) of one part into block x of total samples at k, with
 * their process (from's, or p where from is NULL) and host flags (none:
 * clean); returns k past them. */
static int put_samples(double *x, int total, int k, const double *samples, int reps,
                       const unsigned char *from, int p, const unsigned char *host) {
    unsigned char *process = sq_samples_process(x, (size_t)total),
                  *flags = sq_samples_host(x, (size_t)total);
    for (int j = 0; j < reps; j++, k++) {
        x[k] = samples[j];
        process[k] = from ? from[j] : (unsigned char)p;
        flags[k] = host ? host[j] : 0;
    }
    return k;
}

/* Pools the samples of part p's batch row i, for every p, into a new block
 * (processes and host flags with it); NULL when out of memory. */
static double *pooled_batch(const sq_run *parts, int n, int i, int *total) {
    *total = 0;
    for (int p = 0; p < n; p++)
        *total += parts[p].batch[i].reps;
    double *x = sq_samples_alloc((size_t)*total);
    if (!x)
        return NULL;
    for (int p = 0, k = 0; p < n; p++) {
        const sq_batch_result *part = &parts[p].batch[i];
        k = put_samples(x, *total, k, part->samples, part->reps, NULL, p, part->host);
    }
    return x;
}

/* Whether every part's batch rows are parts[0]'s, with samples. */
static int batch_mismatch(const sq_run *parts, int n, char *err, size_t errlen) {
    const sq_run *base = &parts[0];
    for (int p = 1; p < n; p++) {
        bool same = parts[p].nbatch == base->nbatch;
        for (int i = 0; same && i < base->nbatch; i++)
            same = strcmp(parts[p].batch[i].id, base->batch[i].id) == 0 &&
                   parts[p].batch[i].n == base->batch[i].n && parts[p].batch[i].samples &&
                   base->batch[i].samples;
        if (!same) {
            snprintf(err, errlen, "process %d's batch rows are not process 0's", p);
            return -1;
        }
    }
    return 0;
}

/* The batch rows as the scalar ones: samples pooled, statistics again. */
static int merge_batch(sq_run *parts, int n, char *err, size_t errlen) {
    sq_run *base = &parts[0];
    for (int p = 1; p < n; p++)
        if (parts[p].batch_huge_pages < base->batch_huge_pages)
            base->batch_huge_pages = parts[p].batch_huge_pages;
    for (int i = 0; i < base->nbatch; i++) {
        int total;
        double *x = pooled_batch(parts, n, i, &total);
        if (!x) {
            snprintf(err, errlen, "out of memory for the merged batch rows");
            return -1;
        }
        sq_batch_result *b = &base->batch[i];
        free(b->samples);
        b->samples = x;
        b->process = n > 1 ? sq_samples_process(x, (size_t)total) : NULL;
        b->reps = total;
        b->host = sq_samples_host(x, (size_t)total); /* sq_runs_merge marks, then NULLs if clean */
    }
    return 0;
}

/* Whether the processes' runs can be merged: the counts in range, the
 * batch-only ones without scalar rows, every other one with process 0's
 * rows in process 0's order; else -1 with a reason in err. */
static int mergeable(const sq_run *parts, int n, int batch_only, char *err, size_t errlen) {
    if (n < 1 || batch_only < 0 || n + batch_only > SQ_MAX_PROCESSES) {
        snprintf(err, errlen, "%d processes: 1 to %d can be merged", n + batch_only,
                 SQ_MAX_PROCESSES);
        return -1;
    }
    for (int p = n; p < n + batch_only; p++)
        if (parts[p].nresults) {
            snprintf(err, errlen, "process %d timed %d rows besides the batch rows", p,
                     parts[p].nresults);
            return -1;
        }
    const sq_run *base = &parts[0];
    for (int p = 1; p < n; p++) {
        if (parts[p].nresults != base->nresults) {
            snprintf(err, errlen, "process %d timed %d rows, process 0 %d", p, parts[p].nresults,
                     base->nresults);
            return -1;
        }
        for (int i = 0; i < base->nresults; i++)
            if (!same_row(&parts[p].results[i], &base->results[i])) {
                snprintf(err, errlen, "process %d's row %d is not process 0's", p, i);
                return -1;
            }
    }
    return batch_mismatch(parts, n + batch_only, err, errlen) ? -1 : 0;
}

int sq_runs_merge(sq_run *parts, int n, int batch_only, char *err, size_t errlen) {
    if (mergeable(parts, n, batch_only, err, errlen))
        return -1;
    sq_run *base = &parts[0];
    /* Every block first: out of memory leaves parts[0] as it was. */
    double **pooled = calloc((size_t)base->nresults + 1, sizeof *pooled);
    bool short_of_memory = !pooled;
    for (int i = 0; !short_of_memory && i < base->nresults; i++) {
        int total = 0;
        for (int p = 0; p < n; p++)
            total += parts[p].results[i].reps;
        short_of_memory = !(pooled[i] = sq_samples_alloc((size_t)total));
    }
    if (short_of_memory) {
        for (int i = 0; pooled && i < base->nresults; i++)
            free(pooled[i]);
        free(pooled);
        snprintf(err, errlen, "out of memory for the merged rows");
        return -1;
    }
    merge_clocks(parts, n);
    merge_host(parts, n + batch_only);
    for (int i = 0; i < base->nresults; i++) {
        sq_result *r = &base->results[i];
        int total = 0;
        for (int p = 0; p < n; p++)
            total += parts[p].results[i].reps;
        double *x = pooled[i];
        unsigned char *process = sq_samples_process(x, (size_t)total);
        unsigned char *host = sq_samples_host(x, (size_t)total);
        int k = 0, retaken = 0;
        double loss = 0;
        for (int p = 0; p < n; p++) {
            const sq_result *part = &parts[p].results[i];
            retaken += part->retaken;
            loss = fmax(loss, part->host_loss);
            k = put_samples(x, total, k, part->samples, part->reps, NULL, p, part->host);
            r->control_dependent |= part->control_dependent;
            r->loop_branch_only |= part->loop_branch_only;
            r->chain_apart |= part->chain_apart;
        }
        r->harness = harness_of(parts, n, i);
        free(r->samples);
        r->samples = x;
        r->process = n > 1 ? process : NULL;
        r->reps = total;
        r->retaken = retaken;
        r->host_loss = loss;
        r->host = host;
    }
    free(pooled);
    base->processes = n;
    if (merge_batch(parts, n + batch_only, err, errlen))
        return -1;
    sq_run_mark_shared_processes(base);
    for (int p = 1; p < n; p++)
        if (parts[p].sequence_huge_pages < base->sequence_huge_pages)
            base->sequence_huge_pages = parts[p].sequence_huge_pages;
    return 0;
}

/* Row r's samples with part's after them, from process p: a new block, or
 * NULL when out of memory. */
static double *appended(const sq_result *r, const sq_result *part, int p) {
    int total = r->reps + part->reps;
    double *x = sq_samples_alloc((size_t)total);
    if (!x)
        return NULL;
    int k = put_samples(x, total, 0, r->samples, r->reps, r->process, 0, r->host);
    put_samples(x, total, k, part->samples, part->reps, NULL, p, part->host);
    return x;
}

int sq_run_add_process(sq_run *run, const sq_run *part, char *err, size_t errlen) {
    int p = run->nhost;
    if (!p || p >= SQ_MAX_PROCESSES || part->nresults != run->nresults || !part->nhost) {
        snprintf(err, errlen, "a process of %d rows cannot join a run of %d rows and %d processes",
                 part->nresults, run->nresults, p);
        return -1;
    }
    for (int i = 0; i < run->nresults; i++)
        if (!same_row(&run->results[i], &part->results[i])) {
            snprintf(err, errlen, "the added process's row %d is not the run's", i);
            return -1;
        }
    for (int i = 0; i < run->nresults; i++) {
        sq_result *r = &run->results[i];
        const sq_result *add = &part->results[i];
        if (!add->reps)
            continue;
        double *x = appended(r, add, p);
        if (!x) {
            snprintf(err, errlen, "out of memory for the added process's samples");
            return -1; /* the rows before i have it: the run is spent */
        }
        int total = r->reps + add->reps;
        free(r->samples);
        r->samples = x;
        r->process = sq_samples_process(x, (size_t)total);
        r->host = sq_samples_host(x, (size_t)total);
        r->reps = total;
        r->retaken += add->retaken;
        r->host_loss = fmax(r->host_loss, add->host_loss);
    }
    run->host[p] = part_host(part);
    run->nhost = p + 1;
    sq_run_mark_shared_processes(run);
    return 0;
}
