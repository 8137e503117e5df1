/* sqcolor batch: verify the batch routines, time them at an L1- and an
 * L2-resident size, print one table and the best per CPU feature level. */
#include "bench/machine/test_switches.h"
#include "bench/measure/batch_timing.h"
#include "bench/measure/timing_defaults.h"
#include "bench/results/figures.h"
#include "bench/verify/batch_verify.h"
#include "bench/cli/cli.h"
#include "bench/util/progress.h"
#include "bench/cli/formats.h"
#include "bench/measure/engine.h"
#include "bench/render/doc.h"
#include "bench/util/failure.h"
#include "bench/util/output.h"
#include "bench/report/report_batch.h"

#include <stdlib.h>

enum { OPT_FILTER, OPT_QUICK, OPT_SIZES, OPT_FORMAT, OPT_OUTPUT, OPT_COUNT };
static const sq_option
    options[OPT_COUNT] =
        {
            [OPT_FILTER] = SQ_OPTION_FILTER("batch ids, e.g. 'color_batch/*/asm'"),
            /* The help's pieces, a constant each. */
            /* clang-format off */
    [OPT_QUICK] = {.name = "--quick",
                   .kind = SQ_OPTION_FLAG,
                   .help = "fewer repetitions ("
                           SQ_TEXT(SQ_QUICK_OF(SQ_TIMING_BATCH_REPS)) " of the fastest of "
                           SQ_TEXT(SQ_QUICK_OF(SQ_TIMING_BATCH_SAMPLES)) " samples of "
                           SQ_STR(SQ_BATCH_SAMPLE_US) " us on each of up to "
                           SQ_TEXT(SQ_QUICK_OF(SQ_TIMING_BATCH_PLACEMENTS)) " placements past L1; without it "
                           SQ_TEXT(SQ_DEFAULT_OF(SQ_TIMING_BATCH_REPS)) " of "
                           SQ_TEXT(SQ_DEFAULT_OF(SQ_TIMING_BATCH_SAMPLES)) " on up to "
                           SQ_TEXT(SQ_DEFAULT_OF(SQ_TIMING_BATCH_PLACEMENTS)) ")"},
            /* clang-format on */
            [OPT_SIZES] = SQ_OPTION_BATCH_SIZES("squares (pairs) per call to time at, e.g. "
                                                "1024,2048,4096,8192 for the curve over sizes "
                                                "(docs/batch.md)"),
            [OPT_FORMAT] =
                SQ_OPTION_FORMAT(SQ_FORMATS_TABLE_MARKDOWN_CSV, "table", "the form of the table"),
            [OPT_OUTPUT] = SQ_OPTION_OUTPUT,
};

static int run_batch(int argc, char **argv);

static const sq_example batch_examples[] = {
    {"sqcolor batch --quick", "a short timing of every batch routine at the L1 and L2 sizes"},
    {"sqcolor batch --filter 'color_batch/*/asm' --sizes 1024,4096,16384,65536,262144",
     "the asm routines' cost per square over sizes, L1 to L2"},
};

const sq_command sq_command_batch = {
    .name = "batch",
    .run = run_batch,
    .summary = "verify, then time the batch routines: cycles per square at L1 and L2",
    .description =
        "Verifies the batch variants this CPU runs (sqcolor verify's batch checks), then times\n"
        "each on random squares at an L1-resident size (8 KiB of squares) and an L2-resident one\n"
        "(256 KiB): core cycles per square (per pair), the median of the repetitions with its 95%\n"
        "interval. Then the best hand-written routine per CPU feature level.",
    .options = options,
    .noptions = OPT_COUNT,
    SQ_EXAMPLES(batch_examples),
};

/* Returns sq_doc_finish's answer. */
static int write_doc(FILE *out, sq_doc_format format, const sq_run *run, const char *skipped,
                     const sq_calibration *cal, const sq_batch_timing *t) {
    sq_doc d;
    sq_doc_open(&d, out, format, "sqcolor batch");
    sq_report_batch(&d, run, false);
    if (*skipped)
        sq_doc_note(&d, "%s", skipped);
    sq_doc_note(&d,
                "%d repetitions, each the fastest of %d samples of %.0f us on each of up to %d "
                "placements past L1; cycles from the add-chain calibration before each (%.2f GHz "
                "core)",
                t->reps, t->samples, t->sample_s * 1e6, t->placements, cal->core_hz / 1e9);
    sq_doc_note(&d, "machine: %s (family 0x%x model 0x%x)", cal->machine.brand, cal->machine.family,
                cal->machine.model);
    char switches[400];
    if (*sq_test_switches_text(switches, sizeof switches))
        sq_doc_note(&d, "test switches: %s: the machine as the environment makes it seem",
                    switches);
    return sq_doc_finish(&d);
}

static int run_batch(int argc, char **argv) {
    sq_value v[OPT_COUNT];
    sq_parse_options(&sq_command_batch, argc, argv, v, NULL, 0, NULL);
    const char *filter = v[OPT_FILTER].text, *output = v[OPT_OUTPUT].text;
    bool quick = v[OPT_QUICK].given;
    sq_format format = sq_format_of(&v[OPT_FORMAT]);

    const sq_batch_variant **vs = sq_batch_variant_room();
    int n = sq_select_batch_supported_or_exit("batch", filter, vs);
    char err[512];

    static sq_output out_file; /* 8 KiB: not on a small stack */
    FILE *out = stdout;
    if (output) {
        if (sq_output_open(&out_file, output, err, sizeof err))
            sq_usage_error("batch", "%s", err);
        out = out_file.fp;
    }
    bool progress = sq_progress_wanted();
    sq_progress bar;
    char line[64];
    snprintf(line, sizeof line, "sqcolor batch: verifying %d variants", n);
    sq_progress_start(&bar, progress ? stderr : NULL, "sqcolor batch", "variants", n);
    sq_progress_line(&bar, line);
    /* Truth first: failures on stderr stop the command. */
    bool verified = sq_batch_verify_all(vs, n, true, stderr);
    sq_progress_clear(&bar);
    if (!verified) {
        if (output)
            sq_output_abort(&out_file);
        return SQ_EXIT_FAIL;
    }
    sq_batch_timing t = sq_batch_timing_defaults(quick);
    t.nsizes = v[OPT_SIZES].nwholes;
    for (int s = 0; s < t.nsizes; s++)
        t.sizes[s] = (size_t)v[OPT_SIZES].wholes[s];
    sq_calibration_config ccfg = sq_calibration_defaults();
    ccfg.reps = t.reps;
    sq_calibration cal;
    static char skipped[2200];
    static sq_run result; /* 10 KiB: not on a small stack */
    if (sq_batch_time_run(&result, vs, n, &t, &ccfg, progress, skipped, sizeof skipped, &cal)) {
        fprintf(stderr, "sqcolor batch: out of memory\n");
        if (output)
            sq_output_abort(&out_file);
        return SQ_EXIT_FAIL;
    }
    sq_run_finish(&result);
    /* A write error shows on commit, or for standard output at exit (main.c). */
    int written = 0;
    if (format == SQ_FORMAT_CSV)
        sq_write_batch_csv(out, &result);
    else
        written = write_doc(out, format == SQ_FORMAT_MARKDOWN ? SQ_DOC_MARKDOWN : SQ_DOC_TEXT,
                            &result, skipped, &cal, &t);
    sq_run_free(&result); /* the batch rows and their samples */
    return sq_finish_report_output("batch", output ? &out_file : NULL, written, SQ_FORMAT_TABLE);
}
