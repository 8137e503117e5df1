/* bench/util/child.c and bench/util/cleanup.c: a stop signal, exit() or a
 * SIGKILL (by the janitor's work) takes the program's folders with every
 * file in them and its children with what they started, even a signal the
 * moment a folder is made; a forked copy takes nothing of its parent's; a
 * child is killed and reaped at its time limit; and how a child ended is
 * said in words. Each case runs in a process of its own, under a TMPDIR of
 * its own. */
#include "bench/util/child.h"
#include "bench/util/cleanup.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

static char dir[] = "/tmp/sqcolor-test-child-XXXXXX";

/* Set, mkdtemp (the library's call lands here, before libc's) raises this
 * signal as soon as the folder exists. */
static int raise_after_create;

char *mkdtemp(char *template) {
    char *(*real)(char *) = (char *(*)(char *))dlsym(RTLD_NEXT, "mkdtemp");
    char *made = real(template);
    if (made && raise_after_create)
        raise(raise_after_create);
    return made;
}

/* What a case's process tells the test: the pids it saw. */
typedef struct seen {
    pid_t child, grandchild, forked;
} seen;

static seen *shared;

/* Entries in folder d (-1 when it cannot be read). */
static int entries(const char *d) {
    DIR *dd = opendir(d);
    if (!dd)
        return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(dd));)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(dd);
    return n;
}

/* Whether pid has ended: no such process, or one that is dead and not yet
 * reaped by whoever adopted it. Given a second to die. */
static bool gone(pid_t pid) {
    for (int i = 0; i < 100; i++) {
        char path[64], stat[512] = "";
        snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
        FILE *f = fopen(path, "r");
        if (!f)
            return true;
        size_t n = fread(stat, 1, sizeof stat - 1, f);
        fclose(f);
        stat[n] = 0;
        const char *paren = strrchr(stat, ')');
        if (paren && (paren[2] == 'Z' || paren[2] == 'X'))
            return true;
        nanosleep(&(struct timespec){0, 10000000}, NULL);
    }
    return false;
}

/* A case's TMPDIR: dir/name, made empty. */
static void scratch(const char *name, char *path, size_t len) {
    snprintf(path, len, "%s/%s", dir, name);
    mkdir(path, 0700);
    setenv("TMPDIR", path, 1);
}

/* A command that starts a sleep of its own and says its pid: its process
 * group is killed with it. The child and the sleep go to shared. */
static void start_sleeper(sq_child *c) {
    int out[2];
    char *const argv[] = {"/bin/sh", "-c", "sleep 1000 & echo $!; wait", NULL};
    if (pipe(out) != 0)
        _exit(10);
    sq_child_io io = {.input = -1, .output = out[1]};
    if (sq_child_spawn(c, argv, &io))
        _exit(11);
    close(out[1]);
    char line[32] = "";
    if (read(out[0], line, sizeof line - 1) <= 0)
        _exit(12);
    shared->child = c->pid;
    shared->grandchild = (pid_t)atoi(line);
}

/* A folder with files in it, a command running and a forked copy, then sig
 * (or exit() where sig is 0): the process ends as the signal would have it,
 * the folder and the children gone (after a SIGKILL, by the janitor's work). */
static void check_stop(int sig, const char *name) {
    char tmp[256];
    scratch(name, tmp, sizeof tmp);
    *shared = (seen){0};
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        char folder[4096], file[4200];
        const char *in;
        sq_child c;
        if (sq_child_folder(folder, sizeof folder, "sqcolor-test", &in))
            _exit(13);
        for (int i = 0; i < 3; i++) {
            snprintf(file, sizeof file, "%s/%d.log", folder, i);
            FILE *f = fopen(file, "w");
            if (!f || fputs("x\n", f) < 0 || fclose(f))
                _exit(14);
        }
        start_sleeper(&c);
        sq_child f;
        pid_t forked = sq_child_fork(&f);
        if (forked == 0)
            for (;;)
                pause();
        shared->forked = forked;
        if (sig)
            raise(sig);
        exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    if (sig)
        CHECK(WIFSIGNALED(st) && WTERMSIG(st) == sig, "%s: status %#x", name, st);
    else
        CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: status %#x", name, st);
    for (int i = 0; i < 100 && entries(tmp) != 0; i++) /* the janitor's work, after a SIGKILL */
        nanosleep(&(struct timespec){0, 10000000}, NULL);
    CHECK(entries(tmp) == 0, "%s: %d left in TMPDIR", name, entries(tmp));
    CHECK(shared->child > 0 && gone(shared->child), "%s: the child %d is left", name,
          (int)shared->child);
    CHECK(shared->grandchild > 0 && gone(shared->grandchild), "%s: what it started, %d, is left",
          name, (int)shared->grandchild);
    CHECK(shared->forked > 0 && gone(shared->forked), "%s: the forked copy %d is left", name,
          (int)shared->forked);
    pid_t left[] = {shared->child, shared->grandchild, shared->forked};
    for (size_t i = 0; i < sizeof left / sizeof left[0]; i++)
        if (left[i] > 0 && !gone(left[i]))
            kill(left[i], SIGKILL); /* not to hold the test's output open */
}

/* A signal the moment the folder is made, before child.c runs again (the
 * registry's first use in the process): the folder goes all the same. */
static void check_signal_at_creation(void) {
    char tmp[256];
    scratch("creation", tmp, sizeof tmp);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        char folder[4096];
        const char *in;
        raise_after_create = SIGTERM;
        _exit(sq_child_folder(folder, sizeof folder, "sqcolor-test", &in) ? 3 : 4);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "creation: status %#x", st);
    CHECK(entries(tmp) == 0, "SIGTERM at the folder's making left %d", entries(tmp));
}

/* A forked copy that exits, or is stopped, leaves its parent's folder and
 * takes the file it registered itself. */
static void check_fork_keeps(void) {
    char tmp[256], folder[4096];
    const char *in;
    scratch("fork", tmp, sizeof tmp);
    CHECK(sq_child_folder(folder, sizeof folder, "sqcolor-test", &in) == 0, "fork: no folder");
    for (int sig = 0; sig <= SIGTERM; sig += SIGTERM) {
        sq_child c;
        sq_child_end end;
        pid_t pid = sq_child_fork(&c);
        if (pid == 0) { /* a file of its own registered, taken with it */
            char own[300];
            snprintf(own, sizeof own, "%s/own", tmp);
            if (sq_cleanup_add_file(own) < 0 || close(open(own, O_CREAT | O_WRONLY, 0600)) != 0)
                _exit(3);
            if (sig)
                raise(sig);
            exit(0);
        }
        CHECK(pid > 0 && sq_child_wait(&c, SQ_CHILD_NO_LIMIT, &end) == 0, "fork: no wait");
        CHECK(sig ? WIFSIGNALED(end.status) && WTERMSIG(end.status) == sig
                  : WIFEXITED(end.status) && WEXITSTATUS(end.status) == 0,
              "a forked copy registering a file (then signal %d): status %#x", sig, end.status);
        CHECK(entries(tmp) == 1,
              "a forked copy ending (signal %d) took its parent's folder, "
              "or left its own file",
              sig);
    }
    sq_cleanup_remove_folder(folder);
    CHECK(entries(tmp) == 0, "fork: the folder stays after its removal");
}

/* A command past its limit is killed, with what it started, and reaped. */
static void check_time_limit(void) {
    sq_child c;
    sq_child_end end;
    char words[64];
    start_sleeper(&c);
    pid_t pid = c.pid;
    CHECK(sq_child_ended(&c, &end) == 0, "a sleeping child has ended");
    CHECK(sq_child_wait(&c, 0.2, &end) == 0 && end.timed_out, "no time out");
    CHECK(c.pid == 0 && waitpid(pid, NULL, WNOHANG) < 0 && errno == ECHILD,
          "the child timed out is not reaped");
    CHECK(gone(shared->grandchild), "what the child timed out started is left");
    sq_child_words(&end, words, sizeof words);
    CHECK(strcmp(words, "did not finish within 0.2 s") == 0, "timeout's words: '%s'", words);
    CHECK(!sq_child_ok(&end), "a child timed out is ok");
}

/* How a child ended, in words. */
static void check_words(void) {
    static const struct {
        const char *script, *words;
        bool ok;
    } cases[] = {{"exit 0", "exited with status 0", true},
                 {"exit 3", "exited with status 3", false},
                 {"kill -9 $$", "died of signal 9", false}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sq_child c;
        sq_child_end end;
        char words[64] = "";
        char *const argv[] = {"/bin/sh", "-c", (char *)cases[i].script, NULL};
        sq_child_io io = {.input = -1, .output = -1, .log = "/dev/null"};
        bool waited = sq_child_spawn(&c, argv, &io) == 0 && sq_child_wait(&c, 100, &end) == 0 &&
                      !end.timed_out;
        CHECK(waited && strcmp(sq_child_words(&end, words, sizeof words), cases[i].words) == 0 &&
                  sq_child_ok(&end) == cases[i].ok,
              "'%s': '%s', not '%s'", cases[i].script, words, cases[i].words);
    }
    sq_child c;
    char *const absent[] = {"/nonexistent/command", NULL};
    sq_child_io io = {.input = -1, .output = -1, .log = "/dev/null"};
    CHECK(sq_child_spawn(&c, absent, &io) == ENOENT, "a command that is not there started");
}

int main(void) {
    if (!mkdtemp(dir)) {
        printf("mkdtemp: %s\n", strerror(errno));
        return 1;
    }
    shared = mmap(NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED)
        return 1;
    check_stop(SIGUSR1, "SIGUSR1");
    check_stop(SIGALRM, "SIGALRM");
    check_stop(SIGTERM, "SIGTERM");
    check_stop(0, "exit");
    check_stop(SIGKILL, "SIGKILL");
    check_signal_at_creation();
    check_fork_keeps();
    check_time_limit();
    check_words();
    return check_finish("child", dir);
}
