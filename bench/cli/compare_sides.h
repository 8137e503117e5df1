/* compare's operands: a result file a side, "A.json B.json", or several a
 * side split by "--", "A1.json A2.json A3.json -- B1.json B2.json B3.json",
 * each side's files then read as one run whose units are the runs
 * (merge_files.h). */
#ifndef SQCOLOR_COMPARE_SIDES_H
#define SQCOLOR_COMPARE_SIDES_H

#include "bench/compare/scalar_rows.h"
#include "bench/results/results.h"

/* The two sides read. */
typedef struct compare_sides {
    sq_run *runs;           /* A's and B's, on the heap (each is kilobytes) */
    const char *labels[2];  /* each side's file, or its files joined by ", " */
    sq_compare_units units; /* runs where a side has several files */
} compare_sides;

/* Reads words[0..n) into s, paired as --paired says. Bad input (no side,
 * a file that cannot be read, files of one side not of the same rows, and
 * paired sides without as many units, two or more) exits 2 with one line. */
void compare_read_sides(const char *const *words, int n, bool paired, compare_sides *s);
void compare_sides_free(compare_sides *s);

#endif
