/* compare's decision rules, the one table of them (docs/statistics.md):
 * what makes a scalar row and a batch row differ between two runs, each kind
 * reading its row of the table where the kinds differ. Both kinds are tested
 * alike: Student's t on their units (per-process medians, or runs; scalar
 * rows with units paired, the paired test), Benjamini-Hochberg at the false
 * discovery rate q over the rows of the kind, and a change under the floor,
 * or between medians that print alike, never flagged. What the host did
 * keeps a row from any verdict: a row the host spoiled on either side, and
 * every row where the sides' cores differed (units.h holds what a side's
 * test takes, its clean repetitions). */
#ifndef SQCOLOR_COMPARE_RULES_H
#define SQCOLOR_COMPARE_RULES_H

#include "bench/results/results.h"
#include "bench/util/stats.h"

#include <stdbool.h>

/* The false discovery rate over the rows tested, unless --alpha says. */
#define SQ_COMPARE_ALPHA 0.01

/* The rows compare judges: a variant's on a sequence and mode, and a batch
 * routine's at a size. */
typedef enum sq_row_kind { SQ_ROWS_SCALAR, SQ_ROWS_BATCH, SQ_ROW_KINDS } sq_row_kind;

/* A kind's rules. */
typedef struct sq_compare_rule {
    /* The floor: a change smaller than floor_rel of A's median, or than
     * floor_cycles, is never flagged; with floor_on_means the mean of B's
     * units less A's must clear it too, moved the way the medians moved. */
    double floor_rel, floor_cycles;
    bool floor_on_means;
    /* A row judged by its speeds (sq_compare_by_speeds) differs when no
     * speed of one side is within speed_rel of the larger (or speed_abs
     * cycles) of a speed of the other, and neither side lies at one speed
     * between the other's two (sq_speeds_differ). */
    double speed_rel, speed_abs;
    /* The decimals a median is printed to: medians that print alike are
     * never slower or faster, whatever the test says. */
    int digits;
} sq_compare_rule;

extern const sq_compare_rule sq_compare_rules[SQ_ROW_KINDS];

/* The least change flagged in a row of kind whose A median is a. */
double sq_compare_floor(sq_row_kind kind, double a);

/* Whether B's median b moved from A's a (and with floor_on_means, B's units'
 * mean from A's by mean_diff, the same way) by the floor or more. */
bool sq_compare_clears_floor(sq_row_kind kind, double a, double b, double mean_diff);

/* Whether medians a and b of a row of kind print apart (to its digits). */
bool sq_compare_printed_apart(sq_row_kind kind, double a, double b);

/* Whether the sides' cores differed: the quiet levels of their cores (the
 * independent adds a cycle, sq_run_quiet), a and b,
 * one under the other by more than SQ_SHARED_DROP, as a shared core reads.
 * Then every row of the side below reads slow for it, and no row is judged.
 * Not where either is not known. */
bool sq_compare_cores_differ(double a, double b);

/* Whether a row is judged at all, given its sides: not where either is
 * host_spoiled (too few clean repetitions for figures of their own). */
bool sq_compare_host_spared(const sq_result *a, const sq_result *b);

/* Whether a row, of either kind, is judged by its speeds, not by the
 * t-test: two, at two speeds on a side; runs, the units are runs; p, the
 * p-value of its units' test (NAN where there is none). */
bool sq_compare_by_speeds(bool two, bool runs, double p);

/* Whether the speeds a[0..na) and b[0..nb) of a row of kind tell of a change:
 * they differ at kind's tolerances (sq_speeds_differ), and no speed of each
 * lies within the other's reach on the sides' clean samples xa[0..nxa) and
 * xb[0..nxb) (sq_speeds_meet; none given, none meet). */
bool sq_compare_speeds_differ(sq_row_kind kind, const sq_speed *a, int na, const double *xa,
                              int nxa, const sq_speed *b, int nb, const double *xb, int nxb);

#endif
