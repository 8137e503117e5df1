/* compare's verdicts as tables, for a person: each file with its CPU and
 * commit, a note where the two differ, the scalar rows that changed (every
 * one with all) with both medians and their 95% intervals, B/A, the p-value,
 * the smallest change the row could show and the verdict; the groups that
 * moved as a whole, the batch rows, the rows only in one file, the rows not
 * tested, and the summary (summary.h). A section with nothing to show is one
 * line, "no changes". */
#ifndef SQCOLOR_COMPARE_TABLE_H
#define SQCOLOR_COMPARE_TABLE_H

#include "bench/compare/compare.h"

/* The tables for v on standard output, as show says. */
void sq_compare_print_table(const sq_verdicts *v, const sq_compare_show *show);

#endif
