/* Where 'sqcolor run --save' puts a result file. */
#ifndef SQCOLOR_RESULTS_PATH_H
#define SQCOLOR_RESULTS_PATH_H

#include "bench/machine/machine.h"
#include "bench/results/results.h"

#include <stddef.h>

/* <vendor>-<family>-<model> ("amd-1a-02", family and model in hex): a CPU
 * model's name, for its folder of result files and its quiet history. */
void sq_results_cpu_name(const sq_machine *m, char *name, size_t len);

/* <dir>/<vendor>-<family>-<model>, the folder of a CPU's result files
 * ("results/amd-1a-02", family and model in hex): known before timing, so a
 * run can check it can write there first. */
void sq_results_cpu_dir(const sq_machine *m, const char *dir, char *path, size_t len);

/* <dir>/<vendor>-<family>-<model>/<date>-<commit>.json, for a run; a run of
 * sqcolor try, <date>-<commit>-try.json. */
void sq_results_path(const sq_run *run, const char *dir, char *path, size_t len);

#endif
