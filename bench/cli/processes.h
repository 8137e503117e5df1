/* sqcolor run spread over processes: the run verifies, then runs the same
 * command again once per process, one after another, each timing every row
 * with its share of the repetitions in a fresh address space, with buffers
 * placed anew and rows in an order of its own; as many more time the batch
 * rows alone. The run reads their files back and puts them together
 * (bench/results/merge.h). */
#ifndef SQCOLOR_PROCESSES_H
#define SQCOLOR_PROCESSES_H

#include "bench/cli/run_plan.h"
#include "bench/results/results.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Whether this process is one of a run's processes (its environment says
 * so): then plan's processes, batch_only and index say which, cfg is set
 * for its share (as_process), the run's held sequence files are its own,
 * and *output is the file it writes. The environment is believed only from
 * the run: a parent that is this same program; otherwise a usage error. */
bool sq_process_place(sq_run_plan *plan, const char **output);

/* The run's folder for its processes' files, made now, before
 * verification, under $TMPDIR (or /tmp); until sq_processes_end, a stop
 * signal takes the process running and the folder with it
 * (bench/util/child.h). Returns 0, or -1 with a reason in err. */
int sq_processes_begin(char *err, size_t errlen);

/* The folder and its files removed. */
void sq_processes_end(void);

/* The run timed, and its figures derived as it leaves measurement
 * (sq_run_finish, once): by the run itself, here (sq_run_time_here) or,
 * with several processes, in them, their runs merged; by one of its
 * processes, its share (sq_run_time_here). engine is the prepared engine
 * (freed), or NULL where the run spreads over processes or the process
 * times the batch rows alone; run is the one prepared with it, or zeroed.
 * Returns an SQ_ENGINE_* code, with a reason in err; run holds nothing on
 * failure. */
int sq_run_measure(const sq_run_plan *plan, sq_engine *engine, sq_run *run, char *err,
                   size_t errlen);

/* The trace file of the process writing output (run --trace): beside it,
 * made new; NULL with errno set. The run appends each process's to its own
 * trace, in the order they ran, each block with its header line. */
FILE *sq_process_trace_open(const char *output);

/* A process of a run: its share measured into run (as sq_engine_prepare
 * left it, with engine; or zeroed, without), written to output as JSON.
 * Returns the process's exit status, having said why it failed. */
int sq_process_main(const sq_run_plan *plan, sq_engine *engine, sq_run *run, const char *output);

#endif
