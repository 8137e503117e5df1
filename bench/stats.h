/* Order statistics of a handful of repetitions. */
#ifndef SQCOLOR_STATS_H
#define SQCOLOR_STATS_H

#include "results.h"

/* min, median and 90th percentile (nearest rank) of x[0..n); x is not changed. */
sq_stats sq_stats_of(const double *x, int n);

#endif
