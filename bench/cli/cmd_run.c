/* sqcolor run: verify, then time, then print. */
#include "bench/measure/batch_timing.h"
#include "bench/verify/batch_verify.h"
#include "bench/cli/verify_aside.h"
#include "bench/cli/cli.h"
#include "bench/cli/forks.h"
#include "bench/results/figures.h"
#include "bench/results/merge.h"
#include "bench/results/results_read.h"
#include "bench/measure/engine.h"
#include "bench/measure/run_info.h"
#include "bench/util/failure.h"
#include "bench/util/output.h"
#include "bench/machine/clock.h"
#include "bench/machine/placement.h"
#include "bench/report/report.h"
#include "bench/results/results_path.h"
#include "bench/util/seed.h"
#include "bench/input/sequence.h"
#include "sq_version.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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
    OPT_FORKS,
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

/* A whole-number option of run whose default --quick changes. */
#define TIMING_OPTION(option, what, run_default, quick_default, least, most)                       \
    {                                                                                              \
        .name = option, .kind = SQ_OPTION_WHOLE, .placeholder = "N", .help = what,                 \
        .default_note = SQ_STR(run_default) ", with --quick " SQ_STR(quick_default), .min = least, \
        .max = most                                                                                \
    }

#define MIN_REPS_HELP                                                                                                 \
    "the fewest: rows whose 95% interval of the median is within " SQ_STR(                                            \
        SQ_RUN_TIGHT_PERMILLE) " per mille (or " SQ_STR(SQ_RUN_TIGHT_ABS) " cycles) stop there; "                     \
                                                                          "the others "                               \
                                                                          "get " SQ_STR(                              \
                                                                              SQ_RUN_REPS_STEP) " more at a time; = " \
                                                                                                "--reps for a fixed " \
                                                                                                "count"

static const sq_option options[OPT_COUNT] = {
    [OPT_FILTER] = SQ_OPTION_FILTER("ids, e.g. 'color/*/asm,same_color/lea_*/*'"),
    [OPT_MODE] = {.name = "--mode",
                  .kind = SQ_OPTION_CHOICE_LIST,
                  .placeholder = "LIST",
                  .help = "the ways each variant is timed",
                  .default_note = "all",
                  .choices = "latency|throughput|branch|call"},
    [OPT_SEQUENCE] = {.name = "--sequence",
                      .kind = SQ_OPTION_TEXT,
                      .placeholder = "LIST",
                      .help = "comma-separated sequences of squares; one square: " SQ_SEQUENCES_ONE
                              "; pairs: " SQ_SEQUENCES_PAIR "; or file:PATH with squares 0-63 or "
                              "names like e4, pairs per line; or pgn:PATH, the squares a PGN's "
                              "main-line moves go to (one square)",
                      .default_note = "every sequence of each family"},
    [OPT_LENGTH] = {.name = "--length",
                    .kind = SQ_OPTION_WHOLE,
                    .placeholder = "N",
                    .help = "squares per sequence",
                    .default_note = "2^" SQ_STR(SQ_RUN_LENGTH_LOG2) ", with --quick 2^" SQ_STR(
                        SQ_QUICK_LENGTH_LOG2),
                    .min = 64,
                    .max = 1L << 30},
    [OPT_SEED] = {.name = "--seed",
                  .kind = SQ_OPTION_U64,
                  .placeholder = "N",
                  .help = "seed of the random sequences",
                  .def = "1"},
    [OPT_REPS] =
        TIMING_OPTION("--reps", "the most repetitions a row gets; a cell is the median over them",
                      SQ_RUN_REPS, SQ_QUICK_REPS, 3, 1000),
    [OPT_MIN_REPS] =
        TIMING_OPTION("--min-reps", MIN_REPS_HELP, SQ_RUN_MIN_REPS, SQ_QUICK_REPS, 3, 1000),
    [OPT_BUDGET] = {.name = "--budget",
                    .kind = SQ_OPTION_WHOLE,
                    .placeholder = "S",
                    .help = "start no round of repetitions that would end more than S seconds "
                            "into the run; 0: no limit (the fewest are always taken)",
                    .def = SQ_STR(SQ_RUN_BUDGET_S),
                    .min = 0,
                    .max = 86400},
    [OPT_SAMPLES] =
        TIMING_OPTION("--samples", "timed samples per row and repetition; the fastest counts",
                      SQ_RUN_SAMPLES, SQ_QUICK_SAMPLES, 1, 100),
    [OPT_VISITS] = TIMING_OPTION("--visits",
                                 "passes over the rows per repetition the samples are shared among",
                                 SQ_RUN_VISITS, SQ_QUICK_VISITS, 1, 100),
    [OPT_SAMPLE_US] = TIMING_OPTION("--sample-us", "length of one sample in microseconds",
                                    SQ_RUN_SAMPLE_US, SQ_QUICK_SAMPLE_US, 5, 100000),
    [OPT_CPU] = SQ_OPTION_CPU,
    [OPT_FORKS] = TIMING_OPTION("--forks",
                                "processes the repetitions are spread over, one after another, "
                                "each in a fresh address space with its buffers placed anew and "
                                "its own order of rows; a cell's interval holds every process's "
                                "median. Past one, as many again time the batch rows alone",
                                SQ_RUN_FORKS, SQ_QUICK_FORKS, 1, SQ_MAX_PROCESSES / 2),
    [OPT_ASLR] = {.name = "--aslr",
                  .kind = SQ_OPTION_FLAG,
                  .help = "keep address space randomisation on (without it, off while timing, so "
                          "code and data sit at the same addresses in every run)"},
    [OPT_NO_SHARE] = {.name = "--no-share",
                      .kind = SQ_OPTION_FLAG,
                      .help = "time every row itself (without it, rows whose timed code and "
                              "harness are byte-identical to an earlier C impl's on the same "
                              "sequence and mode are timed once and take its figure, marked ≡)"},
    [OPT_QUICK] = {.name = "--quick",
                   .kind = SQ_OPTION_FLAG,
                   .help = "a short run: the defaults marked 'with --quick'"},
    [OPT_FORMAT] = {.name = "--format",
                    .kind = SQ_OPTION_CHOICE,
                    .placeholder = "F",
                    .help = "the form of the tables",
                    .def = "table",
                    .choices = SQ_FORMAT_CHOICES},
    [OPT_DETAIL] = {.name = "--detail",
                    .kind = SQ_OPTION_FLAG,
                    .help = "the tables of every family, mode and sequence too (table, markdown, "
                            "html); without it a table per family of the headline figures"},
    [OPT_OUTPUT] = SQ_OPTION_OUTPUT,
    [OPT_SAVE] = {.name = "--save",
                  .kind = SQ_OPTION_FLAG,
                  .help = "also save the JSON under --results-dir"},
    [OPT_RESULTS_DIR] = {.name = "--results-dir",
                         .kind = SQ_OPTION_TEXT,
                         .placeholder = "DIR",
                         .help = "the folder --save saves in, a subfolder per CPU",
                         .def = "results"},
};

static int run_run(int argc, char **argv);

const sq_command sq_command_run = {
    .name = "run",
    .run = run_run,
    .is_default = true,
    .summary = "verify, then time every variant (the default command)",
    .description =
        "Verifies the selected variants (a failing variant stops the run), checks every timing\n"
        "kernel's answers, then times every variant x sequence x mode in core cycles per square,\n"
        "then the batch variants it selects as 'sqcolor batch' does.",
    .options = options,
    .noptions = OPT_COUNT,
};

/* The batch rows of run, each process of count its share of the
 * repetitions, their calibration into *cal_out (if not NULL); 0, or -1
 * having said why. */
static int time_batch(sq_run *run, const sq_batch_variant *const *bvs, int nbatch, bool quick,
                      int count, const sq_engine_config *cfg, sq_calibration *cal_out) {
    sq_batch_timing bt = sq_batch_timing_defaults(quick);
    bt.reps = (bt.reps + count - 1) / count;
    bt.seed = cfg->order_seed;
    sq_calibration own, *cal = cal_out ? cal_out : &own;
    char skipped[2200];
    if (sq_batch_time_run(run, bvs, nbatch, &bt, &cfg->timing, cfg->progress, skipped,
                          sizeof skipped, cal)) {
        fprintf(stderr, "sqcolor run: out of memory\n");
        return -1;
    }
    /* Only batch rows: the run's core clock is the batch calibration's
     * (there was no scalar row beside which to read it), or the file would
     * have none and no reader would take it. */
    if (!run->nresults && !isfinite(run->clock.core_hz))
        run->clock.core_hz = run->clock.core_hz_min = run->clock.core_hz_max = cal->core_hz;
    return 0;
}

/* Writes a process's run to path (forks.h) and frees it: 0, or -1 having
 * said why. */
static int write_process_file(sq_run *run, const char *path) {
    sq_run_finish(run);
    FILE *fp = fopen(path, "w");
    int written = fp ? sq_report_write(run, 1, SQ_FORMAT_JSON, 0, fp) : -1;
    bool closed = fp && fclose(fp) == 0;
    sq_run_free(run);
    if (written || !closed) {
        sq_error_line("run", "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* A process of a run that times the batch rows alone: no engine, its run
 * described from the batch calibration. */
static int batch_alone(const sq_engine_config *cfg, const sq_batch_variant *const *bvs, int nbatch,
                       bool quick, int count, const char *path) {
    sq_run run = {0};
    sq_calibration cal;
    if (time_batch(&run, bvs, nbatch, quick, count, cfg, &cal) ||
        sq_run_describe(&run, cfg, &cal, &cal.cycles_per_tick, 1)) {
        sq_run_free(&run);
        return SQ_EXIT_FAIL;
    }
    return write_process_file(&run, path) ? SQ_EXIT_FAIL : SQ_EXIT_OK;
}

/* One process of a run spread over several (forks.h): its share of the
 * repetitions, rows in an order of its own, and its buffers placed anew, an
 * address range held back before any is made. count: the processes that time
 * every row (index count and up time the batch rows alone). */
static void as_process(sq_engine_config *cfg, int index, int count) {
    static char name[32];
    snprintf(name, sizeof name, "%d of %d", index + 1, count);
    cfg->process = name;
    cfg->min_reps = (cfg->min_reps + count - 1) / count;
    cfg->timing.reps = (cfg->timing.reps + count - 1) / count;
    if (cfg->budget_s > 0)
        cfg->budget_s /= count;
    cfg->checked = true; /* by the run, once */
    /* The processes run back to back on one CPU, and each prepares its
     * inputs there (0.2 s at the least) before it calibrates: the core comes
     * to its clock from that work, not from idle. */
    cfg->timing.warm_s = 0.005;
    cfg->order_seed = (cfg->seed ^ 0x9e3779b97f4a7c15ULL) * (uint64_t)(2 * index + 3);
    /* 68 KiB a process: past a page, a cache set's stride and an L2 way. */
    void *hold = mmap(NULL, (size_t)(index + 1) * 68 * 1024, PROT_NONE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    (void)hold; /* held until the process ends */
}

/* The run timed in count processes and put back together (merge.h): its
 * file's limits are the whole run's, not one process's share. */
static int time_in_processes(const sq_engine_config *cfg, int count, int batch_only, sq_run *run,
                             char *err, size_t errlen) {
    static sq_run parts[SQ_MAX_PROCESSES];
    double t0 = sq_monotonic_s();
    sq_pin_cpu(cfg->timing.cpu); /* every process on one CPU */
    sq_tsc_hz_share();           /* and one TSC frequency */
    if (sq_fork_run(count, batch_only, cfg->progress, parts, err, errlen))
        return -1;
    int rc = sq_runs_merge(parts, count, batch_only, err, errlen);
    for (int i = rc ? 0 : 1; i < count + batch_only; i++)
        sq_run_free(&parts[i]);
    if (rc)
        return -1;
    *run = parts[0];
    run->reps = cfg->timing.reps;
    run->min_reps = sq_engine_min_reps(cfg);
    run->elapsed_s = sq_monotonic_s() - t0;
    return 0;
}

static int run_run(int argc, char **argv) {
    sq_value v[OPT_COUNT];
    sq_parse_options(&sq_command_run, argc, argv, v, NULL, 0, NULL);
    bool quick = v[OPT_QUICK].given, save = v[OPT_SAVE].given, aslr = v[OPT_ASLR].given,
         detail = v[OPT_DETAIL].given;
    const char *output = v[OPT_OUTPUT].text, *results_dir = v[OPT_RESULTS_DIR].text;
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
    cfg.budget_s = (double)v[OPT_BUDGET].whole;
    cfg.seed = v[OPT_SEED].u64;
    cfg.no_share = v[OPT_NO_SHARE].given;
    sq_format format = (sq_format)v[OPT_FORMAT].choice;

    for (int m = 0; m < SQ_MODE_COUNT; m++)
        cfg.mode[m] = !v[OPT_MODE].given || (v[OPT_MODE].chosen >> m & 1);
    static char *seqs_buf;
    static const char *seqs[MAX_LIST];
    if (v[OPT_SEQUENCE].given) {
        cfg.nsequences = split_list("--sequence", v[OPT_SEQUENCE].text, &seqs_buf, seqs);
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
    if (v[OPT_LENGTH].given)
        cfg.length = (size_t)v[OPT_LENGTH].whole;
    if (v[OPT_REPS].given)
        cfg.timing.reps = (int)v[OPT_REPS].whole;
    if (v[OPT_MIN_REPS].given)
        cfg.min_reps = (int)v[OPT_MIN_REPS].whole;
    if (cfg.min_reps > cfg.timing.reps) {
        if (v[OPT_MIN_REPS].given && v[OPT_REPS].given)
            sq_usage_error("run", "--min-reps %d is more than --reps %d", cfg.min_reps,
                           cfg.timing.reps);
        /* One of them asked: the other follows. */
        if (v[OPT_MIN_REPS].given)
            cfg.timing.reps = cfg.min_reps;
        else
            cfg.min_reps = cfg.timing.reps;
    }
    if (v[OPT_SAMPLES].given)
        cfg.timing.samples = (int)v[OPT_SAMPLES].whole;
    if (v[OPT_VISITS].given)
        cfg.visits = (int)v[OPT_VISITS].whole;
    if (cfg.visits > cfg.timing.samples)
        sq_usage_error("run", "--visits %d is more than the %d samples to share among them",
                       cfg.visits, cfg.timing.samples);
    if (v[OPT_SAMPLE_US].given)
        cfg.timing.sample_s = v[OPT_SAMPLE_US].whole * 1e-6;
    if (v[OPT_CPU].given)
        cfg.timing.cpu = (int)v[OPT_CPU].whole;
    cfg.progress = sq_progress_wanted();
    int process_index, processes = (int)(v[OPT_FORKS].given ? v[OPT_FORKS].whole
                                         : quick            ? SQ_QUICK_FORKS
                                                            : SQ_RUN_FORKS);
    const char *process_output;
    int batch_only = 0;
    bool one_of_many = sq_fork_child(&process_index, &processes, &batch_only, &process_output);
    if (one_of_many)
        as_process(&cfg, process_index, processes);
    /* A run spread over processes only checks the kernels itself. */
    cfg.check_only = !one_of_many && processes > 1;

    const sq_variant *vs[sq_variant_count];
    const sq_batch_variant *bvs[sq_batch_variant_count];
    int nbatch;
    cfg.nvariants = sq_select_all_supported_or_exit("run", v[OPT_FILTER].text, vs, bvs, &nbatch);
    cfg.variants = vs;
    if (one_of_many && process_index >= processes) {
        cfg.nvariants = cfg.nsequences = 0;
        return batch_alone(&cfg, bvs, nbatch, quick, processes + batch_only, process_output);
    }
    /* The batch variants verified on the other core meanwhile. */
    sq_verify_aside aside = {0};
    if (!one_of_many)
        sq_verify_aside_start(&aside, bvs, nbatch);

    /* The sequences as the run will use them (named twice? of no selected
     * family? a file of squares?) before anything is written. */
    sq_run run;
    sq_engine *engine;
    char err[512];
    if (sq_engine_prepare(&cfg, &run, &engine, err, sizeof err))
        sq_usage_error("run", "%s", err);

    /* One process of many: time, write the file, and leave the rest (the
     * verification, batch rows and output) to the run. */
    if (one_of_many) {
        int rc = sq_engine_time(engine, &run, err, sizeof err);
        if (rc) {
            sq_error_line("run", "%s", err);
            return SQ_EXIT_FAIL;
        }
        if (nbatch && time_batch(&run, bvs, nbatch, quick, processes + batch_only, &cfg, NULL))
            return SQ_EXIT_FAIL;
        return write_process_file(&run, process_output) ? SQ_EXIT_FAIL : SQ_EXIT_OK;
    }

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
    /* --results-dir, then the CPU's own folder in it, where the file will go
     * (a file or a link to a device there is found now, not after the
     * timing). */
    sq_machine machine;
    sq_machine_detect(&machine);
    char cpu_dir[4096];
    sq_results_cpu_dir(&machine, results_dir, cpu_dir, sizeof cpu_dir);
    if (save && (sq_check_writable_dir(results_dir, err, sizeof err) ||
                 sq_check_writable_dir(cpu_dir, err, sizeof err))) {
        if (output)
            sq_output_abort(&out_file);
        sq_usage_error("run", "--save: %s", err);
    }

    /* Truth first: a variant that fails verification stops the run, and
     * every kernel's answers are checked, once, before any is timed. */
    bool verified = sq_verify_all(vs, cfg.nvariants, true, stderr);
    int rc = verified ? sq_engine_check(engine, err, sizeof err) : SQ_ENGINE_OK;
    if (!sq_verify_aside_wait(&aside, stderr) || !verified) {
        if (output)
            sq_output_abort(&out_file);
        sq_engine_discard(engine, &run);
        return SQ_EXIT_FAIL;
    }
    cfg.checked = true;
    if (rc) {
        sq_engine_discard(engine, &run);
    } else if (processes > 1) {
        sq_engine_discard(engine, &run);
        /* Past L1 a batch row's speed is often the process's (batch.md):
         * as many processes again time them alone, so that a cell rests on
         * twice the processes a scalar row does. */
        batch_only = nbatch ? processes : 0;
        rc = time_in_processes(&cfg, processes, batch_only, &run, err, sizeof err)
                 ? SQ_ENGINE_CHECK_FAILED
                 : SQ_ENGINE_OK;
    } else {
        rc = sq_engine_time(engine, &run, err, sizeof err);
    }
    if (rc) {
        if (output)
            sq_output_abort(&out_file);
        if (rc == SQ_ENGINE_BAD_INPUT)
            sq_usage_error("run", "%s", err);
        sq_error_line("run", "%s", err);
        return SQ_EXIT_FAIL;
    }
    /* The batch routines after the scalar rows, at their own sizes (in each
     * process, where the run has several). */
    if (nbatch && processes == 1 && time_batch(&run, bvs, nbatch, quick, 1, &cfg, NULL)) {
        if (output)
            sq_output_abort(&out_file);
        return SQ_EXIT_FAIL;
    }
    /* The samples as the file keeps them, so the tables printed here are
     * those of the file (figures.h). */
    sq_run_finish(&run);
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
            if (sq_report_write(&run, 1, SQ_FORMAT_JSON, 0, saved.fp) == SQ_FAILED_MEMORY) {
                sq_output_abort(&saved);
                if (output)
                    sq_output_abort(&out_file);
                sq_run_free(&run);
                return sq_report_out_of_memory(SQ_FORMAT_JSON);
            }
            if (sq_output_commit_new(&saved, used, sizeof used, err, sizeof err) == 0)
                sq_error_line("run", "saved %s", used);
            else
                status = SQ_EXIT_USAGE;
        } else {
            status = SQ_EXIT_USAGE;
        }
        if (status)
            sq_error_line("run", "--save: %s", err);
    }
    /* A write error shows on commit, or for standard output at exit (main.c). */
    int written = sq_report_write(&run, 1, format, detail ? SQ_REPORT_DETAIL : 0, out);
    sq_run_free(&run);
    int finished = sq_finish_report_output("run", output ? &out_file : NULL, written, format);
    return finished ? finished : status;
}
