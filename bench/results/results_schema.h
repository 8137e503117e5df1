/* What the result file's reader and writer agree on: the schema's version,
 * the tool that writes it and every field's name, each named once here
 * (under the object it belongs to; a name used in several objects, under the
 * first). The format is described in docs/file-formats.md. */
#ifndef SQCOLOR_RESULTS_SCHEMA_H
#define SQCOLOR_RESULTS_SCHEMA_H

/* The schema written; every one from 1 up to it is read. */
#define SQ_RESULTS_SCHEMA 3

/* tool.name: a file naming another tool is not read. */
#define SQ_RESULTS_TOOL "sqcolor"

/* the top level */
#define SQ_KEY_SCHEMA               "schema"
#define SQ_KEY_TOOL                 "tool"
#define SQ_KEY_IMPLS                "impls"
#define SQ_KEY_MACHINE              "machine"
#define SQ_KEY_CLOCK                "clock"
#define SQ_KEY_CONFIG               "config"
#define SQ_KEY_ELAPSED_S            "elapsed_s"
#define SQ_KEY_MISPREDICT_REFERENCE "mispredict_reference"
#define SQ_KEY_SUMMARY              "summary"
#define SQ_KEY_CODE                 "code"
#define SQ_KEY_CODE_MISMATCHES      "code_mismatches"
#define SQ_KEY_LOOPS                "loops"
#define SQ_KEY_RESULTS              "results"
#define SQ_KEY_BATCH                "batch"
#define SQ_KEY_BATCH_HUGE_PAGES     "batch_huge_pages"
#define SQ_KEY_SEQUENCE_HUGE_PAGES  "sequence_huge_pages"
#define SQ_KEY_TRY                  "try"
#define SQ_KEY_HISTORY              "history" /* optional: quiet, runs */
#define SQ_KEY_RUNS                 "runs"

/* tool */
#define SQ_KEY_NAME            "name"
#define SQ_KEY_VERSION         "version"
#define SQ_KEY_COMMIT          "commit"
#define SQ_KEY_HARNESS_VERSION "harness_version" /* optional: none in older files */

/* try (a run of sqcolor try: the technique's file) */
#define SQ_KEY_FILE "file"
#define SQ_KEY_TEXT "text"

/* impls[] */
#define SQ_KEY_COMPILER "compiler"
#define SQ_KEY_FLAGS    "flags"

/* machine */
#define SQ_KEY_VENDOR     "vendor"
#define SQ_KEY_BRAND      "brand"
#define SQ_KEY_FAMILY     "family"
#define SQ_KEY_MODEL      "model"
#define SQ_KEY_STEPPING   "stepping"
#define SQ_KEY_HYPERVISOR "hypervisor"
#define SQ_KEY_KERNEL     "kernel"
/* optional, only where a test switch acted (bench/machine/test_switches.h) */
#define SQ_KEY_HIDDEN_FEATURES "hidden_features"
#define SQ_KEY_TEST_BRAND      "test_brand"

/* clock */
#define SQ_KEY_SOURCE               "source"
#define SQ_KEY_TSC_SOURCE           "tsc_source"
#define SQ_KEY_TSC_HZ               "tsc_hz"
#define SQ_KEY_CORE_HZ              "core_hz"
#define SQ_KEY_CORE_HZ_MIN          "core_hz_min"
#define SQ_KEY_CORE_HZ_MAX          "core_hz_max"
#define SQ_KEY_TIMER_OVERHEAD_TICKS "timer_overhead_ticks"
#define SQ_KEY_ALU_PER_CYCLE        "alu_per_cycle"
#define SQ_KEY_SCREENED             "screened"
#define SQ_KEY_DROPPED              "dropped"
#define SQ_KEY_MODULATION_HZ        "modulation_hz"
#define SQ_KEY_MODULATION_AMPLITUDE "modulation_amplitude"

/* config (spread_threshold: read from older files, no longer written) */
#define SQ_KEY_REPS             "reps"
#define SQ_KEY_MIN_REPS         "min_reps"
#define SQ_KEY_TIGHT            "tight"
#define SQ_KEY_SAMPLES          "samples"
#define SQ_KEY_PROCESSES        "processes"
#define SQ_KEY_SAMPLE_US        "sample_us"
#define SQ_KEY_VISITS           "visits"
#define SQ_KEY_LENGTH           "length"
#define SQ_KEY_SEED             "seed"
#define SQ_KEY_CPU              "cpu"
#define SQ_KEY_SEQUENCES        "sequences"
#define SQ_KEY_ASLR             "aslr"
#define SQ_KEY_SHARE_IDENTICAL  "share_identical"
#define SQ_KEY_SPREAD_THRESHOLD "spread_threshold"

/* mispredict_reference */
#define SQ_KEY_CORE "core"

/* summary[] */
#define SQ_KEY_LATENCY                 "latency"
#define SQ_KEY_THROUGHPUT              "throughput"
#define SQ_KEY_BRANCH_PREDICTABLE      "branch_predictable"
#define SQ_KEY_MISPREDICT_PENALTY      "mispredict_penalty"
#define SQ_KEY_MISPREDICT_PENALTY_CI95 "mispredict_penalty_ci95"

/* code[] and loops[] (loops[] with mode) */
#define SQ_KEY_ID    "id"
#define SQ_KEY_INSNS "insns"
#define SQ_KEY_BYTES "bytes"
#define SQ_KEY_HASH  "hash"

/* code_mismatches[] (and ids, cycles) */
#define SQ_KEY_IDS  "ids"
#define SQ_KEY_SAME "same"

/* results (schema 3: {columns, rows}, the columns named as results[]'s
 * fields, and flags) */
#define SQ_KEY_COLUMNS "columns"
#define SQ_KEY_ROWS    "rows"

/* results[] (schemas 1 and 2) */
#define SQ_KEY_TECHNIQUE         "technique"
#define SQ_KEY_IMPL              "impl"
#define SQ_KEY_SEQUENCE          "sequence"
#define SQ_KEY_MODE              "mode"
#define SQ_KEY_CYCLES            "cycles"
#define SQ_KEY_TICKS             "ticks"
#define SQ_KEY_NS                "ns"
#define SQ_KEY_HARNESS           "harness"
#define SQ_KEY_HOST              "host" /* a row's per-repetition flags; the run's counts */
#define SQ_KEY_RETAKEN           "retaken"
#define SQ_KEY_HOST_LOSS         "host_loss" /* optional: none in older files */
#define SQ_KEY_MOVED             "moved"
#define SQ_KEY_QUIET             "quiet"
#define SQ_KEY_SHARED            "shared"
#define SQ_KEY_CONTROL_DEPENDENT "control_dependent"
#define SQ_KEY_LOOP_BRANCH_ONLY  "loop_branch_only"
#define SQ_KEY_CHAIN_APART       "chain_apart"
#define SQ_KEY_SHARED_FROM       "shared_from"
#define SQ_KEY_MODES             "modes"

/* results[].modes[] */
#define SQ_KEY_SHARE "share"

/* a figure's statistics (cycles, ticks, ns) */
#define SQ_KEY_MIN    "min"
#define SQ_KEY_MEDIAN "median"
#define SQ_KEY_P90    "p90"
#define SQ_KEY_CI95   "ci95"

/* batch[] */
#define SQ_KEY_N "n"

/* results.columns (schema 3), in the order written: the first
 * SQ_REQUIRED_COLUMNS in every file, the others only where a row has them.
 * SQ_COLUMN_NAMES initialises an array of their names, by index. */
enum {
    SQ_COL_ID,
    SQ_COL_SEQUENCE,
    SQ_COL_MODE,
    SQ_COL_FLAGS,
    SQ_COL_SAMPLES,
    SQ_COL_SHARED,
    SQ_COL_PROCESSES,
    SQ_COL_HARNESS,
    SQ_COL_HOST,
    SQ_COL_RETAKEN,
    SQ_COL_HOST_LOSS,
    SQ_NCOLUMNS
};
#define SQ_REQUIRED_COLUMNS 5
#define SQ_COLUMN_NAMES                                                                            \
    {                                                                                              \
        SQ_KEY_ID, SQ_KEY_SEQUENCE, SQ_KEY_MODE, SQ_KEY_FLAGS, SQ_KEY_SAMPLES, SQ_KEY_SHARED_FROM, \
            SQ_KEY_PROCESSES, SQ_KEY_HARNESS, SQ_KEY_HOST, SQ_KEY_RETAKEN, SQ_KEY_HOST_LOSS        \
    }

#endif
