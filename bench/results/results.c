#include "bench/results/results.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define MODE_NAME(id, name) [id] = name,
const char *const sq_mode_names[SQ_MODE_COUNT] = {SQ_MODES(MODE_NAME)};

double *sq_samples_alloc(size_t n) {
    if (!n)
        n = 1;
    return malloc(n * (sizeof(double) + 2));
}

unsigned char *sq_samples_process(double *block, size_t n) {
    return (unsigned char *)(block + (n ? n : 1));
}

unsigned char *sq_samples_host(double *block, size_t n) {
    return sq_samples_process(block, n) + (n ? n : 1);
}

int sq_samples_clean(const double *samples, const unsigned char *process, const unsigned char *host,
                     int reps, double *x, unsigned char *group) {
    int c = 0;
    for (int k = 0; k < reps; k++)
        if (!host || !host[k]) {
            group[c] = process ? process[k] : 0;
            x[c++] = samples[k];
        }
    return c;
}

/* The blocks of sq_run_alloc, a list. */
typedef struct run_block {
    struct run_block *next;
    max_align_t align[];
} run_block;

void *sq_run_alloc(sq_run *run, size_t size) {
    run_block *b = calloc(1, sizeof *b + size);
    if (!b)
        return NULL;
    b->next = run->owned;
    run->owned = b;
    return b->align;
}

char *sq_run_strdup(sq_run *run, const char *s) {
    char *copy = sq_run_alloc(run, strlen(s) + 1);
    if (copy)
        strcpy(copy, s);
    return copy;
}

void sq_run_free(sq_run *run) {
    for (int i = 0; i < run->nresults; i++)
        free(run->results[i].samples);
    free(run->results);
    for (int i = 0; i < run->nbatch; i++)
        free(run->batch[i].samples);
    free(run->batch);
    for (run_block *b = run->owned, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    memset(run, 0, sizeof *run);
}

/* Whether another process than p reads a level within
 * SQ_PROCESS_QUIET_DROP of p's, either way. */
static bool level_confirmed(const sq_run *run, int p) {
    double level = run->host[p].quiet;
    for (int k = 0; k < run->nhost; k++) {
        double other = run->host[k].quiet;
        if (k != p && isfinite(other) && !sq_quiet_level_under(other, level) &&
            !sq_quiet_level_under(level, other))
            return true;
    }
    return false;
}

double sq_run_quiet(const sq_run *run) {
    double highest = 0, confirmed = 0;
    for (int p = 0; p < run->nhost; p++) {
        double level = run->host[p].quiet;
        if (!isfinite(level))
            continue;
        highest = fmax(highest, level);
        if (level_confirmed(run, p))
            confirmed = fmax(confirmed, level);
    }
    double q = confirmed > 0 ? confirmed : highest;
    if (!run->nhost)
        q = run->clock.alu_per_cycle;
    return isfinite(q) && q > 0 ? q : NAN;
}

double sq_run_quiet_expected(const sq_run *run) {
    double q = sq_run_quiet(run), h = run->history_runs > 0 ? run->history_quiet : NAN;
    return isfinite(h) && !(q >= h) ? h : q;
}
