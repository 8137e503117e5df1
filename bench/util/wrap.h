/* Prose on the console: wrapped at spaces so that no line is wider than the
 * console's columns. */
#ifndef SQCOLOR_WRAP_H
#define SQCOLOR_WRAP_H

#include <stdio.h>

/* Console output stays within this many columns (characters, not bytes). */
#define SQ_CONSOLE_COLUMNS 160

/* lead, then text as plain text (escape.h), in lines of at most columns
 * characters broken at spaces, each line after the first behind indent; a
 * word longer than a line goes out whole. Returns 0, or -1 out of memory
 * (the lines so far written). */
int sq_put_wrapped(FILE *out, const char *lead, const char *text, int columns, const char *indent);

#endif
