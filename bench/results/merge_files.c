#include "bench/results/merge_files.h"

#include "bench/results/figures.h"
#include "bench/results/merge.h"
#include "bench/results/results_read.h"

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
    int rc = sq_runs_merge(parts, n, 0, why, sizeof why), p = 0;
    if (rc) {
        /* merge.c names the parts by their index: name the file */
        if (sscanf(why, "process %d", &p) != 1 || p < 0 || p >= n)
            p = 0;
        snprintf(err, errlen, "%s and %s are not runs of the same rows: %s", files[0], files[p],
                 why);
    }
    double elapsed = 0;
    for (int k = 0; k < n; k++)
        elapsed += parts[k].elapsed_s;
    for (int k = rc ? 0 : 1; k < n; k++)
        sq_run_free(&parts[k]);
    if (!rc) {
        *run = parts[0];
        run->reps *= n;
        run->min_reps *= n;
        run->elapsed_s = elapsed;
        sq_run_figures(run); /* of the samples pooled, each file's already rounded */
    }
    free(parts);
    return rc;
}
