#include "bench/cli/topup.h"

#include "bench/util/stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct wanting {
    int row;
    double need;  /* sq_settle_need now */
    double after; /* and after one step that read the median */
} wanting;

/* The order rows are topped up in: those with too few clean samples for a
 * figure first; then those one step would most nearly settle were it to
 * read their median (a lone outlier among 6 samples is their interval's
 * end, and among 9 no longer one: such a row is many times too wide, and
 * settled by one step); rows at two speeds last. */
static double rank_of(const wanting *w) {
    return w->need == HUGE_VAL ? -1 : w->need == 1 ? HUGE_VAL : w->after;
}

static int by_rank(const void *a, const void *b) {
    const wanting *x = a, *y = b;
    double rx = rank_of(x), ry = rank_of(y);
    if (rx != ry)
        return (rx > ry) - (rx < ry);
    return (x->row > y->row) - (x->row < y->row); /* the run's order among equals */
}

/* How much row r needs more (sq_settle_need over its clean samples, their
 * processes apart), 0 when it cannot have more, into w; x and group are
 * scratch for its samples and a step more. */
static void need_of(const sq_result *r, const sq_topup_rule *rule, double *x, unsigned char *group,
                    wanting *w) {
    w->need = w->after = 0;
    if (r->shared_from || !r->samples || r->reps + rule->step > rule->most)
        return;
    int clean = sq_samples_clean(r->samples, r->process, r->host, r->reps, x, group);
    const unsigned char *groups = r->process ? group : NULL;
    w->need = sq_settle_need(x, groups, clean, rule->fewest, rule->tight, rule->tight_abs);
    if (w->need == 0 || w->need == HUGE_VAL)
        return;
    double median = sq_stats_of(x, clean).median;
    for (int k = clean; k < clean + rule->step; k++) {
        x[k] = median;
        group[k] = SQ_MAX_PROCESSES; /* a process of its own */
    }
    w->after = sq_settle_need(x, r->process ? group : NULL, clean + rule->step, rule->fewest,
                              rule->tight, rule->tight_abs);
}

int sq_topup_pick(const sq_run *run, const sq_topup_rule *rule, int room, unsigned char *bits) {
    int n = run->nresults, most = 1, picked = 0;
    memset(bits, 0, SQ_TOPUP_BYTES(n));
    for (int i = 0; i < n; i++)
        most = run->results[i].reps > most ? run->results[i].reps : most;
    most += rule->step;
    wanting *want = malloc(sizeof *want * (size_t)(n ? n : 1));
    double *x = malloc(sizeof *x * (size_t)most);
    unsigned char *group = malloc((size_t)most);
    if (!want || !x || !group) {
        free(want);
        free(x);
        free(group);
        return -1;
    }
    int nwant = 0;
    for (int i = 0; i < n; i++) {
        want[nwant].row = i;
        need_of(&run->results[i], rule, x, group, &want[nwant]);
        nwant += want[nwant].need > 0;
    }
    qsort(want, (size_t)nwant, sizeof *want, by_rank);
    for (; picked < nwant && picked < room; picked++)
        bits[want[picked].row / 8] |= (unsigned char)(1u << want[picked].row % 8);
    free(want);
    free(x);
    free(group);
    return picked;
}

void sq_topup_text(const unsigned char *bits, int nrows, char *text) {
    int at = sprintf(text, "%d:", nrows);
    for (size_t k = 0; k < SQ_TOPUP_BYTES(nrows); k++)
        at += sprintf(text + at, "%02x", bits[k]);
}

static int hex_digit(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int sq_topup_read(const char *text, unsigned char **bits, int *nrows) {
    int n, used = 0;
    *bits = NULL;
    if (sscanf(text, "%d:%n", &n, &used) != 1 || used == 0 || n < 0 ||
        strlen(text + used) != 2 * SQ_TOPUP_BYTES(n))
        return -1;
    unsigned char *b = malloc(SQ_TOPUP_BYTES(n) ? SQ_TOPUP_BYTES(n) : 1);
    for (size_t k = 0; b && k < SQ_TOPUP_BYTES(n); k++) {
        int hi = hex_digit(text[used + 2 * k]), lo = hex_digit(text[used + 2 * k + 1]);
        if (hi < 0 || lo < 0) {
            free(b);
            return -1;
        }
        b[k] = (unsigned char)(hi << 4 | lo);
    }
    if (!b)
        return -1;
    *bits = b;
    *nrows = n;
    return 0;
}
