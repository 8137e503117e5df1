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
    OPT_TRACE,
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

/* The rows, one macro each (SQ_RUN_ROW_MODE, ...), for a command that takes
 * some of them (sqcolor ab); SQ_RUN_OPTION_ROWS, indexed by OPT_*, all of
 * them with filter_row as --filter's. */
#define SQ_RUN_ROW_MODE                                                                            \
    {                                                                                              \
        .name = "--mode", .kind = SQ_OPTION_CHOICE_LIST, .placeholder = "LIST",                    \
        .help = "the ways each variant is timed", .default_note = "all",                           \
        .choices = SQ_CHOICES(SQ_MODES)                                                            \
    }
#define SQ_RUN_ROW_SEQUENCE                                                                        \
    {                                                                                              \
        .name = "--sequence", .kind = SQ_OPTION_TEXT, .placeholder = "LIST",                       \
        .help = "comma-separated sequences of squares; one square: " SQ_SEQUENCES_ONE              \
                "; pairs: " SQ_SEQUENCES_PAIR "; or file:PATH with squares 0-63 or "               \
                "names like e4, pairs per line; or pgn:PATH, the squares a PGN's "                 \
                "main-line moves go to (one square)",                                              \
        .default_note = "every sequence of each family"                                            \
    }
#define SQ_RUN_ROW_LENGTH                                                                          \
    {                                                                                              \
        .name = "--length", .kind = SQ_OPTION_WHOLE, .placeholder = "N",                           \
        .help = "squares per sequence",                                                            \
        .default_note =                                                                            \
            "2^" SQ_TEXT(SQ_DEFAULT_OF(SQ_TIMING_LENGTH_LOG2)) ", with --quick 2^" SQ_TEXT(        \
                SQ_QUICK_OF(SQ_TIMING_LENGTH_LOG2)),                                               \
        .min = 64, .max = 1L << 30                                                                 \
    }
#define SQ_RUN_ROW_SEED                                                                            \
    {                                                                                              \
        .name = "--seed", .kind = SQ_OPTION_U64, .placeholder = "N",                               \
        .help = "seed of the random sequences", .def = "1"                                         \
    }
#define SQ_RUN_ROW_REPS                                                                            \
    TIMING_OPTION("--reps", "the most repetitions a row gets; a cell is the median over them",     \
                  SQ_TIMING_REPS, 3, 1000)
#define SQ_RUN_ROW_MIN_REPS TIMING_OPTION("--min-reps", MIN_REPS_HELP, SQ_TIMING_MIN_REPS, 3, 1000)
#define SQ_RUN_ROW_BUDGET                                                                          \
    {                                                                                              \
        .name = "--budget", .kind = SQ_OPTION_WHOLE, .placeholder = "S",                           \
        .help = "start no round of repetitions that would end more than S seconds "                \
                "into the run, what the processes leave going to the rows they left "              \
                "unsettled; 0: no limit (the fewest are always taken)",                            \
        .def = SQ_TEXT(SQ_RUN_BUDGET_S), .min = 0, .max = 86400                                    \
    }
#define SQ_RUN_ROW_SAMPLES                                                                         \
    TIMING_OPTION("--samples", "timed samples per row and repetition; the fastest counts",         \
                  SQ_TIMING_SAMPLES, 1, 100)
#define SQ_RUN_ROW_VISITS                                                                          \
    TIMING_OPTION("--visits", "passes over the rows per repetition the samples are shared among",  \
                  SQ_TIMING_VISITS, 1, 100)
#define SQ_RUN_ROW_SAMPLE_US                                                                       \
    TIMING_OPTION("--sample-us", "length of one sample in microseconds", SQ_TIMING_SAMPLE_US, 5,   \
                  100000)
#define SQ_RUN_ROW_CPU SQ_OPTION_CPU
#define SQ_RUN_ROW_PROCESSES                                                                       \
    TIMING_OPTION("--processes",                                                                   \
                  "processes the repetitions are spread over, one after another, "                 \
                  "each in a fresh address space with its buffers placed anew and "                \
                  "its own order of rows; a cell's interval holds every process's "                \
                  "median. Past one, as many again time the batch rows alone",                     \
                  SQ_TIMING_PROCESSES, 1, SQ_MAX_PROCESSES / 2)
#define SQ_RUN_ROW_ASLR                                                                            \
    {                                                                                              \
        .name = "--aslr", .kind = SQ_OPTION_FLAG,                                                  \
        .help = "keep address space randomisation on (without it, off while timing, so "           \
                "code and data sit at the same addresses in every run)"                            \
    }
#define SQ_RUN_ROW_NO_SHARE                                                                        \
    {                                                                                              \
        .name = "--no-share", .kind = SQ_OPTION_FLAG,                                              \
        .help = "time every row itself (without it, rows whose timed code and "                    \
                "harness are byte-identical to an earlier impl's on the same "                     \
                "sequence and mode are timed once and take its figure, marked ≡)"                \
    }
#define SQ_RUN_ROW_QUICK                                                                           \
    {                                                                                              \
        .name = "--quick", .kind = SQ_OPTION_FLAG,                                                 \
        .help = "a short run: the defaults marked 'with --quick'"                                  \
    }
#define SQ_RUN_ROW_FORMAT SQ_OPTION_FORMAT(SQ_FORMATS, "table", "the form of the tables")
#define SQ_RUN_ROW_DETAIL                                                                          \
    {                                                                                              \
        .name = "--detail", .kind = SQ_OPTION_FLAG,                                                \
        .help = "the tables of every family, mode and sequence too (table, markdown, "             \
                "html); without it a table per family of the headline figures"                     \
    }
#define SQ_RUN_ROW_OUTPUT SQ_OPTION_OUTPUT
#define SQ_RUN_ROW_SAVE                                                                            \
    { .name = "--save", .kind = SQ_OPTION_FLAG, .help = "also save the JSON under --results-dir" }
#define SQ_RUN_ROW_RESULTS_DIR                                                                     \
    {                                                                                              \
        .name = "--results-dir", .kind = SQ_OPTION_TEXT, .placeholder = "DIR",                     \
        .help = "the folder --save saves in, a subfolder per CPU", .def = "results"                \
    }
#define SQ_RUN_ROW_TRACE                                                                           \
    {                                                                                              \
        .name = "--trace", .kind = SQ_OPTION_TEXT, .placeholder = "FILE",                          \
        .help = "also write each kernel sample's readings there, a CSV line an attempt: its "      \
                "clocks, neighbour probe and what the host did (one block a process)"              \
    }
#define SQ_RUN_OPTION_ROWS(filter_row)                                                             \
    [OPT_FILTER] = filter_row, [OPT_MODE] = SQ_RUN_ROW_MODE, [OPT_SEQUENCE] = SQ_RUN_ROW_SEQUENCE, \
    [OPT_LENGTH] = SQ_RUN_ROW_LENGTH, [OPT_SEED] = SQ_RUN_ROW_SEED, [OPT_REPS] = SQ_RUN_ROW_REPS,  \
    [OPT_MIN_REPS] = SQ_RUN_ROW_MIN_REPS, [OPT_BUDGET] = SQ_RUN_ROW_BUDGET,                        \
    [OPT_SAMPLES] = SQ_RUN_ROW_SAMPLES, [OPT_VISITS] = SQ_RUN_ROW_VISITS,                          \
    [OPT_SAMPLE_US] = SQ_RUN_ROW_SAMPLE_US, [OPT_CPU] = SQ_RUN_ROW_CPU,                            \
    [OPT_PROCESSES] = SQ_RUN_ROW_PROCESSES, [OPT_ASLR] = SQ_RUN_ROW_ASLR,                          \
    [OPT_NO_SHARE] = SQ_RUN_ROW_NO_SHARE, [OPT_QUICK] = SQ_RUN_ROW_QUICK,                          \
    [OPT_FORMAT] = SQ_RUN_ROW_FORMAT, [OPT_DETAIL] = SQ_RUN_ROW_DETAIL,                            \
    [OPT_OUTPUT] = SQ_RUN_ROW_OUTPUT, [OPT_SAVE] = SQ_RUN_ROW_SAVE,                                \
    [OPT_RESULTS_DIR] = SQ_RUN_ROW_RESULTS_DIR, [OPT_TRACE] = SQ_RUN_ROW_TRACE,

#endif
