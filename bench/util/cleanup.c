#include "bench/util/cleanup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* The stop signals: the one list of them. */
static const int stop_signals[] = {SIGHUP,  SIGINT,    SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2,
                                   SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPIPE};
enum { NSIGNALS = sizeof stop_signals / sizeof stop_signals[0] };

enum { MAX_FOLDERS = 4, MAX_CHILDREN = 32 };

/* What is registered. A slot's text is written before it is marked used,
 * and the mark cleared before the slot is reused: a handler, or the
 * janitor, reads only what is whole. It is shared with the janitor. */
typedef struct registry {
    char files[SQ_CLEANUP_MAX_FILES][4096 + 32];
    volatile sig_atomic_t file_used[SQ_CLEANUP_MAX_FILES];
    char folders[MAX_FOLDERS][4096];
    volatile sig_atomic_t folder_used[MAX_FOLDERS];
    volatile sig_atomic_t children[MAX_CHILDREN], leads_group[MAX_CHILDREN];
} registry;

static registry own; /* where memory to share cannot be had */
static registry *reg = &own;

/* The process the registry belongs to: a forked copy finds another pid, and
 * neither removes nor kills what its parent registered. */
static volatile pid_t owner;

/* The owner's janitor (0: none yet): a forked copy that waits for the
 * owner to end and then takes what it left, however it ended. */
static pid_t janitor_pid;

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

/* Child i killed (with its group) and, by its parent, reaped. */
static void kill_child(int i) {
    pid_t pid = (pid_t)reg->children[i];
    if (pid <= 0)
        return;
    if (reg->leads_group[i])
        kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
    reg->children[i] = 0;
}

/* Everything registered taken. Children first: what they write goes with
 * the folders after them. */
static void take_all(void) {
    for (int i = 0; i < MAX_CHILDREN; i++)
        kill_child(i);
    for (int i = 0; i < SQ_CLEANUP_MAX_FILES; i++)
        if (reg->file_used[i]) {
            reg->file_used[i] = 0;
            unlink(reg->files[i]);
        }
    for (int i = 0; i < MAX_FOLDERS; i++)
        if (reg->folder_used[i]) {
            reg->folder_used[i] = 0;
            remove_folder(reg->folders[i]);
        }
}

static void sweep(void) {
    if (owner == getpid())
        take_all();
}

void sq_cleanup_now(void) {
    sweep();
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

/* The janitor's life: nothing of the program's held (its descriptors, a
 * signal meant for it, its process group, which a caller may kill whole:
 * ab its run's, timeout(1) its command's), it waits for the program to
 * end, told at once by PR_SET_PDEATHSIG and else within a second, and takes
 * what the registry still holds. A forked copy of a process that ended another way (SIGKILL,
 * which no handler sees) dies of PR_SET_PDEATHSIG too (bench/util/child.h);
 * a command's group does not, and is killed here. */
static void janitor(pid_t parent) {
    sigset_t all, wake;
    sigfillset(&all);
    sigprocmask(SIG_SETMASK, &all, NULL);
    prctl(PR_SET_NAME, "sqcolor-janitor");
    setpgid(0, 0);
    int null = open("/dev/null", O_RDWR);
    for (int fd = 0; null >= 0 && fd < 3; fd++)
        dup2(null, fd);
    close_range(3, ~0U, 0);
    sigemptyset(&wake);
    sigaddset(&wake, SIGTERM);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    while (getppid() == parent)
        sigtimedwait(&wake, NULL, &(struct timespec){1, 0});
    for (int i = 0; i < MAX_CHILDREN; i++)
        if (!reg->leads_group[i])
            reg->children[i] = 0; /* not its child to reap: dead already */
    take_all();
    raise(SIGKILL); /* its work done; nothing waits to hear how it ended */
}

/* The owner's janitor started, once: where the registry is shared. */
static void start_janitor(void) {
    if (janitor_pid || reg == &own)
        return;
    pid_t parent = getpid(), pid = fork();
    if (pid == 0)
        janitor(parent);
    janitor_pid = pid > 0 ? pid : 0;
}

/* Once a process: the handlers and the removal at exit; in a forked copy,
 * a registry of its own. A signal whose action is not the default
 * (ignored, or a host program's own) is left. */
static void install(void) {
    static bool installed;
    if (owner != getpid()) {
        if (reg != &own)
            munmap(reg, sizeof *reg); /* the parent's, in a forked copy */
        reg = mmap(NULL, sizeof *reg, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (reg == MAP_FAILED) {
            reg = &own;
            memset(&own, 0, sizeof own);
        }
        janitor_pid = 0;
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
    if (strlen(text) >= size)
        return -1;
    for (int i = 0; i < n; i++)
        if (!used[i]) {
            memcpy(slots + (size_t)i * size, text, strlen(text) + 1);
            __atomic_thread_fence(__ATOMIC_RELEASE); /* whole before it is used */
            used[i] = 1;
            return i;
        }
    return -1;
}

int sq_cleanup_add_file(const char *path) {
    install(); /* a forked copy's registry its own before it is used */
    return add((char *)reg->files, sizeof reg->files[0], reg->file_used, SQ_CLEANUP_MAX_FILES,
               path);
}

void sq_cleanup_drop_file(int slot) {
    install();
    if (slot >= 0 && slot < SQ_CLEANUP_MAX_FILES)
        reg->file_used[slot] = 0;
}

int sq_cleanup_add_folder(const char *path) {
    install();
    start_janitor();
    int slot =
        add((char *)reg->folders, sizeof reg->folders[0], reg->folder_used, MAX_FOLDERS, path);
    return slot < 0 ? -1 : 0;
}

void sq_cleanup_remove_folder(const char *path) {
    install();
    for (int i = 0; i < MAX_FOLDERS; i++)
        if (reg->folder_used[i] && strcmp(reg->folders[i], path) == 0) {
            remove_folder(path); /* then forgotten: a signal meanwhile finishes it */
            reg->folder_used[i] = 0;
        }
}

int sq_cleanup_add_child(pid_t pid, bool group) {
    install();
    start_janitor();
    for (int i = 0; i < MAX_CHILDREN; i++)
        if (!reg->children[i]) {
            reg->leads_group[i] = group;
            reg->children[i] = pid;
            return i;
        }
    return -1;
}

void sq_cleanup_drop_child(int slot) {
    install();
    if (slot >= 0 && slot < MAX_CHILDREN)
        reg->children[slot] = 0;
}
