#include "bench/compare/scalar_rows.h"

#include "bench/compare/rules.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static sq_compare_side side_of(const sq_result *r) {
    sq_compare_side s = {
        .r = r, .s = r->cycles, .finite = r->reps > 0 && isfinite(r->cycles.median)};
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

/* t-tests a row on its units into w->t: per-process medians where a side
 * has two processes, else samples; paired, unit i of A beside unit i of B, as
 * many a side (else untestable, NAN). units: room for both sides' samples.
 * Returns false out of memory. */
static bool t_test(sq_compare_row *w, double *units) {
    const sq_result *a = w->a.r, *b = w->b.r;
    w->by_samples = !w->units.paired && w->a.nprocesses < 2 && w->b.nprocesses < 2;
    double *ua = units, *ub = units + a->reps;
    int na = sq_test_units(a->samples, a->process, a->reps, w->by_samples, ua);
    int nb = sq_test_units(b->samples, b->process, b->reps, w->by_samples, ub);
    if (!na || !nb) /* both sides have samples: none is out of memory */
        return false;
    if (!w->units.paired)
        w->t = sq_t_test(ua, na, ub, nb);
    else
        w->t = na == nb ? sq_paired_t_test(ua, ub, na) : (sq_ttest){NAN, NAN, NAN, NAN};
    return true;
}

/* The most samples a matched row has, both sides together. */
static size_t most_samples(const sq_row_pairs *m) {
    size_t most = 1;
    for (int i = 0; i < m->matched; i++)
        if ((size_t)m->a[i]->reps + (size_t)m->b[i]->reps > most)
            most = (size_t)m->a[i]->reps + (size_t)m->b[i]->reps;
    return most;
}

/* Decides how row w is tested, counting it in t: untested (and why), by its
 * speeds, or t-tested on its units, as a copy of its twin's test
 * (copy_of_twin) or a test of its own. Returns 1 for a test of its own,
 * whose p-value joins the adjustment, 0 for none, -1 out of memory. */
static int test_row(sq_compare_row *w, bool copy_of_twin, double *units, sq_compare_tally *t) {
    if (!w->a.finite || !w->b.finite) {
        w->untested = "untested (a non-finite sample or median)";
        t->nfinite++;
    } else if (sq_cost_about_zero(w->a.s) && sq_cost_about_zero(w->b.s)) {
        w->untested = "untested (about zero in both)";
        t->nzero++;
    } else if (!t_test(w, units)) {
        return -1;
    } else if (sq_compare_by_speeds(w->a.nspeeds > 1 || w->b.nspeeds > 1, w->units.runs, w->t.p)) {
        w->by_speeds = true;
    } else if (isnan(w->t.p)) {
        w->untested = w->units.paired ? "untested (not one unit a side in every pair)"
                                      : "untested (one sample a side)";
        t->nfew++;
    } else if (copy_of_twin) {
        t->nshared++; /* takes its twin's adjusted p (copy_twins) */
    } else {
        t->nsamples += w->by_samples;
        return 1;
    }
    return 0;
}

/* The p-values p[k] of rows[tested[k]] (k < t->ntested) adjusted together
 * at q, and each row's detectable change at the p-value a row needed beside
 * those flagged. Returns 0, or -1 out of memory. */
static int adjust(sq_compare_row *rows, const int *tested, const double *p, double q,
                  sq_compare_tally *t) {
    double *adjusted = malloc(sizeof *adjusted * ((size_t)t->ntested + 1));
    if (!adjusted)
        return -1;
    sq_bh_adjust(p, t->ntested, adjusted);
    for (int k = 0; k < t->ntested; k++)
        t->nflagged += adjusted[k] <= q;
    t->p_cut = t->ntested ? q * fmin(t->nflagged + 1, t->ntested) / t->ntested : q;
    for (int k = 0; k < t->ntested; k++) {
        sq_compare_row *w = &rows[tested[k]];
        w->p = adjusted[k];
        w->detectable =
            fmax(sq_compare_floor(SQ_ROWS_SCALAR, w->a.s.median), sq_t_detectable(w->t, t->p_cut));
    }
    free(adjusted);
    return 0;
}

/* A figure shared by byte-identical rows is one test, not one per row:
 * copies would count as evidence in the adjustment. The copies take their
 * twin's adjusted p and detectable change. */
static void copy_twins(sq_compare_row *rows, const sq_row_pairs *m) {
    for (int i = 0; i < m->matched; i++) {
        int twin = m->twin[i];
        if (!rows[i].untested && !rows[i].by_speeds && twin >= 0 && twin != i) {
            rows[i].p = rows[twin].p;
            rows[i].detectable = rows[twin].detectable;
        }
    }
}

/* Row i of the matched rows m, both sides and its group's drift, before
 * its test. */
static sq_compare_row row_of(const sq_row_pairs *m, int i, sq_compare_units units,
                             const sq_compare_tally *t) {
    const sq_result *ra = m->a[i];
    return (sq_compare_row){.a = side_of(ra),
                            .b = side_of(m->b[i]),
                            .units = units,
                            .p = NAN,
                            .detectable = NAN,
                            .drift = sq_drift_ratio(t->drift, t->ndrift, ra->mode, ra->sequence)};
}

int sq_scalar_test(const sq_row_pairs *m, double q, sq_compare_units units, sq_compare_row *rows,
                   sq_compare_tally *t) {
    size_t n = (size_t)m->matched + 1;
    double *p = malloc(sizeof *p * n), *samples = malloc(sizeof *samples * most_samples(m));
    int *tested = malloc(sizeof *tested * n), rc = p && samples && tested ? 0 : -1;
    t->matched = m->matched;
    t->units = units;
    for (int i = 0; !rc && i < m->matched; i++) {
        rows[i] = row_of(m, i, units, t);
        rc = test_row(&rows[i], m->twin[i] >= 0 && m->twin[i] != i, samples, t);
        if (rc == 1) {
            tested[t->ntested] = i;
            p[t->ntested++] = rows[i].t.p;
            rc = 0;
        }
    }
    if (!rc)
        rc = adjust(rows, tested, p, q, t);
    if (!rc)
        copy_twins(rows, m);
    free(p);
    free(samples);
    free(tested);
    return rc;
}

void sq_compare_judge(sq_compare_row *w, double q) {
    const sq_stats *a = &w->a.s, *b = &w->b.s;
    if (w->untested)
        return;
    if (w->by_speeds) {
        w->significant = sq_compare_speeds_differ(SQ_ROWS_SCALAR, w->a.speeds, w->a.nspeeds,
                                                  w->b.speeds, w->b.nspeeds);
        return;
    }
    if (!(w->p <= q))
        return;
    if (sq_compare_clears_floor(SQ_ROWS_SCALAR, a->median, b->median, w->t.diff))
        w->significant = true;
    else
        w->why_not = "(under the floor)";
}

bool sq_compare_over_gate(const sq_compare_row *w, double fail_over) {
    const sq_stats *a = &w->a.s, *b = &w->b.s;
    if (!w->significant || fail_over < 0 || !(b->median > a->median))
        return false;
    if (sq_cost_about_zero(*a))
        return !sq_cost_about_zero(*b);
    return (b->median - a->median) / fabs(a->median) * 100 > fail_over;
}

double sq_compare_change_pct(const sq_compare_row *w) {
    double moved = w->b.s.median - w->a.s.median;
    if (sq_cost_about_zero(w->a.s))
        return moved > 0 ? INFINITY : moved < 0 ? -INFINITY : 0;
    return 100 * moved / fabs(w->a.s.median);
}

/* x moved more than y: by its share of A, then (both from about zero) by
 * cycles. */
static bool moved_more(const sq_compare_row *x, const sq_compare_row *y) {
    double px = fabs(sq_compare_change_pct(x)), py = fabs(sq_compare_change_pct(y));
    if (px != py)
        return px > py;
    return fabs(x->b.s.median - x->a.s.median) > fabs(y->b.s.median - y->a.s.median);
}

sq_compare_counts sq_compare_judge_rows(sq_compare_row *rows, int matched, double q,
                                        double fail_over) {
    sq_compare_counts v = {.most_slower = -1, .most_faster = -1};
    for (int i = 0; i < matched; i++) {
        sq_compare_row *w = &rows[i];
        sq_compare_judge(w, q);
        v.significant += w->significant;
        v.by_speeds += w->by_speeds;
        v.gate += sq_compare_over_gate(w, fail_over);
        if (!w->significant)
            continue;
        bool slower = strcmp(sq_compare_verdict_word(w), "slower") == 0;
        int *most = slower ? &v.most_slower : &v.most_faster;
        if (*most < 0 || moved_more(w, &rows[*most]))
            *most = i;
        v.slower += slower;
        v.faster += !slower;
    }
    return v;
}

double sq_compare_detectable_pct(const sq_compare_row *w) {
    return sq_cost_about_zero(w->a.s) ? NAN : 100 * w->detectable / fabs(w->a.s.median);
}

sq_stats sq_compare_detectable_spread(const sq_compare_row *rows, int matched) {
    double *x = malloc(sizeof *x * ((size_t)matched + 1));
    int n = 0;
    for (int i = 0; x && i < matched; i++)
        if (isfinite(sq_compare_detectable_pct(&rows[i])))
            x[n++] = sq_compare_detectable_pct(&rows[i]);
    sq_stats s = sq_stats_of(x, x ? n : 0);
    free(x);
    return s;
}

const char *sq_compare_verdict_word(const sq_compare_row *w) {
    if (w->untested)
        return "untested";
    if (!w->significant)
        return "same";
    return w->b.s.median >= w->a.s.median ? "slower" : "faster";
}

const char *sq_compare_test_word(const sq_compare_row *w) {
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

const char *sq_compare_test_text(sq_compare_units units) {
    if (units.paired)
        return units.runs ? "paired t-tests of runs" : "paired t-tests";
    return units.runs ? "t-tests of runs" : "t-tests";
}
