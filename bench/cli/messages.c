#include "bench/cli/messages.h"

#include "bench/util/escape.h"
#include "bench/util/exit_status.h"
#include "bench/util/progress.h"

#include <stdio.h>
#include <stdlib.h>

/* "WHO: <message><after>" on stderr: the message quotes arguments, the
 * environment and files, so whatever they hold it is shown as one line with
 * no control character. */
static void say(const char *who, const char *after, const char *fmt, va_list ap) {
    static char msg[2048], shown[8192]; /* not on a small stack */
    vsnprintf(msg, sizeof msg, fmt, ap);
    sq_progress_interrupt(); /* the message on a line of its own */
    fprintf(stderr, "%s: %s%s\n", who, sq_text_shown(msg, shown, sizeof shown), after);
}

/* "sqcolor CMD", or "sqcolor" without a command. */
static const char *who_of(const char *cmd, char *buf, size_t len) {
    snprintf(buf, len, "sqcolor%s%s", cmd ? " " : "", cmd ? cmd : "");
    return buf;
}

void sq_usage_error_v(const char *program, const char *cmd, const char *fmt, va_list ap) {
    char see[96], who[64];
    if (program)
        snprintf(see, sizeof see, " (see '%s --help')", program);
    else if (cmd)
        snprintf(see, sizeof see, " (see 'sqcolor help %s')", cmd);
    else
        snprintf(see, sizeof see, " (see 'sqcolor --help')");
    say(program ? program : who_of(cmd, who, sizeof who), see, fmt, ap);
    exit(SQ_EXIT_USAGE);
}

void sq_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sq_usage_error_v(NULL, cmd, fmt, ap);
}

void sq_error_line(const char *cmd, const char *fmt, ...) {
    va_list ap;
    char who[64];
    va_start(ap, fmt);
    say(who_of(cmd, who, sizeof who), "", fmt, ap);
    va_end(ap);
}
