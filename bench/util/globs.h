/* --filter: comma-separated shell globs over variant ids, across the tables
 * that hold variants (scalar, batch). */
#ifndef SQCOLOR_GLOBS_H
#define SQCOLOR_GLOBS_H

#include <stdbool.h>
#include <stddef.h>

/* A table of rows whose first member is their id (const char *). */
typedef struct sq_glob_table {
    const void *rows;
    size_t stride; /* sizeof a row */
    int count;
    bool *chosen; /* out: chosen[i] when row i's id matches a glob */
} sq_glob_table;

/* Marks the rows matching any glob (NULL or "" marks all). Every glob must
 * match a row of some table: otherwise -1 with a one-line reason in err.
 * Returns the number of rows chosen. */
int sq_globs_select(const char *globs, sq_glob_table *tables, int ntables, char *err,
                    size_t errlen);

#endif
