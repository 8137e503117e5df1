/* A technique brought from outside the tree (sqcolor try, docs/try.md): its
 * file read into its parts. The form, one unit: lines of "key: value" at
 * the margin; a body's value goes on over the indented lines that follow;
 * a line starting '#' is a comment. */
#ifndef SQCOLOR_TRY_SOURCE_H
#define SQCOLOR_TRY_SOURCE_H

#include "bench/catalog/registry.h"

#include <stddef.h>

/* The most a technique file may hold. */
#define SQ_TRY_MAX_BYTES (64 * 1024)

/* A body: its lines as written (joined by '\n'), and the file's line of the
 * first of them; text NULL when the file has none. */
typedef struct sq_try_body {
    char *text;
    int line;
} sq_try_body;

typedef struct sq_try_source {
    char *name;           /* the file as given ("-": standard input) */
    char *text;           /* all of it, as read */
    char family_name[32]; /* as given */
    const sq_family *family;
    char technique[32];
    char formula[160]; /* as given, or the C body's expression, or "asm" */
    char needs[24];    /* a requirement token of c/isa_features.h, "NONE" by default */
    unsigned needs_mask;
    sq_try_body c, asm_body, setup, branch;
} sq_try_source;

/* Reads path ("-": standard input) and parses it (sq_try_parse). Returns 0,
 * or -1 with one line in err naming the file (and its line) and the
 * problem. */
int sq_try_read(const char *path, sq_try_source *out, char *err, size_t errlen);

/* Parses text[0..len), the file name for messages. Returns 0, or -1 with
 * the reason in err ("NAME:LINE: ..."). */
int sq_try_parse(const char *name, const char *text, size_t len, sq_try_source *out, char *err,
                 size_t errlen);

/* Whether the C body is an expression (no word 'return' in it), not a
 * function body. */
int sq_try_c_is_expression(const sq_try_source *src);

void sq_try_source_free(sq_try_source *src);

#endif
