/* The options of sqcolor run, each row once (options.h), which sqcolor try
 * takes too: one list of rows, each command's table made from it with its
 * own --filter row (what the globs select differs). */
#ifndef SQCOLOR_RUN_OPTIONS_H
#define SQCOLOR_RUN_OPTIONS_H

#include "bench/cli/formats.h"
#include "bench/cli/options.h"
#include "bench/input/sequence.h"
#include "bench/measure/timing_defaults.h"
#include "bench/results/results.h"

enum {
    OPT_FILTER,
    OPT_MODE,
    OPT_SEQUENCE,
    OPT_LENGTH,
    OPT_SEED,
    OPT_REPS,
    OPT_MIN_REPS,
    OPT_BUDGET,
    OPT_SAMPLES,
    OPT_VISITS,
    OPT_SAMPLE_US,
    OPT_CPU,
    OPT_PROCESSES,
    OPT_ASLR,
    OPT_NO_SHARE,
    OPT_QUICK,
    OPT_FORMAT,
    OPT_DETAIL,
    OPT_OUTPUT,
    OPT_SAVE,
    OPT_RESULTS_DIR,
    OPT_COUNT
};

/* A whole-number option of run whose default --quick changes
 * (timing_defaults.h). */
#define TIMING_OPTION(option, what, pair, least, most)                                             \
    {                                                                                              \
        .name = option, .kind = SQ_OPTION_WHOLE, .placeholder = "N", .help = what,                 \
        .default_note = SQ_DEFAULT_NOTE(pair), .min = least, .max = most                           \
    }

// clang-format off
#define MIN_REPS_HELP                                                                              \
    "the fewest: rows whose 95% interval of the median is within "                                 \
    SQ_TEXT(SQ_RUN_TIGHT_PERMILLE) " per mille (or " SQ_TEXT(SQ_RUN_TIGHT_ABS) " cycles) stop "    \
    "there; the others get " SQ_TEXT(SQ_RUN_REPS_STEP) " more at a time; = --reps for a fixed "    \
    "count"
// clang-format on

/* The rows, indexed by OPT_*, with filter_row as --filter's. */
// clang-format off
#define SQ_RUN_OPTION_ROWS(filter_row)                                                            \
    [OPT_FILTER] = filter_row,                                                                     \
    [OPT_MODE] = {.name = "--mode",                                                                \
                  .kind = SQ_OPTION_CHOICE_LIST,                                                   \
                  .placeholder = "LIST",                                                           \
                  .help = "the ways each variant is timed",                                        \
                  .default_note = "all",                                                           \
                  .choices = SQ_CHOICES(SQ_MODES)},                                                \
    [OPT_SEQUENCE] = {.name = "--sequence",                                                        \
                      .kind = SQ_OPTION_TEXT,                                                      \
                      .placeholder = "LIST",                                                       \
                      .help = "comma-separated sequences of squares; one square: " SQ_SEQUENCES_ONE \
                              "; pairs: " SQ_SEQUENCES_PAIR "; or file:PATH with squares 0-63 or " \
                              "names like e4, pairs per line; or pgn:PATH, the squares a PGN's "   \
                              "main-line moves go to (one square)",                                \
                      .default_note = "every sequence of each family"},                            \
    [OPT_LENGTH] =                                                                                 \
        {.name = "--length",                                                                       \
         .kind = SQ_OPTION_WHOLE,                                                                  \
         .placeholder = "N",                                                                       \
         .help = "squares per sequence",                                                           \
         .default_note =                                                                           \
             "2^" SQ_TEXT(SQ_DEFAULT_OF(SQ_TIMING_LENGTH_LOG2)) ", with --quick 2^" SQ_TEXT(       \
                 SQ_QUICK_OF(SQ_TIMING_LENGTH_LOG2)),                                              \
         .min = 64,                                                                                \
         .max = 1L << 30},                                                                         \
    [OPT_SEED] = {.name = "--seed",                                                                \
                  .kind = SQ_OPTION_U64,                                                           \
                  .placeholder = "N",                                                              \
                  .help = "seed of the random sequences",                                          \
                  .def = "1"},                                                                     \
    [OPT_REPS] =                                                                                   \
        TIMING_OPTION("--reps", "the most repetitions a row gets; a cell is the median over them", \
                      SQ_TIMING_REPS, 3, 1000),                                                    \
    [OPT_MIN_REPS] = TIMING_OPTION("--min-reps", MIN_REPS_HELP, SQ_TIMING_MIN_REPS, 3, 1000),      \
    [OPT_BUDGET] = {.name = "--budget",                                                            \
                    .kind = SQ_OPTION_WHOLE,                                                       \
                    .placeholder = "S",                                                            \
                    .help = "start no round of repetitions that would end more than S seconds "    \
                            "into the run; 0: no limit (the fewest are always taken)",             \
                    .def = SQ_TEXT(SQ_RUN_BUDGET_S),                                               \
                    .min = 0,                                                                      \
                    .max = 86400},                                                                 \
    [OPT_SAMPLES] =                                                                                \
        TIMING_OPTION("--samples", "timed samples per row and repetition; the fastest counts",     \
                      SQ_TIMING_SAMPLES, 1, 100),                                                  \
    [OPT_VISITS] = TIMING_OPTION("--visits",                                                       \
                                 "passes over the rows per repetition the samples are shared among", \
                                 SQ_TIMING_VISITS, 1, 100),                                        \
    [OPT_SAMPLE_US] = TIMING_OPTION("--sample-us", "length of one sample in microseconds",         \
                                    SQ_TIMING_SAMPLE_US, 5, 100000),                               \
    [OPT_CPU] = SQ_OPTION_CPU,                                                                     \
    [OPT_PROCESSES] =                                                                              \
        TIMING_OPTION("--processes",                                                               \
                      "processes the repetitions are spread over, one after another, "             \
                      "each in a fresh address space with its buffers placed anew and "            \
                      "its own order of rows; a cell's interval holds every process's "            \
                      "median. Past one, as many again time the batch rows alone",                 \
                      SQ_TIMING_PROCESSES, 1, SQ_MAX_PROCESSES / 2),                               \
    [OPT_ASLR] = {.name = "--aslr",                                                                \
                  .kind = SQ_OPTION_FLAG,                                                          \
                  .help = "keep address space randomisation on (without it, off while timing, so " \
                          "code and data sit at the same addresses in every run)"},                \
    [OPT_NO_SHARE] = {.name = "--no-share",                                                        \
                      .kind = SQ_OPTION_FLAG,                                                      \
                      .help = "time every row itself (without it, rows whose timed code and "      \
                              "harness are byte-identical to an earlier impl's on the same "     \
                              "sequence and mode are timed once and take its figure, marked ≡)"},  \
    [OPT_QUICK] = {.name = "--quick",                                                              \
                   .kind = SQ_OPTION_FLAG,                                                         \
                   .help = "a short run: the defaults marked 'with --quick'"},                     \
    [OPT_FORMAT] = SQ_OPTION_FORMAT(SQ_FORMATS, "table", "the form of the tables"),                \
    [OPT_DETAIL] = {.name = "--detail",                                                            \
                    .kind = SQ_OPTION_FLAG,                                                        \
                    .help = "the tables of every family, mode and sequence too (table, markdown, " \
                            "html); without it a table per family of the headline figures"},       \
    [OPT_OUTPUT] = SQ_OPTION_OUTPUT,                                                               \
    [OPT_SAVE] = {.name = "--save",                                                                \
                  .kind = SQ_OPTION_FLAG,                                                          \
                  .help = "also save the JSON under --results-dir"},                               \
    [OPT_RESULTS_DIR] = {.name = "--results-dir",                                                  \
                         .kind = SQ_OPTION_TEXT,                                                   \
                         .placeholder = "DIR",                                                     \
                         .help = "the folder --save saves in, a subfolder per CPU",                \
                         .def = "results"},
// clang-format on

#endif
