/* A watchdog over calls into code that may never return (sqcolor try's
 * technique, past its check). Once started, each call is watched from
 * sq_watchdog_enter to sq_watchdog_leave: one that lasts past the limit
 * ends the program, with one line on standard error naming what was called
 * and what it was doing, and what the cleanup registry holds gone with it
 * (bench/util/cleanup.h); how it ends is its command's to say. A timer's
 * signal stops it, so a call that spins in a loop is stopped as well as one
 * that waits. Not started, entering and leaving cost the test of a flag. */
#ifndef SQCOLOR_WATCHDOG_H
#define SQCOLOR_WATCHDOG_H

#include <stdbool.h>

/* Watches every call from now on; a call past limit_s seconds is said,
 * "sqcolor WHO: WHAT did not return within LIMIT s DOING", and then end()
 * ends the program (from a signal handler: _exit). False (nothing watched)
 * where the timer cannot be made. */
bool sq_watchdog_start(const char *who, int limit_s, void (*end)(void));

/* A call of what ("color/x/gcc-12"), doing ("while it was timed"): both
 * strings must outlive the call. */
void sq_watchdog_enter(const char *what, const char *doing);
void sq_watchdog_leave(void);

#endif
