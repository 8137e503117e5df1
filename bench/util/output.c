#include "bench/util/output.h"

#include "bench/util/cleanup.h"
#include "bench/util/escape.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void unregister_temp(sq_output *o) {
    sq_cleanup_drop_file(o->slot);
    o->slot = -1;
}

/* e < 0: a write failed earlier and its errno is gone. */
static int fail(char *err, size_t errlen, const char *path, int e) {
    snprintf(err, errlen, "cannot write %s: %s", path, e < 0 ? "a write failed" : strerror(e));
    return -1;
}

/* Temporaries of o->path ("<file>.tmp.<pid>.XXXXXX") whose process is gone
 * were left by a process killed with SIGKILL (or a crash): each gets a line
 * on standard error saying it can be removed. Nothing is removed here. */
static void note_stale_temps(const sq_output *o) {
    const char *slash = strrchr(o->path, '/');
    const char *base = slash ? slash + 1 : o->path;
    static char dir[4096], left[4608], shown[16384]; /* not on a small stack */
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - o->path) + 1 : 1,
             slash ? o->path : ".");
    size_t baselen = strlen(base);
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        const char *n = e->d_name;
        if (strncmp(n, base, baselen) != 0 || strncmp(n + baselen, ".tmp.", 5) != 0)
            continue;
        char *end;
        long pid = strtol(n + baselen + 5, &end, 10);
        if (pid <= 0 || pid > INT_MAX || end == n + baselen + 5 || *end != '.' ||
            strlen(end) != 7 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        snprintf(left, sizeof left, "%s%s", slash ? dir : "", n);
        fprintf(stderr, "note: %s was left by process %ld, which is gone; it can be removed\n",
                sq_text_shown(left, shown, sizeof shown), pid);
    }
    if (d)
        closedir(d);
}

/* What fp writes to: the descriptor, and the reason its first write failed
 * (a long report fails in the middle of a printf, and errno is long gone by
 * the commit). */
struct sq_output_sink {
    int fd;
    int err;
};

static ssize_t sink_write(void *cookie, const char *buf, size_t n) {
    struct sq_output_sink *s = cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(s->fd, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!s->err)
                s->err = w < 0 ? errno : EIO;
            return done ? (ssize_t)done : -1;
        }
        done += (size_t)w;
    }
    return (ssize_t)done;
}

static int sink_close(void *cookie) {
    struct sq_output_sink *s = cookie;
    int rc = close(s->fd);
    free(s);
    return rc;
}

/* o->fp writing to fd through a sink, which closes fd with it; -1 (fd still
 * open) when out of memory. */
static int open_sink(sq_output *o, int fd) {
    struct sq_output_sink *s = malloc(sizeof *s);
    FILE *f =
        s ? fopencookie(s, "w", (cookie_io_functions_t){.write = sink_write, .close = sink_close})
          : NULL;
    if (!f) {
        free(s);
        errno = ENOMEM;
        return -1;
    }
    *s = (struct sq_output_sink){fd, 0};
    o->sink = s;
    o->fp = f;
    return 0;
}

/* A temporary beside o->path, registered for removal. The stop signals
 * wait while it is made and registered: one in between would leave it. It
 * closes on exec, so no command this one starts holds it open. */
static int open_temp(sq_output *o, mode_t mode, char *err, size_t errlen) {
    note_stale_temps(o);
    snprintf(o->tmp, sizeof o->tmp, "%s.tmp.%ld.XXXXXX", o->path, (long)getpid());
    sigset_t old;
    sq_cleanup_hold(&old);
    int fd = mkostemp(o->tmp, O_CLOEXEC);
    int e = errno;
    o->slot = fd < 0 ? -1 : sq_cleanup_add_file(o->tmp);
    sq_cleanup_release(&old);
    if (fd < 0)
        return fail(err, errlen, o->path, e);
    if (o->slot < 0) {
        close(fd);
        unlink(o->tmp);
        snprintf(err, errlen, "cannot write %s: more than %d output files at once", o->path,
                 SQ_OUTPUT_MAX);
        return -1;
    }
    fchmod(fd, mode); /* mkstemp's 0600 would hide published results */
    if (open_sink(o, fd)) {
        int e = errno;
        close(fd);
        unlink(o->tmp);
        unregister_temp(o);
        return fail(err, errlen, o->path, e);
    }
    return 0;
}

static mode_t new_file_mode(void) {
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* 0 when this process may write the existing file path (its effective ids,
 * as open would judge): a file it may not write is refused, as the shell's
 * '>' refuses it, though the rename over it would succeed. Else -1, errno
 * set. */
static int write_refused(const char *path) {
    return faccessat(AT_FDCWD, path, W_OK, AT_EACCESS);
}

static int start(sq_output *o, const char *path, char *err, size_t errlen) {
    memset(o, 0, sizeof *o);
    o->slot = -1;
    if (strlen(path) >= sizeof o->path) {
        snprintf(err, errlen, "cannot write %.64s...: path too long", path);
        return -1;
    }
    snprintf(o->path, sizeof o->path, "%s", path);
    return 0;
}

int sq_output_open_new(sq_output *o, const char *path, char *err, size_t errlen) {
    if (start(o, path, err, errlen))
        return -1;
    return open_temp(o, new_file_mode(), err, errlen);
}

int sq_output_open(sq_output *o, const char *path, char *err, size_t errlen) {
    if (start(o, path, err, errlen))
        return -1;
    struct stat st;
    if (lstat(path, &st) != 0) {
        if (errno != ENOENT)
            return fail(err, errlen, path, errno);
        return open_temp(o, new_file_mode(), err, errlen);
    }
    if (S_ISLNK(st.st_mode)) {
        char target[PATH_MAX];
        if (!realpath(path, target)) {
            if (errno != ENOENT)
                return fail(err, errlen, path, errno);
            snprintf(err, errlen, "cannot write %s: a symbolic link to nothing", path);
            return -1;
        }
        if (strlen(target) >= sizeof o->path)
            return fail(err, errlen, path, ENAMETOOLONG);
        if (stat(target, &st) != 0)
            return fail(err, errlen, path, errno);
        snprintf(o->path, sizeof o->path, "%s", target);
    }
    if (S_ISDIR(st.st_mode))
        return fail(err, errlen, path, EISDIR);
    if (S_ISREG(st.st_mode)) /* replaced whole, keeping its permissions */
        return write_refused(o->path) ? fail(err, errlen, path, errno)
                                      : open_temp(o, st.st_mode & 07777, err, errlen);
    /* A device, fifo or socket: written through, never replaced. */
    int fd = open(o->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0 || open_sink(o, fd)) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return fail(err, errlen, path, e);
    }
    o->direct = true;
    memcpy(o->tmp, o->path, sizeof o->path);
    return 0;
}

int sq_output_check_file(const char *path, char *err, size_t errlen) {
    struct stat st;
    if (lstat(path, &st) != 0) /* a new name; a folder on the way not one is found on writing */
        return errno == ENOENT || errno == ENOTDIR ? 0 : fail(err, errlen, path, errno);
    if (S_ISLNK(st.st_mode) && stat(path, &st) != 0) {
        if (errno != ENOENT)
            return fail(err, errlen, path, errno);
        snprintf(err, errlen, "cannot write %s: a symbolic link to nothing", path);
        return -1;
    }
    if (S_ISDIR(st.st_mode))
        return fail(err, errlen, path, EISDIR);
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "cannot write %s: not a regular file", path);
        return -1;
    }
    return write_refused(path) ? fail(err, errlen, path, errno) : 0;
}

/* Flushes and closes o->fp; 0, or the errno of the first failure (-1 if a
 * failed write's errno is gone). */
static int finish_writing(sq_output *o) {
    int e = 0;
    if (fflush(o->fp) != 0 || ferror(o->fp))
        e = o->sink->err ? o->sink->err : errno ? errno : -1;
    else if (!o->direct && fsync(o->sink->fd) != 0)
        e = errno;
    if (fclose(o->fp) != 0 && !e) /* the sink too */
        e = errno;
    o->fp = NULL;
    o->sink = NULL;
    return e;
}

int sq_output_commit(sq_output *o, char *err, size_t errlen) {
    errno = 0;
    int e = finish_writing(o);
    if (o->direct)
        return e ? fail(err, errlen, o->path, e) : 0;
    if (!e) {
        /* Only over a regular file or a new name, even if something else
         * took the name while the temporary was written. */
        struct stat st;
        if (lstat(o->path, &st) == 0 && !S_ISREG(st.st_mode)) {
            snprintf(err, errlen, "cannot write %s: no longer a regular file", o->path);
            unlink(o->tmp);
            unregister_temp(o);
            return -1;
        }
        if (rename(o->tmp, o->path) == 0) {
            unregister_temp(o);
            return 0;
        }
        e = errno;
    }
    unlink(o->tmp);
    unregister_temp(o);
    return fail(err, errlen, o->path, e);
}

void sq_output_abort(sq_output *o) {
    if (o->fp)
        fclose(o->fp);
    o->fp = NULL;
    o->sink = NULL;
    if (!o->direct)
        unlink(o->tmp);
    unregister_temp(o);
}

int sq_output_commit_new(sq_output *o, char *used, size_t usedlen, char *err, size_t errlen) {
    errno = 0;
    int e = finish_writing(o);
    const char *dot = strrchr(o->path, '.');
    size_t stem = dot && !strchr(dot, '/') ? (size_t)(dot - o->path) : strlen(o->path);
    for (int n = 1; !e && n < 1000; n++) {
        if (n == 1)
            snprintf(used, usedlen, "%s", o->path);
        else
            snprintf(used, usedlen, "%.*s-%d%s", (int)stem, o->path, n, o->path + stem);
        if (link(o->tmp, used) == 0) { /* link, unlike rename, fails on an existing name */
            unlink(o->tmp);
            unregister_temp(o);
            return 0;
        }
        if (errno != EEXIST)
            e = errno;
    }
    unlink(o->tmp);
    unregister_temp(o);
    return fail(err, errlen, o->path, e ? e : EEXIST);
}

int sq_make_parent_dirs(const char *path, char *err, size_t errlen) {
    char dir[4096];
    if (strlen(path) >= sizeof dir) {
        snprintf(err, errlen, "cannot create %.64s...: path too long", path);
        return -1;
    }
    snprintf(dir, sizeof dir, "%s", path);
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
            return -1;
        }
        *p = '/';
    }
    return 0;
}

int sq_check_writable_dir(const char *dir, char *err, size_t errlen) {
    char probe[4096];
    if ((size_t)snprintf(probe, sizeof probe, "%s/.sqcolor-probe.XXXXXX", dir) >= sizeof probe) {
        snprintf(err, errlen, "cannot write in %.64s...: path too long", dir);
        return -1;
    }
    if (sq_make_parent_dirs(probe, err, errlen))
        return -1;
    int fd = mkostemp(probe, O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write in %s: %s", dir, strerror(errno));
        return -1;
    }
    close(fd);
    unlink(probe);
    return 0;
}
