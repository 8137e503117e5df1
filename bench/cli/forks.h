/* sqcolor run spread over processes: the parent verifies, then runs the same
 * command again once per process, one after another, each timing every row
 * with its share of the repetitions in a fresh address space, with buffers
 * placed anew and rows in an order of its own, and reads their files back
 * (bench/results/merge.h puts them together). */
#ifndef SQCOLOR_FORKS_H
#define SQCOLOR_FORKS_H

#include "bench/results/results.h"

#include <stdbool.h>
#include <stddef.h>

/* Whether this process is one of a run's processes: then *index (0 first),
 * *count (the processes that time every row), *batch_only (those after them
 * that time the batch rows alone: index count and up) and *output (the file
 * it writes its JSON to) say which. */
bool sq_fork_child(int *index, int *count, int *batch_only, const char **output);

/* Runs count processes of this command that time every row and batch_only
 * that time the batch rows alone, the two kinds taking turns, and loads
 * each one's run into parts[index], 0..count + batch_only. Returns 0, or -1
 * with a reason in err (a process that failed, or a file that could not be
 * read), every part then freed. */
int sq_fork_run(int count, int batch_only, bool progress, sq_run *parts, char *err, size_t errlen);

#endif
