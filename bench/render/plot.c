#include "bench/render/plot.h"

#include "bench/render/figures.h"
#include "bench/util/output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int plot_one(const sq_run *runs, int nruns, const sq_figure *f, const char *dir, char *err,
                    size_t errlen) {
    char *path;
    if (asprintf(&path, "%s/%s.svg", dir, f->name) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* A figure is a file: a fifo or a device under its name (output.h would
     * write through it) is refused, as output.h refuses a folder. */
    struct stat st;
    int rc = -1;
    sq_output o;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        snprintf(err, errlen, "cannot write %s: not a regular file", path);
    else if (sq_output_open(&o, path, err, errlen) == 0) {
        if (sq_figure_write_svg(o.fp, runs, nruns, f, true)) {
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

int sq_plot(const sq_run *runs, int nruns, const char *dir, char *err, size_t errlen) {
    char *probe;
    if (asprintf(&probe, "%s/x", dir) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int made = sq_make_parent_dirs(probe, err, errlen);
    free(probe);
    if (made)
        return -1;
    int max = sq_figures_max(nruns);
    sq_figure *figs = malloc(sizeof *figs * (size_t)max);
    if (!figs) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int n = sq_figures_list(runs, nruns, figs, max), rc = 0;
    for (int i = 0; i < n && !rc; i++)
        rc = plot_one(runs, nruns, &figs[i], dir, err, errlen);
    free(figs);
    return rc;
}
