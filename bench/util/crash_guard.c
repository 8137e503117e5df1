#include "bench/util/crash_guard.h"

#include <string.h>

sigjmp_buf sq_crash_jump;
volatile sig_atomic_t sq_crash_signal;
static const int guarded_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE};
#define GUARDED_SIGNALS (int)(sizeof guarded_signals / sizeof guarded_signals[0])
static struct sigaction saved_actions[GUARDED_SIGNALS];
static stack_t saved_stack;
static char alt_stack[1 << 16];

static void on_crash(int sig) {
    sq_crash_signal = sig;
    siglongjmp(sq_crash_jump, 1);
}

void sq_crash_guard_install(void) {
    stack_t ss = {.ss_sp = alt_stack, .ss_size = sizeof alt_stack, .ss_flags = 0};
    sigaltstack(&ss, &saved_stack);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_crash;
    sa.sa_flags = SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < GUARDED_SIGNALS; i++)
        sigaction(guarded_signals[i], &sa, &saved_actions[i]);
}

void sq_crash_guard_remove(void) {
    for (int i = 0; i < GUARDED_SIGNALS; i++)
        sigaction(guarded_signals[i], &saved_actions[i], NULL);
    sigaltstack(&saved_stack, NULL);
}

const char *sq_signal_name(int sig) {
    switch (sig) {
    case SIGSEGV:
        return "SIGSEGV";
    case SIGBUS:
        return "SIGBUS";
    case SIGILL:
        return "SIGILL";
    default:
        return "SIGFPE";
    }
}
