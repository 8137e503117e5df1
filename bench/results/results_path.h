/* Where 'sqcolor run --save' puts a result file. */
#ifndef SQCOLOR_RESULTS_PATH_H
#define SQCOLOR_RESULTS_PATH_H

#include "bench/results/results.h"

#include <stddef.h>

/* results/<cpu-slug>/<date>-<commit>.json under dir, for a run. */
void sq_results_path(const sq_run *run, const char *dir, char *path, size_t len);

#endif
