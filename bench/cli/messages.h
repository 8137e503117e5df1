/* The one-line messages of the commands on stderr: a usage error, which
 * exits 2, and an error line, which does not. Whatever they quote is shown
 * as one line with no control character. */
#ifndef SQCOLOR_MESSAGES_H
#define SQCOLOR_MESSAGES_H

#include <stdarg.h>

/* "sqcolor CMD: <message> (see 'sqcolor help CMD')" on stderr, exit 2. */
_Noreturn void sq_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* As sq_usage_error; for a program of its own (program not NULL,
 * sqcolor-gbench): "PROGRAM: <message> (see 'PROGRAM --help')". */
_Noreturn void sq_usage_error_v(const char *program, const char *cmd, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

/* "sqcolor CMD: <message>" on stderr, shown as sq_usage_error shows it; no
 * exit. */
void sq_error_line(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
