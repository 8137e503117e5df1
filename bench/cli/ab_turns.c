#include "bench/cli/ab_turns.h"

#include "bench/cli/messages.h"
#include "bench/machine/clock.h"
#include "bench/util/exit_status.h"
#include "bench/util/progress.h"
#include "bench/util/child.h"
#include "bench/util/cleanup.h"
#include "bench/util/escape.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static const char side_name[2] = {'A', 'B'};

int ab_side_at(int turn) {
    return (turn / 2 + turn) % 2; /* pair k's first is A for even k */
}

void ab_turns_clean(ab_turns *t) {
    sq_cleanup_remove_folder(t->dir);
}

/* The folder and the files' names; 0, or -1 having said why. */
static int make_folder(ab_turns *t) {
    const char *tmp;
    if (sq_child_folder(t->dir, sizeof t->dir, "sqcolor-ab", &tmp)) {
        sq_error_line("ab", "cannot make a folder for the runs' files in %s: %s", tmp,
                      strerror(errno));
        return -1;
    }
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < t->pairs; k++)
            snprintf(t->files[s][k], sizeof t->files[s][k], "%s/%c-%d.json", t->dir,
                     side_name[s] + ('a' - 'A'), k + 1);
    for (int s = 0; s < 2; s++)
        snprintf(t->merged[s], sizeof t->merged[s], "%s/%c.json", t->dir,
                 side_name[s] + ('a' - 'A'));
    snprintf(t->log, sizeof t->log, "%s/output.txt", t->dir);
    return 0;
}

/* Copies the failed run's output to stderr, indented, each line as a
 * message shows text from outside: A and B are anyone's programs, and an
 * escape sequence of theirs must not reach the terminal. */
static void show_log(const char *path) {
    FILE *f = fopen(path, "r");
    char line[1024], shown[4 * sizeof line + 8];
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        fprintf(stderr, "  %s\n", sq_text_shown(line, shown, sizeof shown));
    }
    if (f)
        fclose(f);
}

/* side's run into file: its argv, started with its output to the log.
 * Returns 0 with how it ended in *end, or -1 (having said why where it
 * could not start). */
static int run_one(ab_turns *t, int side, const char *file, sq_child_end *end) {
    const char *argv[16 + 2 * 64];
    int n = 0;
    const char *own[] = {t->bins[side], "run",  "--processes", "1",
                         "--format",    "json", "--output",    file};
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
        argv[n++] = own[i];
    for (int i = 0; i < t->noptions && n < (int)(sizeof argv / sizeof argv[0]) - 1; i++)
        argv[n++] = t->options[i];
    argv[n] = NULL;
    sq_child child;
    sq_child_io io = {.input = -1, .output = -1, .log = t->log};
    fflush(NULL);
    int err = sq_child_spawn(&child, (char *const *)argv, &io);
    if (err) {
        sq_error_line("ab", "cannot start %c (%s): %s", side_name[side], argv[0], strerror(err));
        return -1;
    }
    return sq_child_wait(&child, SQ_CHILD_NO_LIMIT, end);
}

/* Says how the run of turn i ended, if not well; returns ab's exit status. */
static int judge_turn(const ab_turns *t, int turn, const sq_child_end *end) {
    int side = ab_side_at(turn), pair = turn / 2 + 1;
    char words[64];
    if (sq_child_ok(end))
        return SQ_EXIT_OK;
    sq_error_line("ab", "%c's run of pair %d of %d (%s) %s; its output:", side_name[side], pair,
                  t->pairs, t->bins[side], sq_child_words(end, words, sizeof words));
    show_log(t->log);
    return WIFEXITED(end->status) && WEXITSTATUS(end->status) == SQ_EXIT_USAGE ? SQ_EXIT_USAGE
                                                                               : SQ_EXIT_FAIL;
}

/* "ab: pair 3/8, about 40 s left", from the time the turns so far took. */
static void show_progress(const ab_turns *t, sq_progress *bar, int turn, double started) {
    int turns = 2 * t->pairs;
    double left = sq_progress_left_s(sq_monotonic_s() - started, (double)turn / turns);
    char line[80];
    size_t n = (size_t)snprintf(line, sizeof line, "ab: pair %d/%d", turn / 2 + 1, t->pairs);
    if (turn > 0 && !isnan(left))
        snprintf(line + n, sizeof line - n, ", about %.0f s left", left);
    sq_progress_line(bar, line);
}

int ab_turns_run(ab_turns *t) {
    if (make_folder(t))
        return SQ_EXIT_FAIL;
    sq_progress bar;
    sq_progress_start(&bar, t->progress ? stderr : NULL, "ab", "turns", 2 * t->pairs);
    double started = sq_monotonic_s();
    int rc = SQ_EXIT_OK;
    for (int turn = 0; turn < 2 * t->pairs && rc == SQ_EXIT_OK; turn++) {
        int side = ab_side_at(turn);
        show_progress(t, &bar, turn, started);
        sq_child_end end;
        int ran = run_one(t, side, t->files[side][turn / 2], &end);
        sq_progress_clear(&bar);
        rc = ran ? SQ_EXIT_FAIL : judge_turn(t, turn, &end);
    }
    return rc;
}
