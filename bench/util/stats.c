#include "bench/util/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_sorted(const double *v, int n) {
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

bool sq_median_ci_ranks(int n, double level, int *lo, int *hi) {
    /* [x(k), x(n+1-k)] covers the median with probability 1 - 2 P(X <= k-1),
     * X ~ binomial(n, 1/2); coverage falls as k grows, so the largest k that
     * still reaches level is found in one pass, P(X <= k-1) summed as it goes.
     * Each term is taken through logarithms: 2^-n underflows past n = 1074. */
    int best = 0;
    double cdf = 0, log_all = lgamma(n + 1.0) - n * M_LN2;
    for (int k = 1; k <= (n + 1) / 2; k++) {
        cdf += exp(log_all - lgamma(k + 0.0) - lgamma(n - k + 2.0)); /* P(X = k-1) */
        if (1 - 2 * cdf < level)
            break;
        best = k;
    }
    *lo = best ? best : 1;
    *hi = best ? n + 1 - best : n;
    return best > 0;
}

sq_stats sq_stats_of(const double *x, int n) {
    sq_stats s = {NAN, NAN, NAN, NAN, NAN};
    if (n <= 0)
        return s;
    double *v = malloc(sizeof *v * (size_t)n);
    if (!v)
        return s;
    memcpy(v, x, sizeof *v * (size_t)n);
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    s.min = v[0];
    s.median = median_sorted(v, n);
    int rank = (int)ceil(0.9 * n); /* nearest rank, 1-based */
    s.p90 = v[(rank < 1 ? 1 : rank) - 1];
    int lo, hi;
    sq_median_ci_ranks(n, 0.95, &lo, &hi);
    s.ci_lo = v[lo - 1];
    s.ci_hi = v[hi - 1];
    free(v);
    return s;
}

static int group_middles(const double *x, const unsigned char *group, int n, double pull,
                         double *out);

sq_stats sq_pooled_stats(const double *x, const unsigned char *group, int n) {
    sq_stats s = {NAN, NAN, NAN, NAN, NAN};
    size_t size = (size_t)(n > 0 ? n : 1);
    double *finite = calloc(2 * size, sizeof *finite);
    unsigned char *their = malloc(size);
    if (finite && their) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (isfinite(x[i])) {
                their[k] = group ? group[i] : 0;
                finite[k++] = x[i];
            }
        s = sq_stats_of(finite, k);
        double *medians = finite + size;
        int groups = group ? group_middles(finite, their, k, s.median, medians) : 0;
        for (int g = 0; g < groups; g++) {
            s.ci_lo = fmin(s.ci_lo, medians[g]);
            s.ci_hi = fmax(s.ci_hi, medians[g]);
        }
    }
    free(finite);
    free(their);
    return s;
}

double sq_ci_halfwidth(sq_stats s) {
    return fmax(s.median - s.ci_lo, s.ci_hi - s.median);
}

bool sq_about_zero(sq_stats s) {
    return fabs(s.median) < SQ_RESOLUTION_CYCLES || (s.ci_lo <= 0 && s.ci_hi >= 0);
}

bool sq_cost_about_zero(sq_stats s) {
    return s.median < 0 || sq_about_zero(s);
}

/* Two speeds. The samples are sorted and cut between two neighbours; each
 * side must hold at least a fifth of them and never fewer than 3 (so a lone
 * outlier, or a pair, is never a speed). Of the admissible cuts the one with
 * the widest gap is taken, and it stands only when the gap is wider than
 *   - MODE_GAP_REL of the fast side's median (relative noise of a few tenths
 *     of a percent never opens it),
 *   - MODE_GAP_ABS cycles (costs near zero carry absolute noise of a few
 *     hundredths of a cycle),
 *   - MODE_GAP_SPREAD times the wider side's range (a skewed tail, or noise
 *     that is wide anyway, has gaps no wider than its sides).
 * Non-finite samples, or fewer than 6, give one speed; so do, for net costs,
 * two groups that are both below SQ_RESOLUTION_CYCLES: two costs of nothing (a loop running
 * ahead of its harness by 3 or 4 cycles) are no two speeds a reader can use. */
#define MODE_GAP_REL    0.015
#define MODE_GAP_ABS    (2 * SQ_RESOLUTION_CYCLES) /* net costs only */
#define MODE_GAP_SPREAD 3.0

static int modes_of(const double *x, int n, bool net, sq_speed out[SQ_MAX_MODES]) {
    int least = (n + 4) / 5; /* a fifth, rounded up */
    if (least < 3)
        least = 3;
    if (n < 2 * least)
        return 0;
    for (int i = 0; i < n; i++)
        if (!isfinite(x[i]))
            return 0;
    double *v = malloc(sizeof *v * (size_t)n);
    if (!v)
        return 0;
    memcpy(v, x, sizeof *v * (size_t)n);
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    int cut = least; /* the slow side starts at v[cut] */
    for (int k = least + 1; k <= n - least; k++)
        if (v[k] - v[k - 1] > v[cut] - v[cut - 1])
            cut = k;
    double gap = v[cut] - v[cut - 1];
    double spread = fmax(v[cut - 1] - v[0], v[n - 1] - v[cut]);
    double fast = median_sorted(v, cut), slow = median_sorted(v + cut, n - cut);
    bool two = gap > MODE_GAP_REL * fabs(fast) && gap > MODE_GAP_SPREAD * spread &&
               (!net || (gap > MODE_GAP_ABS && slow >= SQ_RESOLUTION_CYCLES));
    free(v);
    if (!two)
        return 0;
    out[0] = (sq_speed){fast, (double)cut / n};
    out[1] = (sq_speed){slow, (double)(n - cut) / n};
    return SQ_MAX_MODES;
}

int sq_modes_of(const double *x, int n, sq_speed out[SQ_MAX_MODES]) {
    return modes_of(x, n, true, out);
}

int sq_gross_modes_of(const double *x, int n, sq_speed out[SQ_MAX_MODES]) {
    return modes_of(x, n, false, out);
}

/* x[0..n)'s speeds either side of cut, fastest first, as shares of n, into
 * out; how many groups hold samples. v: room for n. */
static int speeds_about(const double *x, int n, double cut, double *v, sq_speed out[SQ_MAX_MODES]) {
    int k = 0;
    for (int i = 0; i < n; i++)
        if (x[i] < cut)
            v[k++] = x[i];
    int fast = k;
    for (int i = 0; i < n; i++)
        if (x[i] >= cut)
            v[k++] = x[i];
    qsort(v, (size_t)fast, sizeof *v, cmp_double);
    qsort(v + fast, (size_t)(n - fast), sizeof *v, cmp_double);
    int m = 0;
    if (fast > 0)
        out[m++] = (sq_speed){median_sorted(v, fast), (double)fast / n};
    if (fast < n)
        out[m++] = (sq_speed){median_sorted(v + fast, n - fast), (double)(n - fast) / n};
    return m;
}

bool sq_shared_speeds(const double *a, int na, const double *b, int nb, double apart,
                      sq_speed sa[SQ_MAX_MODES], int *nsa, sq_speed sb[SQ_MAX_MODES], int *nsb) {
    int n = na + nb;
    double *v = malloc(sizeof *v * (size_t)(n > 0 ? n : 1));
    sq_speed both[SQ_MAX_MODES], ta[SQ_MAX_MODES], tb[SQ_MAX_MODES];
    bool shared = false;
    if (v && na > 0 && nb > 0) {
        memcpy(v, a, sizeof *v * (size_t)na);
        memcpy(v + na, b, sizeof *v * (size_t)nb);
        if (sq_gross_modes_of(v, n, both) == SQ_MAX_MODES &&
            both[1].cycles - both[0].cycles >= apart) {
            /* Each group's range is under a third of the gap between them
             * (modes_of), so the middle of their medians lies in the gap. */
            double cut = (both[0].cycles + both[1].cycles) / 2;
            int ma = speeds_about(a, na, cut, v, ta), mb = speeds_about(b, nb, cut, v, tb);
            shared = ma == SQ_MAX_MODES || mb == SQ_MAX_MODES;
            if (shared) {
                memcpy(sa, ta, sizeof ta);
                memcpy(sb, tb, sizeof tb);
                *nsa = ma;
                *nsb = mb;
            }
        }
    }
    free(v);
    return shared;
}

/* The regularized incomplete beta function I_x(a, b), with y = 1 - x given
 * too so that neither loses digits near 1: the continued fraction of
 * I_x(a, b) (modified Lentz), taken directly where it converges fast, x <
 * (a + 1) / (a + b + 2), and through I_x(a, b) = 1 - I_y(b, a) elsewhere. */
static double beta_fraction(double a, double b, double x) {
    const double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    d = 1 / (fabs(d) < tiny ? tiny : d);
    double h = d;
    for (int m = 1; m <= 1000; m++) {
        double even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
        double odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
        double step = 1;
        for (int k = 0; k < 2; k++) {
            double aa = k ? odd : even;
            d = 1 + aa * d;
            d = 1 / (fabs(d) < tiny ? tiny : d);
            c = 1 + aa / c;
            c = fabs(c) < tiny ? tiny : c;
            step = d * c;
            h *= step;
        }
        if (fabs(step - 1) < 1e-15)
            break;
    }
    return h;
}

static double incomplete_beta(double a, double b, double x, double y) {
    if (x <= 0)
        return 0;
    if (y <= 0)
        return 1;
    double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(y));
    if (x < (a + 1) / (a + b + 2))
        return front * beta_fraction(a, b, x) / a;
    return 1 - front * beta_fraction(b, a, y) / b;
}

double sq_student_t_p(double t, double df) {
    if (isnan(t) || !(df > 0))
        return NAN;
    if (isinf(t))
        return 0;
    /* P(|T| >= t) = I_x(df/2, 1/2), x = df / (df + t^2). */
    double t2 = t * t;
    return incomplete_beta(df / 2, 0.5, df / (df + t2), t2 / (df + t2));
}

double sq_student_t_quantile(double p, double df) {
    if (!(p > 0 && p < 1) || !(df > 0))
        return NAN;
    double lo = 0, hi = 1;
    while (sq_student_t_p(hi, df) > p && hi < 1e300)
        hi *= 2;
    for (int k = 0; k < 2000 && hi - lo > 1e-13 * hi; k++) {
        double mid = lo + (hi - lo) / 2;
        if (sq_student_t_p(mid, df) > p)
            lo = mid;
        else
            hi = mid;
    }
    return lo + (hi - lo) / 2;
}

/* The mean of x[0..n) and its sample variance (0 for one value). */
static void mean_var(const double *x, int n, double *mean, double *var) {
    double m = 0, ss = 0;
    for (int i = 0; i < n; i++)
        m += x[i];
    m /= n;
    for (int i = 0; i < n; i++)
        ss += (x[i] - m) * (x[i] - m);
    *mean = m;
    *var = n > 1 ? ss / (n - 1) : 0;
}

static bool all_finite(const double *x, int n) {
    for (int i = 0; i < n; i++)
        if (!isfinite(x[i]))
            return false;
    return true;
}

sq_ttest sq_t_test(const double *x, int nx, const double *y, int ny) {
    return sq_t_test_floored(x, nx, 0, y, ny, 0);
}

sq_ttest sq_t_test_floored(const double *x, int nx, double floor_x, const double *y, int ny,
                           double floor_y) {
    sq_ttest w = {NAN, NAN, NAN, NAN};
    if (nx < 1 || ny < 1 || nx + ny < 3 || !all_finite(x, nx) || !all_finite(y, ny))
        return w;
    double mx, vx, my, vy;
    mean_var(x, nx, &mx, &vx);
    mean_var(y, ny, &my, &vy);
    vx = fmax(vx, floor_x);
    vy = fmax(vy, floor_y);
    w.diff = my - mx;
    w.df = nx + ny - 2;
    w.se = sqrt(((nx - 1) * vx + (ny - 1) * vy) / w.df * (1.0 / nx + 1.0 / ny));
    if (w.se > 0)
        w.p = sq_student_t_p(w.diff / w.se, w.df);
    else
        w.p = w.diff == 0 ? 1 : 0;
    return w;
}

sq_ttest sq_paired_t_test(const double *x, const double *y, int n) {
    sq_ttest w = {NAN, NAN, NAN, NAN};
    if (n < 2 || !all_finite(x, n) || !all_finite(y, n))
        return w;
    double *d = malloc(sizeof *d * (size_t)n), mean, var;
    if (!d)
        return w;
    for (int i = 0; i < n; i++)
        d[i] = y[i] - x[i];
    mean_var(d, n, &mean, &var);
    free(d);
    w.diff = mean;
    w.df = n - 1;
    w.se = sqrt(var / n);
    if (w.se > 0)
        w.p = sq_student_t_p(w.diff / w.se, w.df);
    else
        w.p = w.diff == 0 ? 1 : 0;
    return w;
}

double sq_t_detectable(sq_ttest w, double p) {
    if (isnan(w.se))
        return NAN;
    return w.se > 0 ? sq_student_t_quantile(p, w.df) * w.se : 0;
}

/* Benjamini-Hochberg: the p-values in increasing order p(1) <= ... <= p(n);
 * the i-th is multiplied by n / i, and each made no larger than the ones after
 * it (step-up), capped at 1. A non-finite p counts as 1. */
typedef struct indexed {
    double p;
    int at;
} indexed;

static int cmp_indexed(const void *a, const void *b) {
    const indexed *x = a, *y = b;
    int c = cmp_double(&x->p, &y->p);
    return c ? c : (x->at > y->at) - (x->at < y->at);
}

void sq_bh_adjust(const double *p, int n, double *adjusted) {
    if (n <= 0)
        return;
    indexed *order = malloc(sizeof *order * (size_t)n);
    if (!order) { /* Bonferroni: never smaller than Benjamini-Hochberg's */
        for (int i = 0; i < n; i++)
            adjusted[i] = isfinite(p[i]) ? fmin(1, fmax(0, p[i]) * n) : 1;
        return;
    }
    for (int i = 0; i < n; i++)
        order[i] = (indexed){isfinite(p[i]) ? fmax(0, p[i]) : 1, i};
    qsort(order, (size_t)n, sizeof *order, cmp_indexed);
    double running = 1;
    for (int i = n - 1; i >= 0; i--) {
        running = fmin(running, order[i].p * n / (i + 1));
        adjusted[order[i].at] = running;
    }
    free(order);
}

/* Samples with their group, sorted by group, then by value. */
typedef struct grouped {
    unsigned char group;
    double value;
} grouped;

static int cmp_grouped(const void *a, const void *b) {
    const grouped *x = a, *y = b;
    int c = (x->group > y->group) - (x->group < y->group);
    return c ? c : cmp_double(&x->value, &y->value);
}

int sq_group_count(const unsigned char *group, int n) {
    bool seen[256] = {false};
    int count = 0;
    for (int i = 0; group && i < n; i++) {
        count += !seen[group[i]];
        seen[group[i]] = true;
    }
    return count ? count : 1;
}

int sq_test_units(const double *x, const unsigned char *group, int n, bool by_samples,
                  double *out) {
    if (!by_samples)
        return sq_group_medians(x, group, n, out);
    memcpy(out, x, sizeof *out * (size_t)(n > 0 ? n : 0));
    return n > 0 ? n : 0;
}

/* Each group's middle in x, in increasing group order, into out; how many
 * groups. The middle is the median; of an even count, its two middle
 * values' mean, or with pull finite the one of them nearer pull. */
static int group_middles(const double *x, const unsigned char *group, int n, double pull,
                         double *out) {
    if (n <= 0)
        return 0;
    grouped *g = malloc(sizeof *g * (size_t)n);
    if (!g)
        return 0;
    for (int i = 0; i < n; i++)
        g[i] = (grouped){group ? group[i] : 0, x[i]};
    qsort(g, (size_t)n, sizeof *g, cmp_grouped);
    int count = 0;
    for (int i = 0; i < n;) {
        int j = i + 1;
        while (j < n && g[j].group == g[i].group)
            j++;
        int k = i + (j - i) / 2; /* the median of g[i..j) */
        double a = g[k - ((j - i) % 2 == 0)].value, b = g[k].value;
        out[count++] = !isnan(pull) ? (fabs(a - pull) <= fabs(b - pull) ? a : b) : (a + b) / 2;
        i = j;
    }
    free(g);
    return count;
}

int sq_group_medians(const double *x, const unsigned char *group, int n, double *out) {
    return group_middles(x, group, n, NAN, out);
}

int sq_process_modes_of(const double *x, const unsigned char *group, int n,
                        sq_speed out[SQ_MAX_MODES]) {
    if (!group || n < 2)
        return 0;
    for (int i = 0; i < n; i++)
        if (!isfinite(x[i]))
            return 0;
    double *scratch = malloc(sizeof *scratch * (size_t)n * 3);
    if (!scratch)
        return 0;
    /* The groups' medians in increasing group order; rank[g]: group g's place in it. */
    double *of_group = scratch, *sorted = scratch + n;
    int ngroups = sq_group_medians(x, group, n, of_group), rank[256] = {0};
    bool present[256] = {false};
    for (int i = 0; i < n; i++)
        present[group[i]] = true;
    for (int g = 0, k = 0; g < 256; g++)
        rank[g] = present[g] ? k++ : -1;
    memcpy(sorted, of_group, sizeof *sorted * (size_t)ngroups);
    qsort(sorted, (size_t)ngroups, sizeof *sorted, cmp_double);
    int two = 0;
    if (ngroups >= 2 && sorted[ngroups - 1] > sorted[0] * (1 + SQ_PROCESS_SPREAD)) {
        int cut = 1; /* the slow side starts at sorted[cut] */
        for (int j = 2; j < ngroups; j++)
            if (sorted[j] - sorted[j - 1] > sorted[cut] - sorted[cut - 1])
                cut = j;
        double bound = sorted[cut - 1]; /* the fast side's slowest median */
        double *fast = sorted, *slow = sorted + n;
        int nfast = 0, nslow = 0;
        for (int i = 0; i < n; i++) {
            if (of_group[rank[group[i]]] <= bound)
                fast[nfast++] = x[i];
            else
                slow[nslow++] = x[i];
        }
        out[0] = (sq_speed){sq_stats_of(fast, nfast).median, (double)nfast / n};
        out[1] = (sq_speed){sq_stats_of(slow, nslow).median, (double)nslow / n};
        two = SQ_MAX_MODES;
    }
    free(scratch);
    return two;
}

bool sq_speeds_apart(const sq_speed *a, int na, const sq_speed *b, int nb, double rel, double abs) {
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            double x = a[i].cycles, y = b[j].cycles;
            if (fabs(x - y) < fmax(rel * fmax(fabs(x), fabs(y)), abs))
                return false;
        }
    return true;
}

bool sq_speed_between(const sq_speed *one, int none, const sq_speed *two, int ntwo) {
    return none == 1 && ntwo == SQ_MAX_MODES && one[0].cycles > two[0].cycles &&
           one[0].cycles < two[1].cycles;
}

/* d2(n): the expected range of n normal samples in standard deviations
 * (the control-chart constant), n = 2 to 25. */
static const double range_sigmas[26] = {
    0,     0,     1.128, 1.693, 2.059, 2.326, 2.534, 2.704, 2.847, 2.970, 3.078, 3.173, 3.258,
    3.336, 3.407, 3.472, 3.532, 3.588, 3.640, 3.689, 3.735, 3.778, 3.819, 3.858, 3.895, 3.931};

/* Where speed k of s[0..ns) reaches, from x[0..n)'s samples at it (those
 * on its side of the middle of the two speeds; all at one), into lo, hi:
 * their range, widened to the speed's 95% reach, 1.96 standard deviations
 * either side, the deviation estimated from the range (range_sigmas). Three
 * samples span half their spread on average: their range alone would part
 * two draws of one speed (Intel 0xa7, color/popcnt/asm game-bishops
 * branch: 2.28-2.46 against 2.27, one build). */
static void speed_range(const sq_speed *s, int ns, int k, const double *x, int n, double *lo,
                        double *hi) {
    double cut = ns == 2 ? (s[0].cycles + s[1].cycles) / 2 : NAN;
    int m = 0;
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int i = 0; i < n; i++) {
        bool at = ns != 2 || (k == 0 ? x[i] < cut : x[i] >= cut);
        if (at && isfinite(x[i])) {
            *lo = fmin(*lo, x[i]);
            *hi = fmax(*hi, x[i]);
            m++;
        }
    }
    if (m < 2)
        return;
    double reach = 1.96 * (*hi - *lo) / range_sigmas[m < 25 ? m : 25];
    *lo = fmin(*lo, s[k].cycles - reach);
    *hi = fmax(*hi, s[k].cycles + reach);
}

bool sq_speeds_meet(const sq_speed *a, int na, const double *xa, int nxa, const sq_speed *b, int nb,
                    const double *xb, int nxb) {
    for (int i = 0; i < na; i++) {
        double alo, ahi;
        speed_range(a, na, i, xa, nxa, &alo, &ahi);
        for (int j = 0; j < nb; j++) {
            double blo, bhi;
            speed_range(b, nb, j, xb, nxb, &blo, &bhi);
            if (a[i].cycles >= blo && a[i].cycles <= bhi && b[j].cycles >= alo &&
                b[j].cycles <= ahi)
                return true;
        }
    }
    return false;
}

bool sq_speeds_differ(const sq_speed *a, int na, const sq_speed *b, int nb, double rel,
                      double abs) {
    return sq_speeds_apart(a, na, b, nb, rel, abs) && !sq_speed_between(a, na, b, nb) &&
           !sq_speed_between(b, nb, a, na);
}

double sq_centred_mean(const double *x, int n, double halfwidth) {
    double *v = malloc(sizeof *v * (size_t)(n > 0 ? n : 1));
    int finite = 0;
    for (int i = 0; v && i < n; i++)
        if (isfinite(x[i]))
            v[finite++] = x[i];
    double mean = NAN;
    if (finite > 0) {
        qsort(v, (size_t)finite, sizeof *v, cmp_double);
        double median = median_sorted(v, finite), sum = 0;
        int kept = 0;
        for (int i = 0; i < finite; i++)
            if (fabs(v[i] - median) <= halfwidth) {
                sum += v[i];
                kept++;
            }
        mean = kept ? sum / kept : median; /* none: two middle values far apart */
    }
    free(v);
    return mean;
}

void sq_top_add(sq_top *t, double x) {
    if (isnan(x) || (t->n == SQ_TOP_MOST && x <= t->v[SQ_TOP_MOST - 1]))
        return;
    int i = t->n < SQ_TOP_MOST ? t->n++ : SQ_TOP_MOST - 1;
    for (; i > 0 && t->v[i - 1] < x; i--)
        t->v[i] = t->v[i - 1];
    t->v[i] = x;
}

double sq_top_rank(const sq_top *t, int k) {
    return k >= 1 && k <= t->n ? t->v[k - 1] : NAN;
}

double sq_settle_need(const double *x, const unsigned char *group, int n, int fewest, double tight,
                      double tight_abs) {
    if (n < fewest)
        return HUGE_VAL;
    sq_stats s = sq_pooled_stats(x, group, n);
    sq_speed modes[SQ_MAX_MODES];
    if (sq_modes_of(x, n, modes))
        return 1;
    double half = sq_ci_halfwidth(s), tolerance = fmax(tight * fabs(s.median), tight_abs);
    if (half <= tolerance || s.ci_hi < SQ_RESOLUTION_CYCLES)
        return 0;
    return half / tolerance;
}
