/* A child process, the one way to run one: its folder under $TMPDIR, its
 * start (a command with its input and output set, or a fork), its wait
 * within a time limit, and how it ended in words. From its start to its
 * reaping it is in the cleanup registry (bench/util/cleanup.h), and so are
 * the folders made here until removed: a stop signal, exit() or a SIGKILL
 * takes them with the program. */
#ifndef SQCOLOR_CHILD_H
#define SQCOLOR_CHILD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct sq_child {
    pid_t pid;      /* 0: none running (never started, or reaped) */
    int slot;       /* its place in the cleanup registry */
    double started; /* when, CLOCK_MONOTONIC seconds */
    bool group;     /* it leads a process group of its own (a command) */
} sq_child;

/* How a child ended. */
typedef struct sq_child_end {
    int status;     /* waitpid's */
    bool timed_out; /* killed at its time limit */
    double limit_s; /* that limit */
} sq_child_end;

/* The way a command is started: input from a descriptor or /dev/null,
 * standard output and error to a descriptor or into a log file (made or
 * emptied, 0600), in an environment of its own or this program's. */
typedef struct sq_child_io {
    int input;        /* -1: /dev/null */
    int output;       /* -1: into log */
    const char *log;  /* with output -1 */
    char *const *env; /* NULL: this program's */
} sq_child_io;

/* Wait with no time limit. */
#define SQ_CHILD_NO_LIMIT 0.0

/* A folder "$TMPDIR/PREFIX-XXXXXX" (TMPDIR unset or empty: /tmp) in dir,
 * made and registered, until sq_cleanup_remove_folder(dir) or the program
 * ends. Returns 0, or -1 with errno (ENAMETOOLONG where dir cannot hold the
 * name; else dir holds the name it tried); *tmp is the folder it is in. */
int sq_child_folder(char *dir, size_t len, const char *prefix, const char **tmp);

/* Starts argv (argv[0] a path, no shell) as io says, in a process group of
 * its own, so that a stop takes what it starts too (and the program's end,
 * even by a SIGKILL: bench/util/cleanup.h). Returns 0, or the errno of a
 * command that could not start. */
int sq_child_spawn(sq_child *c, char *const argv[], const sq_child_io *io);

/* fork(): the same process group, the child registered in the parent and
 * dying with it, even of a SIGKILL. 0 in the child, -1 with errno, else its
 * pid. */
pid_t sq_child_fork(sq_child *c);

/* Waits for c to end; where limit_s > 0, at most limit_s seconds from its
 * start, when it is killed (its group too) and reaped, timed out. 0 with
 * *end, or -1 with errno (it could not be waited for). */
int sq_child_wait(sq_child *c, double limit_s, sq_child_end *end);

/* Whether c has ended, reaped then with *end; -1 with errno where it
 * cannot be waited for. Never waits. */
int sq_child_ended(sq_child *c, sq_child_end *end);

/* c killed now (its group too) and reaped. */
void sq_child_stop(sq_child *c);

/* Seconds since c started. */
double sq_child_elapsed_s(const sq_child *c);

/* Whether it exited 0 within its limit. */
bool sq_child_ok(const sq_child_end *end);

/* How it ended: "exited with status 3", "died of signal 9", "did not finish
 * within 2 s". Returns buf. */
const char *sq_child_words(const sq_child_end *end, char *buf, size_t len);

#endif
