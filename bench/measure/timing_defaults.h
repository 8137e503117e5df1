/* Every timing default of sqcolor, in one place: run and run --quick, the
 * batch rows (batch, and run's), and sqcolor-gbench, which times a row as
 * run does. A default that --quick changes is a pair (without, with); the
 * options' help prints them from here (SQ_DEFAULT_NOTE), and the front ends
 * take them through sq_engine_defaults and sq_batch_timing_defaults. */
#ifndef SQCOLOR_TIMING_DEFAULTS_H
#define SQCOLOR_TIMING_DEFAULTS_H

/* Every row gets at least MIN_REPS repetitions, each the fastest of VISITS
 * one-sample visits spread over the run; rows whose interval of the median
 * is still wider than TIGHT (a fraction of the median, or TIGHT_ABS cycles)
 * get REPS_STEP more at a time, up to REPS, in rounds that end within BUDGET
 * seconds of the run's start; the repetitions spread over PROCESSES. */
#define SQ_TIMING_REPS        (30, 3)
#define SQ_TIMING_MIN_REPS    (6, 3)
#define SQ_TIMING_SAMPLES     (3, 2)
#define SQ_TIMING_VISITS      (3, 1)
#define SQ_TIMING_SAMPLE_US   (25, 20)
#define SQ_TIMING_LENGTH_LOG2 (20, 16)
#define SQ_TIMING_PROCESSES   (3, 1)
#define SQ_RUN_REPS_STEP      3
#define SQ_RUN_TIGHT_PERMILLE 5
#define SQ_RUN_TIGHT_ABS      0.01
#define SQ_RUN_BUDGET_S       11

/* A batch row's repetitions and fastest-of samples (its sample length,
 * SQ_BATCH_SAMPLE_US, in bench/results/figures.h: its file's digits follow
 * it); a run spreads the repetitions over its processes. Past L1 a
 * repetition is the fastest over up to PLACEMENTS placements (batch_timing.h). */
#define SQ_TIMING_BATCH_REPS       (12, 3)
#define SQ_TIMING_BATCH_SAMPLES    (3, 2)
#define SQ_TIMING_BATCH_PLACEMENTS (8, 3)

/* A pair's value without --quick and with it. */
#define SQ_DEFAULT_OF_(run, quick) run
#define SQ_QUICK_OF_(run, quick)   quick
#define SQ_DEFAULT_OF(pair)        SQ_DEFAULT_OF_ pair
#define SQ_QUICK_OF(pair)          SQ_QUICK_OF_ pair
#define SQ_PICK(quick, pair)       ((quick) ? SQ_QUICK_OF(pair) : SQ_DEFAULT_OF(pair))

/* A pair as the help shows it: "30, with --quick 3". */
#define SQ_TEXT_(x) #x
#define SQ_TEXT(x)  SQ_TEXT_(x)
#define SQ_DEFAULT_NOTE(pair)                                                                      \
    SQ_TEXT(SQ_DEFAULT_OF(pair)) ", with --quick " SQ_TEXT(SQ_QUICK_OF(pair))

#endif
