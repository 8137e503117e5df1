/* compare's drift: a mode and sequence whose rows moved together between two
 * runs. A change to code moves the rows of that code; a state of the machine
 * moves every row of a kind: on the AMD Zen 5 guest every branch row on the
 * random and game sequences reads 6% slower for seconds to minutes at a time
 * (color/lookup/asm on random: 14.05 or 14.86 cycles; a run's processes on
 * one speed or split between them), latency rows not at all, and two runs of
 * one build, each wholly on one speed, differed on 498 rows. Judging each
 * row against its group's median was tried: rows of a group do not move
 * alike (branch-free code in branch mode not at all), and it flagged them
 * instead. Keeping the verdicts beside a note failed the gate on identical
 * builds (6 default runs of one build back to back, on a quiet core: 167
 * rows slower in one pair of five, 142 faster in another). So a drifted
 * group's rows are not judged, counted apart as the host's, and the group
 * is named first: a change confined to such a group shows as its drift. */
#ifndef SQCOLOR_COMPARE_DRIFT_H
#define SQCOLOR_COMPARE_DRIFT_H

#include "bench/results/results.h"

/* A group's median needs this many rows to stand for the group, and to be
 * a scalar row's relative floor from 1 (rules.h) to be drift. */
#define SQ_DRIFT_LEAST_ROWS 20

/* A row counts from this many cycles: on Intel 0xa7 rows of a quarter cycle
 * to a cycle moved between default runs of one build as rows of a cycle or
 * more did (median 0.22% against 0.16%, five pairs), rows under a tenth by
 * 3%. */
#define SQ_DRIFT_LEAST_CYCLES 0.25

/* A group is a family's rows of one mode and sequence: what a state of the
 * machine moves may be one family's inputs (Intel 0xa7: every
 * different_color throughput row 6% slower in one run, the family's pairs
 * read from two buffers; same_color's on the same sequence unmoved). */
typedef struct sq_drift {
    char family[32];
    sq_mode mode;
    const char *sequence;
    double ratio; /* the median of its rows' B/A */
    int rows;     /* over how many */
} sq_drift;

#define SQ_DRIFT_MOST 64

/* The groups of the matched rows a[i], b[i] (i < n) that drifted, into out
 * (room for SQ_DRIFT_MOST). A row counts where both sides run at one speed,
 * were timed themselves (not shared) with enough clean repetitions (not
 * host_spoiled), and A's median is at least SQ_DRIFT_LEAST_CYCLES.
 * Returns how many. */
int sq_drift_find(const sq_result *const *a, const sq_result *const *b, int n, sq_drift *out);

/* Whether row r is of group d. */
bool sq_drift_holds(const sq_drift *d, const sq_result *r);

/* The ratio of r's group among d[0..nd), 1 if none drifted. */
double sq_drift_ratio(const sq_drift *d, int nd, const sq_result *r);

#endif
