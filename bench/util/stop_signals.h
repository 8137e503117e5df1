/* The signals that stop a command that has something to take with it (a
 * child process running, files of its own): a handler while it lasts, and
 * then the signal again as it was. */
#ifndef SQCOLOR_STOP_SIGNALS_H
#define SQCOLOR_STOP_SIGNALS_H

#include <signal.h>

/* SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM. */
#define SQ_STOP_SIGNAL_COUNT 7

typedef struct sq_stop_handlers {
    struct sigaction before[SQ_STOP_SIGNAL_COUNT];
} sq_stop_handlers;

/* handler for each of them that was not ignored (nohup keeps working), every
 * signal blocked while it runs; what was there before kept in h. */
void sq_stops_catch(sq_stop_handlers *h, void (*handler)(int));

/* The handlers of h back. */
void sq_stops_restore(const sq_stop_handlers *h);

/* From a handler, once it has cleaned up: sig's handler of h back, sig
 * unblocked and raised again, to do what it did before. */
void sq_stops_raise_again(const sq_stop_handlers *h, int sig);

#endif
