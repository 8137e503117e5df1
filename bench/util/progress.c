#include "bench/util/progress.h"

#include "bench/util/escape.h"

#include <math.h>
#include <stdbool.h>
#include <time.h>

/* A second of work before the pace says anything of the time left. */
enum { ESTIMATE_AFTER_S = 1 };
#define REDRAW_S 0.2

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void sq_progress_start(sq_progress *p, FILE *out, const char *who, const char *what, int total) {
    *p = (sq_progress){
        .out = out, .who = who, .what = what, .total = total, .start = now_s(), .drawn_at = -1};
}

double sq_progress_left_s(double spent_s, double share) {
    if (!(share > 0))
        return NAN;
    return share >= 1 ? 0 : spent_s / share * (1 - share);
}

const char *sq_progress_text(char *buf, size_t len, const char *who, int done, int total,
                             const char *what, double left_s) {
    int n = snprintf(buf, len, "%s: %d/%d %s", who, done, total, what);
    if (isnan(left_s) || n < 0 || (size_t)n >= len)
        return buf;
    if (left_s < 10)
        snprintf(buf + n, len - (size_t)n, ", about %.0f s left", ceil(left_s));
    else if (left_s < 100)
        snprintf(buf + n, len - (size_t)n, ", about %.0f s left", 5 * round(left_s / 5));
    else
        snprintf(buf + n, len - (size_t)n, ", about %.0f min left", round(left_s / 60));
    return buf;
}

/* The line on screen, whichever count drew it: one terminal, one line. */
static FILE *screen;
static int screen_width;

void sq_progress_line(sq_progress *p, const char *line) {
    if (!p->out)
        return;
    int width = sq_plain_width(line), before = screen == p->out ? screen_width : 0;
    /* spaces over what is left of a longer line before */
    fprintf(p->out, "\r%s%*s", line, before > width ? before - width : 0, "");
    fflush(p->out);
    screen = p->out;
    screen_width = width > before ? width : before;
    p->drawn_at = now_s();
}

void sq_progress_count(sq_progress *p, int done) {
    if (!p->out)
        return;
    double now = now_s(), spent = now - p->start;
    bool shown = p->drawn_at >= 0 && screen == p->out;
    if (shown && now - p->drawn_at < REDRAW_S && done < p->total)
        return;
    double left = spent >= ESTIMATE_AFTER_S && p->total > 0
                      ? sq_progress_left_s(spent, (double)done / p->total)
                      : NAN;
    char line[256];
    sq_progress_line(p, sq_progress_text(line, sizeof line, p->who, done, p->total, p->what, left));
}

void sq_progress_interrupt(void) {
    if (!screen)
        return;
    fprintf(screen, "\r%*s\r", screen_width, "");
    fflush(screen);
    screen = NULL;
    screen_width = 0;
}

void sq_progress_clear(sq_progress *p) {
    if (p->out && p->out == screen && p->drawn_at >= 0)
        sq_progress_interrupt();
    p->drawn_at = -1;
}
