/* A run's top-up: once its processes are merged, the rows their pooled
 * samples leave unsettled (sq_settle_need, the rule a process's rounds
 * judge by, now over every process's samples) get one more process's
 * repetitions, in the order topup.c gives, as many as the run's budget has
 * room for. A process judges a row on its own share (2 samples by default), whose
 * range holds the median half the time; the run judges it on all of them. */
#ifndef SQCOLOR_TOPUP_H
#define SQCOLOR_TOPUP_H

#include "bench/results/results.h"

#include <stddef.h>

typedef struct sq_topup_rule {
    int fewest;       /* clean repetitions a row needs at the least: the run's */
    int most;         /* the most a row gets: the run's --reps */
    int step;         /* repetitions a top-up gives each row it times */
    double tight;     /* the tolerance, a fraction of the median ... */
    double tight_abs; /* ... or cycles, the larger */
} sq_topup_rule;

/* Picks up to room rows of run, in topup.c's order: rows timed themselves
 * (not ≡), with room for rule->step more repetitions, whose clean samples
 * do not settle them. Sets their bits in bits (one a row of run->results,
 * bit i in bits[i / 8], the rest cleared; SQ_TOPUP_BYTES(n) bytes) and
 * returns how many; -1 when out of memory. */
#define SQ_TOPUP_BYTES(n) (((size_t)(n) + 7) / 8)
int sq_topup_pick(const sq_run *run, const sq_topup_rule *rule, int room, unsigned char *bits);

/* The rows bits picks of nrows as text for a process ("NROWS:" then two
 * hex digits a byte) into text (SQ_TOPUP_TEXT(nrows) bytes), and back:
 * sq_topup_read returns 0, or -1 for text that is not such a list. */
#define SQ_TOPUP_TEXT(n) (24 + 2 * SQ_TOPUP_BYTES(n))
void sq_topup_text(const unsigned char *bits, int nrows, char *text);
int sq_topup_read(const char *text, unsigned char **bits, int *nrows);

#endif
