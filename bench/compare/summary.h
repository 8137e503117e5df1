/* compare's closing lines, each within about 100 columns, for a person and a
 * gate: the rows matched and tested, how many are slower and faster with the
 * row that moved most each way, the detectable change, the batch rows, and
 * the verdict with the exit status. */
#ifndef SQCOLOR_COMPARE_SUMMARY_H
#define SQCOLOR_COMPARE_SUMMARY_H

#include "bench/compare/compare.h"

/* The lines for the verdicts v, with the batch rows' line when has_batch
 * (either run has batch rows). */
void sq_compare_print_summary(const sq_verdicts *v, bool has_batch);

#endif
