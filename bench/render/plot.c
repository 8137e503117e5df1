/* report --plot: each figure of figures.h as a file of its own. */
#include "bench/render/plot.h"

#include "bench/render/figures.h"
#include "bench/util/output.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* <dir>/<name>.svg of figure f; NULL when memory ran out (said in err). */
static char *figure_path(const char *dir, const sq_figure *f, char *err, size_t errlen) {
    char *path;
    if (asprintf(&path, "%s/%s.svg", dir, f->name) < 0) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    return path;
}

static int plot_one(const sq_figure_set *s, int i, const char *dir, char *err, size_t errlen) {
    char *path = figure_path(dir, sq_figure_set_at(s, i), err, errlen);
    if (!path)
        return -1;
    /* A figure is a file: a fifo or a device under its name (output.h would
     * write through it) is refused, as output.h refuses a folder. */
    int rc = -1;
    static sq_output o; /* 8 KiB: not on a small stack */
    if (sq_output_check_file(path, err, errlen) == 0 &&
        sq_output_open(&o, path, err, errlen) == 0) {
        if (sq_figure_set_write_svg(o.fp, s, i, true)) {
            int e = errno;
            sq_output_abort(&o);
            snprintf(err, errlen, "cannot write %s: %s", path, e ? strerror(e) : "write error");
        } else {
            rc = sq_output_commit(&o, err, errlen);
        }
    }
    free(path);
    return rc;
}

/* The figures of runs, in *figs (to free); their number, or -1 (said in err). */
static int list_figures(const sq_run *runs, int nruns, bool log_axis, sq_figure **figs, char *err,
                        size_t errlen) {
    int n = sq_figures_list(runs, nruns, log_axis, figs);
    if (n < 0)
        snprintf(err, errlen, "out of memory");
    return n;
}

int sq_plot_check(const sq_run *runs, int nruns, const char *dir, char *err, size_t errlen) {
    sq_figure *figs;
    int n = list_figures(runs, nruns, false, &figs, err, errlen), rc = n < 0 ? -1 : 0;
    for (int i = 0; i < n && !rc; i++) {
        char *path = figure_path(dir, &figs[i], err, errlen);
        rc = path ? sq_output_check_file(path, err, errlen) : -1;
        free(path);
    }
    free(figs);
    return rc;
}

int sq_plot(const sq_run *runs, int nruns, const char *dir, bool log_axis, char *err,
            size_t errlen) {
    char *probe;
    if (asprintf(&probe, "%s/x", dir) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int made = sq_make_parent_dirs(probe, err, errlen);
    free(probe);
    if (made)
        return -1;
    /* Each chart made once for all its parts (figures.h). */
    sq_figure_set *s = sq_figure_set_of(runs, nruns, log_axis);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < sq_figure_set_count(s) && !rc; i++)
        rc = plot_one(s, i, dir, err, errlen);
    sq_figure_set_free(s);
    return rc;
}

int sq_plot_dir_make(sq_plot_dir *d, const char *dir, char *err, size_t errlen) {
    if (strlen(dir) >= sizeof d->path) {
        snprintf(err, errlen, "cannot create %.64s...: path too long", dir);
        return -1;
    }
    snprintf(d->path, sizeof d->path, "%s", dir);
    size_t at = strlen(d->path);
    while (at > 1 && d->path[at - 1] == '/')
        d->path[--at] = 0;
    /* the longest part of the path, whole components, that is there now */
    struct stat st;
    for (;;) {
        char c = d->path[at];
        d->path[at] = 0;
        bool there = at == 0 || stat(d->path, &st) == 0;
        d->path[at] = c;
        if (there)
            break;
        while (at > 0 && d->path[at - 1] != '/')
            at--;
        while (at > 0 && d->path[at - 1] == '/')
            at--;
    }
    d->existed = at;
    if (sq_check_writable_dir(d->path, err, errlen)) {
        sq_plot_dir_undo(d);
        return -1;
    }
    return 0;
}

void sq_plot_dir_undo(const sq_plot_dir *d) {
    char path[sizeof d->path];
    snprintf(path, sizeof path, "%s", d->path);
    size_t len = strlen(path);
    /* rmdir removes only an empty folder: one with a file stays */
    while (len > d->existed && rmdir(path) == 0) {
        while (len > 0 && path[len - 1] != '/')
            len--;
        while (len > 0 && path[len - 1] == '/')
            len--;
        path[len] = 0;
    }
}

/* Whether name is "<chart>-<N>.svg" as sqcolor names a chart's part N:
 * N from 2, no leading zero. */
static bool part_of(const char *name, const char *chart, long *part) {
    size_t len = strlen(chart);
    if (strncmp(name, chart, len) != 0 || name[len] != '-' || name[len + 1] < '1' ||
        name[len + 1] > '9')
        return false;
    char *end;
    errno = 0;
    *part = strtol(name + len + 1, &end, 10);
    return !errno && strcmp(end, ".svg") == 0 && *part >= 2;
}

/* Removes dir/name if it is a regular file, adding name to removed: 1, 0
 * when it is not a regular file (left), or -1 with the reason. */
static int remove_part(const char *dir, const char *name, char *removed, size_t removedlen,
                       char *err, size_t errlen) {
    char *path;
    struct stat st;
    if (asprintf(&path, "%s/%s", dir, name) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = lstat(path, &st) == 0 && S_ISREG(st.st_mode);
    if (rc && unlink(path) != 0) {
        snprintf(err, errlen, "cannot remove %s: %s", path, strerror(errno));
        rc = -1;
    } else if (rc) {
        size_t used = strlen(removed);
        snprintf(removed + used, removedlen - used, "%s%s", used ? ", " : "", name);
    }
    free(path);
    return rc;
}

/* The part of an earlier chart name is, beyond the parts of figs[i..) now:
 * whether it is one (figs[i] a chart's first part, its name the chart's). */
static bool stale_part(const sq_figure *figs, int n, const char *name) {
    for (int i = 0; i < n; i++) {
        int parts = 1;
        while (i + parts < n && figs[i + parts].first_panel != 0)
            parts++;
        long part;
        if (figs[i].first_panel == 0 && part_of(name, figs[i].name, &part))
            return part > parts;
    }
    return false;
}

int sq_plot_remove_stale(const sq_run *runs, int nruns, const char *dir, bool log_axis,
                         char *removed, size_t removedlen, char *err, size_t errlen) {
    sq_figure *figs;
    int n = list_figures(runs, nruns, log_axis, &figs, err, errlen), count = 0, rc = 0;
    *removed = 0;
    if (n < 0)
        return -1;
    DIR *dp = opendir(dir);
    if (!dp) {
        snprintf(err, errlen, "cannot read %s: %s", dir, strerror(errno));
        free(figs);
        return -1;
    }
    for (struct dirent *e; rc >= 0 && (e = readdir(dp));)
        if (stale_part(figs, n, e->d_name) &&
            (rc = remove_part(dir, e->d_name, removed, removedlen, err, errlen)) > 0)
            count++;
    closedir(dp);
    free(figs);
    return rc < 0 ? -1 : count;
}
