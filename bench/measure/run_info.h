/* What a run records about itself: the machine, the clock as the rows saw
 * it, and the settings, for the result file's metadata. */
#ifndef SQCOLOR_RUN_INFO_H
#define SQCOLOR_RUN_INFO_H

#include "bench/machine/calibration.h"
#include "bench/measure/engine_config.h"

/* Fills run's machine, clock and config from cfg, the calibration, and the
 * core cycles per tick beside every repetition of every row (cpt[0..n));
 * and the code facts of cfg's variants.
 * Returns 0, or -1 out of memory. */
int sq_run_describe(sq_run *run, const sq_engine_config *cfg, const sq_calibration *cal,
                    const double *cpt, int n);

#endif
