/* A progress line for a command that takes more than a moment: "sqcolor
 * disasm: 120/531 routines, about 40 s left", rewritten in place and cleared
 * at the end. The caller says where it goes: stderr when sq_progress_wanted
 * (a terminal, not CI), else nowhere. */
#ifndef SQCOLOR_PROGRESS_H
#define SQCOLOR_PROGRESS_H

#include <stddef.h>
#include <stdio.h>

typedef struct sq_progress {
    FILE *out;        /* NULL: nothing is drawn */
    const char *who;  /* "sqcolor disasm" */
    const char *what; /* "routines" */
    int total;
    double start;    /* monotonic seconds */
    double drawn_at; /* when the line was last drawn; < 0: not since a clear */
} sq_progress;

/* Starts the count of total things (what) that who works through, drawn on
 * out (NULL: none). */
void sq_progress_start(sq_progress *p, FILE *out, const char *who, const char *what, int total);

/* done of them done: the line drawn again, at most five times a second
 * (always the first time and at the end), with an estimate of the time
 * left once a second has passed. */
void sq_progress_count(sq_progress *p, int done);

/* line drawn in place of the last (a command's own wording). */
void sq_progress_line(sq_progress *p, const char *line);

/* The line removed, before other output or at the end; the next count draws
 * again at once. */
void sq_progress_clear(sq_progress *p);

/* Whatever progress line is on screen removed: before a message line, so
 * that it does not end up behind the progress (messages.c does it). The
 * next count draws its line again at once. */
void sq_progress_interrupt(void);

/* Seconds left at the pace so far, with share (0 to 1) of the work done in
 * spent_s seconds; NAN while nothing is done. */
double sq_progress_left_s(double spent_s, double share);

/* "WHO: DONE/TOTAL WHAT" and, where left_s is a number, ", about N s left"
 * (N rounded: to 5 s from 10 s, to minutes from 100 s), into buf. */
const char *sq_progress_text(char *buf, size_t len, const char *who, int done, int total,
                             const char *what, double left_s);

#endif
