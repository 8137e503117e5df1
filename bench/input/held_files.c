#include "bench/input/held_files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static struct held {
    const char *spec; /* the caller's, as given: it lives for the run */
    int fd;           /* the memory file */
} held[SQ_HELD_MAX];
static int nheld;

static int fail(char *err, size_t errlen, const char *spec, const char *why) {
    snprintf(err, errlen, "--sequence %s: %s", spec, why);
    return -1;
}

static const struct held *held_of(const char *spec) {
    for (int i = 0; i < nheld; i++)
        if (strcmp(held[i].spec, spec) == 0)
            return &held[i];
    return NULL;
}

/* n bytes to fd; 0, or an errno. */
static int write_all(int fd, const char *buf, size_t n) {
    for (size_t done = 0; done < n;) {
        ssize_t w = write(fd, buf + done, n - done);
        if (w < 0 && errno != EINTR)
            return errno;
        done += w > 0 ? (size_t)w : 0;
    }
    return 0;
}

/* How far a copy goes: as far as the sequence's reader reads before it
 * refuses the file, so that it says what it would of the file itself. */
typedef struct copy_limits {
    size_t most;      /* bytes: one past them is enough to be refused */
    size_t most_line; /* a line's bytes: likewise */
    size_t total, line;
} copy_limits;

/* How many of got bytes to keep, and whether the copy is done: through a
 * NUL (not a text file), or a byte past a limit. */
static size_t keep_of(const char *buf, size_t got, copy_limits *l, bool *done) {
    for (size_t i = 0; i < got; i++) {
        l->total++;
        l->line = buf[i] == '\n' ? 0 : l->line + 1;
        if (buf[i] == 0 || l->total > l->most || l->line > l->most_line) {
            *done = true;
            return i + 1;
        }
    }
    return got;
}

/* Copies from `from` into `to`, as far as l says; 0, or an errno. */
static int copy_all(int from, int to, copy_limits *l) {
    static char buf[1 << 16];
    for (bool done = false; !done;) {
        ssize_t got = read(from, buf, sizeof buf);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return got < 0 ? errno : 0;
        int e = write_all(to, buf, keep_of(buf, (size_t)got, l, &done));
        if (e)
            return e;
    }
    return 0;
}

/* path opened to read: a FIFO without a writer opens (and reads as empty)
 * rather than blocking; once open, reads block as usual. */
static int open_once(const char *path) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) {
        int flags = fcntl(fd, F_GETFL);
        if (flags >= 0)
            fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    }
    return fd;
}

int sq_sequence_hold(const char *spec, const char *path, size_t most, size_t most_line, char *err,
                     size_t errlen) {
    if (held_of(spec))
        return 0;
    if (nheld == SQ_HELD_MAX)
        return fail(err, errlen, spec, "too many sequence files");
    int from = open_once(path);
    if (from < 0)
        return fail(err, errlen, spec, strerror(errno));
    struct stat st;
    if (fstat(from, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(from);
        return fail(err, errlen, spec, "a directory, not a file of squares");
    }
    int to = memfd_create("sqcolor-sequence", 0); /* no CLOEXEC: the run's processes keep it */
    copy_limits limits = {.most = most, .most_line = most_line};
    int e = to < 0 ? errno : copy_all(from, to, &limits);
    close(from);
    if (e) {
        if (to >= 0)
            close(to);
        return fail(err, errlen, spec, strerror(e));
    }
    held[nheld++] = (struct held){.spec = spec, .fd = to};
    return 0;
}

void sq_sequence_held_text(const char *const *specs, int n, char *buf, size_t len) {
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        const struct held *h = held_of(specs[i]);
        if (h && used < len)
            used += (size_t)snprintf(buf + used, len - used, "%s%d=%d", used ? "," : "", i, h->fd);
    }
}

int sq_sequence_adopt(const char *text, const char *const *specs, int n) {
    for (const char *p = text; *p;) {
        int i, fd, used = 0;
        struct stat st;
        if (sscanf(p, "%d=%d%n", &i, &fd, &used) != 2 || i < 0 || i >= n || fd < 0 ||
            nheld == SQ_HELD_MAX || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
            return -1;
        held[nheld++] = (struct held){.spec = specs[i], .fd = fd};
        p += used;
        if (*p == ',')
            p++;
        else if (*p)
            return -1;
    }
    return 0;
}

FILE *sq_sequence_open(const char *spec, const char *path) {
    const struct held *h = held_of(spec);
    if (!h)
        return fopen(path, "r");
    char self[64];
    snprintf(self, sizeof self, "/proc/self/fd/%d", h->fd);
    return fopen(self, "r"); /* a description of its own, from the start */
}
