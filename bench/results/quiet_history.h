/* This CPU's quiet level in its earlier runs. A run holds each process's
 * quiet level (the most independent adds a cycle its probes read) to the
 * run's own; a neighbour that shares the core for a whole run lowers them
 * all alike and goes unseen. On the Zen 5 guest such runs read 5.20-5.24
 * against 5.33-5.40 in quiet ones, and their clean integer chains 0.04
 * cycles high. So each run (not one of its processes) keeps its level per
 * CPU model in a small file, and is held to the median of the last ones
 * too (docs/measurement.md, "A host that moves").
 *
 * The file: lines "<cpu> <level> <level> ...", oldest first, at most
 * SQ_HISTORY_RUNS levels; <cpu> is sq_results_cpu_name's; a line starting
 * with '#' is a comment. This unit alone writes and reads it. */
#ifndef SQCOLOR_QUIET_HISTORY_H
#define SQCOLOR_QUIET_HISTORY_H

#include <stdbool.h>
#include <stddef.h>

/* The levels kept per CPU, and the fewest that make a level. */
#define SQ_HISTORY_RUNS  9
#define SQ_HISTORY_LEAST 3

/* A quiet level lies in (0, SQ_QUIET_MOST] independent adds a cycle: far
 * over any core's, so a larger one in a file is a broken file. */
#define SQ_QUIET_MOST 64

/* The file: $XDG_STATE_HOME/sqcolor/quiet-levels, else
 * $HOME/.local/state/sqcolor/quiet-levels; false when neither variable is
 * set (or the path does not fit). */
bool sq_quiet_history_path(char *path, size_t len);

/* The levels kept for cpu, oldest first, into levels[SQ_HISTORY_RUNS]: how
 * many; 0 when the file does not exist; -1 with the reason in err when it
 * cannot be read or a line is not one of its lines. */
int sq_quiet_history_read(const char *path, const char *cpu, double *levels, char *err,
                          size_t errlen);

/* The CPU's quiet level: the median of levels[0, n), NAN below
 * SQ_HISTORY_LEAST of them. */
double sq_quiet_history_level(const double *levels, int n);

/* Appends level to cpu's line (the oldest dropped past SQ_HISTORY_RUNS),
 * the file written whole (bench/util/output.h) and its folder made; a file
 * that does not read (sq_quiet_history_read) is left as it is. 0, or -1
 * with the reason in err. */
int sq_quiet_history_add(const char *path, const char *cpu, double level, char *err, size_t errlen);

#endif
