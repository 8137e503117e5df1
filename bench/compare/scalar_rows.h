/* compare's scalar rows: testing and judging each matched row, and the
 * smallest change each could show (docs/statistics.md; the rules, rules.h).
 * The variance that matters between runs arises between processes, so a
 * row's samples are summed up by process, each process by its median, and a
 * row differs significantly only when
 *   - Student's t-test of those per-process medians (variance pooled: under
 *     the null both runs are of one distribution, and with as many processes
 *     a side the test keeps its level when spreads differ; Welch's degrees of
 *     freedom would fall to 2 from 4 at 3 processes a side) gives a p-value
 *     that, Benjamini-Hochberg-adjusted over every row tested, is at most q
 *     (the false discovery rate, --alpha), and
 *   - the medians, and the means of the per-process medians, are both at least
 *     the floor apart, the same way: two runs of one build differ by less, so
 *     they flag nothing.
 * Where neither side has samples of two processes (files from before
 * processes), the samples are the units, as they were. With several files a
 * side each file is a unit (sq_compare_units.runs); with units paired, the
 * paired t-test of their differences stands for Student's. A side's units
 * are of its clean repetitions (units.h); a row the host spoiled on either
 * side, or left too few clean units for its test, and every row where the
 * sides' cores differed, is kept from a verdict (rules.h). Rows about zero
 * in both runs, and rows with a non-finite sample or median, are not tested.
 * A row at two speeds in either run (stats.h, sq_modes_of) is not t-tested,
 * as the test would measure the shares of the mixture: it differs only when
 * no speed of one run is near a speed of the other; but where the units are
 * runs, their test decides (rules.h, sq_compare_by_speeds). */
#ifndef SQCOLOR_COMPARE_SCALAR_ROWS_H
#define SQCOLOR_COMPARE_SCALAR_ROWS_H

#include "bench/compare/drift.h"
#include "bench/compare/row_match.h"
#include "bench/results/results.h"
#include "bench/util/stats.h"

#include <stdbool.h>

/* What a side's samples are grouped into for the test: each file's
 * processes (one file a side), or its runs (several files a side, read as
 * one: merge_files.h); and whether A's i-th unit ran beside B's i-th, in
 * turns (sqcolor ab; compare --paired), so that the differences are tested
 * pair by pair: what the host's state moved, it moved in both of a pair. */
typedef struct sq_compare_units {
    bool runs;
    bool paired;
} sq_compare_units;

/* One run's side of a matched row. */
typedef struct sq_compare_side {
    const sq_result *r;
    sq_stats s; /* recomputed from the samples, as the run computed it */
    sq_speed speeds[SQ_MAX_MODES];
    int nspeeds;    /* 1 (the median) or SQ_MAX_MODES */
    bool finite;    /* samples there, and every one and the median a number */
    int nprocesses; /* processes its samples came from (1 where none recorded) */
} sq_compare_side;

typedef struct sq_compare_row {
    sq_compare_side a, b;
    const char *untested;   /* why the row was not tested, or NULL */
    bool host;              /* not judged for what the host did (untested says what) */
    int twin;               /* a copy: the matched row whose figure it shares; -1 */
    int copies;             /* the matched rows that are copies of it */
    bool by_speeds;         /* judged by its speeds, not by the t-test */
    bool by_samples;        /* t-tested on samples: no side has two processes */
    sq_compare_units units; /* what the units are, and whether paired */
    sq_ttest t;             /* the t-test of B's units less A's (paired: of their differences) */
    double p;               /* Benjamini-Hochberg-adjusted p-value; NAN when not t-tested */
    double detectable;      /* the smallest change the row could show, in cycles; NAN
                               when not t-tested */
    bool significant;
    const char *why_not; /* what kept a row with p <= q from significance */
    double drift;        /* its group's drift (drift.h), 1 if none */
} sq_compare_row;

/* What testing the rows found. */
typedef struct sq_compare_tally {
    int matched, ntested;          /* rows in both runs; of them, t-tested */
    int nsamples;                  /* t-tested on samples: no side had two processes */
    int nfinite, nzero;            /* not tested: a non-finite value; about zero in both */
    int nfew;                      /* not tested: one sample a side */
    int nhost;                     /* not judged: the host spoiled them (rows) */
    int nshared;                   /* tested with the row whose figure they share (not in
                                      ntested, the tests adjusted together) */
    int nflagged;                  /* t-tested rows whose adjusted p is at most q */
    double p_cut;                  /* the p-value a row needed for that beside them */
    sq_compare_units units;        /* what the rows were tested on */
    sq_drift drift[SQ_DRIFT_MOST]; /* the groups that moved together, B against A */
    int ndrift;
} sq_compare_tally;

/* Fills rows[0..m->matched) from the matched rows m, each with its group's
 * drift among t->drift; t-tests the rows that can be on their clean units
 * (paired: sq_paired_t_test on unit i of each side), adjusts their p-values
 * together (Benjamini-Hochberg), and gives each the smallest change it could
 * have shown at the p-value that a row needed beside the rows flagged: q
 * (flagged + 1) / tested. A row that shares its twin's figure takes its
 * twin's test. With cores_differ no row is tested. Returns 0, or -1 out of
 * memory. */
int sq_scalar_test(const sq_row_pairs *m, double q, sq_compare_units units, bool cores_differ,
                   sq_compare_row *rows, sq_compare_tally *t);

/* Sets w->significant (or w->why_not) at the false discovery rate q; never
 * between medians that print alike. */
void sq_compare_judge(sq_compare_row *w, double q);
/* A significant slowdown over fail_over percent of |A|; from or to a figure
 * about zero, any slowdown. */
bool sq_compare_over_gate(const sq_compare_row *w, double fail_over);

/* The matched rows judged, counted: a figure shared by several rows (a
 * copy's twin, with its copies) once, a finding, and its rows beside. */
typedef struct sq_compare_counts {
    int significant; /* of them slower and faster, as sq_compare_verdict_word */
    int slower, faster;
    int slower_rows, faster_rows; /* the rows of those findings, copies with them */
    int host, host_rows;          /* kept from a verdict by the host, findings and rows */
    int drifted, drifted_rows;    /* of those, kept as rows of a group that drifted */
    int by_speeds;                /* rows judged by their speeds */
    int gate;                     /* significant slowdowns over fail_over */
    int most_slower, most_faster; /* the row that moved most each way, or -1 */
} sq_compare_counts;

/* Judges rows[0..matched) at q (sq_compare_judge) and counts them. */
sq_compare_counts sq_compare_judge_rows(sq_compare_row *rows, int matched, double q,
                                        double fail_over);
/* Whether A or B is about zero: a ratio of them says nothing, their
 * difference in cycles does. */
bool sq_compare_about_zero(const sq_compare_row *w);
/* B's change from A in percent of |A|; +-INFINITY where A or B is about
 * zero (sq_compare_about_zero). */
double sq_compare_change_pct(const sq_compare_row *w);
/* The detectable change as a share of A, in percent; NAN where A is about
 * zero (or the row was not t-tested). */
double sq_compare_detectable_pct(const sq_compare_row *w);
/* The median and 90th percentile of the t-tested rows' detectable changes in
 * percent of A (NAN when none). */
sq_stats sq_compare_detectable_spread(const sq_compare_row *rows, int matched);
/* "slower", "faster", "same", "untested" or "host" (kept from a verdict by
 * what the host did); a row judged by its speeds that differs is slower or
 * faster by its medians. */
const char *sq_compare_verdict_word(const sq_compare_row *w);
/* What a row was judged on: "processes", "runs", "pairs", "samples",
 * "speeds", or NULL. */
const char *sq_compare_test_word(const sq_compare_row *w);
/* The tests, as the summary counts them: "t-tests" (Student's, of processes),
 * "t-tests of runs", "paired t-tests" (of processes), "paired t-tests of
 * runs". */
const char *sq_compare_test_text(sq_compare_units units);

#endif
