/* compare from two runs to standard output and an exit status: what
 * sqcolor compare and sqcolor ab end with. */
#ifndef SQCOLOR_COMPARE_SHOW_H
#define SQCOLOR_COMPARE_SHOW_H

#include "bench/compare/compare.h"

/* Compares b to a as o says (sq_compare) and prints the verdicts as show
 * says (tables, table.h; or JSON, json.h). Returns the exit status: 1 when a
 * row is significantly slower over the gate, or out of memory (said on
 * standard error), else 0. */
int sq_compare_and_show(const sq_run *a, const sq_run *b, const sq_compare_options *o,
                        const sq_compare_show *show);

#endif
