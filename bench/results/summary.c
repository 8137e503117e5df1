#include "bench/results/summary.h"

#include "bench/input/sequence.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool sq_sequence_from_games(const char *sequence) {
    return strncmp(sequence, "game-", 5) == 0;
}

bool sq_sequence_predictable(const char *sequence) {
    return strcmp(sequence, "random") != 0 && strcmp(sequence, "file") != 0 &&
           !sq_sequence_path(sequence) && !sq_sequence_from_games(sequence);
}

static bool in_set(const char *sequence, sq_sequence_set set) {
    switch (set) {
    case SQ_SEQUENCES_PREDICTABLE:
        return sq_sequence_predictable(sequence);
    case SQ_SEQUENCES_RANDOM:
        return strcmp(sequence, "random") == 0;
    case SQ_SEQUENCES_GAMES:
        return sq_sequence_from_games(sequence);
    default:
        return true;
    }
}

static bool is_variant(const sq_result *r, const char *id) {
    return r->variant->id == id || strcmp(r->variant->id, id) == 0;
}

sq_over_sequences sq_over_sequences_of(const sq_run *run, const char *id, sq_mode mode,
                                       sq_sequence_set set) {
    sq_over_sequences o = {NAN, NAN, NAN, 0, 0, 0, false};
    double *x = malloc(sizeof *x * 3 * (size_t)(run->nresults ? run->nresults : 1));
    if (!x)
        return o;
    double *lo = x + run->nresults, *hi = lo + run->nresults;
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        if (r->mode != mode || !in_set(r->sequence, set) || !isfinite(r->cycles.median) ||
            !is_variant(r, id))
            continue;
        if (r->nmodes) { /* its median falls between two regimes: not mixed in */
            o.bimodal = true;
            o.nbimodal++;
            continue;
        }
        o.nspoiled += r->host_spoiled;
        x[o.ncells] = r->cycles.median;
        lo[o.ncells] = r->cycles.ci_lo;
        hi[o.ncells] = r->cycles.ci_hi;
        o.ncells++;
    }
    if (o.ncells) {
        o.median = sq_stats_of(x, o.ncells).median;
        o.ci_lo = sq_stats_of(lo, o.ncells).median;
        o.ci_hi = sq_stats_of(hi, o.ncells).median;
    }
    free(x);
    return o;
}

/* Whether a row of id in mode has the flag at offset `flag` of sq_result. */
static bool any_row(const sq_run *run, const char *id, sq_mode mode, size_t flag) {
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        if (*(const bool *)((const char *)r + flag) && r->mode == mode && is_variant(r, id))
            return true;
    }
    return false;
}

bool sq_variant_control_dependent(const sq_run *run, const char *id, sq_mode mode) {
    return any_row(run, id, mode, offsetof(sq_result, control_dependent));
}

bool sq_variant_loop_branch_only(const sq_run *run, const char *id, sq_mode mode) {
    return any_row(run, id, mode, offsetof(sq_result, loop_branch_only));
}

bool sq_variant_chain_apart(const sq_run *run, const char *id, sq_mode mode) {
    return any_row(run, id, mode, offsetof(sq_result, chain_apart));
}

bool sq_variant_shared(const sq_run *run, const char *id, sq_mode mode) {
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        if (r->shared_from && r->mode == mode && is_variant(r, id))
            return true;
    }
    return false;
}

bool sq_regimes_apart(const sq_run *run, const char *id, sq_mode mode) {
    return mode == SQ_MODE_BRANCH || sq_variant_control_dependent(run, id, mode);
}

#define HEADLINE_NAME(id, name) [id] = name,
const char *const sq_headline_names[SQ_HEADLINE_COUNT] = {SQ_HEADLINE_KINDS(HEADLINE_NAME)};

sq_mode sq_headline_mode(sq_headline_kind kind) {
    return kind == SQ_HEADLINE_LATENCY      ? SQ_MODE_LATENCY
           : kind == SQ_HEADLINE_THROUGHPUT ? SQ_MODE_THROUGHPUT
                                            : SQ_MODE_BRANCH;
}

sq_headline sq_headline_of(const sq_run *run, const char *id, sq_headline_kind kind) {
    sq_mode mode = sq_headline_mode(kind);
    bool cd = sq_variant_control_dependent(run, id, mode);
    sq_headline h = {NAN,
                     NAN,
                     NAN,
                     0,
                     0,
                     0,
                     cd && kind == SQ_HEADLINE_LATENCY,
                     sq_variant_loop_branch_only(run, id, mode),
                     sq_variant_chain_apart(run, id, mode),
                     sq_variant_shared(run, id, mode)};
    sq_over_sequences o;
    switch (kind) {
    case SQ_HEADLINE_LATENCY:
        if (cd) /* the chain runs through a predicted branch: no latency */
            return h;
        o = sq_over_sequences_of(run, id, SQ_MODE_LATENCY, SQ_SEQUENCES_ALL);
        break;
    case SQ_HEADLINE_THROUGHPUT:
        o = sq_over_sequences_of(run, id, SQ_MODE_THROUGHPUT,
                                 cd ? SQ_SEQUENCES_PREDICTABLE : SQ_SEQUENCES_ALL);
        break;
    case SQ_HEADLINE_BRANCH:
        o = sq_over_sequences_of(run, id, SQ_MODE_BRANCH, SQ_SEQUENCES_PREDICTABLE);
        break;
    default: {
        sq_over_sequences pred =
            sq_over_sequences_of(run, id, SQ_MODE_BRANCH, SQ_SEQUENCES_PREDICTABLE);
        sq_over_sequences rnd = sq_over_sequences_of(run, id, SQ_MODE_BRANCH, SQ_SEQUENCES_RANDOM);
        h.nbimodal = pred.nbimodal + rnd.nbimodal;
        h.nspoiled = pred.nspoiled + rnd.nspoiled;
        /* A two-speed branch cell leaves no penalty: which speed is it? */
        if (pred.ncells && rnd.ncells && !h.nbimodal) {
            h.median = (rnd.median - pred.median) / SQ_RANDOM_MISPREDICT_RATE;
            h.lo = (rnd.ci_lo - pred.ci_hi) / SQ_RANDOM_MISPREDICT_RATE;
            h.hi = (rnd.ci_hi - pred.ci_lo) / SQ_RANDOM_MISPREDICT_RATE;
            h.ncells = pred.ncells + rnd.ncells;
        }
        return h;
    }
    }
    h.median = o.median;
    h.lo = o.ci_lo;
    h.hi = o.ci_hi;
    h.ncells = o.ncells;
    h.nbimodal = o.nbimodal;
    h.nspoiled = o.nspoiled;
    return h;
}

sq_summary sq_summary_of(const sq_run *run, const sq_variant *variant) {
    const char *id = variant->id;
    sq_summary s = {.variant = variant,
                    .control_dependent = sq_variant_control_dependent(run, id, SQ_MODE_LATENCY)};
    s.latency = sq_headline_of(run, id, SQ_HEADLINE_LATENCY).median;
    s.throughput = sq_headline_of(run, id, SQ_HEADLINE_THROUGHPUT).median;
    s.branch_predictable = sq_headline_of(run, id, SQ_HEADLINE_BRANCH).median;
    sq_headline p = sq_headline_of(run, id, SQ_HEADLINE_MISPREDICT);
    s.mispredict_penalty = p.median;
    s.penalty_lo = p.lo;
    s.penalty_hi = p.hi;
    return s;
}

static int by_variant(const void *x, const void *y) {
    const sq_result *a = *(const sq_result *const *)x, *b = *(const sq_result *const *)y;
    int c = strcmp(a->variant->id, b->variant->id);
    return c ? c : (a > b) - (a < b);
}

int sq_variant_rows_init(sq_variant_rows *b, const sq_run *run) {
    size_t n = (size_t)run->nresults;
    const sq_result **order = malloc(sizeof *order * (n + 1));
    b->rows = malloc(sizeof *b->rows * (n + 1));
    b->n = run->nresults;
    b->view = malloc(sizeof *b->view);
    if (!order || !b->rows || !b->view) {
        free(order);
        sq_variant_rows_free(b);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        order[i] = &run->results[i];
    qsort(order, n, sizeof *order, by_variant);
    for (size_t i = 0; i < n; i++)
        b->rows[i] = *order[i];
    free(order);
    *b->view = *run;
    return 0;
}

const sq_run *sq_variant_rows_of(sq_variant_rows *b, const char *id) {
    int lo = 0, hi = b->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (strcmp(b->rows[mid].variant->id, id) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    int end = lo;
    while (end < b->n && strcmp(b->rows[end].variant->id, id) == 0)
        end++;
    b->view->results = b->rows + lo;
    b->view->nresults = end - lo;
    return b->view;
}

void sq_variant_rows_free(sq_variant_rows *b) {
    free(b->rows);
    free(b->view);
    b->rows = NULL;
    b->view = NULL;
}

typedef struct first_seen {
    const char *s;
    int at;
} first_seen;

static int by_text_then_at(const void *x, const void *y) {
    const first_seen *a = x, *b = y;
    int c = strcmp(a->s, b->s);
    return c ? c : (a->at > b->at) - (a->at < b->at);
}

static int by_at(const void *x, const void *y) {
    const first_seen *a = x, *b = y;
    return (a->at > b->at) - (a->at < b->at);
}

/* Without memory for the sort: the quadratic way, in place. */
static int distinct_in_place(const char **s, int n) {
    int distinct = 0;
    for (int i = 0; i < n; i++) {
        int k = 0;
        while (k < distinct && strcmp(s[k], s[i]) != 0)
            k++;
        if (k == distinct)
            s[distinct++] = s[i];
    }
    return distinct;
}

int sq_distinct_strings(const char **s, int n) {
    first_seen *all = malloc(sizeof *all * ((size_t)n + 1));
    if (!all)
        return distinct_in_place(s, n);
    for (int i = 0; i < n; i++)
        all[i] = (first_seen){s[i], i};
    qsort(all, (size_t)n, sizeof *all, by_text_then_at);
    int distinct = 0;
    for (int i = 0; i < n; i++)
        if (!distinct || strcmp(all[distinct - 1].s, all[i].s) != 0)
            all[distinct++] = all[i];
    qsort(all, (size_t)distinct, sizeof *all, by_at);
    for (int i = 0; i < distinct; i++)
        s[i] = all[i].s;
    free(all);
    return distinct;
}

sq_summary *sq_summaries_of(const sq_run *run, int *n) {
    *n = 0;
    sq_summary *out = run->nresults ? malloc(sizeof *out * (size_t)run->nresults) : NULL;
    const char **ids = run->nresults ? malloc(sizeof *ids * (size_t)run->nresults) : NULL;
    sq_variant_rows by_variant;
    if (out && ids && sq_variant_rows_init(&by_variant, run) != 0) {
        free(out);
        out = NULL;
    } else if (out && ids) {
        for (int i = 0; i < run->nresults; i++)
            ids[i] = run->results[i].variant->id;
        int nids = sq_distinct_strings(ids, run->nresults);
        for (int i = 0; i < nids; i++) {
            const sq_run *rows = sq_variant_rows_of(&by_variant, ids[i]);
            out[(*n)++] = sq_summary_of(rows, rows->results[0].variant);
        }
        sq_variant_rows_free(&by_variant);
    }
    free(ids);
    return out;
}

const sq_cpu_model *sq_mispredict_reference_of(const sq_machine *m) {
    const sq_cpu_model *c = sq_cpu_model_of(m);
    return c && c->mispredict ? c : NULL;
}
