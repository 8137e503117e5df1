/* The commands that build a technique, run side by side (one a core), each
 * one's messages to a log of its own; and the first error of a log, read
 * the way gcc, clang and NASM write one. */
#ifndef SQCOLOR_TRY_JOBS_H
#define SQCOLOR_TRY_JOBS_H

#include "bench/util/child.h"

#include <stdbool.h>
#include <stddef.h>

#define SQ_JOB_MAX_ARGS 64

typedef struct sq_job {
    char *argv[SQ_JOB_MAX_ARGS + 1]; /* NULL-terminated; the strings are the caller's */
    char log[4200];                  /* where its standard output and error go */
    const char *what;                /* the impl it builds, for messages: "asm", "gcc-12" */
    sq_child child;                  /* running while child.pid is not 0 */
    sq_child_end end;                /* how it ended */
    int spawn_error;                 /* errno of a command that could not start, or 0 */
} sq_job;

/* Runs jobs[0..n), at most parallel at a time, each a command of its own
 * (bench/util/child.h) with TMPDIR=dir, the build's folder: the compilers'
 * temporaries go with it. A job that runs past limit_s seconds is stopped
 * (end.timed_out), and with it the build: every other job stopped, none
 * started. Returns the index of the job timed out, else of the first (in
 * order) that failed, or -1 when every one exited 0. */
int sq_jobs_run(sq_job *jobs, int n, int parallel, const char *dir, double limit_s);

/* The first error a log holds, as "MESSAGE", and the line of the file
 * named `name` (after #line or %line) it is at, or 0 where none of its
 * lines names it (a message about the code around the body: then *where
 * holds the file and line it gives). False when the log has no error line. */
bool sq_job_first_error(const char *log, const char *name, char *message, size_t len, int *line,
                        char *where, size_t where_len);

/* The first line of a log that is not blank, as written; false when there
 * is none (or the log cannot be read). */
bool sq_job_first_line(const char *log, char *line, size_t len);

#endif
