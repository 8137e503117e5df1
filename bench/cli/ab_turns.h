/* sqcolor ab's processes: A's and B's runs of one process each, in turns,
 * A B B A A B B A ...: a pair's two runs share the host's state of their
 * minute, and a drift that is linear over two pairs adds to one pair's
 * difference what it takes from the next's (docs/statistics.md). Each is a
 * `run --processes 1 --format json --output FILE` through the binary's own
 * command line, started as a command of its own (bench/util/child.h), its
 * output kept to show if it fails. */
#ifndef SQCOLOR_AB_TURNS_H
#define SQCOLOR_AB_TURNS_H

#include "bench/results/results.h"

#include <stdbool.h>

/* The most pairs: each side's runs are merged as a run's processes are. */
#define AB_MOST_PAIRS SQ_MAX_PROCESSES

typedef struct ab_turns {
    const char *bins[2];        /* A's sqcolor, B's */
    const char *const *options; /* passed on to every run after ab's own */
    int noptions;
    int pairs;
    bool progress; /* "ab: pair 3/8, about 40 s left" on stderr */
    /* Made by ab_turns_run: the folder, each run's result file by side and
     * pair, a file for each side's runs merged, and the log of the run
     * going on. */
    char dir[4096];
    char files[2][AB_MOST_PAIRS][4160];
    char merged[2][4160];
    char log[4160];
} ab_turns;

/* The side (0 A, 1 B) that runs turn i of 2 * pairs: A B, then B A, ... */
int ab_side_at(int turn);

/* Makes the folder (under $TMPDIR, or /tmp) and runs the turns; until
 * ab_turns_clean, a stop signal takes the run going on and the folder with
 * its files (bench/util/child.h). Returns 0, or the exit status having said
 * why on stderr: a line, then the output of the run that failed (2 where it
 * refused its options, else 1). */
int ab_turns_run(ab_turns *t);

/* The folder and every file in it removed (at exit too). */
void ab_turns_clean(ab_turns *t);

#endif
