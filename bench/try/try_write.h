/* The sources sqcolor try writes for a technique file (try_source.h): a C
 * header of its body for the C templates (c/own_techniques.h), and an asm
 * file of its macros that expands the tree's routine and kernel macros
 * (asm/sqcolor.inc, asm/kernels.inc). #line and %line directives give the
 * compilers' messages the file's own line numbers. */
#ifndef SQCOLOR_TRY_WRITE_H
#define SQCOLOR_TRY_WRITE_H

#include "bench/try/try_source.h"

#include <stdio.h>

/* The technique's part of every symbol: sq_<impl tag>_<family>_try. */
#define SQ_TRY_SYMBOL "try"

/* The file's name as the directives give it (and the compilers' messages
 * show it): what would end C's #line "NAME" ('"', '\\') or cut NASM's
 * %line N NAME (';' starts a comment, ' and ` a string), and control
 * characters, as '?'. */
void sq_try_line_name(const char *name, char *buf, size_t len);

/* The C header (SQ_TRY_BODIES) to out; 0, or -1 when a write failed. */
int sq_try_write_c(const sq_try_source *src, FILE *out);

/* The asm file to out; 0, or -1 when a write failed. */
int sq_try_write_asm(const sq_try_source *src, FILE *out);

#endif
