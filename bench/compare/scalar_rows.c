#include "bench/compare/scalar_rows.h"

#include "bench/compare/rules.h"
#include "bench/compare/units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A side of a row: its figures from its clean repetitions (units.h), as the
 * run's figures are, or from all where the host spoiled too many; x: room
 * for its samples. */
static sq_compare_side side_of(const sq_result *r, double *x) {
    sq_compare_side s = {
        .r = r, .s = r->cycles, .finite = r->reps > 0 && isfinite(r->cycles.median)};
    for (int k = 0; k < r->reps; k++)
        s.finite &= isfinite(r->samples[k]) != 0;
    s.nprocesses = sq_group_count(r->process, r->reps);
    if (!s.finite)
        return s;
    int n = sq_clean_samples(r, x);
    const double *samples = r->host_spoiled || !n ? r->samples : x;
    n = r->host_spoiled || !n ? r->reps : n;
    s.s = sq_stats_of(samples, n);
    if (r->nmodes == SQ_MAX_MODES) {
        memcpy(s.speeds, r->modes, sizeof s.speeds);
        s.nspeeds = SQ_MAX_MODES;
    } else {
        s.nspeeds = sq_modes_of(samples, n, s.speeds);
    }
    if (!s.nspeeds) {
        s.speeds[0] = (sq_speed){s.s.median, 1};
        s.nspeeds = 1;
    }
    return s;
}

/* The finite units of u[0..n) moved to its front; how many. */
static int finite_units(double *u, int n) {
    int k = 0;
    for (int i = 0; i < n; i++)
        if (isfinite(u[i]))
            u[k++] = u[i];
    return k;
}

/* The pairs whose units are both there (the host left each some clean
 * repetitions) moved to the front of ua and ub; how many. */
static int paired_units(double *ua, double *ub, int n) {
    int k = 0;
    for (int i = 0; i < n; i++)
        if (isfinite(ua[i]) && isfinite(ub[i])) {
            ua[k] = ua[i];
            ub[k++] = ub[i];
        }
    return k;
}

/* t-tests a row on its clean units into w->t: per-process medians where a
 * side has two processes, else samples; paired, unit i of A beside unit i
 * of B, as many a side (else untestable, NAN). units: room for both sides
 * (sq_clean_room). Returns false out of memory. */
static bool t_test(sq_compare_row *w, double *units) {
    const sq_result *a = w->a.r, *b = w->b.r;
    w->by_samples = !w->units.paired && w->a.nprocesses < 2 && w->b.nprocesses < 2;
    double *ua = units, *ub = units + sq_clean_room(a);
    int na = sq_clean_units(a, w->by_samples, ua), nb = sq_clean_units(b, w->by_samples, ub);
    if (na < 0 || nb < 0)
        return false;
    if (!w->units.paired) {
        na = finite_units(ua, na);
        nb = finite_units(ub, nb);
        double fa = w->by_samples ? 0 : sq_unit_variance_floor(a),
               fb = w->by_samples ? 0 : sq_unit_variance_floor(b);
        w->t = sq_t_test_floored(ua, na, fa, ub, nb, fb);
    } else if (na == nb) {
        w->t = sq_paired_t_test(ua, ub, paired_units(ua, ub, na));
    } else {
        w->t = (sq_ttest){NAN, NAN, NAN, NAN};
    }
    return true;
}

/* Both sides' clean samples into room (sq_clean_room of each): A's at its
 * start, B's after them, where it returns; their counts into *na, *nb. */
static double *sides_clean(const sq_compare_row *w, double *room, int *na, int *nb) {
    double *xb = room + sq_clean_room(w->a.r);
    *na = sq_clean_samples(w->a.r, room);
    *nb = sq_clean_samples(w->b.r, xb);
    return xb;
}

/* Whether a row's sides, neither at two speeds of its own, are both drawn
 * from two speeds their samples show together (sq_shared_speeds), which
 * then become the sides' speeds. Intel 0xa7, six default runs of one build:
 * color/parity/clang-13 dark latency read 3.83 or 4.00 a sample, in every
 * run, 0 to 8 of 6 to 12 at 4.00; a run with all its six at 3.83 was
 * called faster than one with eight of nine at 4.00. Near zero such groups
 * lie closer than the 0.1 cycles a run's own two speeds need (0.00 or 0.06:
 * color/parity/clang-13-native alternating branch), so the least change
 * flagged, the floor, is the least gap. units: room for both sides' clean
 * samples. */
static bool shared_speeds(sq_compare_row *w, double *units) {
    int na, nb;
    double *xb = sides_clean(w, units, &na, &nb);
    return sq_shared_speeds(units, na, xb, nb, sq_compare_floor(SQ_ROWS_SCALAR, 0), w->a.speeds,
                            &w->a.nspeeds, w->b.speeds, &w->b.nspeeds);
}

/* The most room a matched row's units take, both sides together. */
static size_t most_room(const sq_row_pairs *m) {
    size_t most = 1;
    for (int i = 0; i < m->matched; i++) {
        size_t n = (size_t)sq_clean_room(m->a[i]) + (size_t)sq_clean_room(m->b[i]);
        most = n > most ? n : most;
    }
    return most;
}

/* Keeps row w from a verdict for what the host did (why), counting it. */
static void host_kept(sq_compare_row *w, const char *why, sq_compare_tally *t) {
    w->untested = why;
    w->host = true;
    t->nhost++;
}

/* Decides how row w is tested, counting it in t: untested (and why), kept
 * from a verdict by the host (the sides' cores differed, cores_differ; a
 * side spoiled; its group drifted, drift.h; too few clean units for its
 * test), by its speeds, or
 * t-tested on its clean units, as a copy of its twin's test (copy_of_twin)
 * or a test of its own. Returns 1 for a test of its own, whose p-value joins
 * the adjustment, 0 for none, -1 out of memory. */
static int test_row(sq_compare_row *w, bool copy_of_twin, bool cores_differ, double *units,
                    sq_compare_tally *t) {
    if (!w->a.finite || !w->b.finite) {
        w->untested = "untested (a non-finite sample or median)";
        t->nfinite++;
    } else if (cores_differ) {
        host_kept(w, "not judged (the sides' cores differed)", t);
    } else if (!sq_compare_host_spared(w->a.r, w->b.r)) {
        host_kept(w, "not judged (the host spoiled it)", t);
    } else if (w->drift != 1) {
        host_kept(w, "not judged (its group moved as a whole)", t);
    } else if (sq_cost_about_zero(w->a.s) && sq_cost_about_zero(w->b.s)) {
        w->untested = "untested (about zero in both)";
        t->nzero++;
    } else if (!t_test(w, units)) {
        return -1;
    } else if (sq_compare_by_speeds(w->a.nspeeds > 1 || w->b.nspeeds > 1 || shared_speeds(w, units),
                                    w->units.runs, w->t.p)) {
        w->by_speeds = true;
    } else if (isnan(w->t.p) && (w->a.r->host || w->b.r->host)) {
        host_kept(w, "not judged (too few clean repetitions for its test)", t);
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
 * twin's adjusted p and detectable change, and the twin counts them: one
 * finding (sq_compare_judge_rows). */
static void copy_twins(sq_compare_row *rows, const sq_row_pairs *m) {
    for (int i = 0; i < m->matched; i++) {
        int twin = m->twin[i];
        if (twin < 0 || twin == i)
            continue;
        rows[i].twin = twin;
        rows[twin].copies++;
        if (!rows[i].untested && !rows[i].by_speeds) {
            rows[i].p = rows[twin].p;
            rows[i].detectable = rows[twin].detectable;
        }
    }
}

/* Row i of the matched rows m, both sides and its group's drift, before
 * its test; x: room for a side's samples. */
static sq_compare_row row_of(const sq_row_pairs *m, int i, sq_compare_units units,
                             const sq_compare_tally *t, double *x) {
    const sq_result *ra = m->a[i];
    return (sq_compare_row){.a = side_of(ra, x),
                            .b = side_of(m->b[i], x),
                            .units = units,
                            .p = NAN,
                            .detectable = NAN,
                            .twin = -1,
                            .drift = sq_drift_ratio(t->drift, t->ndrift, ra)};
}

int sq_scalar_test(const sq_row_pairs *m, double q, sq_compare_units units, bool cores_differ,
                   sq_compare_row *rows, sq_compare_tally *t) {
    size_t n = (size_t)m->matched + 1;
    double *p = malloc(sizeof *p * n), *units_room = malloc(sizeof *units_room * most_room(m));
    int *tested = malloc(sizeof *tested * n), rc = p && units_room && tested ? 0 : -1;
    t->matched = m->matched;
    t->units = units;
    for (int i = 0; !rc && i < m->matched; i++) {
        rows[i] = row_of(m, i, units, t, units_room);
        rc = test_row(&rows[i], m->twin[i] >= 0 && m->twin[i] != i, cores_differ, units_room, t);
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
    free(units_room);
    free(tested);
    return rc;
}

/* No verdict between medians that print alike (rules.h). */
static void equal_as_printed(sq_compare_row *w) {
    if (w->significant && !sq_compare_printed_apart(SQ_ROWS_SCALAR, w->a.s.median, w->b.s.median)) {
        w->significant = false;
        w->why_not = "(equal as printed)";
    }
}

/* Whether a row's speeds tell of a change (sq_compare_speeds_differ), on
 * its sides' clean samples. Intel 0xa7: color/texel/asm dark branch read
 * 1.01-1.14 (one speed, 1.073) against 1.00-1.14 and 2.01 (1.136 and
 * 2.013): 5.9% apart as medians, one speed as samples. */
static bool speeds_differ(const sq_compare_row *w) {
    size_t room = (size_t)sq_clean_room(w->a.r) + (size_t)sq_clean_room(w->b.r);
    double *xa = malloc(sizeof *xa * room), *xb = xa;
    int na = 0, nb = 0;
    if (xa)
        xb = sides_clean(w, xa, &na, &nb);
    bool differ = sq_compare_speeds_differ(SQ_ROWS_SCALAR, w->a.speeds, w->a.nspeeds, xa, na,
                                           w->b.speeds, w->b.nspeeds, xb, nb);
    free(xa);
    return differ;
}

/* Whether the sides' 95% intervals of their medians overlap. A row at two
 * speeds may be at a third: Intel 0xa7, color/texel/asm dark branch reads
 * 1.00-1.03, 1.13-1.14 or 2.01 a sample, and one run at the last two, the
 * next mostly at the first, was called 10% faster of one build, its
 * intervals 1.14 +- 0.87 and 1.02 +- 0.99. By its speeds a row moves only
 * out of its interval. */
static bool intervals_overlap(const sq_stats *a, const sq_stats *b) {
    return a->ci_lo <= b->ci_hi && b->ci_lo <= a->ci_hi;
}

void sq_compare_judge(sq_compare_row *w, double q) {
    const sq_stats *a = &w->a.s, *b = &w->b.s;
    if (w->untested)
        return;
    if (w->by_speeds) {
        w->significant = speeds_differ(w);
        equal_as_printed(w);
        if (w->significant && intervals_overlap(a, b)) {
            w->significant = false;
            w->why_not = "(its intervals overlap)";
        }
        return;
    }
    if (!(w->p <= q))
        return;
    if (sq_compare_clears_floor(SQ_ROWS_SCALAR, a->median, b->median, w->t.diff))
        w->significant = true;
    else
        w->why_not = "(under the floor)";
    equal_as_printed(w);
}

bool sq_compare_over_gate(const sq_compare_row *w, double fail_over) {
    return w->significant && fail_over >= 0 && w->b.s.median > w->a.s.median &&
           sq_compare_change_pct(w) > fail_over;
}

double sq_compare_change_pct(const sq_compare_row *w) {
    double moved = w->b.s.median - w->a.s.median;
    if (sq_compare_about_zero(w))
        return moved > 0 ? INFINITY : moved < 0 ? -INFINITY : 0;
    return 100 * moved / fabs(w->a.s.median);
}

bool sq_compare_about_zero(const sq_compare_row *w) {
    return sq_cost_about_zero(w->a.s) || sq_cost_about_zero(w->b.s);
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
        v.by_speeds += w->by_speeds;
        if (w->twin >= 0) /* a copy: its twin's finding */
            continue;
        int of = 1 + w->copies; /* the rows of the finding */
        v.host += w->host;
        v.host_rows += w->host ? of : 0;
        v.drifted += w->host && w->drift != 1;
        v.drifted_rows += w->host && w->drift != 1 ? of : 0;
        v.significant += w->significant;
        v.gate += sq_compare_over_gate(w, fail_over);
        if (!w->significant)
            continue;
        bool slower = strcmp(sq_compare_verdict_word(w), "slower") == 0;
        int *most = slower ? &v.most_slower : &v.most_faster;
        if (*most < 0 || moved_more(w, &rows[*most]))
            *most = i;
        v.slower += slower;
        v.faster += !slower;
        v.slower_rows += slower ? of : 0;
        v.faster_rows += slower ? 0 : of;
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
    if (w->host)
        return "host";
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
