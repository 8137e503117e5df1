#include "bench/results/merge_files.h"

#include "bench/machine/cpu_model.h"
#include "bench/results/figures.h"
#include "bench/results/merge.h"
#include "bench/results/results_read.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Loads files[0..n) into parts; 0, or -1 with the reason (parts freed). */
static int load_all(const char *const *files, int n, sq_run *parts, char *err, size_t errlen) {
    for (int p = 0; p < n; p++)
        if (sq_results_load(files[p], &parts[p], err, errlen)) {
            for (int q = 0; q < p; q++)
                sq_run_free(&parts[q]);
            return -1;
        }
    return 0;
}

/* What makes run b another command's than a, in words ("length 64 against
 * 65536"), or NULL: the machine (vendor, family, model and brand), the
 * squares a sequence, the sequences and their seed. Runs of another
 * machine or input are not draws of one distribution: as units of one
 * side their difference would read as the spread between runs. */
static const char *differs(const sq_run *a, const sq_run *b, char *buf, size_t len) {
    if (!sq_same_cpu(&a->machine, &b->machine) || strcmp(a->machine.brand, b->machine.brand))
        snprintf(buf, len,
                 "CPU %s family 0x%x model 0x%x \"%s\" against %s family 0x%x model 0x%x "
                 "\"%s\"",
                 a->machine.vendor, a->machine.family, a->machine.model, a->machine.brand,
                 b->machine.vendor, b->machine.family, b->machine.model, b->machine.brand);
    else if (a->length != b->length)
        snprintf(buf, len, "length %zu against %zu", a->length, b->length);
    else if (strcmp(a->sequences, b->sequences) != 0)
        snprintf(buf, len, "sequences %s against %s", a->sequences, b->sequences);
    else if (a->seed != b->seed)
        snprintf(buf, len, "seed %" PRIu64 " against %" PRIu64, a->seed, b->seed);
    else
        return NULL;
    return buf;
}

static bool same_samples(const double *x, int nx, const double *y, int ny) {
    return nx == ny && x && y && memcmp(x, y, sizeof *x * (size_t)nx) == 0;
}

/* Whether a and b hold the same samples in every row, some row having
 * them: one run, given twice (its file named twice, or a copy). */
static bool one_run(const sq_run *a, const sq_run *b) {
    if (a->nresults != b->nresults || a->nbatch != b->nbatch)
        return false;
    int some = 0;
    for (int i = 0; i < a->nresults; i++) {
        const sq_result *x = &a->results[i], *y = &b->results[i];
        if (!same_samples(x->samples, x->reps, y->samples, y->reps))
            return false;
        some += x->reps > 0;
    }
    for (int i = 0; i < a->nbatch; i++) {
        const sq_batch_result *x = &a->batch[i], *y = &b->batch[i];
        if (x->samples && !same_samples(x->samples, x->reps, y->samples, y->reps))
            return false;
        some += x->samples && x->reps > 0;
    }
    return some > 0;
}

/* Whether parts[1..n) are runs of parts[0]'s command: 0, or -1 with the
 * reason naming the files (files[0..n), theirs). */
static int one_command(const char *const *files, const sq_run *parts, int n, char *err,
                       size_t errlen) {
    char what[400];
    for (int p = 1; p < n; p++)
        if (differs(&parts[0], &parts[p], what, sizeof what)) {
            snprintf(err, errlen, "%s and %s are not runs of one command: %s", files[0], files[p],
                     what);
            return -1;
        }
    return 0;
}

/* Whether no two of parts[0..n) are one run: 0, or -1 with the reason. */
static int each_once(const char *const *files, const sq_run *parts, int n, char *err,
                     size_t errlen) {
    for (int p = 0; p < n; p++)
        for (int q = p + 1; q < n; q++)
            if (one_run(&parts[p], &parts[q])) {
                if (strcmp(files[p], files[q]) == 0)
                    snprintf(err, errlen, "%s is named twice: name each run once", files[p]);
                else
                    snprintf(err, errlen,
                             "%s and %s hold one run (the same samples): name each run once",
                             files[p], files[q]);
                return -1;
            }
    return 0;
}

int sq_results_load_merged(const char *const *files, int n, sq_run *run, char *err, size_t errlen) {
    memset(run, 0, sizeof *run);
    if (n < 1 || n > SQ_MAX_PROCESSES) {
        snprintf(err, errlen, "%d result files: 1 to %d can be read as one", n, SQ_MAX_PROCESSES);
        return -1;
    }
    if (n == 1)
        return sq_results_load(files[0], run, err, errlen);
    sq_run *parts = calloc((size_t)n, sizeof *parts); /* kilobytes each */
    if (!parts) {
        snprintf(err, errlen, "out of memory for %d result files", n);
        return -1;
    }
    char why[400];
    if (load_all(files, n, parts, err, errlen)) {
        free(parts);
        return -1;
    }
    double alu = parts[0].clock.alu_per_cycle;
    for (int k = 1; k < n; k++)
        alu = fmax(alu, parts[k].clock.alu_per_cycle);
    int rc = each_once(files, parts, n, err, errlen), p = 0;
    if (!rc && (rc = sq_runs_merge(parts, n, 0, why, sizeof why))) {
        /* merge.c names the parts by their index: name the file */
        if (sscanf(why, "process %d", &p) != 1 || p < 0 || p >= n)
            p = 0;
        snprintf(err, errlen, "%s and %s are not runs of the same rows: %s", files[0], files[p],
                 why);
    }
    if (!rc) /* after the merge: files of other rows named for that */
        rc = one_command(files, parts, n, err, errlen);
    double elapsed = 0;
    for (int k = 0; k < n; k++)
        elapsed += parts[k].elapsed_s;
    for (int k = rc ? 0 : 1; k < n; k++)
        sq_run_free(&parts[k]);
    if (!rc) {
        *run = parts[0];
        run->clock.alu_per_cycle = alu; /* the side's quiet level in older files */
        run->reps *= n;
        run->min_reps *= n;
        run->elapsed_s = elapsed;
        sq_run_figures(run); /* of the samples pooled, each file's already rounded */
    }
    free(parts);
    return rc;
}
