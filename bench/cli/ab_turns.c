#include "bench/cli/ab_turns.h"

#include "bench/cli/messages.h"
#include "bench/machine/clock.h"
#include "bench/util/exit_status.h"
#include "bench/util/progress.h"
#include "bench/util/spawn.h"
#include "bench/util/stop_signals.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char side_name[2] = {'A', 'B'};

/* What a signal must take with it: the run going on and the turns' files
 * (their names made beforehand: a handler formats nothing). */
static ab_turns *current;
static volatile pid_t running;
static sq_stop_handlers before;

int ab_side_at(int turn) {
    return (turn / 2 + turn) % 2; /* pair k's first is A for even k */
}

static void remove_files(ab_turns *t) {
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < t->pairs; k++)
            unlink(t->files[s][k]);
    unlink(t->merged[0]);
    unlink(t->merged[1]);
    unlink(t->log);
    rmdir(t->dir);
}

static void stop(int sig) {
    if (running > 0) {
        kill(running, SIGKILL);
        waitpid(running, NULL, 0);
    }
    if (current)
        remove_files(current);
    sq_stops_raise_again(&before, sig);
}

void ab_turns_clean(ab_turns *t) {
    if (current != t)
        return;
    remove_files(t);
    sq_stops_restore(&before);
    current = NULL;
}

/* compare, which reads the merged files, exits on bad input. */
static void clean_at_exit(void) {
    if (current)
        ab_turns_clean(current);
}

/* The folder and the files' names; 0, or -1 having said why. */
static int make_folder(ab_turns *t) {
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = "/tmp";
    if (snprintf(t->dir, sizeof t->dir, "%s/sqcolor-ab-XXXXXX", tmp) >= (int)sizeof t->dir ||
        !mkdtemp(t->dir)) {
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
    current = t;
    sq_stops_catch(&before, stop);
    atexit(clean_at_exit);
    return 0;
}

/* Copies the failed run's output to stderr, indented. */
static void show_log(const char *path) {
    FILE *f = fopen(path, "r");
    char line[1024];
    while (f && fgets(line, sizeof line, f))
        fprintf(stderr, "  %s%s", line, strchr(line, '\n') ? "" : "\n");
    if (f)
        fclose(f);
}

/* side's run into file: its argv, started with its output to the log.
 * Returns its wait status, or -1 having said why it could not start. */
static int run_one(ab_turns *t, int side, const char *file) {
    const char *argv[16 + 2 * 64];
    int n = 0;
    const char *own[] = {t->bins[side], "run",  "--processes", "1",
                         "--format",    "json", "--output",    file};
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
        argv[n++] = own[i];
    for (int i = 0; i < t->noptions && n < (int)(sizeof argv / sizeof argv[0]) - 1; i++)
        argv[n++] = t->options[i];
    argv[n] = NULL;
    pid_t pid;
    fflush(NULL);
    int err = sq_spawn_logged((char *const *)argv, t->log, &pid);
    if (err) {
        sq_error_line("ab", "cannot start %c (%s): %s", side_name[side], argv[0], strerror(err));
        return -1;
    }
    running = pid;
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            status = -1;
            break;
        }
    running = 0;
    return status;
}

/* Says how the run of turn i ended, if not well; returns ab's exit status. */
static int judge_turn(const ab_turns *t, int turn, int status) {
    int side = ab_side_at(turn), pair = turn / 2 + 1;
    if (status == -1)
        return SQ_EXIT_FAIL;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return SQ_EXIT_OK;
    if (WIFSIGNALED(status))
        sq_error_line("ab", "%c's run of pair %d of %d (%s) died of signal %d; its output:",
                      side_name[side], pair, t->pairs, t->bins[side], WTERMSIG(status));
    else
        sq_error_line("ab", "%c's run of pair %d of %d (%s) exited with status %d; its output:",
                      side_name[side], pair, t->pairs, t->bins[side], WEXITSTATUS(status));
    show_log(t->log);
    return WIFEXITED(status) && WEXITSTATUS(status) == SQ_EXIT_USAGE ? SQ_EXIT_USAGE : SQ_EXIT_FAIL;
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
        int status = run_one(t, side, t->files[side][turn / 2]);
        sq_progress_clear(&bar);
        rc = judge_turn(t, turn, status);
    }
    return rc;
}
