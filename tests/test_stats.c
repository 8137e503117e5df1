/* The statistics of bench/util/stats.c on samples whose answer is known: the
 * interval ranks and their coverage, the two-speed detector's false and true
 * positive rates on made-up repetitions, Student's t and its two-sample test, the
 * Benjamini-Hochberg adjustment and medians by process.
 * Every random draw comes from one fixed seed, so a run is repeatable. */
#include "bench/util/splitmix64.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdint.h>

#include "check.h"

/* splitmix64: a small generator, good enough for simulated samples. */
static uint64_t rng_state = 0x5eed5eed2026ULL;

static double uniform(void) { /* (0, 1) */
    uint64_t z = sq_splitmix64(&rng_state);
    return ((double)(z >> 11) + 0.5) / 9007199254740992.0; /* 2^53 */
}

static double normal(void) { /* Box-Muller, one of the pair */
    return sqrt(-2 * log(uniform())) * cos(6.283185307179586 * uniform());
}

static double exponential(void) { /* mean 1, median ln 2 */
    return -log(uniform());
}

static void shuffle(double *x, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(uniform() * (i + 1));
        double t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
}

static void check_ranks(int n, bool want_ok, int want_lo, int want_hi) {
    int lo = -1, hi = -1;
    bool ok = sq_median_ci_ranks(n, 0.95, &lo, &hi);
    CHECK(ok == want_ok && lo == want_lo && hi == want_hi, "n=%d: ranks %d..%d (%s), want %d..%d",
          n, lo, hi, ok ? "true" : "false", want_lo, want_hi);
}

static void test_interval(void) {
    check_ranks(6, true, 1, 6);
    check_ranks(15, true, 4, 12);
    check_ranks(5, false, 1, 5);
    check_ranks(40, true, 14, 27);
    /* Past n = 1074, 2^-n underflows: the ranks collapsed onto the median
     * (1000..1001). Exact ranks from integer binomials. */
    check_ranks(2000, true, 956, 1045);
    check_ranks(15000, true, 7380, 7621);

    /* 1..15 in some order: the interval is x(4)..x(12). */
    double x[15];
    for (int i = 0; i < 15; i++)
        x[i] = i + 1;
    shuffle(x, 15);
    sq_stats s = sq_stats_of(x, 15);
    CHECK(s.min == 1 && s.median == 8 && s.p90 == 14 && s.ci_lo == 4 && s.ci_hi == 12,
          "stats of 1..15: min %g median %g p90 %g ci %g..%g", s.min, s.median, s.p90, s.ci_lo,
          s.ci_hi);
    CHECK(isnan(sq_stats_of(x, 0).median), "no samples: NAN");

    /* Coverage on a skewed distribution whose median is known: 3 + Exp(1)/10
     * has median 3 + ln(2)/10. The exact coverage of ranks 4..12 is 0.965. */
    const int trials = 4000;
    const double truth = 3 + log(2) / 10;
    int covered = 0;
    for (int t = 0; t < trials; t++) {
        for (int i = 0; i < 15; i++)
            x[i] = 3 + exponential() / 10;
        s = sq_stats_of(x, 15);
        covered += s.ci_lo <= truth && truth <= s.ci_hi;
    }
    double coverage = (double)covered / trials;
    printf("interval: coverage %.3f of the median over %d trials of n=15\n", coverage, trials);
    CHECK(coverage >= 0.93 && coverage <= 0.99, "coverage %.3f, want 0.93..0.99", coverage);
}

/* One-speed samples: shapes a row without two speeds really shows. */
typedef enum shape {
    NORMAL,            /* 4 cycles, 0.3% noise */
    OUTLIER,           /* the same and one repetition far off (either way) */
    SKEWED,            /* 4 cycles plus an exponential tail, mean 0.5% */
    LONG_TAIL,         /* 10 cycles plus an exponential tail, mean 3%: its gaps
                          pass both floors, the spread rule holds it back */
    CONTAMINATED,      /* 0.3% noise, one in ten repetitions five times as wide */
    NEAR_ZERO,         /* 0 cycles, 0.02 absolute noise */
    NEAR_ZERO_UNIFORM, /* 0.01 cycles, uniform +-0.03 */
    WIDE,              /* 20 cycles, 1% noise */
    NSHAPES
} shape;

static const char *const shape_names[NSHAPES] = {
    "normal",    "outlier",           "skewed", "long tail", "contaminated",
    "near zero", "near zero uniform", "wide"};

static void one_speed(shape sh, double *x, int n) {
    for (int i = 0; i < n; i++) {
        switch (sh) {
        case NORMAL:
        case OUTLIER:
            x[i] = 4 * (1 + 0.003 * normal());
            break;
        case SKEWED:
            x[i] = 4 * (1 + 0.005 * exponential());
            break;
        case LONG_TAIL:
            x[i] = 10 * (1 + 0.03 * exponential());
            break;
        case CONTAMINATED:
            x[i] = 4 * (1 + 0.003 * normal() * (uniform() < 0.1 ? 5 : 1));
            break;
        case NEAR_ZERO:
            x[i] = 0.02 * normal();
            break;
        case NEAR_ZERO_UNIFORM:
            x[i] = 0.01 + 0.06 * (uniform() - 0.5);
            break;
        case WIDE:
            x[i] = 20 * (1 + 0.01 * normal());
            break;
        case NSHAPES:
            break;
        }
    }
    if (sh == OUTLIER)
        x[(int)(uniform() * n)] *= uniform() < 0.5 ? 0.7 : 1.08;
}

static void test_modes_one_speed(void) {
    const int trials = 2000, sizes[] = {6, 15, 40};
    double x[40];
    sq_speed sp[SQ_MAX_MODES];
    for (int sh = 0; sh < NSHAPES; sh++) {
        int flagged = 0, total = 0;
        for (int k = 0; k < 3; k++) {
            for (int t = 0; t < trials; t++, total++) {
                one_speed((shape)sh, x, sizes[k]);
                flagged += sq_modes_of(x, sizes[k], sp) != 0;
            }
        }
        double rate = (double)flagged / total;
        printf("modes: one speed, %-17s flagged %d of %d (%.2f%%)\n", shape_names[sh], flagged,
               total, 100 * rate);
        CHECK(rate <= 0.01, "one speed (%s) flagged in %.2f%% of trials", shape_names[sh],
              100 * rate);
    }
    /* Edge cases: too few samples, a non-finite one, all equal. */
    double two[8] = {4.13, 4.13, 4.13, 4.13, 4.32, 4.32, 4.32, 4.32};
    CHECK(sq_modes_of(two, 8, sp) == SQ_MAX_MODES, "4 + 4 exact samples at two speeds");
    CHECK(sq_modes_of(two, 5, sp) == 0, "5 samples: too few for two groups of 3");
    two[2] = NAN;
    CHECK(sq_modes_of(two, 8, sp) == 0, "a NaN sample: one speed");
    double same[10] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    CHECK(sq_modes_of(same, 10, sp) == 0, "all equal: one speed");
    /* Below the harness by 4 or by 3 cycles: both cost nothing. */
    double below[8] = {-4, -4, -4, -4, -3, -3, -3, -3};
    CHECK(sq_modes_of(below, 8, sp) == 0, "two groups both below zero: one speed, none");
    double from_zero[8] = {-0.5, -0.5, -0.5, -0.5, 1, 1, 1, 1};
    CHECK(sq_modes_of(from_zero, 8, sp) == SQ_MAX_MODES, "nothing or a cycle: two speeds");
    /* A batch row's gross cost at two speeds, as same_color_batch/avx2 at
     * 256 KiB on AMD Zen 5 reads by placement: 20% apart, but under the
     * net rules' absolute floor. The gross rules see them; and still no
     * speeds in a tight single group. */
    double gross[12] = {0.0505, 0.0602, 0.0505, 0.0600, 0.0603, 0.0507,
                        0.0596, 0.0502, 0.0499, 0.0603, 0.0499, 0.0600};
    CHECK(sq_modes_of(gross, 12, sp) == 0, "net rules: under the absolute floor");
    CHECK(sq_gross_modes_of(gross, 12, sp) == SQ_MAX_MODES && fabs(sp[0].cycles - 0.05035) < 1e-6 &&
              fabs(sp[1].cycles - 0.0601) < 1e-6 && sp[0].share == 0.5,
          "gross rules: 0.050 and 0.060, half each: %g (%g), %g", sp[0].cycles, sp[0].share,
          sp[1].cycles);
    double tight[12] = {0.0318, 0.0319, 0.0318, 0.0318, 0.0319, 0.0318,
                        0.0317, 0.0318, 0.0319, 0.0318, 0.0318, 0.0317};
    CHECK(sq_gross_modes_of(tight, 12, sp) == 0, "gross rules: one tight group, one speed");
}

/* Two speeds as on an Intel guest: 4.13 or 4.32 cycles, 0.2% noise each,
 * shares from 20/80 to 80/20 (in each trial exactly `fast` at 4.13). */
static void test_modes_two_speeds(void) {
    const int trials = 2000;
    const struct {
        int n, fast;
    } cases[] = {{15, 3},  {15, 5}, {15, 7},  {15, 10}, {15, 12}, {20, 6},
                 {20, 10}, {40, 8}, {40, 12}, {6, 3},   {10, 5}};
    double x[40];
    sq_speed sp[SQ_MAX_MODES];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int n = cases[c].n, fast = cases[c].fast, right = 0;
        for (int t = 0; t < trials; t++) {
            for (int i = 0; i < n; i++)
                x[i] = (i < fast ? 4.13 : 4.32) * (1 + 0.002 * normal());
            shuffle(x, n);
            if (sq_modes_of(x, n, sp) != SQ_MAX_MODES)
                continue;
            right += fabs(sp[0].cycles / 4.13 - 1) < 0.005 &&
                     fabs(sp[1].cycles / 4.32 - 1) < 0.005 &&
                     fabs(sp[0].share - (double)fast / n) < 1e-9 &&
                     fabs(sp[1].share - (double)(n - fast) / n) < 1e-9;
        }
        double rate = (double)right / trials;
        printf("modes: two speeds, n=%d with %d fast: found right in %.2f%%\n", n, fast,
               100 * rate);
        CHECK(rate >= 0.95, "two speeds (n=%d, %d fast) found right in %.2f%% of trials", n, fast,
              100 * rate);
    }
}

/* Student's t against values from the exact integral (mpmath's betainc, 30
 * digits): relative error under 1e-9. */
static void check_t_p(double t, double df, double want) {
    double p = sq_student_t_p(t, df);
    CHECK(fabs(p / want - 1) < 1e-9, "t %g df %g: p %.12g, want %.12g", t, df, p, want);
}

static void check_t_quantile(double p, double df, double want) {
    double t = sq_student_t_quantile(p, df);
    CHECK(fabs(t / want - 1) < 1e-9, "p %g df %g: t %.12g, want %.12g", p, df, t, want);
}

static void test_student_t(void) {
    check_t_p(2, 2, 0.183503419072274);      /* df 2: 1 - t / sqrt(2 + t^2) */
    check_t_p(0.1, 1, 0.936548965138893);    /* df 1: 1 - 2 atan(t) / pi */
    check_t_p(10, 3.5, 0.00107147589561266); /* Welch's df need not be whole */
    check_t_p(200, 4, 3.74937508202141e-9);
    check_t_p(-1.5, 60, 0.138858354318180); /* two-sided: the sign does not count */
    CHECK(sq_student_t_p(0, 4) == 1, "t 0: p 1");
    CHECK(sq_student_t_p(INFINITY, 4) == 0, "t infinite: p 0");
    CHECK(isnan(sq_student_t_p(1, 0)), "df 0: NAN");
    check_t_quantile(0.05, 4, 2.77644510519779);
    check_t_quantile(1e-6, 4, 49.4586367569346);
    check_t_quantile(1e-6, 10, 10.5164899569149);
    CHECK(isnan(sq_student_t_quantile(0, 4)) && isnan(sq_student_t_quantile(1, 4)),
          "p 0 or 1: no quantile");
}

static void test_paired_t_test(void) {
    /* Differences 1.1, 0.9, 1.3: mean 1.1, variance 0.04, se 0.2 / sqrt(3),
     * t 9.526, df 2, where p = 1 - t / sqrt(2 + t^2) exactly. */
    const double x[] = {1, 2, 3}, y[] = {2.1, 2.9, 4.3};
    sq_ttest w = sq_paired_t_test(x, y, 3);
    double t = 1.1 / (0.2 / sqrt(3));
    CHECK(fabs(w.diff - 1.1) < 1e-12 && fabs(w.se - 0.2 / sqrt(3)) < 1e-12 && w.df == 2 &&
              fabs(w.p / (1 - t / sqrt(2 + t * t)) - 1) < 1e-9,
          "paired 1,2,3 vs 2.1,2.9,4.3: diff %g se %g df %g p %.12g", w.diff, w.se, w.df, w.p);
    /* Why pairs: a drift of 10% a pair moves both sides alike; B is 1%
     * slower in each pair. Unpaired, the drift is the spread and hides it;
     * paired, it leaves the differences. */
    const double a[] = {2.00, 2.20, 2.42, 2.662}, b[] = {2.02, 2.223, 2.444, 2.6885};
    w = sq_paired_t_test(a, b, 4);
    sq_ttest u = sq_t_test(a, 4, b, 4);
    CHECK(w.p < 1e-3 && u.p > 0.5, "drift: paired p %g, unpaired p %g", w.p, u.p);
    /* Differences that do not spread: any is one, none is none. */
    const double same_shift[] = {2, 3, 4};
    w = sq_paired_t_test(x, same_shift, 3);
    CHECK(w.se == 0 && w.p == 0 && w.diff == 1, "no spread, apart: se %g p %g", w.se, w.p);
    w = sq_paired_t_test(x, x, 3);
    CHECK(w.se == 0 && w.p == 1, "no spread, equal: se %g p %g", w.se, w.p);
    CHECK(isnan(sq_paired_t_test(x, y, 1).p), "one pair: untestable");
    const double nan3[] = {1, NAN, 3};
    CHECK(isnan(sq_paired_t_test(x, nan3, 3).p), "a NaN: untestable");
    /* The detectable difference is the two-sample test's: t(p, df) * se. */
    w = sq_paired_t_test(x, y, 3);
    CHECK(fabs(sq_t_detectable(w, 0.05) - 4.30265272974946 * w.se) < 1e-9,
          "paired detectable at 0.05: %.9g", sq_t_detectable(w, 0.05));
}

static void test_t_test(void) {
    /* Means 2 and 5, variances 1 and 1: se sqrt(2/3), t 3.674, df 4. */
    const double x[] = {1, 2, 3}, y[] = {4, 5, 6};
    sq_ttest w = sq_t_test(x, 3, y, 3);
    CHECK(w.diff == 3 && fabs(w.se - sqrt(2.0 / 3)) < 1e-15 && w.df == 4 &&
              fabs(w.p / 0.0213116411287567 - 1) < 1e-9,
          "t-test 1,2,3 vs 4,5,6: diff %g se %g df %g p %.12g", w.diff, w.se, w.df, w.p);
    /* Unequal spreads: variances 1/60 (n 4) and 0.045 (n 2) pool to (3/60 +
     * 0.045) / 4 = 0.02375; se^2 = 0.02375 (1/4 + 1/2) = 0.0178125, df 4. */
    const double u[] = {2.0, 2.1, 1.9, 2.2}, v[] = {3.0, 3.3};
    w = sq_t_test(u, 4, v, 2);
    CHECK(fabs(w.diff - 1.1) < 1e-12 && fabs(w.se - sqrt(0.0178125)) < 1e-12 && w.df == 4,
          "t-test, unequal spreads: diff %g se %g df %g", w.diff, w.se, w.df);
    /* One value against three: se^2 = s^2 (1 + 1/3) = 4/3, df 2. */
    const double one[] = {5};
    w = sq_t_test(one, 1, x, 3);
    CHECK(w.diff == -3 && fabs(w.se - sqrt(4.0 / 3)) < 1e-15 && w.df == 2,
          "one value against three: diff %g se %g df %g", w.diff, w.se, w.df);
    /* No spread on either side: any difference is one, none is none. */
    const double two[] = {2, 2}, three[] = {3, 3, 3};
    w = sq_t_test(two, 2, three, 3);
    CHECK(w.se == 0 && w.p == 0, "no spread, apart: se %g p %g", w.se, w.p);
    w = sq_t_test(two, 2, two, 2);
    CHECK(w.se == 0 && w.p == 1, "no spread, equal: se %g p %g", w.se, w.p);
    CHECK(isnan(sq_t_test(one, 1, one, 1).p), "one value a side: untestable");
    const double nan2[] = {1, NAN};
    CHECK(isnan(sq_t_test(nan2, 2, x, 3).p), "a NaN: untestable");
    CHECK(isnan(sq_t_test(x, 0, y, 3).p), "an empty side: untestable");

    /* The detectable difference: t(p, df) * se. At p 0.05 with se sqrt(2/3)
     * and df 4, 2.776445 * 0.816497 = 2.266958. */
    w = sq_t_test(x, 3, y, 3);
    double d = sq_t_detectable(w, 0.05);
    CHECK(fabs(d - 2.77644510519779 * sqrt(2.0 / 3)) < 1e-9, "detectable at 0.05: %.9g", d);
    /* A difference of exactly that has p 0.05. */
    const double shifted[] = {1 + d, 2 + d, 3 + d};
    w = sq_t_test(x, 3, shifted, 3);
    CHECK(fabs(w.p - 0.05) < 1e-9, "a detectable shift: p %.12g", w.p);
    CHECK(sq_t_detectable(sq_t_test(two, 2, three, 3), 0.01) == 0, "no spread: 0");
    CHECK(isnan(sq_t_detectable(sq_t_test(one, 1, one, 1), 0.01)), "untestable: NAN");

    /* Floored: 1,1,1 against 2,2,2, each side's variance at least 0.25:
     * se^2 = 0.25 (1/3 + 1/3), t 2.449, df 4, p 0.0705; a floor under the
     * spread changes nothing. */
    const double ones[] = {1, 1, 1}, twos[] = {2, 2, 2};
    w = sq_t_test_floored(ones, 3, 0.25, twos, 3, 0.25);
    CHECK(fabs(w.se - sqrt(0.25 * 2 / 3)) < 1e-15 && fabs(w.p / 0.0704839969102199 - 1) < 1e-9,
          "floored: se %g p %.12g", w.se, w.p);
    w = sq_t_test_floored(x, 3, 0.5, y, 3, 0.5);
    CHECK(fabs(w.se - sqrt(2.0 / 3)) < 1e-15, "a floor under the spread: se %g", w.se);
}

static void check_bh(const double *p, int n, const double *want) {
    double adj[8];
    sq_bh_adjust(p, n, adj);
    bool same = true;
    for (int i = 0; i < n; i++)
        same &= fabs(adj[i] - want[i]) < 1e-12;
    CHECK(same, "bh of %d p-values: %g %g ..., want %g %g ...", n, adj[0], n > 1 ? adj[1] : 0,
          want[0], n > 1 ? want[1] : 0);
}

static void test_bh(void) {
    /* Sorted 0.005, 0.01, 0.03, 0.04 times 4/1, 4/2, 4/3, 4/4: 0.02, 0.02,
     * 0.04, 0.04, each no larger than those after it. */
    check_bh((const double[]){0.01, 0.04, 0.03, 0.005}, 4,
             (const double[]){0.02, 0.04, 0.04, 0.02});
    /* Step-up: a larger p later pulls none up; 0.5 * 3/3 caps the others. */
    check_bh((const double[]){0.5, 0.4, 0.3}, 3, (const double[]){0.5, 0.5, 0.5});
    check_bh((const double[]){0.6, 0.7}, 2, (const double[]){0.7, 0.7});
    check_bh((const double[]){0.02}, 1, (const double[]){0.02});
    check_bh((const double[]){NAN, 0.01}, 2, (const double[]){1, 0.02});
    check_bh((const double[]){0.001, 0.002, 0.003, 0.9}, 4,
             (const double[]){0.004, 0.004, 0.004, 0.9});

    /* Under the null, over many rows: at q 0.01, about 1% of families of 1000
     * uniform p-values have any rejection (the FDR is then the chance of one):
     * 20 of 2000 expected, 4.4 the standard deviation. */
    const int rows = 1000, families = 2000;
    static double p[1000], adj[1000];
    int any = 0;
    for (int f = 0; f < families; f++) {
        for (int i = 0; i < rows; i++)
            p[i] = uniform();
        sq_bh_adjust(p, rows, adj);
        bool hit = false;
        for (int i = 0; i < rows; i++)
            hit |= adj[i] <= 0.01;
        any += hit;
    }
    printf("bh: %d of %d null families of %d rows had a rejection at q 0.01\n", any, families,
           rows);
    CHECK(any >= 8 && any <= 35, "null families with a rejection: %d of %d", any, families);
}

static void test_group_medians(void) {
    const double x[] = {5, 1, 9, 2, 4, 3, 8};
    const unsigned char g[] = {2, 0, 2, 0, 1, 0, 2};
    double m[7];
    int n = sq_group_medians(x, g, 7, m);
    CHECK(n == 3 && m[0] == 2 && m[1] == 4 && m[2] == 8, "group medians: %d: %g %g %g", n, m[0],
          m[1], m[2]);
    const unsigned char pairs[] = {0, 1, 0, 1};
    n = sq_group_medians(x, pairs, 4, m);
    CHECK(n == 2 && m[0] == 7 && m[1] == 1.5, "pairs: %d: %g %g", n, m[0], m[1]);
    n = sq_group_medians(x, NULL, 7, m);
    CHECK(n == 1 && m[0] == 4, "no groups: one median, %d: %g", n, m[0]);
    CHECK(sq_group_medians(x, NULL, 0, m) == 0, "no values: no groups");

    /* What compare tests a side on: the group count, then per-group medians
     * or the samples themselves. */
    CHECK(sq_group_count(g, 7) == 3 && sq_group_count(pairs, 4) == 2 &&
              sq_group_count(NULL, 7) == 1 && sq_group_count(g, 0) == 1,
          "group counts: %d %d %d %d", sq_group_count(g, 7), sq_group_count(pairs, 4),
          sq_group_count(NULL, 7), sq_group_count(g, 0));
    n = sq_test_units(x, g, 7, false, m);
    CHECK(n == 3 && m[0] == 2 && m[1] == 4 && m[2] == 8, "units by group: %d", n);
    n = sq_test_units(x, g, 7, true, m);
    CHECK(n == 7 && m[0] == 5 && m[6] == 8, "units by sample: %d: %g .. %g", n, m[0], m[6]);
}

/* A net cost the tables print as ≈0: within the resolution of zero, an
 * interval holding zero, or below zero even with an interval clear of it (a
 * loop ahead of its harness), which sq_about_zero alone does not call zero. */
static void test_cost_about_zero(void) {
    sq_stats below = {.median = -0.09, .ci_lo = -0.10, .ci_hi = -0.08};
    CHECK(!sq_about_zero(below) && sq_cost_about_zero(below), "-0.09 in [-0.10, -0.08]: ≈0");
    sq_stats near = {.median = 0.04, .ci_lo = 0.035, .ci_hi = 0.045};
    CHECK(sq_cost_about_zero(near), "0.04: within the resolution");
    sq_stats holds = {.median = 0.2, .ci_lo = -0.1, .ci_hi = 0.5};
    CHECK(sq_cost_about_zero(holds), "an interval holding zero");
    sq_stats cost = {.median = 0.06, .ci_lo = 0.055, .ci_hi = 0.065};
    CHECK(!sq_cost_about_zero(cost), "0.06 in [0.055, 0.065]: a cost");
}

/* Batch rows whose processes disagree, as on AMD Zen 5 at 256 KiB: each
 * process tight, the processes 0.0318, 0.0330 and 0.0319 cycles a pair. */
static void test_process_modes(void) {
    static const unsigned char proc[12] = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2};
    double x[12] = {0.0318, 0.0317, 0.0318, 0.0319, 0.0330, 0.0331,
                    0.0329, 0.0330, 0.0319, 0.0319, 0.0318, 0.0320};
    sq_speed sp[SQ_MAX_MODES];
    CHECK(sq_gross_modes_of(x, 12, sp) == 0, "the samples alone: no gap three times the sides");
    CHECK(sq_process_modes_of(x, proc, 12, sp) == SQ_MAX_MODES &&
              fabs(sp[0].cycles - 0.03185) < 1e-9 && fabs(sp[0].share - 8.0 / 12) < 1e-9 &&
              fabs(sp[1].cycles - 0.0330) < 1e-9 && fabs(sp[1].share - 4.0 / 12) < 1e-9,
          "processes 0.0318, 0.0330, 0.0319: two speeds 0.03185 (2/3) and 0.0330 (1/3), got %g "
          "(%g), %g (%g)",
          sp[0].cycles, sp[0].share, sp[1].cycles, sp[1].share);
    CHECK(sq_process_modes_of(x, NULL, 12, sp) == 0, "one process: no speed of a process");
    CHECK(sq_process_modes_of(x, proc, 8, sp) == SQ_MAX_MODES, "two processes 3.8%% apart");
    CHECK(sq_process_modes_of(x + 4, proc + 4, 4, sp) == 0, "a single process");
    /* Medians 0.0318, 0.0323 and 0.0320: 1.6% apart, within SQ_PROCESS_SPREAD. */
    double near[12] = {0.0318, 0.0317, 0.0318, 0.0319, 0.0323, 0.0324,
                       0.0322, 0.0323, 0.0320, 0.0320, 0.0319, 0.0321};
    CHECK(sq_process_modes_of(near, proc, 12, sp) == 0, "processes 1.6%% apart: one speed");
    /* A spread with no clear gap: cut at the widest, 0.0324 to 0.0331. */
    double spread[12] = {0.0318, 0.0318, 0.0318, 0.0318, 0.0324, 0.0324,
                         0.0324, 0.0324, 0.0331, 0.0331, 0.0331, 0.0331};
    CHECK(sq_process_modes_of(spread, proc, 12, sp) == SQ_MAX_MODES &&
              fabs(sp[0].cycles - 0.0321) < 1e-9 && fabs(sp[1].cycles - 0.0331) < 1e-9,
          "0.0318, 0.0324, 0.0331: cut at the widest gap, got %g and %g", sp[0].cycles,
          sp[1].cycles);
    x[5] = NAN;
    CHECK(sq_process_modes_of(x, proc, 12, sp) == 0, "a non-finite sample: no speeds");
}

/* Two sides' speeds told apart at 3%, and a side at one speed between two. */
static void test_speeds_apart(void) {
    sq_speed one[1] = {{0.0325, 1}}, two[2] = {{0.0318, 0.5}, {0.0330, 0.5}},
             far[1] = {{0.0350, 1}};
    CHECK(!sq_speeds_apart(one, 1, two, 2, 0.03, 0), "0.0325 is within 3%% of 0.0318");
    CHECK(sq_speeds_apart(far, 1, two, 2, 0.03, 0), "0.0350 is 6%% from 0.0330");
    CHECK(sq_speed_between(one, 1, two, 2) && !sq_speed_between(far, 1, two, 2) &&
              !sq_speed_between(two, 2, one, 1),
          "0.0325 lies between 0.0318 and 0.0330; 0.0350 does not");
}

/* A clock that counts in steps of 27 ticks (the Zen 5 guest's TSC) reads a
 * region of 47.3 ticks as 27 or 54 by where it starts in a step: the least
 * reading is a step under the truth, the centred mean finds it, a reading
 * an interrupt stretched (1 in 50) left out. */
/* Two sides, each at one speed of its own, the second with one sample at
 * the first's: they share two speeds, each side's its samples' in each
 * group. Each wholly at its own speed, or both at one, they share none. */
static void test_shared_speeds(void) {
    const double a[6] = {3.83, 3.831, 3.832, 3.83, 3.829, 3.831},
                 b[9] = {4.0, 4.001, 3.999, 4.0, 4.002, 3.83, 4.0, 4.001, 3.999};
    sq_speed sa[SQ_MAX_MODES], sb[SQ_MAX_MODES];
    int na = 0, nb = 0;
    CHECK(sq_shared_speeds(a, 6, b, 9, 0.02, sa, &na, sb, &nb) && na == 1 && nb == 2 &&
              sa[0].cycles == 3.8305 && sa[0].share == 1 && sb[0].cycles == 3.83 &&
              fabs(sb[0].share - 1.0 / 9) < 1e-12 && sb[1].cycles == 4.0 &&
              fabs(sb[1].share - 8.0 / 9) < 1e-12,
          "shared speeds: A %d at %g, B %d at %g (%g) and %g (%g)", na, sa[0].cycles, nb,
          sb[0].cycles, sb[0].share, sb[1].cycles, sb[1].share);
    CHECK(!sq_shared_speeds(a, 6, b, 5, 0.02, sa, &na, sb, &nb) && na == 1 && nb == 2,
          "each side at its own speed: none shared, the outputs as they were");
    CHECK(!sq_shared_speeds(a, 6, a, 6, 0.02, sa, &na, sb, &nb), "both at one speed: none shared");
}

/* One speed read 1.01-1.14 (median 1.07) and two at 1.00-1.14 and 2.01:
 * the medians 1.07 and 1.136 are 6% apart, yet each lies in the other's
 * samples: they meet. At 3.00 against 4.00 and 5.00 they do not. */
static void test_speeds_meet(void) {
    const double xa[] = {1.069, 1.07, 1.141, 1.073, 1.019, 1.086, 1.052, 1.134, 1.014},
                 xb[] = {1.136, 1.141, 2.016, 1.136, 1.138, 1.0,
                         2.013, 1.033, 2.01,  1.139, 1.007, 2.013};
    sq_speed a[1] = {{1.07, 1}}, b[2] = {{1.136, 0.67}, {2.013, 0.33}};
    CHECK(sq_speeds_meet(a, 1, xa, 9, b, 2, xb, 12) && sq_speeds_meet(b, 2, xb, 12, a, 1, xa, 9),
          "1.07 and 1.136 meet in each other's samples");
    const double xc[] = {2.99, 3.0, 3.01}, xd[] = {4.0, 4.01, 3.99, 5.0, 5.01, 4.99};
    sq_speed c[1] = {{3.0, 1}}, d[2] = {{4.0, 0.5}, {5.0, 0.5}};
    CHECK(!sq_speeds_meet(c, 1, xc, 3, d, 2, xd, 6), "3.00 meets neither 4.00 nor 5.00");
    /* Three samples 2.0 to 2.2 at 2.1: a deviation of 0.2 / 1.693, a reach of
     * 2.1 +- 0.2316. 1.90 (from 1.80 to 2.00) lies inside it; 1.85 (1.80 to
     * 1.90), whose reach ends at 2.08, does not meet 2.1. */
    const double xe[] = {2.0, 2.1, 2.2}, xf[] = {1.8, 1.9, 2.0}, xg[] = {1.8, 1.85, 1.9};
    sq_speed e[1] = {{2.1, 1}}, f[1] = {{1.9, 1}}, g[1] = {{1.85, 1}};
    CHECK(sq_speeds_meet(e, 1, xe, 3, f, 1, xf, 3), "2.10 and 1.90 meet in each other's reach");
    CHECK(!sq_speeds_meet(e, 1, xe, 3, g, 1, xg, 3), "2.10 and 1.85 do not meet");
}

static void test_centred_mean(void) {
    enum { N = 20000 };
    static double x[N];
    double least = INFINITY;
    for (int i = 0; i < N; i++) {
        double phase = 27 * uniform();
        x[i] = 27 * floor((phase + 47.3) / 27) + (i % 50 == 7 ? 5000 * uniform() + 500 : 0);
        least = fmin(least, x[i]);
    }
    double mean = sq_centred_mean(x, N, 54);
    CHECK(fabs(mean - 47.3) < 0.5, "stepped clock: centred mean %.3f, want 47.3 +- 0.5", mean);
    CHECK(least == 27, "stepped clock: least reading %.0f, want 27 (a step under)", least);
    double small[] = {3, 1, 100, 2, NAN};
    mean = sq_centred_mean(small, 5, 5);
    CHECK(mean == 2, "{3, 1, 100, 2, nan} within 5 of the median: mean %g, want 2", mean);
    double apart[] = {0, 10};
    mean = sq_centred_mean(apart, 2, 1);
    CHECK(mean == 5, "{0, 10} within 1 of the median 5: %g, want the median", mean);
    CHECK(isnan(sq_centred_mean(small, 0, 5)), "no values: want NAN");
}

/* The k-th largest as values come: in any order, with ties and nan. */
static void test_top(void) {
    sq_top t = {.n = 0};
    CHECK(isnan(sq_top_rank(&t, 1)), "nothing added: no largest");
    static const double x[] = {3, 9, NAN, 1, 9, 7, 2, 8, 4, 6, 5, 10, 0};
    for (size_t i = 0; i < sizeof x / sizeof *x; i++)
        sq_top_add(&t, x[i]);
    CHECK(t.n == SQ_TOP_MOST && sq_top_rank(&t, 1) == 10 && sq_top_rank(&t, 2) == 9 &&
              sq_top_rank(&t, 3) == 9 && sq_top_rank(&t, 5) == 7 &&
              sq_top_rank(&t, SQ_TOP_MOST) == 4,
          "{3, 9, nan, 1, 9, 7, 2, 8, 4, 6, 5, 10, 0}: 10, 9, 9, 8, 7, .., 4; got %g %g %g %g",
          sq_top_rank(&t, 1), sq_top_rank(&t, 2), sq_top_rank(&t, 5), sq_top_rank(&t, 8));
    CHECK(isnan(sq_top_rank(&t, 0)) && isnan(sq_top_rank(&t, SQ_TOP_MOST + 1)),
          "no rank 0 or past the most kept");
}

/* A pooled interval holds each process's median: a process at another
 * speed widens it, a lone slow sample of a process's two does not (of two,
 * the one nearer the row's median stands for the process, not their mean);
 * of an odd count the median. */
static void test_pooled_processes(void) {
    static const unsigned char by[] = {0, 0, 1, 1, 2, 2};
    static const double lone[] = {5.99, 6.01, 6.00, 6.00, 6.00, 6.60},
                        apart[] = {5.99, 6.01, 6.00, 6.00, 6.30, 6.31};
    sq_stats s = sq_pooled_stats(lone, by, 6);
    CHECK(s.median == 6.0 && s.ci_lo == 5.99 && s.ci_hi == 6.60,
          "a lone slow sample: the order statistics' interval [5.99, 6.60], got [%g, %g]", s.ci_lo,
          s.ci_hi);
    static const unsigned char nine[] = {0, 0, 1, 1, 2, 2, 3, 3, 3};
    static const double lone9[] = {5.99, 6.01, 6.00, 6.00, 6.00, 6.60, 6.00, 6.005, 5.995};
    s = sq_pooled_stats(lone9, nine, 9);
    CHECK(s.ci_hi < 6.02, "of 9, a lone slow sample's process widens nothing: [%g, %g]", s.ci_lo,
          s.ci_hi);
    static const double apart9[] = {5.99, 6.01, 6.00, 6.00, 6.30, 6.31, 6.00, 6.005, 5.995};
    s = sq_pooled_stats(apart9, nine, 9);
    CHECK(s.ci_hi == 6.30, "a process at 6.30 and 6.31 widens it to 6.30: [%g, %g]", s.ci_lo,
          s.ci_hi);
    static const unsigned char odd[] = {0, 0, 0, 1, 1, 1};
    static const double odd6[] = {6.0, 6.0, 6.0, 6.2, 6.25, 6.9};
    s = sq_pooled_stats(odd6, odd, 6);
    CHECK(s.ci_hi == 6.9 && sq_pooled_stats(apart, by, 6).ci_hi == 6.31,
          "three a process: the order statistics' whole range of 6 holds them");
}

int main(void) {
    test_top();
    test_pooled_processes();
    test_interval();
    test_cost_about_zero();
    test_modes_one_speed();
    test_modes_two_speeds();
    test_student_t();
    test_t_test();
    test_paired_t_test();
    test_bh();
    test_group_medians();
    test_process_modes();
    test_speeds_apart();
    test_shared_speeds();
    test_speeds_meet();
    test_centred_mean();
    return check_finish("stats", NULL);
}
