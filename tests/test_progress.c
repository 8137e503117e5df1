/* The progress line (bench/util/progress.h): the estimate, its wording, and
 * what is drawn and cleared. */
#include "bench/util/progress.h"

#include "check.h"

#include <math.h>

static void text(int done, int total, double left, const char *want) {
    char buf[128];
    sq_progress_text(buf, sizeof buf, "sqcolor disasm", done, total, "routines", left);
    CHECK(strcmp(buf, want) == 0, "'%s', wanted '%s'", buf, want);
}

/* What a progress line drew (on: where sq_progress_wanted would say so):
 * its count at done[0..n), then its clear, twice. */
static char *drawn(bool on, const int *done, int n) {
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    sq_progress p;
    sq_progress_start(&p, on ? mem : NULL, "sqcolor disasm", "routines", 531);
    for (int i = 0; i < n; i++)
        sq_progress_count(&p, done[i]);
    sq_progress_clear(&p);
    sq_progress_clear(&p); /* the second: nothing more */
    fclose(mem);
    return buf;
}

static bool starts(const char *s, const char *with) {
    return s && strncmp(s, with, strlen(with)) == 0;
}

static bool ends(const char *s, const char *with) {
    return s && strlen(s) >= strlen(with) && strcmp(s + strlen(s) - strlen(with), with) == 0;
}

int main(void) {
    /* a quarter done in 10 s: 30 s left, at that pace */
    CHECK(sq_progress_left_s(10, 0.25) == 30, "left %g", sq_progress_left_s(10, 0.25));
    CHECK(sq_progress_left_s(10, 1) == 0, "all done");
    CHECK(isnan(sq_progress_left_s(10, 0)), "nothing done: no estimate");

    text(120, 531, NAN, "sqcolor disasm: 120/531 routines");
    text(120, 531, 41.2, "sqcolor disasm: 120/531 routines, about 40 s left");
    text(120, 531, 3.2, "sqcolor disasm: 120/531 routines, about 4 s left");
    text(120, 531, 0, "sqcolor disasm: 120/531 routines, about 0 s left");
    text(12, 531, 150, "sqcolor disasm: 12/531 routines, about 3 min left");

    /* Drawn in place: the first count at once, the last whatever came just
     * before it (the ones between within a fifth of a second are left out),
     * then the line cleared, once. */
    int done[] = {0, 1, 2, 531};
    char *got = drawn(true, done, 4);
    CHECK(starts(got, "\rsqcolor disasm: 0/531 routines\r") &&
              ends(got, "\rsqcolor disasm: 531/531 routines\r"
                        "                                \r"),
          "drawn: '%s'", got ? got : "(nothing)");
    free(got);
    /* A message's line first: the progress line removed, drawn again after. */
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    sq_progress p;
    sq_progress_start(&p, mem, "sqcolor disasm", "routines", 9);
    sq_progress_count(&p, 0);
    sq_progress_interrupt();
    fputs("sqcolor disasm: a message\n", mem);
    sq_progress_count(&p, 1);
    sq_progress_clear(&p);
    fclose(mem);
    char want[256];
    snprintf(want, sizeof want, "\r%s\r%*s\rsqcolor disasm: a message\n\r%s\r%*s\r",
             "sqcolor disasm: 0/9 routines", 28, "", "sqcolor disasm: 1/9 routines", 28, "");
    CHECK(strcmp(buf, want) == 0, "interrupted: '%s'", buf);
    free(buf);
    got = drawn(false, done, 4);
    CHECK(got && !*got, "nowhere to draw: '%s'", got ? got : "(nothing)");
    free(got);
    return check_finish("progress", NULL);
}
