/* A command started with nothing on its input and its output and errors in
 * a log file: what try's compile jobs and ab's turns start. */
#ifndef SQCOLOR_SPAWN_H
#define SQCOLOR_SPAWN_H

#include <sys/types.h>

/* Starts argv (argv[0] a path) with standard input /dev/null and standard
 * output and error into log (made or emptied, 0600); its pid in *pid.
 * Returns 0, or the errno of a command that could not start. */
int sq_spawn_logged(char *const argv[], const char *log, pid_t *pid);

#endif
