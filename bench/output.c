#include "output.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The temporary being written, for the signal handler to remove. */
static char pending_tmp[4096 + 16];

static void remove_pending(int sig) {
    if (pending_tmp[0])
        unlink(pending_tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

int sq_output_open(sq_output *o, const char *path, char *err, size_t errlen) {
    memset(o, 0, sizeof *o);
    if (strlen(path) >= sizeof o->path) {
        snprintf(err, errlen, "--output: path too long");
        return -1;
    }
    snprintf(o->path, sizeof o->path, "%s", path);
    snprintf(o->tmp, sizeof o->tmp, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    mode_t mask = umask(0); /* mkstemp's 0600 would hide published results */
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    o->fp = fdopen(fd, "w");
    if (!o->fp) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        close(fd);
        unlink(o->tmp);
        return -1;
    }
    memcpy(pending_tmp, o->tmp, sizeof pending_tmp);
    signal(SIGINT, remove_pending);
    signal(SIGTERM, remove_pending);
    signal(SIGHUP, remove_pending);
    return 0;
}

int sq_output_commit(sq_output *o, char *err, size_t errlen) {
    bool ok = fflush(o->fp) == 0 && !ferror(o->fp) && fsync(fileno(o->fp)) == 0;
    int saved = errno;
    ok &= fclose(o->fp) == 0;
    o->fp = NULL;
    if (ok && rename(o->tmp, o->path) == 0) {
        pending_tmp[0] = 0;
        return 0;
    }
    snprintf(err, errlen, "cannot write %s: %s", o->path, strerror(ok ? errno : saved));
    unlink(o->tmp);
    pending_tmp[0] = 0;
    return -1;
}

void sq_output_abort(sq_output *o) {
    if (o->fp)
        fclose(o->fp);
    o->fp = NULL;
    unlink(o->tmp);
    pending_tmp[0] = 0;
}

int sq_output_commit_new(sq_output *o, char *used, size_t usedlen, char *err, size_t errlen) {
    bool ok = fflush(o->fp) == 0 && !ferror(o->fp) && fsync(fileno(o->fp)) == 0;
    ok &= fclose(o->fp) == 0;
    o->fp = NULL;
    const char *dot = strrchr(o->path, '.');
    size_t stem = dot && !strchr(dot, '/') ? (size_t)(dot - o->path) : strlen(o->path);
    for (int n = 1; ok && n < 1000; n++) {
        if (n == 1)
            snprintf(used, usedlen, "%s", o->path);
        else
            snprintf(used, usedlen, "%.*s-%d%s", (int)stem, o->path, n, o->path + stem);
        if (link(o->tmp, used) == 0) { /* link, unlike rename, fails on an existing name */
            unlink(o->tmp);
            pending_tmp[0] = 0;
            return 0;
        }
        if (errno != EEXIST)
            break;
    }
    snprintf(err, errlen, "cannot write %s: %s", o->path, strerror(errno));
    unlink(o->tmp);
    pending_tmp[0] = 0;
    return -1;
}

int sq_make_parent_dirs(const char *path, char *err, size_t errlen) {
    char dir[4096];
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
