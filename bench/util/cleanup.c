#include "bench/util/cleanup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The stop signals: the one list of them. */
static const int stop_signals[] = {SIGHUP,  SIGINT,    SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2,
                                   SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPIPE};
enum { NSIGNALS = sizeof stop_signals / sizeof stop_signals[0] };

enum { MAX_FOLDERS = 4, MAX_CHILDREN = 32 };

/* A slot's text is written before it is marked used, and the mark cleared
 * before the slot is reused: a handler reads only what is whole. */
static char files[SQ_CLEANUP_MAX_FILES][4096 + 32];
static volatile sig_atomic_t file_used[SQ_CLEANUP_MAX_FILES];
static char folders[MAX_FOLDERS][4096];
static volatile sig_atomic_t folder_used[MAX_FOLDERS];
static volatile sig_atomic_t children[MAX_CHILDREN], leads_group[MAX_CHILDREN];

/* The process the registry belongs to: a forked copy finds another pid, and
 * neither removes nor kills what its parent registered. */
static volatile pid_t owner;

/* Up to a few passes over the folder: a file made while it is emptied (by a
 * child being killed) is found by the next one. Signal-safe: no opendir. */
static void remove_folder(const char *path) {
    for (int pass = 0; pass < 4; pass++) {
        int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            return;
        char buf[4096] __attribute__((aligned(8)));
        for (ssize_t n; (n = getdents64(fd, buf, sizeof buf)) > 0;)
            for (ssize_t at = 0; at < n;) {
                struct dirent64 *e = (struct dirent64 *)(buf + at);
                at += e->d_reclen;
                if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
                    unlinkat(fd, e->d_name, 0) != 0 && errno == EISDIR)
                    unlinkat(fd, e->d_name, AT_REMOVEDIR); /* an empty one */
            }
        close(fd);
        if (rmdir(path) == 0 || errno != ENOTEMPTY)
            return;
    }
}

static void kill_child(int i) {
    pid_t pid = (pid_t)children[i];
    if (pid <= 0)
        return;
    if (leads_group[i])
        kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
    children[i] = 0;
}

/* Children first: what they write goes with the folders after them. */
static void sweep(void) {
    if (owner != getpid())
        return;
    for (int i = 0; i < MAX_CHILDREN; i++)
        kill_child(i);
    for (int i = 0; i < SQ_CLEANUP_MAX_FILES; i++)
        if (file_used[i]) {
            file_used[i] = 0;
            unlink(files[i]);
        }
    for (int i = 0; i < MAX_FOLDERS; i++)
        if (folder_used[i]) {
            folder_used[i] = 0;
            remove_folder(folders[i]);
        }
}

static void on_stop(int sig) {
    sweep();
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(sig, &dfl, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
}

/* Once a process: the handlers and the removal at exit. A signal whose
 * action is not the default (ignored, or a host program's own) is left. */
static void install(void) {
    static bool installed;
    if (owner != getpid()) { /* the parent's registry, in a forked copy */
        for (int i = 0; i < SQ_CLEANUP_MAX_FILES; i++)
            file_used[i] = 0;
        for (int i = 0; i < MAX_FOLDERS; i++)
            folder_used[i] = 0;
        for (int i = 0; i < MAX_CHILDREN; i++)
            children[i] = 0;
        owner = getpid();
    }
    if (installed)
        return;
    installed = true;
    atexit(sweep);
    for (int i = 0; i < NSIGNALS; i++) {
        struct sigaction old, sa;
        if (sigaction(stop_signals[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL ||
            (old.sa_flags & SA_SIGINFO))
            continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_stop;
        sigfillset(&sa.sa_mask);
        sigaction(stop_signals[i], &sa, NULL);
    }
}

void sq_cleanup_hold(sigset_t *old) {
    install();
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < NSIGNALS; i++)
        sigaddset(&set, stop_signals[i]);
    sigprocmask(SIG_BLOCK, &set, old);
}

void sq_cleanup_release(const sigset_t *old) {
    sigprocmask(SIG_SETMASK, old, NULL);
}

/* The first free slot of used[0..n) holding text, marked used; or -1. */
static int add(char *slots, size_t size, volatile sig_atomic_t *used, int n, const char *text) {
    install();
    if (strlen(text) >= size)
        return -1;
    for (int i = 0; i < n; i++)
        if (!used[i]) {
            memcpy(slots + (size_t)i * size, text, strlen(text) + 1);
            used[i] = 1;
            return i;
        }
    return -1;
}

int sq_cleanup_add_file(const char *path) {
    return add((char *)files, sizeof files[0], file_used, SQ_CLEANUP_MAX_FILES, path);
}

void sq_cleanup_drop_file(int slot) {
    if (slot >= 0 && slot < SQ_CLEANUP_MAX_FILES)
        file_used[slot] = 0;
}

int sq_cleanup_add_folder(const char *path) {
    return add((char *)folders, sizeof folders[0], folder_used, MAX_FOLDERS, path) < 0 ? -1 : 0;
}

void sq_cleanup_remove_folder(const char *path) {
    for (int i = 0; i < MAX_FOLDERS; i++)
        if (folder_used[i] && strcmp(folders[i], path) == 0) {
            remove_folder(path); /* then forgotten: a signal meanwhile finishes it */
            folder_used[i] = 0;
        }
}

int sq_cleanup_add_child(pid_t pid, bool group) {
    install();
    for (int i = 0; i < MAX_CHILDREN; i++)
        if (!children[i]) {
            leads_group[i] = group;
            children[i] = pid;
            return i;
        }
    return -1;
}

void sq_cleanup_drop_child(int slot) {
    if (slot >= 0 && slot < MAX_CHILDREN)
        children[slot] = 0;
}
