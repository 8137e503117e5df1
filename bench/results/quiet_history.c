#include "bench/results/quiet_history.h"

#include "bench/util/output.h"
#include "bench/util/stats.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The CPU models one file holds, and a line's longest. */
#define MOST_CPUS      64
#define LINE_MAX_BYTES 1024

typedef struct history_line {
    char cpu[64];
    double levels[SQ_HISTORY_RUNS];
    int n;
} history_line;

/* The file's lines as read, for reading and for writing it back. */
static history_line lines[MOST_CPUS];

static bool level_ok(double x) {
    return x > 0 && x <= SQ_QUIET_MOST;
}

bool sq_quiet_history_path(char *path, size_t len) {
    const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    int n = -1;
    if (state && *state)
        n = snprintf(path, len, "%s/sqcolor/quiet-levels", state);
    else if (home && *home)
        n = snprintf(path, len, "%s/.local/state/sqcolor/quiet-levels", home);
    return n > 0 && (size_t)n < len;
}

static bool cpu_name_ok(const char *s) {
    size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-");
    return n > 0 && n < sizeof((history_line *)0)->cpu && s[n] == 0;
}

/* One line of the file into h; false when it is none. */
static bool parse_line(char *text, history_line *h) {
    char *save = NULL, *word = strtok_r(text, " \t", &save);
    if (!word || !cpu_name_ok(word))
        return false;
    snprintf(h->cpu, sizeof h->cpu, "%s", word);
    h->n = 0;
    while ((word = strtok_r(NULL, " \t", &save))) {
        char *end;
        errno = 0;
        double x = strtod(word, &end);
        if (*end || errno || !level_ok(x) || h->n == SQ_HISTORY_RUNS)
            return false;
        h->levels[h->n++] = x;
    }
    return h->n > 0;
}

/* Every line of the file into lines: how many; 0 when there is no file;
 * -1 with err. */
static int read_all(const char *path, char *err, size_t errlen) {
    FILE *fp = fopen(path, "r");
    if (!fp) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char text[LINE_MAX_BYTES];
    int n = 0, number = 0;
    while (fgets(text, sizeof text, fp)) {
        number++;
        size_t len = strlen(text);
        bool whole = len > 0 && text[len - 1] == '\n', complete = whole || feof(fp);
        text[len - whole] = 0;
        if (complete && (text[0] == '#' || text[0] == 0))
            continue;
        char why[96] = "";
        if (!complete)
            snprintf(why, sizeof why, "longer than %d bytes", LINE_MAX_BYTES);
        else if (n == MOST_CPUS)
            snprintf(why, sizeof why, "more than %d CPU models", MOST_CPUS);
        else if (!parse_line(text, &lines[n]))
            snprintf(why, sizeof why, "not \"<cpu> <level> ...\" with 1 to %d levels in (0, %d]",
                     SQ_HISTORY_RUNS, SQ_QUIET_MOST);
        for (int k = 0; !*why && k < n; k++)
            if (strcmp(lines[k].cpu, lines[n].cpu) == 0)
                snprintf(why, sizeof why, "a CPU model named twice");
        if (*why) {
            snprintf(err, errlen, "%s line %d: %s", path, number, why);
            fclose(fp);
            return -1;
        }
        n++;
    }
    bool failed = ferror(fp);
    fclose(fp);
    if (failed) {
        snprintf(err, errlen, "%s: cannot read", path);
        return -1;
    }
    return n;
}

int sq_quiet_history_read(const char *path, const char *cpu, double *levels, char *err,
                          size_t errlen) {
    int n = read_all(path, err, errlen);
    for (int i = 0; i < n; i++)
        if (strcmp(lines[i].cpu, cpu) == 0) {
            memcpy(levels, lines[i].levels, sizeof *levels * (size_t)lines[i].n);
            return lines[i].n;
        }
    return n < 0 ? -1 : 0;
}

double sq_quiet_history_level(const double *levels, int n) {
    return n >= SQ_HISTORY_LEAST ? sq_stats_of(levels, n).median : NAN;
}

/* lines[0, n) written whole to path. */
static int write_all(const char *path, int n, char *err, size_t errlen) {
    sq_output o;
    if (sq_make_parent_dirs(path, err, errlen) || sq_output_open(&o, path, err, errlen))
        return -1;
    fprintf(o.fp, "# sqcolor: each CPU model's quiet level (independent adds a cycle) in its "
                  "last runs, oldest first\n");
    for (int i = 0; i < n; i++) {
        fprintf(o.fp, "%s", lines[i].cpu);
        for (int k = 0; k < lines[i].n; k++)
            fprintf(o.fp, " %.4f", lines[i].levels[k]);
        fputc('\n', o.fp);
    }
    return sq_output_commit(&o, err, errlen);
}

int sq_quiet_history_add(const char *path, const char *cpu, double level, char *err,
                         size_t errlen) {
    if (!cpu_name_ok(cpu) || !level_ok(level)) {
        snprintf(err, errlen, "no quiet level of %s to keep", cpu);
        return -1;
    }
    int n = read_all(path, err, errlen), i = 0;
    if (n < 0)
        return -1;
    while (i < n && strcmp(lines[i].cpu, cpu) != 0)
        i++;
    if (i == n) {
        if (n == MOST_CPUS) {
            snprintf(err, errlen, "%s: more than %d CPU models", path, MOST_CPUS);
            return -1;
        }
        lines[n++] = (history_line){.n = 0};
        snprintf(lines[i].cpu, sizeof lines[i].cpu, "%s", cpu);
    }
    history_line *h = &lines[i];
    if (h->n == SQ_HISTORY_RUNS)
        memmove(h->levels, h->levels + 1, sizeof *h->levels * (SQ_HISTORY_RUNS - 1));
    h->levels[h->n < SQ_HISTORY_RUNS ? h->n++ : SQ_HISTORY_RUNS - 1] = level;
    return write_all(path, n, err, errlen);
}
