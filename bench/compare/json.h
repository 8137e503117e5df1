/* compare's verdicts as one JSON document, for scripts: {"a", "b", "rows":
 * the rows the table shows (each its id, sequence, mode, verdict, whether
 * over the gate, the test, both medians, p, the detectable change and its
 * group's drift), "batch", "drift": the groups that moved as a whole,
 * "summary"}. */
#ifndef SQCOLOR_COMPARE_JSON_H
#define SQCOLOR_COMPARE_JSON_H

#include "bench/compare/compare.h"

/* The document for v on standard output, as show says (its strings shown
 * safely, as every file's: sq_json_shown). Returns -1 out of memory, else 0. */
int sq_compare_print_json(const sq_verdicts *v, const sq_compare_show *show);

#endif
