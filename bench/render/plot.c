/* report --plot: each figure of figures.h as a file of its own. */
#include "bench/render/plot.h"

#include "bench/render/figures.h"
#include "bench/util/output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    sq_output o;
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
