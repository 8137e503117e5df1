/* Where code and data sit. Address space randomisation puts the kernels and
 * the inputs at new addresses in every process, and placement moves a tight
 * loop's speed by a few percent (the earlier sessions' finding; zlib-ng and
 * Google Benchmark warn about it too). Timing commands run with it off. */
#ifndef SQCOLOR_PLACEMENT_H
#define SQCOLOR_PLACEMENT_H

#include <stdbool.h>

/* main's argv, for running the same command again. */
void sq_placement_init(char **argv);

/* If randomisation is on, turns it off for this process and runs the same
 * command again in its place; returns only if that cannot be done (the run
 * then records that randomisation was on). */
void sq_placement_fix(void);

/* main's argv (NULL before sq_placement_init). */
char *const *sq_placement_argv(void);

/* Whether randomisation is off for this process. */
bool sq_placement_fixed(void);

#endif
