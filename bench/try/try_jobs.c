#include "bench/try/try_jobs.h"

#include "bench/util/child.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

extern char **environ;

static void start(sq_job *j, char *const *env) {
    sq_child_io io = {.input = -1, .output = -1, .log = j->log, .env = env};
    j->spawn_error = sq_child_spawn(&j->child, j->argv, &io);
}

/* Waits for one of the jobs running to end; false when none is running. A
 * job that cannot be waited for is stopped, its errno its spawn_error; one
 * past limit_s seconds is stopped, timed out, and with it every other job
 * (*late: the build is over). */
static bool reap(sq_job *jobs, int n, double limit_s, bool *late) {
    for (;;) {
        bool running = false;
        for (int i = 0; i < n; i++) {
            sq_job *j = &jobs[i];
            if (!j->child.pid)
                continue;
            running = true;
            int ended = sq_child_ended(&j->child, &j->end);
            if (ended < 0) {
                j->spawn_error = errno;
                sq_child_stop(&j->child);
            }
            if (ended)
                return true;
            if (sq_child_elapsed_s(&j->child) > limit_s) {
                sq_child_stop(&j->child);
                j->end = (sq_child_end){.status = SIGKILL, .timed_out = true, .limit_s = limit_s};
                *late = true;
            }
        }
        if (*late)
            for (int i = 0; i < n; i++)
                if (jobs[i].child.pid) {
                    sq_child_stop(&jobs[i].child);
                    jobs[i].end = (sq_child_end){.status = SIGKILL};
                }
        if (!running || *late)
            return running;
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
}

static bool failed(const sq_job *j) {
    return j->spawn_error || !sq_child_ok(&j->end);
}

/* This program's environment with TMPDIR=dir, so that the compilers' own
 * temporaries are made in the build's folder and go with it; NULL when out
 * of memory. */
static char **environment(const char *dir) {
    size_t n = 0;
    while (environ[n])
        n++;
    char **env = malloc((n + 2) * sizeof *env);
    size_t len = strlen("TMPDIR=") + strlen(dir) + 1, k = 0;
    char *tmpdir = malloc(len);
    if (!env || !tmpdir) {
        free(env);
        free(tmpdir);
        return NULL;
    }
    snprintf(tmpdir, len, "TMPDIR=%s", dir);
    env[k++] = tmpdir;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "TMPDIR=", 7) != 0)
            env[k++] = environ[i];
    env[k] = NULL;
    return env;
}

/* A compiler needs the stack it is used to: a limit the user set for
 * sqcolor (ulimit -s 64, which it runs in) would crash cc1. The jobs
 * inherit a soft limit of 8 MiB (or the hard one, if lower) while they
 * start; sqcolor's own is put back after. */
static bool compiler_stack(struct rlimit *before) {
    struct rlimit r;
    const rlim_t want = (rlim_t)8 << 20;
    if (getrlimit(RLIMIT_STACK, before) != 0 || before->rlim_cur == RLIM_INFINITY ||
        before->rlim_cur >= want)
        return false;
    r = *before;
    r.rlim_cur = r.rlim_max == RLIM_INFINITY || r.rlim_max > want ? want : r.rlim_max;
    return setrlimit(RLIMIT_STACK, &r) == 0;
}

int sq_jobs_run(sq_job *jobs, int n, int parallel, const char *dir, double limit_s) {
    struct rlimit before;
    char **env = environment(dir);
    if (!env) {
        jobs[0].spawn_error = ENOMEM;
        return 0;
    }
    bool raised = compiler_stack(&before), late = false;
    int running = 0;
    for (int i = 0; i < n && !late; i++) {
        if (running == parallel && reap(jobs, n, limit_s, &late))
            running--;
        if (!late)
            start(&jobs[i], env);
        running += jobs[i].child.pid != 0;
    }
    while (running > 0 && !late && reap(jobs, n, limit_s, &late))
        running--;
    if (raised)
        setrlimit(RLIMIT_STACK, &before);
    free(env[0]);
    free(env);
    for (int i = 0; i < n; i++)
        if (jobs[i].end.timed_out)
            return i;
    for (int i = 0; i < n; i++)
        if (failed(&jobs[i]))
            return i;
    return -1;
}

/* "NAME:LINE:" or "NAME:LINE: " at s: LINE, else 0. */
static int line_at(const char *s, const char *name) {
    size_t k = strlen(name);
    if (strncmp(s, name, k) != 0 || s[k] != ':')
        return 0;
    char *end;
    long line = strtol(s + k + 1, &end, 10);
    return *end == ':' && line > 0 && line < 1000000 ? (int)line : 0;
}

/* Whether the line at s holds what. */
static bool line_has(const char *s, const char *what) {
    const char *nl = strchr(s, '\n'), *hit = strstr(s, what);
    return hit && (!nl || hit < nl);
}

/* Reads the log's first 64 KiB; NULL when it cannot. */
static char *read_log(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *text = malloc(64 * 1024 + 1);
    size_t n = text ? fread(text, 1, 64 * 1024, f) : 0;
    fclose(f);
    if (text)
        text[n] = 0;
    return text;
}

/* The first "error:" line, its message copied; its line's start in *at. */
static bool error_line(char *text, char **at, char *message, size_t len) {
    for (char *s = text, *nl; *s; s = nl + 1) {
        nl = strchr(s, '\n');
        if (!nl)
            nl = s + strlen(s);
        char *e = strstr(s, "error: ");
        if (e && e < nl) {
            e += strlen("error: ");
            snprintf(message, len, "%.*s", (int)(nl - e), e);
            *at = s;
            return true;
        }
        if (!*nl)
            break;
    }
    return false;
}

bool sq_job_first_error(const char *log, const char *name, char *message, size_t len, int *line,
                        char *where, size_t where_len) {
    char *text = read_log(log), *at;
    *line = 0;
    where[0] = 0;
    if (!text || !error_line(text, &at, message, len)) {
        free(text);
        return false;
    }
    /* where: what comes before " error: ", "FILE:LINE:COL:" less its ':'s. */
    int n = (int)(strstr(at, "error: ") - at);
    while (n > 0 && (at[n - 1] == ' ' || at[n - 1] == ':'))
        n--;
    snprintf(where, where_len, "%.*s", n, at);
    *line = line_at(at, name);
    /* NASM names the macros a line was expanded from after it, the body's
     * among them: "NAME:14: ... from macro `color_try' defined here". */
    for (char *s = strchr(at, '\n'); !*line && s && line_has(s + 1, " ... from macro ");
         s = strchr(s + 1, '\n'))
        *line = line_at(s + 1, name);
    free(text);
    return true;
}

bool sq_job_first_line(const char *log, char *line, size_t len) {
    char *text = read_log(log);
    const char *s = text ? text + strspn(text, " \t\r\n") : "";
    snprintf(line, len, "%.*s", (int)strcspn(s, "\r\n"), s);
    free(text);
    return line[0] != 0;
}
