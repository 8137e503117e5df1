/* bench/util/output.c's guards: a file this process may not write is
 * refused (as the shell's '>' refuses it), in a folder it may write and in
 * one it may not; every descriptor it opens closes on exec; and a signal the
 * moment the temporary is made still removes it. */
#include "bench/util/output.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static char dir[] = "/tmp/sqcolor-test-output-XXXXXX";

/* Set, mkstemp and mkostemp (the library's calls land here, before libc's)
 * raise this signal as soon as the file exists. */
static int raise_after_create;

static int created(int fd) {
    if (fd >= 0 && raise_after_create)
        raise(raise_after_create);
    return fd;
}

int mkstemp(char *template) {
    int (*real)(char *) = (int (*)(char *))dlsym(RTLD_NEXT, "mkstemp");
    return created(real(template));
}

int mkostemp(char *template, int flags) {
    int (*real)(char *, int) = (int (*)(char *, int))dlsym(RTLD_NEXT, "mkostemp");
    return created(real(template, flags));
}

/* Files in folder d whose name contains part. */
static int files_containing(const char *d, const char *part) {
    DIR *dd = opendir(d);
    int n = 0;
    for (struct dirent *e; dd && (e = readdir(dd));)
        n += strstr(e->d_name, part) != NULL;
    if (dd)
        closedir(dd);
    return n;
}

static bool holds(const char *path, const char *text) {
    char got[64] = "";
    FILE *f = fopen(path, "r");
    bool same = f && fgets(got, sizeof got, f) && strcmp(got, text) == 0;
    if (f)
        fclose(f);
    return same;
}

/* In a child that is not root (nobody, when the test runs as root, who may
 * write anything): path, which it may not write, is refused by
 * sq_output_open and sq_output_check_file. Exit 0 when both refuse naming
 * the reason. */
static int refused_as_nobody(const char *path) {
    if (geteuid() == 0 && (setgroups(0, NULL) || setgid(65534) || setuid(65534)))
        return 3;
    char err[512], want[512];
    snprintf(want, sizeof want, "cannot write %s: %s", path, strerror(EACCES));
    sq_output o;
    if (sq_output_open(&o, path, err, sizeof err) == 0) {
        fputs("replaced\n", o.fp);
        sq_output_commit(&o, err, sizeof err);
        return 4;
    }
    if (strcmp(err, want) != 0)
        return 5;
    return sq_output_check_file(path, err, sizeof err) == 0 || strcmp(err, want) != 0 ? 6 : 0;
}

/* A read-only file owned by someone else, in a folder this process may write
 * (mode 0777) and in one it may not (0555): neither is replaced. */
static void check_read_only(void) {
    static const struct {
        const char *name;
        mode_t mode;
    } folders[] = {{"open", 0777}, {"closed", 0555}};
    for (int i = 0; i < 2; i++) {
        char sub[256], path[512];
        snprintf(sub, sizeof sub, "%s/%s", dir, folders[i].name);
        snprintf(path, sizeof path, "%s/ro.txt", sub);
        FILE *f = mkdir(sub, 0700) == 0 ? fopen(path, "w") : NULL;
        CHECK(f && fputs("mine\n", f) >= 0 && fclose(f) == 0, "made %s", path);
        chmod(path, 0444);
        chmod(sub, folders[i].mode);
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0)
            _exit(refused_as_nobody(path));
        int st = 0;
        waitpid(pid, &st, 0);
        CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s (folder %o): status %#x", path,
              folders[i].mode, st);
        CHECK(holds(path, "mine\n") && files_containing(sub, ".tmp.") == 0,
              "%s left as it was, no temporary", path);
        chmod(sub, 0700);
    }
}

/* Descriptors 3 and up that are open: a bit each. */
static void open_fds(bool *fds, int n) {
    for (int fd = 0; fd < n; fd++)
        fds[fd] = fd > 2 && fcntl(fd, F_GETFD) >= 0;
}

/* Every descriptor an output opens (a temporary, a device written through)
 * closes on exec. */
static void check_cloexec(void) {
    char path[256], err[512];
    snprintf(path, sizeof path, "%s/x.json", dir);
    const char *paths[] = {path, "/dev/null"};
    for (int i = 0; i < 2; i++) {
        bool before[256], after[256];
        open_fds(before, 256);
        sq_output o;
        CHECK(sq_output_open(&o, paths[i], err, sizeof err) == 0, "open %s: %s", paths[i], err);
        open_fds(after, 256);
        int fresh = 0;
        for (int fd = 0; fd < 256; fd++)
            if (after[fd] && !before[fd]) {
                fresh++;
                CHECK(fcntl(fd, F_GETFD) & FD_CLOEXEC, "%s: fd %d stays open on exec", paths[i],
                      fd);
            }
        CHECK(fresh == 1, "%s opened %d descriptors", paths[i], fresh);
        sq_output_abort(&o);
    }
}

/* A signal right after the temporary is made, before output.c's own code
 * runs again (the first open of the process, so before any handler is in
 * place too): it is removed all the same. */
static void check_signal_at_creation(void) {
    char path[256], err[512];
    snprintf(path, sizeof path, "%s/sig.json", dir);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        raise_after_create = SIGTERM;
        sq_output o;
        _exit(sq_output_open(&o, path, err, sizeof err) ? 3 : 4);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "SIGTERM ends the process (status %#x)", st);
    CHECK(files_containing(dir, "sig.json") == 0, "SIGTERM at creation left %d temporaries",
          files_containing(dir, "sig.json"));
}

int main(void) {
    if (!mkdtemp(dir)) {
        printf("mkdtemp: %s\n", strerror(errno));
        return 1;
    }
    chmod(dir, 0755); /* nobody reaches the folders in it */
    check_signal_at_creation();
    check_read_only();
    check_cloexec();
    return check_finish("output", dir);
}
