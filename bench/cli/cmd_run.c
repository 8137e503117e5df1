/* sqcolor run: verify, then time, then print. */
#include "bench/measure/batch_timing.h"
#include "bench/verify/batch_verify.h"
#include "bench/cli/cli.h"
#include "bench/measure/engine.h"
#include "bench/util/failure.h"
#include "bench/util/failure.h"
#include "bench/util/output.h"
#include "bench/machine/placement.h"
#include "bench/report/report.h"
#include "bench/results/results_path.h"
#include "bench/util/seed.h"
#include "bench/input/sequence.h"
#include "sq_version.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_LIST 16

/* Splits a comma-separated option value into at most MAX_LIST words, which
 * point into *buf: a copy of the value, as long as it is, kept for the run. */
static int split_list(const char *option, const char *value, char **buf, const char **out) {
    free(*buf);
    if (!(*buf = strdup(value))) {
        fprintf(stderr, "sqcolor run: out of memory\n");
        exit(SQ_EXIT_FAIL);
    }
    int n = 0;
    for (char *p = *buf, *tok; (tok = strsep(&p, ","));) {
        if (!*tok)
            sq_usage_error("run", "%s '%s': empty item between commas", option, value);
        if (n == MAX_LIST)
            sq_usage_error("run", "%s: more than %d items", option, MAX_LIST);
        out[n++] = tok;
    }
    return n;
}

static uint64_t parse_seed(const char *value) {
    uint64_t seed;
    if (!sq_seed_parse(value, &seed))
        sq_usage_error("run",
                       "--seed takes a whole number from 0 to 2^64-1 in decimal digits, "
                       "not '%s'",
                       value);
    return seed;
}

int sq_cmd_run(int argc, char **argv) {
    const char *filter = NULL, *modes_s = NULL, *seqs_s = NULL, *length_s = NULL, *seed_s = NULL,
               *reps_s = NULL, *samples_s = NULL, *visits_s = NULL, *sample_us_s = NULL,
               *cpu_s = NULL, *format_s = "table", *output = NULL, *min_reps_s = NULL,
               *budget_s = NULL;
    bool quick = false, save = false, aslr = false, detail = false;
    const char *results_dir = "results";
    const sq_option opts[] = {
        {"--filter", &filter, NULL},
        {"--mode", &modes_s, NULL},
        {"--sequence", &seqs_s, NULL},
        {"--length", &length_s, NULL},
        {"--seed", &seed_s, NULL},
        {"--reps", &reps_s, NULL},
        {"--min-reps", &min_reps_s, NULL},
        {"--budget", &budget_s, NULL},
        {"--samples", &samples_s, NULL},
        {"--visits", &visits_s, NULL},
        {"--sample-us", &sample_us_s, NULL},
        {"--cpu", &cpu_s, NULL},
        {"--format", &format_s, NULL},
        {"--detail", NULL, &detail},
        {"--output", &output, NULL},
        {"--aslr", NULL, &aslr},
        {"--quick", NULL, &quick},
        {"--save", NULL, &save},
        {"--results-dir", &results_dir, NULL},
    };
    sq_parse_options("run", argc, argv, opts, sizeof opts / sizeof opts[0], NULL, 0, NULL);
    /* Code and data at the same addresses in every run: placement moves a
     * loop's speed by a few percent from one process to the next. Before
     * anything is opened: the process is replaced. */
    if (!aslr)
        sq_placement_fix();

    sq_engine_config cfg = {0};
    cfg.timing = sq_calibration_defaults();
    cfg.timing.reps = quick ? SQ_QUICK_REPS : SQ_RUN_REPS;
    cfg.timing.samples = quick ? SQ_QUICK_SAMPLES : SQ_RUN_SAMPLES;
    cfg.visits = quick ? SQ_QUICK_VISITS : SQ_RUN_VISITS;
    cfg.timing.sample_s = (quick ? SQ_QUICK_SAMPLE_US : SQ_RUN_SAMPLE_US) * 1e-6;
    cfg.length = (size_t)1 << (quick ? SQ_QUICK_LENGTH_LOG2 : SQ_RUN_LENGTH_LOG2);
    cfg.min_reps = quick ? SQ_QUICK_REPS : SQ_RUN_MIN_REPS;
    cfg.tight = SQ_RUN_TIGHT_PERMILLE / 1000.0;
    cfg.tight_abs = SQ_RUN_TIGHT_ABS;
    cfg.budget_s = SQ_RUN_BUDGET_S;
    cfg.seed = 1;
    sq_format format = (sq_format)sq_choice("run", "--format", format_s, SQ_FORMAT_CHOICES);

    static char *modes_buf, *seqs_buf;
    const char *words[MAX_LIST];
    if (modes_s) {
        int n = split_list("--mode", modes_s, &modes_buf, words);
        for (int i = 0; i < n; i++)
            cfg.mode[sq_choice("run", "--mode", words[i], "latency|throughput|branch|call")] = true;
    } else {
        for (int m = 0; m < SQ_MODE_COUNT; m++)
            cfg.mode[m] = true;
    }
    static const char *seqs[MAX_LIST];
    if (seqs_s) {
        cfg.nsequences = split_list("--sequence", seqs_s, &seqs_buf, seqs);
        for (int i = 0; i < cfg.nsequences; i++)
            if (!sq_sequence_known(seqs[i], 1) && !sq_sequence_known(seqs[i], 2))
                sq_usage_error("run",
                               "--sequence: unknown sequence '%s' (one square: %s; pairs: %s; "
                               "or file:PATH, pgn:PATH)",
                               seqs[i], sq_sequence_names(1), sq_sequence_names(2));
            else if (sq_sequence_path(seqs[i]) && access(sq_sequence_path(seqs[i]), R_OK) != 0)
                /* Before verification: a typo should not cost its seconds. */
                sq_usage_error("run", "--sequence %s: %s", seqs[i], strerror(errno));
        cfg.sequences = seqs;
    }
    if (length_s)
        cfg.length = (size_t)sq_parse_long("run", "--length", length_s, 64, 1L << 30);
    if (seed_s)
        cfg.seed = parse_seed(seed_s);
    if (reps_s)
        cfg.timing.reps = (int)sq_parse_long("run", "--reps", reps_s, 3, 1000);
    if (min_reps_s)
        cfg.min_reps = (int)sq_parse_long("run", "--min-reps", min_reps_s, 3, 1000);
    if (cfg.min_reps > cfg.timing.reps) {
        if (min_reps_s && reps_s)
            sq_usage_error("run", "--min-reps %d is more than --reps %d", cfg.min_reps,
                           cfg.timing.reps);
        /* One of them asked: the other follows. */
        if (min_reps_s)
            cfg.timing.reps = cfg.min_reps;
        else
            cfg.min_reps = cfg.timing.reps;
    }
    if (budget_s)
        cfg.budget_s = (double)sq_parse_long("run", "--budget", budget_s, 0, 86400);
    if (samples_s)
        cfg.timing.samples = (int)sq_parse_long("run", "--samples", samples_s, 1, 100);
    if (visits_s)
        cfg.visits = (int)sq_parse_long("run", "--visits", visits_s, 1, 100);
    if (cfg.visits > cfg.timing.samples)
        sq_usage_error("run", "--visits %d is more than the %d samples to share among them",
                       cfg.visits, cfg.timing.samples);
    if (sample_us_s)
        cfg.timing.sample_s = sq_parse_long("run", "--sample-us", sample_us_s, 5, 100000) * 1e-6;
    if (cpu_s) {
        long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
        cfg.timing.cpu = (int)sq_parse_long("run", "--cpu", cpu_s, 0, ncpu - 1);
    }
    cfg.progress = sq_progress_wanted();

    const sq_variant *vs[sq_variant_count];
    const sq_batch_variant *bvs[sq_batch_variant_count];
    int nbatch;
    cfg.nvariants = sq_select_all_supported_or_exit("run", filter, vs, bvs, &nbatch);
    cfg.variants = vs;

    /* The sequences as the run will use them (named twice? of no selected
     * family? a file of squares?) before anything is written. */
    sq_run run;
    sq_engine *engine;
    char err[512];
    if (sq_engine_prepare(&cfg, &run, &engine, err, sizeof err))
        sq_usage_error("run", "%s", err);

    /* Then the destinations: a bad path fails before minutes of verification
     * and timing. --output first, whose temporary goes if the results folder
     * (made now) is refused. */
    sq_output out_file;
    FILE *out = stdout;
    if (output) {
        if (sq_output_open(&out_file, output, err, sizeof err))
            sq_usage_error("run", "%s", err);
        out = out_file.fp;
    }
    if (save && sq_check_writable_dir(results_dir, err, sizeof err)) {
        if (output)
            sq_output_abort(&out_file);
        sq_usage_error("run", "--save: %s", err);
    }

    /* Truth first: a variant that fails verification stops the run. */
    bool verified = sq_verify_all(vs, cfg.nvariants, true, stderr);
    if (!sq_batch_verify_all(bvs, nbatch, true, stderr) || !verified) {
        if (output)
            sq_output_abort(&out_file);
        sq_engine_discard(engine, &run);
        return SQ_EXIT_FAIL;
    }

    int rc = sq_engine_time(engine, &run, err, sizeof err);
    if (rc) {
        if (output)
            sq_output_abort(&out_file);
        if (rc == SQ_ENGINE_BAD_INPUT)
            sq_usage_error("run", "%s", err);
        fprintf(stderr, "sqcolor run: %s\n", err);
        return SQ_EXIT_FAIL;
    }
    /* The batch routines after the scalar rows, at their own sizes. */
    if (nbatch) {
        sq_batch_timing bt = sq_batch_timing_defaults(quick);
        sq_calibration cal;
        char skipped[2200];
        if (sq_batch_time_run(&run, bvs, nbatch, &bt, &cfg.timing, cfg.progress, skipped,
                              sizeof skipped, &cal)) {
            if (output)
                sq_output_abort(&out_file);
            fprintf(stderr, "sqcolor run: out of memory\n");
            return SQ_EXIT_FAIL;
        }
    }
    snprintf(run.version, sizeof run.version, "%s", SQCOLOR_VERSION);
    snprintf(run.commit, sizeof run.commit, "%s", SQCOLOR_COMMIT);
    /* Saved before anything goes to standard output: a reader that stops
     * early (| head) must not cost the save. */
    int status = SQ_EXIT_OK;
    if (save) {
        char path[4096], used[4096];
        sq_output saved;
        sq_results_path(&run, results_dir, path, sizeof path);
        if (sq_make_parent_dirs(path, err, sizeof err) == 0 &&
            sq_output_open_new(&saved, path, err, sizeof err) == 0) {
            /* A file without its rows must not be saved as whole. */
            if (sq_report_write(&run, 1, SQ_FORMAT_JSON, false, saved.fp) == SQ_FAILED_MEMORY) {
                sq_output_abort(&saved);
                if (output)
                    sq_output_abort(&out_file);
                sq_run_free(&run);
                return sq_report_out_of_memory(SQ_FORMAT_JSON);
            }
            if (sq_output_commit_new(&saved, used, sizeof used, err, sizeof err) == 0)
                fprintf(stderr, "sqcolor run: saved %s\n", used);
            else
                status = SQ_EXIT_USAGE;
        } else {
            status = SQ_EXIT_USAGE;
        }
        if (status)
            fprintf(stderr, "sqcolor run: --save: %s\n", err);
    }
    /* A write error shows on commit, or for standard output at exit (main.c). */
    int written = sq_report_write(&run, 1, format, detail, out);
    sq_run_free(&run);
    if (written == SQ_FAILED_MEMORY) {
        if (output)
            sq_output_abort(&out_file);
        return sq_report_out_of_memory(format);
    }
    if (output && sq_output_commit(&out_file, err, sizeof err)) {
        fprintf(stderr, "sqcolor run: %s\n", err);
        return SQ_EXIT_USAGE;
    }
    return status;
}
