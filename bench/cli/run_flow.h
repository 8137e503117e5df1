/* The steps sqcolor run and sqcolor try share, over run's options
 * (run_options.h): the plan from them, then verification, timing (here or
 * in processes), the tables and the saved file. */
#ifndef SQCOLOR_RUN_FLOW_H
#define SQCOLOR_RUN_FLOW_H

#include "bench/cli/formats.h"
#include "bench/cli/options.h"
#include "bench/cli/run_plan.h"
#include "bench/results/results.h"

#include <stdbool.h>
#include <stdio.h>

/* What a command adds to the run it writes: before_write sees the run
 * before its tables and saved file are written; after_tables writes to the
 * tables' destination after them (not called when they failed). */
typedef struct sq_run_extras {
    void (*before_write)(sq_run *run, void *ctx);
    void (*after_tables)(FILE *out, sq_format format, void *ctx);
    void *ctx;
} sq_run_extras;

/* The plan from the options v of command cmd (who its messages name),
 * without its variants: whether this process is one of a run's processes
 * (then *output is its file); the run itself reads its sequence files now,
 * once. Bad input exits 2. */
bool sq_run_plan_from(const char *cmd, const sq_value *v, sq_run_plan *plan, const char **output);

/* The run of plan, its variants chosen, as this process takes part in it:
 * the run itself (not one_of_many) verified, timed, written (tables,
 * --output, --save) with extras (or NULL); one of its processes; or one
 * that times the batch rows alone. Returns the exit status. */
int sq_run_planned(const sq_value *v, sq_run_plan *plan, bool one_of_many,
                   const char *process_output, const sq_run_extras *extras);

#endif
