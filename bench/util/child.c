#include "bench/util/child.h"

#include "bench/util/cleanup.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int sq_child_folder(char *dir, size_t len, const char *prefix, const char **tmp) {
    const char *t = getenv("TMPDIR");
    *tmp = t && *t ? t : "/tmp";
    if ((size_t)snprintf(dir, len, "%s/%s-XXXXXX", *tmp, prefix) >= len) {
        errno = ENAMETOOLONG;
        return -1;
    }
    sigset_t old;
    sq_cleanup_hold(&old);
    int rc = mkdtemp(dir) ? 0 : -1, e = errno;
    if (!rc && sq_cleanup_add_folder(dir)) {
        rmdir(dir);
        rc = -1, e = EMFILE;
    }
    sq_cleanup_release(&old);
    errno = e;
    return rc;
}

/* The child registered (the stop signals held): 0, or -1 having killed it. */
static int registered(sq_child *c, pid_t pid, bool group) {
    *c = (sq_child){.pid = pid, .started = now_s(), .group = group};
    c->slot = sq_cleanup_add_child(pid, group);
    if (c->slot >= 0)
        return 0;
    sq_child_stop(c);
    errno = EAGAIN;
    return -1;
}

int sq_child_spawn(sq_child *c, char *const argv[], const sq_child_io *io) {
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&fa);
    if (io->input >= 0)
        posix_spawn_file_actions_adddup2(&fa, io->input, 0);
    else
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    if (io->output >= 0)
        posix_spawn_file_actions_adddup2(&fa, io->output, 1);
    else
        posix_spawn_file_actions_addopen(&fa, 1, io->log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    sigset_t old;
    sq_cleanup_hold(&old);
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setsigmask(&attr, &old); /* not the signals held here */
    pid_t pid;
    *c = (sq_child){0};
    int err = posix_spawn(&pid, argv[0], &fa, &attr, argv, io->env ? io->env : environ);
    if (!err && registered(c, pid, true))
        err = errno;
    sq_cleanup_release(&old);
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&fa);
    return err;
}

pid_t sq_child_fork(sq_child *c) {
    sigset_t old;
    *c = (sq_child){0};
    fflush(NULL); /* what is buffered is written once, not by both */
    sq_cleanup_hold(&old);
    pid_t parent = getpid(), pid = fork();
    int e = errno;
    /* Dies with this program, even of a SIGKILL; of a parent already gone,
     * as it would have a moment later. */
    if (pid == 0 && (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent))
        raise(SIGKILL);
    if (pid > 0 && registered(c, pid, false))
        pid = -1, e = errno;
    sq_cleanup_release(&old);
    errno = e;
    return pid;
}

/* c reaped, having ended (waitid's WNOWAIT kept it until now, so that the
 * registry never holds a pid that is free to be reused). */
static int reap(sq_child *c, sq_child_end *end) {
    sigset_t old;
    sq_cleanup_hold(&old);
    int rc = waitpid(c->pid, &end->status, 0) == c->pid ? 0 : -1, e = errno;
    sq_cleanup_drop_child(c->slot);
    c->pid = 0;
    sq_cleanup_release(&old);
    errno = e;
    return rc;
}

int sq_child_ended(sq_child *c, sq_child_end *end) {
    siginfo_t info;
    info.si_pid = 0;
    while (waitid(P_PID, (id_t)c->pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0)
        if (errno != EINTR)
            return -1;
    return info.si_pid == 0 ? 0 : reap(c, end) ? -1 : 1;
}

void sq_child_stop(sq_child *c) {
    if (c->pid <= 0)
        return;
    sigset_t old;
    sq_cleanup_hold(&old);
    if (c->group)
        kill(-c->pid, SIGKILL);
    kill(c->pid, SIGKILL);
    while (waitpid(c->pid, NULL, 0) < 0 && errno == EINTR)
        ;
    sq_cleanup_drop_child(c->slot);
    c->pid = 0;
    sq_cleanup_release(&old);
}

int sq_child_wait(sq_child *c, double limit_s, sq_child_end *end) {
    *end = (sq_child_end){.limit_s = limit_s};
    if (limit_s <= 0) {
        siginfo_t info;
        while (waitid(P_PID, (id_t)c->pid, &info, WEXITED | WNOWAIT) != 0)
            if (errno != EINTR)
                return -1;
        return reap(c, end);
    }
    for (;;) {
        int ended = sq_child_ended(c, end);
        if (ended)
            return ended < 0 ? -1 : 0;
        if (sq_child_elapsed_s(c) > limit_s) {
            sq_child_stop(c);
            end->timed_out = true;
            end->status = SIGKILL; /* as waitpid says a kill */
            return 0;
        }
        nanosleep(&(struct timespec){0, 2000000}, NULL);
    }
}

double sq_child_elapsed_s(const sq_child *c) {
    return now_s() - c->started;
}

bool sq_child_ok(const sq_child_end *end) {
    return !end->timed_out && WIFEXITED(end->status) && WEXITSTATUS(end->status) == 0;
}

const char *sq_child_words(const sq_child_end *end, char *buf, size_t len) {
    if (end->timed_out)
        snprintf(buf, len, "did not finish within %g s", end->limit_s);
    else if (WIFSIGNALED(end->status))
        snprintf(buf, len, "died of signal %d", WTERMSIG(end->status));
    else
        snprintf(buf, len, "exited with status %d", WEXITSTATUS(end->status));
    return buf;
}
