/* Per-variant figures drawn from a run's cells, each over the sequences where
 * it means one thing: latency where the chain is a data dependency,
 * throughput, the branch cost on predictable sequences and the cost of one
 * mispredict; and the vendors' published mispredict figures to set beside it.
 * Pure functions of a run: the JSON writer and the tables share them. */
#ifndef SQCOLOR_SUMMARY_H
#define SQCOLOR_SUMMARY_H

#include "bench/machine/cpu_model.h"
#include "bench/results/results.h"
#include "bench/util/choices.h"

#include <stdbool.h>

/* A branch on the result of uniformly random squares (pairs) goes each way
 * half the time: no predictor does better than mispredicting at this rate. */
#define SQ_RANDOM_MISPREDICT_RATE 0.5

/* Whether a predictor can learn a sequence's branch outcomes: every sequence
 * but "random", a file's ("file:NAME", or "file" in older result files),
 * whose order is unknown, and the real games'. */
bool sq_sequence_predictable(const char *sequence);

/* The squares of real games ("game-moves", "game-bishops", ...): a regime of
 * their own, neither learnt nor random. */
bool sq_sequence_from_games(const char *sequence);

typedef enum sq_sequence_set {
    SQ_SEQUENCES_ALL,
    SQ_SEQUENCES_PREDICTABLE, /* sq_sequence_predictable */
    SQ_SEQUENCES_RANDOM,      /* "random" alone */
    SQ_SEQUENCES_GAMES,       /* sq_sequence_from_games */
} sq_sequence_set;

/* A variant's cells in one mode over a set of sequences: cells with no
 * finite median left out, and cells that run at two speeds too (their
 * median falls between two regimes: a median over sequences never mixes
 * regimes), counted apart. */
typedef struct sq_over_sequences {
    double median;       /* of the one-speed cells' medians; NAN with none */
    double ci_lo, ci_hi; /* the medians of the cells' bounds: they hold the median over the
                            sequences whenever every cell's interval holds its cell */
    int ncells;          /* one-speed cells */
    int nbimodal;        /* cells at two speeds, left out */
    int nspoiled;        /* cells the host spoiled (results.h, host_spoiled), kept in */
    bool bimodal;        /* nbimodal > 0 */
} sq_over_sequences;

sq_over_sequences sq_over_sequences_of(const sq_run *run, const char *id, sq_mode mode,
                                       sq_sequence_set set);

/* Whether a row of variant id in mode is control-dependent (results.h): its
 * loop branches in latency and throughput mode, its routine in the others
 * (in files from before loops were read, the routine in every mode). */
bool sq_variant_control_dependent(const sq_run *run, const char *id, sq_mode mode);

/* Whether a row of variant id in mode has a branch only the timed loop
 * holds (results.h, loop_branch_only). */
bool sq_variant_loop_branch_only(const sq_run *run, const char *id, sq_mode mode);

/* Whether a row of variant id in mode times a chain shorter than its
 * routine's (results.h, chain_apart). */
bool sq_variant_chain_apart(const sq_run *run, const char *id, sq_mode mode);

/* Whether a row of variant id in mode was not timed itself but took the
 * figures of another impl's row of byte-identical code (results.h,
 * shared_from). A run shares all of a variant's rows of a mode or none. */
bool sq_variant_shared(const sq_run *run, const char *id, sq_mode mode);

/* Whether a variant's cells in a mode fall in two regimes, predictable
 * sequences and random, that a figure over sequences must keep apart: in
 * branch mode, and where its rows of the mode are control-dependent. */
bool sq_regimes_apart(const sq_run *run, const char *id, sq_mode mode);

/* The figures a reader looks at first, each over the sequences where it
 * means one thing (sq_summary says which), with their names as a choice set
 * (choices.h): branch is the branch cost on the predictable sequences,
 * mispredict core cycles per mispredict. */
#define SQ_HEADLINE_KINDS(X)                                                                       \
    X(SQ_HEADLINE_LATENCY, "latency")                                                              \
    X(SQ_HEADLINE_THROUGHPUT, "throughput")                                                        \
    X(SQ_HEADLINE_BRANCH, "branch") X(SQ_HEADLINE_MISPREDICT, "mispredict")

typedef enum sq_headline_kind {
    SQ_HEADLINE_KINDS(SQ_CHOICE_ENUMERATOR) SQ_HEADLINE_COUNT
} sq_headline_kind;

extern const char *const sq_headline_names[SQ_HEADLINE_COUNT]; /* "latency", ... */

/* The mode whose rows a headline figure is of (the mispredict figure: branch). */
sq_mode sq_headline_mode(sq_headline_kind kind);

/* One headline figure of one variant, with its 95% interval. */
typedef struct sq_headline {
    double median, lo, hi;  /* NAN when it does not apply or its cells are missing */
    int ncells;             /* one-speed cells it comes from */
    int nbimodal;           /* cells at two speeds, left out (the mispredict figure: withheld) */
    int nspoiled;           /* cells the host spoiled, kept in with their wide intervals:
                               ranked nowhere */
    bool control_dependent; /* a latency of a control-dependent variant: there is none */
    bool loop_branch_only;  /* its rows' branch is the timed loop's alone (results.h): a
                               figure of how the loop was built, given no rank or verdict */
    bool chain_apart;       /* its latency rows time a chain shorter than the routine's
                               (results.h): as loop_branch_only, no rank or verdict */
    bool shared;            /* its rows were timed as another impl's (sq_variant_shared) */
} sq_headline;

sq_headline sq_headline_of(const sq_run *run, const char *id, sq_headline_kind kind);

/* One variant's figures in core cycles per square (pair); NAN where one does
 * not apply or its cells are missing. */
typedef struct sq_summary {
    const sq_variant *variant;
    bool control_dependent;    /* in latency mode */
    double latency;            /* median over sequences; NAN when control-dependent */
    double throughput;         /* median over sequences, the predictable ones only
                                  when control-dependent */
    double branch_predictable; /* median over the predictable sequences, branch mode */
    /* (branch on random - branch_predictable) / SQ_RANDOM_MISPREDICT_RATE, core
     * cycles per mispredict, with bounds from the cells' intervals; NAN when a
     * part is missing or a branch cell runs at two speeds. */
    double mispredict_penalty, penalty_lo, penalty_hi;
} sq_summary;

sq_summary sq_summary_of(const sq_run *run, const sq_variant *variant);

/* One summary per variant, in the order of their first rows; *n of them.
 * The caller frees; NULL (and *n = 0) without results or memory. */
sq_summary *sq_summaries_of(const sq_run *run, int *n);

/* A run's rows by variant, so the figures here and in cells.h, which
 * scan a run's rows, cost a variant's rows and not the run's: view is the run
 * with one variant's rows (sq_variant_rows_of). */
typedef struct sq_variant_rows {
    sq_result *rows; /* copies of the run's rows, sorted by id, in run order */
    int n;
    sq_run *view; /* allocated: a run is kilobytes, too much for the stack */
} sq_variant_rows;

/* Returns 0, or -1 on no memory (b then holds nothing; freeing it is fine). */
int sq_variant_rows_init(sq_variant_rows *b, const sq_run *run);

/* The run with only variant id's rows; valid until the next call. */
const sq_run *sq_variant_rows_of(sq_variant_rows *b, const char *id);

void sq_variant_rows_free(sq_variant_rows *b);

/* Keeps the first of each distinct string of s[0..n), in their order, in
 * s[0..k); returns k. Never fails: without memory it takes quadratic time. */
int sq_distinct_strings(const char **s, int n);

/* m's core when its vendor has published the cost of one branch mispredict
 * (its mispredict field, "11-18, 13 typical"), or NULL. */
const sq_cpu_model *sq_mispredict_reference_of(const sq_machine *m);

#endif
