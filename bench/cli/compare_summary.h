/* compare's closing lines, each within about 100 columns, for a person and a
 * gate: the rows matched and tested, how many are slower and faster with the
 * row that moved most each way, the detectable change, the batch rows, and
 * the verdict with the exit status. */
#ifndef SQCOLOR_COMPARE_SUMMARY_H
#define SQCOLOR_COMPARE_SUMMARY_H

#include "bench/cli/compare_rows.h"
#include "bench/report/compare_batch.h"

/* The lines for rows[0..t->matched) judged into *v, batch (NULL when neither
 * file has batch rows), at false discovery rate q and the gate fail_over. */
void compare_print_summary(const compare_tally *t, const compare_row *rows,
                           const compare_verdicts *v, const sq_batch_comparison *batch, double q,
                           double fail_over);

#endif
