#include "plot.h"

#include "output.h"
#include "summary.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLS 32
#define MAX_ROWS 64

/* Distinct techniques and impls of a family and mode, and each one's median
 * on the random sequence with its 95% interval (where a run has no random
 * sequence, the median over sequences, summary.h). */
typedef struct chart {
    const char *tech[MAX_ROWS], *impl[MAX_COLS];
    int ntech, nimpl;
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
    }
    return c->ntech > 0;
}

/* s inside a gnuplot double-quoted string: quotes and backslashes escaped,
 * control characters as spaces. */
static void gnuplot_quoted(char *buf, size_t len, const char *s) {
    size_t n = 0;
    for (; *s && n + 3 < len; s++) {
        if (*s == '"' || *s == '\\')
            buf[n++] = '\\';
        buf[n++] = (unsigned char)*s < 0x20 ? ' ' : *s;
    }
    buf[n] = 0;
}

static int plot_one(const sq_run *run, const sq_family *fam, sq_mode mode, const char *stem,
                    char *err, size_t errlen) {
    chart c;
    if (!fill_chart(run, fam, mode, &c))
        return 0;
    char path[4300];
    snprintf(path, sizeof path, "%s.dat", stem);
    FILE *dat = fopen(path, "w");
    if (!dat) {
        snprintf(err, errlen, "cannot write %s", path);
        return -1;
    }
    double lo = 0, hi = 0;
    for (int t = 0; t < c.ntech; t++) {
        fprintf(dat, "\"%s\"", c.tech[t]);
        for (int m = 0; m < c.nimpl; m++) {
            sq_stats s = c.cell[t][m];
            if (!isfinite(s.median)) {
                fprintf(dat, " ? ? ?");
                continue;
            }
            /* An interval not recorded is drawn as none. */
            double bar_lo = isfinite(s.ci_lo) ? s.ci_lo : s.median;
            double bar_hi = isfinite(s.ci_hi) ? s.ci_hi : s.median;
            lo = fmin(lo, fmin(s.median, bar_lo));
            hi = fmax(hi, fmax(s.median, bar_hi));
            fprintf(dat, " %.4f %.4f %.4f", s.median, bar_lo, bar_hi);
        }
        fputc('\n', dat);
    }
    const char *which = has_random(run, fam, mode) ? "random squares" : "median over sequences";
    fclose(dat);

    snprintf(path, sizeof path, "%s.gp", stem);
    FILE *gp = fopen(path, "w");
    if (!gp) {
        snprintf(err, errlen, "cannot write %s", path);
        return -1;
    }
    static const char *const terminals[][2] = {
        {"svg size 1100,520 dynamic font 'sans,12' background rgb 'white'", "svg"},
        {"pngcairo size 1100,520 font 'sans,11'", "png"}};
    char brand[2 * sizeof run->machine.brand];
    gnuplot_quoted(brand, sizeof brand, run->machine.brand);
    for (int k = 0; k < 2; k++) {
        fprintf(gp, "set terminal %s\nset output '%s.%s'\n", terminals[k][0], stem,
                terminals[k][1]);
        fprintf(gp,
                "set title \"%s — %s: median core cycles per square (%s), bars: 95%% "
                "interval\\n%s, %s\" noenhanced\n"
                "set style data histograms\nset style histogram errorbars gap 1 lw 1\n"
                "set style fill solid 0.85 border -1\nset boxwidth 0.9\n"
                "set ylabel 'core cycles per square'\nset xtics rotate by -25 noenhanced\n"
                "set key outside right top noenhanced\nset grid ytics\nset yrange [%g:%g]\n"
                "set datafile missing '?'\nset xzeroaxis lt -1\n",
                fam->name, sq_mode_names[mode], which, brand,
                strcmp(run->clock.source, "perf") == 0 ? "cycles from perf"
                                                       : "cycles calibrated from an add chain",
                lo * 1.1, hi * 1.1 + 0.1);
        fprintf(gp, "plot ");
        for (int m = 0; m < c.nimpl; m++) /* median:low:high */
            fprintf(gp, "%s'%s.dat' using %d:%d:%d%s title '%s'", m ? ", " : "", stem, 3 * m + 2,
                    3 * m + 3, 3 * m + 4, m ? "" : ":xtic(1)", c.impl[m]);
        fprintf(gp, "\n");
    }
    fclose(gp);
    char cmd[4500];
    snprintf(cmd, sizeof cmd, "gnuplot '%s' 2>&1", path);
    FILE *p = popen(cmd, "r");
    char msg[512] = "";
    size_t got = p ? fread(msg, 1, sizeof msg - 1, p) : 0;
    msg[got] = 0;
    int rc = p ? pclose(p) : -1;
    if (rc != 0) {
        snprintf(err, errlen, "gnuplot failed on %s (apt-get install gnuplot-nox): %.200s", path,
                 msg);
        return -1;
    }
    return 0;
}

int sq_plot(const sq_run *runs, int nruns, const char *dir, char *err, size_t errlen) {
    char probe[4200];
    snprintf(probe, sizeof probe, "%s/x", dir);
    if (sq_make_parent_dirs(probe, err, errlen))
        return -1;
    static const sq_mode modes[] = {SQ_MODE_LATENCY, SQ_MODE_THROUGHPUT};
    for (int k = 0; k < nruns; k++)
        for (int f = 0; f < sq_family_count; f++)
            for (int m = 0; m < 2; m++) {
                char stem[4200];
                char prefix[16] = "";
                if (nruns > 1)
                    snprintf(prefix, sizeof prefix, "%d-", k + 1);
                snprintf(stem, sizeof stem, "%s/%s%s-%s", dir, prefix, sq_families[f].name,
                         sq_mode_names[modes[m]]);
                if (plot_one(&runs[k], &sq_families[f], modes[m], stem, err, errlen))
                    return -1;
            }
    return 0;
}
