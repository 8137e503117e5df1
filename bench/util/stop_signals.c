#include "bench/util/stop_signals.h"

#include <string.h>

static const int stop_signals[SQ_STOP_SIGNAL_COUNT] = {SIGHUP,  SIGINT,  SIGQUIT, SIGTERM,
                                                       SIGUSR1, SIGUSR2, SIGALRM};

void sq_stops_catch(sq_stop_handlers *h, void (*handler)(int)) {
    for (int i = 0; i < SQ_STOP_SIGNAL_COUNT; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = handler;
        sigfillset(&sa.sa_mask);
        sigaction(stop_signals[i], NULL, &h->before[i]);
        if (h->before[i].sa_handler != SIG_IGN)
            sigaction(stop_signals[i], &sa, NULL);
    }
}

void sq_stops_restore(const sq_stop_handlers *h) {
    for (int i = 0; i < SQ_STOP_SIGNAL_COUNT; i++)
        sigaction(stop_signals[i], &h->before[i], NULL);
}

void sq_stops_raise_again(const sq_stop_handlers *h, int sig) {
    for (int i = 0; i < SQ_STOP_SIGNAL_COUNT; i++)
        if (stop_signals[i] == sig)
            sigaction(sig, &h->before[i], NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
}
