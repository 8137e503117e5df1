/* A CPU's quiet history (bench/results/quiet_history.h): where it lives, the
 * last SQ_HISTORY_RUNS levels kept per CPU model and their median, other
 * models' lines left alone, and a file that does not read named by its line
 * and never rewritten. */
#include "bench/results/quiet_history.h"

#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

static char dir[] = "/tmp/sqcolor-quiet-history.XXXXXX";

static void write_text(const char *path, const char *text) {
    FILE *fp = fopen(path, "w");
    CHECK(fp && fputs(text, fp) >= 0 && fclose(fp) == 0, "wrote %s", path);
}

static char *read_text(const char *path) {
    static char text[4096];
    FILE *fp = fopen(path, "r");
    size_t n = fp ? fread(text, 1, sizeof text - 1, fp) : 0;
    text[n] = 0;
    if (fp)
        fclose(fp);
    return text;
}

static void where_it_lives(void) {
    char path[4096];
    setenv("XDG_STATE_HOME", "/state", 1);
    setenv("HOME", "/home/u", 1);
    CHECK(sq_quiet_history_path(path, sizeof path) &&
              strcmp(path, "/state/sqcolor/quiet-levels") == 0,
          "XDG_STATE_HOME first: %s", path);
    setenv("XDG_STATE_HOME", "", 1);
    CHECK(sq_quiet_history_path(path, sizeof path) &&
              strcmp(path, "/home/u/.local/state/sqcolor/quiet-levels") == 0,
          "an empty XDG_STATE_HOME: HOME's: %s", path);
    unsetenv("XDG_STATE_HOME");
    unsetenv("HOME");
    CHECK(!sq_quiet_history_path(path, sizeof path), "neither set: no history");
}

static void keeps_the_last(const char *path) {
    char err[4200];
    double levels[SQ_HISTORY_RUNS];
    CHECK(sq_quiet_history_read(path, "amd-1a-02", levels, err, sizeof err) == 0,
          "no file: no levels");
    CHECK(sq_quiet_history_add(path, "intel-06-a7", 4.25, err, sizeof err) == 0, "%s", err);
    for (int k = 1; k <= 2; k++)
        CHECK(sq_quiet_history_add(path, "amd-1a-02", k, err, sizeof err) == 0, "%s", err);
    int n = sq_quiet_history_read(path, "amd-1a-02", levels, err, sizeof err);
    CHECK(n == 2 && isnan(sq_quiet_history_level(levels, n)), "2 levels: no level yet");
    for (int k = 3; k <= 12; k++)
        CHECK(sq_quiet_history_add(path, "amd-1a-02", k, err, sizeof err) == 0, "%s", err);
    n = sq_quiet_history_read(path, "amd-1a-02", levels, err, sizeof err);
    CHECK(n == SQ_HISTORY_RUNS && levels[0] == 4 && levels[n - 1] == 12,
          "the last 9, oldest first: %d levels, %g .. %g", n, levels[0], levels[n - 1]);
    CHECK(sq_quiet_history_level(levels, n) == 8, "their median 8, got %g",
          sq_quiet_history_level(levels, n));
    n = sq_quiet_history_read(path, "intel-06-a7", levels, err, sizeof err);
    CHECK(n == 1 && levels[0] == 4.25, "another model's line kept: %d", n);
    CHECK(sq_quiet_history_read(path, "amd-19-11", levels, err, sizeof err) == 0,
          "a model not in the file: none");
    CHECK(sq_quiet_history_add(path, "amd-1a-02", NAN, err, sizeof err) == -1 &&
              sq_quiet_history_add(path, "../x", 5, err, sizeof err) == -1,
          "no level, or no model's name: nothing kept");
}

/* Each malformed file: read says its line, add leaves it as it was. */
static void malformed(const char *path) {
    static const struct {
        const char *text, *says;
    } cases[] = {
        {"amd-1a-02 5.3 x 5.4\n", "line 1: not"},
        {"# a comment\namd-1a-02\n", "line 2: not"},
        {"amd-1a-02 5 5 5 5 5 5 5 5 5 5\n", "line 1: not"},
        {"amd-1a-02 0\n", "line 1: not"},
        {"amd-1a-02 65\n", "line 1: not"},
        {"amd-1a-02 nan\n", "line 1: not"},
        {"AMD-1a-02 5\n", "line 1: not"},
        {"amd-1a-02 5\n\namd-1a-02 6\n", "line 3: a CPU model named twice"},
    };
    char err[4200];
    double levels[SQ_HISTORY_RUNS];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        write_text(path, cases[i].text);
        int n = sq_quiet_history_read(path, "amd-1a-02", levels, err, sizeof err);
        CHECK(n == -1 && strstr(err, cases[i].says) && strstr(err, path), "case %zu: %d, '%s'", i,
              n, err);
        CHECK(sq_quiet_history_add(path, "amd-1a-02", 5, err, sizeof err) == -1 &&
                  strcmp(read_text(path), cases[i].text) == 0,
              "case %zu: left as it was", i);
    }
    char long_line[2100];
    memset(long_line, '5', sizeof long_line - 2);
    memcpy(long_line, "amd-1a-02 ", 10);
    long_line[sizeof long_line - 2] = '\n';
    long_line[sizeof long_line - 1] = 0;
    write_text(path, long_line);
    CHECK(sq_quiet_history_read(path, "amd-1a-02", levels, err, sizeof err) == -1 &&
              strstr(err, "longer than"),
          "a long line: '%s'", err);
    write_text(path, "# comment\n\namd-1a-02 5.25 5.5\t5.75");
    int n = sq_quiet_history_read(path, "amd-1a-02", levels, err, sizeof err);
    CHECK(n == 3 && sq_quiet_history_level(levels, n) == 5.5,
          "comments, blank lines, tabs and no last newline read: %d", n);
    chmod(path, 0);
    if (access(path, R_OK) != 0) /* root reads it anyway */
        CHECK(sq_quiet_history_read(path, "amd-1a-02", levels, err, sizeof err) == -1,
              "unreadable: said");
}

int main(void) {
    CHECK(mkdtemp(dir) != NULL, "scratch folder");
    char path[200];
    snprintf(path, sizeof path, "%s/state/sqcolor/quiet-levels", dir);
    where_it_lives();
    keeps_the_last(path);
    malformed(path);
    return check_finish("quiet_history", dir);
}
