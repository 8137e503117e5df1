/* Output files that appear whole or not at all: written to a temporary beside
 * the final name and renamed into place; and mkdir -p for their folders. */
#ifndef SQCOLOR_OUTPUT_H
#define SQCOLOR_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

/* An output file written to a temporary beside it and renamed into place on
 * commit; an interrupted process removes the temporary. */
typedef struct sq_output {
    FILE *fp;
    char path[4096];
    char tmp[4096 + 16];
} sq_output;

int sq_output_open(sq_output *o, const char *path, char *err, size_t errlen);
int sq_output_commit(sq_output *o, char *err, size_t errlen);
void sq_output_abort(sq_output *o);

/* Commits under o->path, or, if that exists, under the first free
 * "<stem>-N<ext>"; the name used goes to used. Never overwrites. */
int sq_output_commit_new(sq_output *o, char *used, size_t usedlen, char *err, size_t errlen);

/* mkdir -p of the folder a path is in. */
int sq_make_parent_dirs(const char *path, char *err, size_t errlen);

#endif
