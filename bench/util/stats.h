/* Statistics of a handful of repetitions: order statistics, a distribution-free
 * interval of the median, two-speed detection, and the tests compare uses. */
#ifndef SQCOLOR_STATS_H
#define SQCOLOR_STATS_H

#include <stdbool.h>

/* Order statistics of a row's repetitions. ci_lo..ci_hi is a distribution-free
 * 95% confidence interval of the median, from order statistics (stats.h). */
typedef struct sq_stats {
    double min, median, p90;
    double ci_lo, ci_hi;
} sq_stats;

/* One speed of a row that runs at two (stats.h, sq_modes_of). */
typedef struct sq_speed {
    double cycles; /* the median of the repetitions at this speed */
    double share;  /* the fraction of repetitions at it, 0..1 */
} sq_speed;

#define SQ_MAX_MODES 2

/* Net costs this close to zero, in core cycles, are not told apart from it:
 * the resolution of a harness-subtracted cell. */
#define SQ_RESOLUTION_CYCLES 0.05

/* The fewest values whose interval of the median reaches 95% (the whole
 * range of 6: 96.9%); of fewer, sq_stats_of's interval is their whole range,
 * and holds the median less often (5: 93.8%, 3: 75%). */
#define SQ_CI95_LEAST 6

/* min, median, 90th percentile (nearest rank) and the 95% interval of the
 * median of x[0..n); x is not changed. NAN where n is 0. */
sq_stats sq_stats_of(const double *x, int n);

/* The statistics of a row's samples x[0..n), each from the process (fork)
 * group[i] (NULL: one process): sq_stats_of of its finite samples, the
 * interval widened to hold every process's own median (a process whose rows
 * all read one figure, as placement decides, shows in the interval however
 * many repetitions agree within it); of an even count, the one of its middle
 * two nearer the row's median, not their mean, which a lone slow sample of
 * two moves by half (a vCPU descheduled inside a sample whose clocks agree:
 * color/popcnt/asm dark, 6.60 once among 6.00s on Intel 0xa7, ±0.29). What a
 * row's cycles are, in timing, merging and reading a file
 * (bench/results/figures.h). */
sq_stats sq_pooled_stats(const double *x, const unsigned char *group, int n);

/* The 1-based ranks lo <= hi of the order statistics x(lo), x(hi) that bound
 * the narrowest symmetric distribution-free interval of the median of n
 * samples with coverage >= level (binomial(n, 1/2)). Returns false when no
 * such interval exists (n too small: the whole range, 1..n, is given). */
bool sq_median_ci_ranks(int n, double level, int *lo, int *hi);

/* Half the width of s's interval, measured from the median: the larger side. */
double sq_ci_halfwidth(sq_stats s);

/* True when a net cost is zero within its resolution: its interval holds 0,
 * or its median is within SQ_RESOLUTION_CYCLES of 0. */
bool sq_about_zero(sq_stats s);

/* A net cost the tables print as ≈0: about zero, or below it (a loop that
 * ran ahead of its harness shows the harness's slack, not a negative cost). */
bool sq_cost_about_zero(sq_stats s);

/* Two speeds in x[0..n): returns SQ_MAX_MODES and fills out (fastest first)
 * when the samples fall in two well separated groups, each a real share of
 * them; 0 for one speed (including a lone outlier). */
int sq_modes_of(const double *x, int n, sq_speed out[SQ_MAX_MODES]);

/* How much a median of the clean samples x[0..n) needs more of them (group:
 * each one's process, as sq_pooled_stats; NULL: one): 0 when it has what it
 * needs, its 95% interval within the tolerance (tight of the
 * median, or tight_abs cycles, the larger) or wholly below the resolution
 * (it reads ≈0 however many more it gets); else the interval's half-width
 * over the tolerance; 1 for samples at two speeds (more of them measure the
 * speeds and their shares); HUGE_VAL for fewer than `fewest`. The one rule
 * a process's rounds and a run's top-up judge a row by. */
double sq_settle_need(const double *x, const unsigned char *group, int n, int fewest, double tight,
                      double tight_abs);

/* The same for gross costs, nothing subtracted (batch rows: a few hundredths
 * of a cycle a square, all of it measured): the gap's relative and spread
 * rules alone, none in absolute cycles. */
int sq_gross_modes_of(const double *x, int n, sq_speed out[SQ_MAX_MODES]);

/* Two speeds that two sides share: a[0..na) and b[0..nb) together fall in
 * two groups (sq_gross_modes_of: tight, and apart by more than three times
 * the wider one's range) at least `apart` cycles apart, and one side has
 * samples in both. A side then at one of them is a mixture of the same two
 * that drew one: its speeds and the other's, fastest first, each the median
 * of the side's samples in a group, go to sa and sb (their counts to *nsa,
 * *nsb), and it returns true. False, the outputs untouched, for one group,
 * or for sides each wholly in a group of its own (a shift, for the t-test
 * to judge). */
bool sq_shared_speeds(const double *a, int na, const double *b, int nb, double apart,
                      sq_speed sa[SQ_MAX_MODES], int *nsa, sq_speed sb[SQ_MAX_MODES], int *nsb);

/* Processes whose medians lie further apart than this fraction of the
 * fastest's run a batch row at a speed the process sets (sq_process_modes_of). */
#define SQ_PROCESS_SPREAD 0.02

/* Two speeds across processes, group[i] being x[i]'s: when the slowest
 * process's median is more than SQ_PROCESS_SPREAD above the fastest's, the
 * processes are cut at the widest gap between their medians, and each side's
 * speed is the median of its processes' samples, its share theirs. 0 for one
 * process (or group NULL), non-finite samples, or medians that close. */
int sq_process_modes_of(const double *x, const unsigned char *group, int n,
                        sq_speed out[SQ_MAX_MODES]);

/* Whether no speed of a[0..na) is within rel of the larger (or abs) of any
 * speed of b[0..nb): two sides that share no speed. */
bool sq_speeds_apart(const sq_speed *a, int na, const sq_speed *b, int nb, double rel, double abs);

/* Whether one side at one speed lies strictly between the two speeds of the
 * other: its samples may be a mixture of the same two, no evidence of a change. */
bool sq_speed_between(const sq_speed *one, int none, const sq_speed *two, int ntwo);

/* Whether some speed of a (samples xa[0..na)) and some speed of b (xb)
 * each lie within the other's reach at it, the range of its samples there
 * or the 95% the range says of the speed, if wider: two groups that hold
 * each other's middles, however wide, are one speed read twice. A side's
 * samples at a speed are those on its side of the middle between its two
 * (all of them at one). */
bool sq_speeds_meet(const sq_speed *a, int na, const double *xa, int nxa, const sq_speed *b, int nb,
                    const double *xb, int nxb);

/* Whether two sides' speeds tell of a change: apart (sq_speeds_apart), and
 * neither at one speed between the other's two. compare's rule for a row at
 * two speeds on either side, scalar or batch. */
bool sq_speeds_differ(const sq_speed *a, int na, const sq_speed *b, int nb, double rel, double abs);

/* The two-sided p-value of Student's t with df degrees of freedom (df > 0,
 * not necessarily whole): P(|T| >= |t|). NAN for a NAN t or df <= 0. */
double sq_student_t_p(double t, double df);

/* The t > 0 whose two-sided p-value is p (0 < p < 1): the inverse of
 * sq_student_t_p. NAN outside those ranges. */
double sq_student_t_quantile(double p, double df);

/* Student's two-sample t-test of the means of x[0..nx) and y[0..ny), their
 * variance pooled: se^2 = s^2 (1/nx + 1/ny) with nx + ny - 2 degrees of
 * freedom. A side of one value is then one more draw of the other side's
 * spread. */
typedef struct sq_ttest {
    double diff; /* mean of y less mean of x */
    double se;   /* its standard error: 0 when no side spreads at all */
    double df;   /* degrees of freedom */
    double p;    /* two-sided: with se 0, 0 for any difference and 1 for none */
} sq_ttest;

/* The test; every field NAN (untestable) with one value a side, an empty
 * side or a non-finite value. */
sq_ttest sq_t_test(const double *x, int nx, const double *y, int ny);

/* The same with each side's variance at least floor_x and floor_y: what
 * its values' own spread cannot be under (the spread within the processes
 * each value summarises). */
sq_ttest sq_t_test_floored(const double *x, int nx, double floor_x, const double *y, int ny,
                           double floor_y);

/* The paired t-test of y[i] - x[i] over i < n (one-sample t on the
 * differences: se^2 = var(d) / n, n - 1 degrees of freedom): x[i] and
 * y[i] measured side by side, so that what moved both (the host's state
 * at the time) leaves the difference. diff is the mean difference; NAN
 * fields (untestable) for n < 2, a non-finite value or out of memory. */
sq_ttest sq_paired_t_test(const double *x, const double *y, int n);

/* The smallest difference of means that the test w's spread and degrees of
 * freedom would call at two-sided level p: t(p, df) * se; 0 when se is 0,
 * NAN when w is untestable. */
double sq_t_detectable(sq_ttest w, double p);

/* Benjamini-Hochberg's step-up adjustment of n p-values: adjusted[i] <= q
 * exactly when the procedure rejects hypothesis i at false discovery rate q.
 * A non-finite p counts as 1. */
void sq_bh_adjust(const double *p, int n, double *adjusted);

/* The mean of the values of x[0..n) within halfwidth of their median (a
 * symmetric window, so symmetric noise leaves it unbiased, where the least
 * value is not: a clock that counts in steps reads a step's multiple, the
 * least of many readings a whole step under their mean). NAN for n 0, no
 * finite value or out of memory. */
double sq_centred_mean(const double *x, int n, double halfwidth);

/* The SQ_TOP_MOST largest values added, largest first: a k-th largest kept
 * as values come, without keeping them all. */
#define SQ_TOP_MOST 8
typedef struct sq_top {
    double v[SQ_TOP_MOST];
    int n;
} sq_top;

/* Adds x (not a number: ignored). */
void sq_top_add(sq_top *t, double x);

/* The k-th largest value added (1: the largest), k at most SQ_TOP_MOST;
 * NAN where fewer than k were added. */
double sq_top_rank(const sq_top *t, int k);

/* The median of each group of x[0..n) (group[i] is x[i]'s; NULL: one group),
 * in increasing group order, into out (room for n). Returns the number of
 * groups that hold a value (0 for n 0, or out of memory). */
int sq_group_medians(const double *x, const unsigned char *group, int n, double *out);

/* The groups group[0..n) holds (1 where group is NULL or n is 0). */
int sq_group_count(const unsigned char *group, int n);

/* What compare t-tests a side of a row on (docs/statistics.md): its
 * per-group (per-process) medians, or with by_samples its samples, into out
 * (room for n). by_samples where neither side has two groups. Returns how
 * many, 0 out of memory. */
int sq_test_units(const double *x, const unsigned char *group, int n, bool by_samples, double *out);

#endif
