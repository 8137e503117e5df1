/* compare, the one entry point: two runs judged row by row, the scalar rows
 * (scalar_rows.h, matched by row_match.h, their groups' drift by drift.h)
 * and the batch rows (batch_rows.h), by the one table of rules (rules.h).
 * sqcolor compare, sqcolor ab and the unit tests call it; show.h prints what
 * it found. */
#ifndef SQCOLOR_COMPARE_COMPARE_H
#define SQCOLOR_COMPARE_COMPARE_H

#include "bench/compare/batch_rows.h"
#include "bench/compare/row_match.h"
#include "bench/compare/scalar_rows.h"
#include "bench/results/results.h"

#include <stdbool.h>

/* How to compare. */
typedef struct sq_compare_options {
    double q;               /* the false discovery rate (--alpha) */
    double fail_over;       /* the gate: a significant slowdown over this percent of A
                               (< 0: none) */
    sq_compare_units units; /* runs, and paired, for both row kinds */
} sq_compare_options;

/* What comparing two runs found. */
typedef struct sq_verdicts {
    const sq_run *a, *b;
    sq_compare_options options;
    sq_compare_index ia, ib; /* each run's rows by key */
    sq_compare_row *rows;    /* the matched rows, tally.matched, in A's order */
    sq_compare_tally tally;
    sq_compare_counts counts;
    sq_batch_comparison batch;
} sq_verdicts;

/* Compares run b to run a as o says into *out (which points into both runs):
 * matches the rows, finds the groups that drifted, tests and judges every
 * scalar row, then every batch row. Returns 0, or -1 out of memory (then
 * *out holds nothing; freeing it is fine). */
int sq_compare(const sq_run *a, const sq_run *b, const sq_compare_options *o, sq_verdicts *out);

/* The significant slowdowns over the gate, scalar and batch rows. */
int sq_compare_gate(const sq_verdicts *v);

void sq_verdicts_free(sq_verdicts *v);

/* How the verdicts are shown (show.h). */
typedef struct sq_compare_show {
    const char *labels[2]; /* A's file (or files, joined), B's */
    bool all;              /* every matched row, not only those that changed */
    bool json;             /* as one JSON document, not tables */
} sq_compare_show;

#endif
