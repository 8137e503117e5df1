#include "bench/cli/compare_rows.h"

#include "bench/cli/cli.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The least change flagged in a row whose A median is a. */
static double change_floor(double a) {
    return fmax(SQ_COMPARE_FLOOR_REL * fabs(a), SQ_COMPARE_FLOOR_CYCLES);
}

static compare_side side_of(const sq_result *r) {
    compare_side s = {.r = r, .s = r->cycles, .finite = r->reps > 0 && isfinite(r->cycles.median)};
    for (int k = 0; k < r->reps; k++)
        s.finite &= isfinite(r->samples[k]) != 0;
    s.nprocesses = sq_group_count(r->process, r->reps);
    if (!s.finite)
        return s;
    s.s = sq_stats_of(r->samples, r->reps);
    if (r->nmodes == SQ_MAX_MODES) {
        memcpy(s.speeds, r->modes, sizeof s.speeds);
        s.nspeeds = SQ_MAX_MODES;
    } else {
        s.nspeeds = sq_modes_of(r->samples, r->reps, s.speeds);
    }
    if (!s.nspeeds) {
        s.speeds[0] = (sq_speed){s.s.median, 1};
        s.nspeeds = 1;
    }
    return s;
}

/* No speed of a is within SQ_COMPARE_SPEED_MATCH (or the resolution) of a
 * speed of b; and neither side at one speed between the other's two: its
 * repetitions may be a mixture of the same two (a median between them), which
 * is no evidence of a change (AMD Zen 5, one build: a branch row at 0.633
 * and 0.766 in one run, 0.706 in the next). */
static bool speeds_differ(const compare_side *a, const compare_side *b) {
    return sq_speeds_differ(a->speeds, a->nspeeds, b->speeds, b->nspeeds, SQ_COMPARE_SPEED_MATCH,
                            SQ_RESOLUTION_CYCLES);
}

void compare_judge(compare_row *w, double q) {
    const sq_stats *a = &w->a.s, *b = &w->b.s;
    if (w->untested)
        return;
    if (w->by_speeds) {
        w->significant = speeds_differ(&w->a, &w->b);
        return;
    }
    if (!(w->p <= q))
        return;
    double moved = b->median - a->median, floor = change_floor(a->median);
    if (fabs(moved) < floor || fabs(w->t.diff) < floor || (moved > 0) != (w->t.diff > 0))
        w->why_not = "(under the floor)";
    else
        w->significant = true;
}

bool compare_over_gate(const compare_row *w, double fail_over) {
    const sq_stats *a = &w->a.s, *b = &w->b.s;
    if (!w->significant || fail_over < 0 || !(b->median > a->median))
        return false;
    if (sq_cost_about_zero(*a))
        return !sq_cost_about_zero(*b);
    return (b->median - a->median) / fabs(a->median) * 100 > fail_over;
}

double compare_change_pct(const compare_row *w) {
    double moved = w->b.s.median - w->a.s.median;
    if (sq_cost_about_zero(w->a.s))
        return moved > 0 ? INFINITY : moved < 0 ? -INFINITY : 0;
    return 100 * moved / fabs(w->a.s.median);
}

/* x moved more than y: by its share of A, then (both from about zero) by
 * cycles. */
static bool moved_more(const compare_row *x, const compare_row *y) {
    double px = fabs(compare_change_pct(x)), py = fabs(compare_change_pct(y));
    if (px != py)
        return px > py;
    return fabs(x->b.s.median - x->a.s.median) > fabs(y->b.s.median - y->a.s.median);
}

compare_verdicts compare_judge_rows(compare_row *rows, int matched, double q, double fail_over) {
    compare_verdicts v = {.most_slower = -1, .most_faster = -1};
    for (int i = 0; i < matched; i++) {
        compare_row *w = &rows[i];
        compare_judge(w, q);
        v.significant += w->significant;
        v.by_speeds += w->by_speeds;
        v.gate += compare_over_gate(w, fail_over);
        if (!w->significant)
            continue;
        bool slower = strcmp(compare_verdict_word(w), "slower") == 0;
        int *most = slower ? &v.most_slower : &v.most_faster;
        if (*most < 0 || moved_more(w, &rows[*most]))
            *most = i;
        v.slower += slower;
        v.faster += !slower;
    }
    return v;
}

static int key_order(const sq_result *a, const sq_result *b) {
    int c = strcmp(a->variant->id, b->variant->id);
    if (!c)
        c = strcmp(a->sequence, b->sequence);
    return c ? c : (a->mode > b->mode) - (a->mode < b->mode);
}

/* Rows of one key in file order, so the first of them is matched. */
static int by_key(const void *x, const void *y) {
    const sq_result *a = *(const sq_result *const *)x, *b = *(const sq_result *const *)y;
    int c = key_order(a, b);
    return c ? c : (a > b) - (a < b);
}

compare_index compare_index_rows(const sq_run *run) {
    compare_index ix = {malloc(sizeof *ix.by_key * ((size_t)run->nresults + 1)), run->nresults};
    if (!ix.by_key) {
        fprintf(stderr, "sqcolor compare: out of memory\n");
        exit(SQ_EXIT_FAIL);
    }
    for (int i = 0; i < run->nresults; i++)
        ix.by_key[i] = &run->results[i];
    qsort(ix.by_key, (size_t)ix.n, sizeof *ix.by_key, by_key);
    return ix;
}

const sq_result *compare_find(const compare_index *ix, const sq_result *like) {
    int lo = 0, hi = ix->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (key_order(ix->by_key[mid], like) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ix->n && key_order(ix->by_key[lo], like) == 0 ? ix->by_key[lo] : NULL;
}

/* t-tests a row on its units: per-process medians where a side has two
 * processes, else samples; paired, unit i of A beside unit i of B, as many
 * a side. Returns the test's p-value (NAN: untestable). */
static double t_test(compare_row *w) {
    w->by_samples = !w->units.paired && w->a.nprocesses < 2 && w->b.nprocesses < 2;
    double *ua = malloc(sizeof *ua * ((size_t)w->a.r->reps + (size_t)w->b.r->reps));
    double *ub = ua ? ua + w->a.r->reps : NULL;
    int na =
        ua ? sq_test_units(w->a.r->samples, w->a.r->process, w->a.r->reps, w->by_samples, ua) : 0;
    int nb =
        ua ? sq_test_units(w->b.r->samples, w->b.r->process, w->b.r->reps, w->by_samples, ub) : 0;
    if (!na || !nb) { /* both sides have samples: none is out of memory */
        fprintf(stderr, "sqcolor compare: out of memory\n");
        exit(SQ_EXIT_FAIL);
    }
    if (!w->units.paired)
        w->t = sq_t_test(ua, na, ub, nb);
    else
        w->t = na == nb ? sq_paired_t_test(ua, ub, na) : (sq_ttest){NAN, NAN, NAN, NAN};
    free(ua);
    return w->t.p;
}

/* The matched row whose figure row i shares in both runs (shared_from the
 * same variant, whose row on its sequence and mode was timed once for
 * both): -1 where it has none. matched_at: each of A's rows' matched index. */
static int shared_twin(const compare_index *ia, const sq_run *a, const int *matched_at,
                       const sq_result *ra, const sq_result *rb) {
    if (!ra->shared_from || !rb->shared_from || strcmp(ra->shared_from, rb->shared_from) != 0)
        return -1;
    sq_variant v = {.id = ra->shared_from};
    sq_result like = {.variant = &v, .sequence = ra->sequence, .mode = ra->mode};
    const sq_result *src = compare_find(ia, &like);
    return src ? matched_at[src - a->results] : -1;
}

void compare_test_rows(const sq_run *a, const compare_index *b, double q, compare_units units,
                       compare_row *rows, compare_tally *t) {
    double *p = malloc(sizeof *p * ((size_t)a->nresults + 1));
    double *adjusted = malloc(sizeof *adjusted * ((size_t)a->nresults + 1));
    int *tested = malloc(sizeof *tested * ((size_t)a->nresults + 1));
    const sq_result **ra = malloc(sizeof *ra * ((size_t)a->nresults + 1) * 2);
    if (!p || !adjusted || !tested || !ra) {
        fprintf(stderr, "sqcolor compare: out of memory\n");
        exit(SQ_EXIT_FAIL);
    }
    int *matched_at = malloc(sizeof *matched_at * ((size_t)a->nresults + 1) * 2);
    if (!matched_at) {
        fprintf(stderr, "sqcolor compare: out of memory\n");
        exit(SQ_EXIT_FAIL);
    }
    int *twin = matched_at + a->nresults + 1;
    const sq_result **rb = ra + a->nresults + 1;
    for (int i = 0; i < a->nresults; i++) {
        const sq_result *r = compare_find(b, &a->results[i]);
        matched_at[i] = r ? t->matched : -1;
        if (r) {
            ra[t->matched] = &a->results[i];
            rb[t->matched++] = r;
        }
    }
    /* A figure shared by byte-identical rows is one test, not one per row:
     * copies would count as evidence in the adjustment. */
    compare_index ia = compare_index_rows(a);
    for (int i = 0; i < t->matched; i++)
        twin[i] = shared_twin(&ia, a, matched_at, ra[i], rb[i]);
    free(ia.by_key);
    t->units = units;
    t->ndrift = sq_drift_find(ra, rb, t->matched, t->drift);
    for (int i = 0; i < t->matched; i++) {
        compare_row *w = &rows[i];
        *w = (compare_row){.a = side_of(ra[i]),
                           .b = side_of(rb[i]),
                           .units = units,
                           .p = NAN,
                           .detectable = NAN,
                           .drift =
                               sq_drift_ratio(t->drift, t->ndrift, ra[i]->mode, ra[i]->sequence)};
        if (!w->a.finite || !w->b.finite) {
            w->untested = "untested (a non-finite sample or median)";
            t->nfinite++;
        } else if (sq_cost_about_zero(w->a.s) && sq_cost_about_zero(w->b.s)) {
            w->untested = "untested (about zero in both)";
            t->nzero++;
        } else if (w->a.nspeeds > 1 || w->b.nspeeds > 1) {
            w->by_speeds = true;
        } else if (isnan(t_test(w))) {
            w->untested = units.paired ? "untested (not one unit a side in every pair)"
                                       : "untested (one sample a side)";
            t->nfew++;
        } else if (twin[i] >= 0 && twin[i] != i) {
            t->nshared++; /* takes its twin's adjusted p below */
        } else {
            tested[t->ntested] = i;
            t->nsamples += w->by_samples;
            p[t->ntested++] = w->t.p;
        }
    }
    free(ra);
    sq_bh_adjust(p, t->ntested, adjusted);
    for (int k = 0; k < t->ntested; k++)
        t->nflagged += adjusted[k] <= q;
    t->p_cut = t->ntested ? q * fmin(t->nflagged + 1, t->ntested) / t->ntested : q;
    for (int k = 0; k < t->ntested; k++) {
        compare_row *w = &rows[tested[k]];
        w->p = adjusted[k];
        w->detectable = fmax(change_floor(w->a.s.median), sq_t_detectable(w->t, t->p_cut));
    }
    for (int i = 0; i < t->matched; i++)
        if (!rows[i].untested && !rows[i].by_speeds && twin[i] >= 0 && twin[i] != i) {
            rows[i].p = rows[twin[i]].p;
            rows[i].detectable = rows[twin[i]].detectable;
        }
    free(matched_at);
    free(p);
    free(adjusted);
    free(tested);
}

double compare_detectable_pct(const compare_row *w) {
    return sq_cost_about_zero(w->a.s) ? NAN : 100 * w->detectable / fabs(w->a.s.median);
}

sq_stats compare_detectable_spread(const compare_row *rows, int matched) {
    double *x = malloc(sizeof *x * ((size_t)matched + 1));
    int n = 0;
    for (int i = 0; x && i < matched; i++)
        if (isfinite(compare_detectable_pct(&rows[i])))
            x[n++] = compare_detectable_pct(&rows[i]);
    sq_stats s = sq_stats_of(x, x ? n : 0);
    free(x);
    return s;
}

const char *compare_verdict_word(const compare_row *w) {
    if (w->untested)
        return "untested";
    if (!w->significant)
        return "same";
    return w->b.s.median >= w->a.s.median ? "slower" : "faster";
}

const char *compare_test_word(const compare_row *w) {
    if (w->untested)
        return NULL;
    if (w->by_speeds)
        return "speeds";
    if (w->by_samples)
        return "samples";
    if (w->units.paired)
        return "pairs";
    return w->units.runs ? "runs" : "processes";
}

const char *compare_test_text(compare_units units) {
    if (units.paired)
        return units.runs ? "paired t-tests of runs" : "paired t-tests";
    return units.runs ? "t-tests of runs" : "t-tests";
}
