#include "bench/util/watchdog.h"

#include "bench/util/cleanup.h"

#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static bool started;
static timer_t timer;
static int limit;
static const char *who;
static void (*end_program)(void);
static const char *volatile what, *volatile doing; /* NULL: no call watched */

/* s appended to line[*n..len), as far as it fits. Signal-safe. */
static void append(char *line, size_t len, size_t *n, const char *s) {
    for (; *s && *n + 1 < len; s++)
        line[(*n)++] = *s;
}

/* The call took too long: said, the registry's things gone, the end. */
static void on_timer(int sig) {
    (void)sig;
    const char *w = what, *d = doing;
    if (!w)
        return; /* it returned as the timer went off */
    char line[512], seconds[16];
    size_t n = 0, k = sizeof seconds - 1;
    seconds[k] = 0;
    for (int s = limit; k == sizeof seconds - 1 || s > 0; s /= 10)
        seconds[--k] = (char)('0' + s % 10);
    const char *parts[] = {"sqcolor ",  who,   ": ", w,   " did not return within ",
                           seconds + k, " s ", d,    "\n"};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        append(line, sizeof line, &n, parts[i]);
    line[n ? n - 1 : 0] = '\n';
    if (write(STDERR_FILENO, line, n) < 0)
        line[0] = 0; /* nowhere to say it */
    sq_cleanup_now();
    end_program();
}

bool sq_watchdog_start(const char *name, int limit_s, void (*end)(void)) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_timer;
    sa.sa_flags = SA_RESTART;
    sigfillset(&sa.sa_mask);
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGRTMIN;
    if (started || sigaction(SIGRTMIN, &sa, NULL) != 0 ||
        timer_create(CLOCK_MONOTONIC, &ev, &timer) != 0)
        return started;
    who = name;
    limit = limit_s;
    end_program = end;
    started = true;
    return true;
}

void sq_watchdog_enter(const char *w, const char *d) {
    if (!started)
        return;
    doing = d;
    what = w;
    struct itimerspec in = {.it_value = {.tv_sec = limit}};
    timer_settime(timer, 0, &in, NULL);
}

void sq_watchdog_leave(void) {
    if (!started)
        return;
    struct itimerspec off = {0};
    timer_settime(timer, 0, &off, NULL);
    what = NULL;
}
