/* compare's rows: matching two runs' rows, testing and judging each, the
 * smallest change each could show (docs/statistics.md); cmd_compare.c prints
 * them. The variance that matters between runs arises between processes, so
 * a row's samples are summed up by process, each process by its median, and a
 * row differs significantly only when
 *   - Student's t-test of those per-process medians (variance pooled: under
 *     the null both runs are of one distribution, and with as many processes
 *     a side the test keeps its level when spreads differ; Welch's degrees of
 *     freedom would fall to 2 from 4 at 3 processes a side) gives a p-value
 *     that, Benjamini-Hochberg-adjusted over every row tested, is at most q
 *     (the false discovery rate, --alpha, default 0.01), and
 *   - the medians, and the means of the per-process medians, are both at least
 *     the floor apart (SQ_COMPARE_FLOOR_*), the same way: two runs of one
 *     build differ by less, so they flag nothing.
 * Where neither side has samples of two processes (files from before
 * processes), the samples are the units, as they were. With several files a
 * side each file is a unit (compare_units.runs); with units paired, the
 * paired t-test of their differences stands for Student's. Rows about zero in both
 * runs, and rows with a non-finite sample or median, are not tested. A row at
 * two speeds in either run (stats.h, sq_modes_of) is not t-tested, as the test
 * would measure the shares of the mixture: it differs only when no speed of one
 * run is near a speed of the other. Out of memory, the command exits. */
#ifndef SQCOLOR_COMPARE_ROWS_H
#define SQCOLOR_COMPARE_ROWS_H

#include "bench/report/compare_drift.h"
#include "bench/results/results.h"
#include "bench/util/stats.h"

#include <stdbool.h>

/* Two speeds this close, relative to the larger, are the same speed. */
#define SQ_COMPARE_SPEED_MATCH 0.03

/* The effect floor: a change smaller than SQ_COMPARE_FLOOR_REL of A's median, or
 * than SQ_COMPARE_FLOOR_CYCLES (rows under 2 cycles), is never flagged. Two runs
 * of one build differ by less (docs/statistics.md). */
#define SQ_COMPARE_FLOOR_REL    0.01
#define SQ_COMPARE_FLOOR_CYCLES 0.02

/* What a side's samples are grouped into for the test: each file's
 * processes (one file a side), or its runs (several files a side, read as
 * one: merge_files.h); and whether A's i-th unit ran beside B's i-th, in
 * turns (sqcolor ab; compare --paired), so that the differences are tested
 * pair by pair: what the host's state moved, it moved in both of a pair. */
typedef struct compare_units {
    bool runs;
    bool paired;
} compare_units;

/* One run's side of a matched row. */
typedef struct compare_side {
    const sq_result *r;
    sq_stats s; /* recomputed from the samples, as the run computed it */
    sq_speed speeds[SQ_MAX_MODES];
    int nspeeds;    /* 1 (the median) or SQ_MAX_MODES */
    bool finite;    /* samples there, and every one and the median a number */
    int nprocesses; /* processes its samples came from (1 where none recorded) */
} compare_side;

typedef struct compare_row {
    compare_side a, b;
    const char *untested; /* why the row was not tested, or NULL */
    bool by_speeds;       /* judged by its speeds, not by the t-test */
    bool by_samples;      /* t-tested on samples: no side has two processes */
    compare_units units;  /* what the units are, and whether paired */
    sq_ttest t;           /* the t-test of B's units less A's (paired: of their differences) */
    double p;             /* Benjamini-Hochberg-adjusted p-value; NAN when not t-tested */
    double detectable;    /* the smallest change the row could show, in cycles; NAN
                             when not t-tested */
    bool significant;
    const char *why_not; /* what kept a row with p <= q from significance */
    double drift;        /* its group's drift (compare_drift.h), 1 if none */
} compare_row;

/* A run's rows sorted by (id, sequence, mode), for matching in n log n. */
typedef struct compare_index {
    const sq_result **by_key;
    int n;
} compare_index;

/* What matching and testing the rows found. */
typedef struct compare_tally {
    int matched, ntested;          /* rows in both runs; of them, t-tested */
    int nsamples;                  /* t-tested on samples: no side had two processes */
    int nfinite, nzero;            /* not tested: a non-finite value; about zero in both */
    int nfew;                      /* not tested: one sample a side */
    int nshared;                   /* tested with the row whose figure they share (not in
                                      ntested, the tests adjusted together) */
    int nflagged;                  /* t-tested rows whose adjusted p is at most q */
    double p_cut;                  /* the p-value a row needed for that beside them */
    compare_units units;           /* what the rows were tested on */
    sq_drift drift[SQ_DRIFT_MOST]; /* the groups that moved together, B against A */
    int ndrift;
} compare_tally;

/* A run's rows sorted by key (exits out of memory); free(ix.by_key). */
compare_index compare_index_rows(const sq_run *run);
/* The first row of like's key in ix, or NULL. */
const sq_result *compare_find(const compare_index *ix, const sq_result *like);

/* Fills rows[0..t->matched) with A's rows that B has too, finds the groups
 * that drifted (compare_drift.h), t-tests the rows that can be on units
 * (paired: sq_paired_t_test on unit i of each side), adjusts their
 * p-values together (Benjamini-Hochberg) and gives each the smallest change it
 * could have shown at the p-value that a row needed beside the rows flagged:
 * q (flagged + 1) / tested. */
void compare_test_rows(const sq_run *a, const compare_index *b, double q, compare_units units,
                       compare_row *rows, compare_tally *t);
/* Sets w->significant (or w->why_not) at the false discovery rate q. */
void compare_judge(compare_row *w, double q);
/* A significant slowdown over fail_over percent of |A|; from an A about zero,
 * any slowdown to a B that is not. */
bool compare_over_gate(const compare_row *w, double fail_over);

/* The matched rows judged, for the summary. */
typedef struct compare_verdicts {
    int significant; /* of them slower and faster, as compare_verdict_word */
    int slower, faster;
    int by_speeds;                /* judged by their speeds */
    int gate;                     /* significant slowdowns over fail_over */
    int most_slower, most_faster; /* the row that moved most each way, or -1 */
} compare_verdicts;

/* Judges rows[0..matched) at q (compare_judge) and counts them. */
compare_verdicts compare_judge_rows(compare_row *rows, int matched, double q, double fail_over);
/* B's change from A in percent of |A|; +-INFINITY from an A about zero. */
double compare_change_pct(const compare_row *w);
/* The detectable change as a share of A, in percent; NAN where A is about
 * zero (or the row was not t-tested). */
double compare_detectable_pct(const compare_row *w);
/* The median and 90th percentile of the t-tested rows' detectable changes in
 * percent of A (NAN when none). */
sq_stats compare_detectable_spread(const compare_row *rows, int matched);
/* "slower", "faster", "same" or "untested"; a row judged by its speeds that
 * differs is slower or faster by its medians. */
const char *compare_verdict_word(const compare_row *w);
/* What a row was judged on: "processes", "runs", "pairs", "samples",
 * "speeds", or NULL. */
const char *compare_test_word(const compare_row *w);
/* The tests, as the summary counts them: "t-tests" (Student's, of processes),
 * "t-tests of runs", "paired t-tests" (of processes), "paired t-tests of
 * runs". */
const char *compare_test_text(compare_units units);

#endif
