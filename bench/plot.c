#include "plot.h"

#include "output.h"
#include "summary.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_COLS 32
#define MAX_ROWS 64

/* Distinct techniques and impls of a family and mode, and each one's median
 * on the random sequence with its 95% interval (where a run has no random
 * sequence, the median over sequences, summary.h). */
typedef struct chart {
    const char *tech[MAX_ROWS], *impl[MAX_COLS];
    int ntech, nimpl;
    int left_out;                      /* rows of techniques or impls past MAX_ROWS x MAX_COLS */
    sq_stats cell[MAX_ROWS][MAX_COLS]; /* median, ci_lo, ci_hi; median NAN where missing */
} chart;

static int slot(const char **names, int *count, int max, const char *name) {
    for (int i = 0; i < *count; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    if (*count == max)
        return -1;
    names[*count] = name;
    return (*count)++;
}

static bool has_random(const sq_run *run, const sq_family *fam, sq_mode mode) {
    for (int i = 0; i < run->nresults; i++)
        if (run->results[i].variant->family == fam && run->results[i].mode == mode &&
            strcmp(run->results[i].sequence, "random") == 0)
            return true;
    return false;
}

/* A variant's cells over sequences: the predictable ones where its regimes
 * are kept apart (summary.h), all where that leaves none. */
static sq_stats over_sequences(const sq_run *run, const char *id, sq_mode mode) {
    sq_over_sequences o = sq_over_sequences_of(run, id, mode, SQ_SEQUENCES_PREDICTABLE);
    if (!sq_regimes_apart(run, id, mode) || !o.ncells)
        o = sq_over_sequences_of(run, id, mode, SQ_SEQUENCES_ALL);
    return (sq_stats){.median = o.median, .ci_lo = o.ci_lo, .ci_hi = o.ci_hi};
}

static bool fill_chart(const sq_run *run, const sq_family *fam, sq_mode mode, chart *c) {
    memset(c, 0, sizeof *c);
    for (int t = 0; t < MAX_ROWS; t++)
        for (int m = 0; m < MAX_COLS; m++)
            c->cell[t][m].median = NAN;
    bool random_only = has_random(run, fam, mode);
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        if (r->variant->family != fam || r->mode != mode || !isfinite(r->cycles.median) ||
            (random_only && strcmp(r->sequence, "random") != 0))
            continue;
        int t = slot(c->tech, &c->ntech, MAX_ROWS, r->variant->technique);
        int m = slot(c->impl, &c->nimpl, MAX_COLS, r->variant->impl);
        if (t >= 0 && m >= 0)
            c->cell[t][m] = random_only ? r->cycles : over_sequences(run, r->variant->id, mode);
        else
            c->left_out++;
    }
    return c->ntech > 0;
}

/* A name from a result file as one field of the tab-separated data file.
 * gnuplot ends a field at a tab or a line's end and reads '"' as a string
 * delimiter it has no escape for, so control characters become spaces and
 * '"' becomes '\''. Names are only ever data: no script text is made from
 * them, where gnuplot would expand `...` (a shell command) and @macros even
 * inside quotes. */
static void put_label(FILE *f, const char *s) {
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        fputc(ch == '"' ? '\'' : ch < 0x20 || ch == 0x7f ? ' ' : ch, f);
    }
}

/* fclose(f), or -1 with "cannot write PATH: reason" if any write failed. */
static int close_checked(FILE *f, const char *path, char *err, size_t errlen) {
    bool failed = ferror(f);
    int e = fclose(f) ? errno : failed ? EIO : 0;
    if (e)
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(e));
    return e ? -1 : 0;
}

/* <dir>/<base>.<ext>, or NULL with a reason. */
static char *path_of(const char *dir, const char *base, const char *ext, char *err, size_t errlen) {
    char *path;
    if (asprintf(&path, "%s/%s.%s", dir, base, ext) < 0) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    return path;
}

/* The chart's data: a header line naming the impls (each plot's title), then
 * a line per technique, its label and each impl's median, low and high;
 * empty fields where an impl has no cell. */
static int write_data(const chart *c, const char *path, double *lo, double *hi, char *err,
                      size_t errlen) {
    FILE *dat = fopen(path, "w");
    if (!dat) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    fputs("technique", dat);
    for (int m = 0; m < c->nimpl; m++) {
        fputc('\t', dat);
        put_label(dat, c->impl[m]);
        fputs("\t\t", dat);
    }
    fputc('\n', dat);
    for (int t = 0; t < c->ntech; t++) {
        put_label(dat, c->tech[t]);
        for (int m = 0; m < c->nimpl; m++) {
            sq_stats s = c->cell[t][m];
            if (!isfinite(s.median)) {
                fputs("\t\t\t", dat);
                continue;
            }
            /* An interval not recorded is drawn as none. */
            double bar_lo = isfinite(s.ci_lo) ? s.ci_lo : s.median;
            double bar_hi = isfinite(s.ci_hi) ? s.ci_hi : s.median;
            *lo = fmin(*lo, fmin(s.median, bar_lo));
            *hi = fmax(*hi, fmax(s.median, bar_hi));
            fprintf(dat, "\t%.4f\t%.4f\t%.4f", s.median, bar_lo, bar_hi);
        }
        fputc('\n', dat);
    }
    return close_checked(dat, path, err, errlen);
}
/* The script draws <base>.dat as <base>.svg and .png, all in the folder it
 * runs in; every word of it is sqcolor's own. The machine's name, which
 * comes from the file, is its first argument. */
static int write_script(const sq_run *run, const sq_family *fam, sq_mode mode, const char *base,
                        int nimpl, double lo, double hi, const char *path, char *err,
                        size_t errlen) {
    FILE *gp = fopen(path, "w");
    if (!gp) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    fprintf(gp,
            "# sqcolor report --plot: %s %s. Run in this folder: gnuplot -c %s.gp 'MACHINE'\n"
            "machine = exists(\"ARG1\") ? ARG1 : \"\"\n"
            "set datafile separator \"\\t\"\nset datafile commentschars \"\"\n"
            "set title \"%s — %s: median core cycles per square (%s), bars: 95%% interval\\n\""
            ".machine.\", %s\" noenhanced\n"
            "set style data histograms\nset style histogram errorbars gap 1 lw 1\n"
            "set style fill solid 0.85 border -1\nset boxwidth 0.9\n"
            "set ylabel 'core cycles per square'\nset xtics rotate by -25 noenhanced\n"
            "set key outside right top noenhanced\nset grid ytics\nset yrange [%g:%g]\n"
            "set xzeroaxis lt -1\n"
            "set terminal svg size 1100,520 dynamic font 'sans,12' background rgb 'white'\n"
            "set output '%s.svg'\nplot ",
            fam->name, sq_mode_names[mode], base, fam->name, sq_mode_names[mode],
            has_random(run, fam, mode) ? "random squares" : "median over sequences",
            strcmp(run->clock.source, "perf") == 0 ? "cycles from perf"
                                                   : "cycles calibrated from an add chain",
            lo * 1.1, hi * 1.1 + 0.1, base);
    for (int m = 0; m < nimpl; m++) /* median:low:high, the impl's name from the header */
        fprintf(gp, "%s'%s.dat' using %d:%d:%d%s title columnheader(%d)", m ? ", " : "", base,
                3 * m + 2, 3 * m + 3, 3 * m + 4, m ? "" : ":xtic(1)", 3 * m + 2);
    fprintf(gp,
            "\nset terminal pngcairo size 1100,520 font 'sans,11'\n"
            "set output '%s.png'\nreplot\nunset output\n",
            base);
    return close_checked(gp, path, err, errlen);
}

/* Runs "gnuplot -c SCRIPT ARG" in dir, no shell between. Returns 0, or -1
 * with a reason: gnuplot missing, or its exit status and first words. */
static int run_gnuplot(const char *dir, const char *script, const char *arg, char *err,
                       size_t errlen) {
    int out[2], status[2]; /* gnuplot's output; why the child failed before exec */
    if (pipe(out))
        goto no_pipe;
    if (pipe2(status, O_CLOEXEC)) {
        close(out[0]);
        close(out[1]);
        goto no_pipe;
    }
    pid_t pid = fork();
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDONLY);
        int why[2] = {0, 0}; /* the step that failed (0 chdir, 1 exec), errno */
        if (devnull >= 0 && dup2(devnull, 0) >= 0 && dup2(out[1], 1) >= 0 && dup2(out[1], 2) >= 0 &&
            chdir(dir) == 0) {
            why[0] = 1;
            execlp("gnuplot", "gnuplot", "-c", script, arg, (char *)NULL);
        }
        why[1] = errno;
        ssize_t wrote = write(status[1], why, sizeof why);
        _exit(wrote == (ssize_t)sizeof why ? 127 : 126);
    }
    int fork_errno = errno;
    close(out[1]);
    close(status[1]);
    char msg[512];
    size_t got = 0;
    for (ssize_t n = pid > 0; n > 0;) { /* all of it, so gnuplot never blocks; the start kept */
        char chunk[4096];
        n = read(out[0], chunk, sizeof chunk);
        size_t keep = n > 0 ? (size_t)n : 0;
        if (keep > sizeof msg - 1 - got)
            keep = sizeof msg - 1 - got;
        memcpy(msg + got, chunk, keep);
        got += keep;
    }
    msg[got] = 0;
    int why[2];
    bool failed_early = pid > 0 && read(status[0], why, sizeof why) == (ssize_t)sizeof why;
    close(out[0]);
    close(status[0]);
    if (pid < 0) {
        snprintf(err, errlen, "cannot run gnuplot: %s", strerror(fork_errno));
        return -1;
    }
    int rc = 0;
    while (waitpid(pid, &rc, 0) < 0 && errno == EINTR)
        ;
    if (failed_early && why[0] == 1 && why[1] == ENOENT) {
        snprintf(err, errlen, "gnuplot is not installed (apt-get install gnuplot-nox)");
        return -1;
    }
    if (failed_early) {
        snprintf(err, errlen, "cannot %s: %s", why[0] ? "run gnuplot" : "enter the plot folder",
                 strerror(why[1]));
        return -1;
    }
    if (WIFEXITED(rc) && WEXITSTATUS(rc) == 0)
        return 0;
    for (char *p = msg; *p; p++) /* one line */
        if (*p == '\n' || *p == '\r' || *p == '\t')
            *p = ' ';
    const char *text = msg + strspn(msg, " ");
    if (WIFEXITED(rc))
        snprintf(err, errlen, "gnuplot failed on %s/%s (exit status %d): %.300s", dir, script,
                 WEXITSTATUS(rc), text);
    else
        snprintf(err, errlen, "gnuplot failed on %s/%s (signal %d): %.300s", dir, script,
                 WIFSIGNALED(rc) ? WTERMSIG(rc) : 0, text);
    return -1;
no_pipe:
    snprintf(err, errlen, "cannot run gnuplot: %s", strerror(errno));
    return -1;
}

static int plot_one(const sq_run *run, const sq_family *fam, sq_mode mode, const char *dir,
                    const char *base, char *err, size_t errlen) {
    chart c;
    if (!fill_chart(run, fam, mode, &c))
        return 0;
    /* A chart has room for MAX_ROWS techniques of MAX_COLS impls; the tables
     * have every row. */
    if (c.left_out)
        fprintf(stderr,
                "sqcolor report --plot: %s: %d rows past the chart's %d techniques x %d impls "
                "are left out of it (the tables have them)\n",
                base, c.left_out, MAX_ROWS, MAX_COLS);
    char *dat = path_of(dir, base, "dat", err, errlen);
    char *gp = dat ? path_of(dir, base, "gp", err, errlen) : NULL;
    char script[64];
    snprintf(script, sizeof script, "%s.gp", base);
    /* The machine's name as the title shows it: on one line. */
    char machine[sizeof run->machine.brand];
    snprintf(machine, sizeof machine, "%s", run->machine.brand);
    for (char *p = machine; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = ' ';
    double lo = 0, hi = 0;
    int rc = !gp || write_data(&c, dat, &lo, &hi, err, errlen) ||
                     write_script(run, fam, mode, base, c.nimpl, lo, hi, gp, err, errlen) ||
                     run_gnuplot(dir, script, machine, err, errlen)
                 ? -1
                 : 0;
    free(dat);
    free(gp);
    return rc;
}

int sq_plot(const sq_run *runs, int nruns, const char *dir, char *err, size_t errlen) {
    char *probe = path_of(dir, "x", "dat", err, errlen);
    int made = probe ? sq_make_parent_dirs(probe, err, errlen) : -1;
    free(probe);
    if (made)
        return -1;
    static const sq_mode modes[] = {SQ_MODE_LATENCY, SQ_MODE_THROUGHPUT};
    for (int k = 0; k < nruns; k++)
        for (int f = 0; f < sq_family_count; f++)
            for (int m = 0; m < 2; m++) {
                /* sqcolor's own names only: the script names its files. */
                char base[48] = "";
                if (nruns > 1)
                    snprintf(base, sizeof base, "%d-", k + 1);
                size_t n = strlen(base);
                snprintf(base + n, sizeof base - n, "%s-%s", sq_families[f].name,
                         sq_mode_names[modes[m]]);
                if (plot_one(&runs[k], &sq_families[f], modes[m], dir, base, err, errlen))
                    return -1;
            }
    return 0;
}
