/* A routine that faults is a failed check, not a dead run: the verifiers call
 * routines under this guard. */
#ifndef SQCOLOR_CRASH_GUARD_H
#define SQCOLOR_CRASH_GUARD_H

#include <setjmp.h>
#include <signal.h>

/* SIGSEGV, SIGBUS, SIGILL and SIGFPE jump to sq_crash_jump with the signal in
 * sq_crash_signal, on a stack of their own (a routine that breaks rsp is
 * still caught), from install to remove. */
extern sigjmp_buf sq_crash_jump;
extern volatile sig_atomic_t sq_crash_signal;
void sq_crash_guard_install(void);
void sq_crash_guard_remove(void);

/* "SIGSEGV", ... for the guarded signals. */
const char *sq_signal_name(int sig);

#endif
