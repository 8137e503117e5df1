/* sqcolor run: verify, then time, then print. */
#include "bench/cli/cli.h"
#include "bench/cli/formats.h"
#include "bench/cli/processes.h"
#include "bench/cli/run_plan.h"
#include "bench/cli/verify_aside.h"
#include "bench/input/sequence.h"
#include "bench/machine/machine.h"
#include "bench/machine/placement.h"
#include "bench/measure/timing_defaults.h"
#include "bench/report/report.h"
#include "bench/results/results_path.h"
#include "bench/util/failure.h"
#include "bench/util/output.h"
#include "bench/verify/batch_verify.h"
#include "bench/verify/verify.h"

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

static const sq_option options[OPT_COUNT] = {
    [OPT_FILTER] = SQ_OPTION_FILTER("ids, e.g. 'color/*/asm,same_color/lea_*/*'"),
    [OPT_MODE] = {.name = "--mode",
                  .kind = SQ_OPTION_CHOICE_LIST,
                  .placeholder = "LIST",
                  .help = "the ways each variant is timed",
                  .default_note = "all",
                  .choices = SQ_CHOICES(SQ_MODES)},
    [OPT_SEQUENCE] = {.name = "--sequence",
                      .kind = SQ_OPTION_TEXT,
                      .placeholder = "LIST",
                      .help = "comma-separated sequences of squares; one square: " SQ_SEQUENCES_ONE
                              "; pairs: " SQ_SEQUENCES_PAIR "; or file:PATH with squares 0-63 or "
                              "names like e4, pairs per line; or pgn:PATH, the squares a PGN's "
                              "main-line moves go to (one square)",
                      .default_note = "every sequence of each family"},
    [OPT_LENGTH] =
        {.name = "--length",
         .kind = SQ_OPTION_WHOLE,
         .placeholder = "N",
         .help = "squares per sequence",
         .default_note =
             "2^" SQ_TEXT(SQ_DEFAULT_OF(SQ_TIMING_LENGTH_LOG2)) ", with --quick 2^" SQ_TEXT(
                 SQ_QUICK_OF(SQ_TIMING_LENGTH_LOG2)),
         .min = 64,
         .max = 1L << 30},
    [OPT_SEED] = {.name = "--seed",
                  .kind = SQ_OPTION_U64,
                  .placeholder = "N",
                  .help = "seed of the random sequences",
                  .def = "1"},
    [OPT_REPS] =
        TIMING_OPTION("--reps", "the most repetitions a row gets; a cell is the median over them",
                      SQ_TIMING_REPS, 3, 1000),
    [OPT_MIN_REPS] = TIMING_OPTION("--min-reps", MIN_REPS_HELP, SQ_TIMING_MIN_REPS, 3, 1000),
    [OPT_BUDGET] = {.name = "--budget",
                    .kind = SQ_OPTION_WHOLE,
                    .placeholder = "S",
                    .help = "start no round of repetitions that would end more than S seconds "
                            "into the run; 0: no limit (the fewest are always taken)",
                    .def = SQ_TEXT(SQ_RUN_BUDGET_S),
                    .min = 0,
                    .max = 86400},
    [OPT_SAMPLES] =
        TIMING_OPTION("--samples", "timed samples per row and repetition; the fastest counts",
                      SQ_TIMING_SAMPLES, 1, 100),
    [OPT_VISITS] = TIMING_OPTION("--visits",
                                 "passes over the rows per repetition the samples are shared among",
                                 SQ_TIMING_VISITS, 1, 100),
    [OPT_SAMPLE_US] = TIMING_OPTION("--sample-us", "length of one sample in microseconds",
                                    SQ_TIMING_SAMPLE_US, 5, 100000),
    [OPT_CPU] = SQ_OPTION_CPU,
    [OPT_PROCESSES] =
        TIMING_OPTION("--processes",
                      "processes the repetitions are spread over, one after another, "
                      "each in a fresh address space with its buffers placed anew and "
                      "its own order of rows; a cell's interval holds every process's "
                      "median. Past one, as many again time the batch rows alone",
                      SQ_TIMING_PROCESSES, 1, SQ_MAX_PROCESSES / 2),
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
    [OPT_FORMAT] = SQ_OPTION_FORMAT(SQ_FORMATS, "table", "the form of the tables"),
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

/* A --sequence item that no run could take, refused before verification:
 * a typo should not cost its seconds. */
static void check_sequence(const char *seq) {
    if (!sq_sequence_known(seq, 1) && !sq_sequence_known(seq, 2))
        sq_usage_error("run",
                       "--sequence: unknown sequence '%s' (one square: %s; pairs: %s; "
                       "or file:PATH, pgn:PATH)",
                       seq, sq_sequence_names(1), sq_sequence_names(2));
}

/* A run measures one input: each sequence file read once, now, and every
 * process of the run given the same bytes (held_files.h). */
static void read_files_once(const sq_engine_config *cfg) {
    char err[512];
    for (int i = 0; i < cfg->nsequences; i++)
        if (sq_sequence_read_once(cfg->sequences[i], err, sizeof err))
            sq_usage_error("run", "%s", err);
}

/* The engine's config from the options: the defaults of run or run --quick
 * (timing_defaults.h), what was given instead, and what follows. */
static void config_from_options(const sq_value *v, bool quick, sq_engine_config *cfg) {
    static char *seqs_buf;
    static const char *seqs[MAX_LIST];
    *cfg = sq_engine_defaults(quick);
    cfg->budget_s = (double)v[OPT_BUDGET].whole;
    cfg->seed = v[OPT_SEED].u64;
    cfg->no_share = v[OPT_NO_SHARE].given;
    for (int m = 0; m < SQ_MODE_COUNT; m++)
        cfg->mode[m] = !v[OPT_MODE].given || (v[OPT_MODE].chosen >> m & 1);
    if (v[OPT_SEQUENCE].given) {
        cfg->nsequences = split_list("--sequence", v[OPT_SEQUENCE].text, &seqs_buf, seqs);
        for (int i = 0; i < cfg->nsequences; i++)
            check_sequence(seqs[i]);
        cfg->sequences = seqs;
    }
    if (v[OPT_LENGTH].given)
        cfg->length = (size_t)v[OPT_LENGTH].whole;
    if (v[OPT_REPS].given)
        cfg->timing.reps = (int)v[OPT_REPS].whole;
    if (v[OPT_MIN_REPS].given)
        cfg->min_reps = (int)v[OPT_MIN_REPS].whole;
    if (cfg->min_reps > cfg->timing.reps) {
        if (v[OPT_MIN_REPS].given && v[OPT_REPS].given)
            sq_usage_error("run", "--min-reps %d is more than --reps %d", cfg->min_reps,
                           cfg->timing.reps);
        /* One of them asked: the other follows. */
        if (v[OPT_MIN_REPS].given)
            cfg->timing.reps = cfg->min_reps;
        else
            cfg->min_reps = cfg->timing.reps;
    }
    if (v[OPT_SAMPLES].given)
        cfg->timing.samples = (int)v[OPT_SAMPLES].whole;
    if (v[OPT_VISITS].given)
        cfg->visits = (int)v[OPT_VISITS].whole;
    if (cfg->visits > cfg->timing.samples)
        sq_usage_error("run", "--visits %d is more than the %d samples to share among them",
                       cfg->visits, cfg->timing.samples);
    if (v[OPT_SAMPLE_US].given)
        cfg->timing.sample_s = v[OPT_SAMPLE_US].whole * 1e-6;
    if (v[OPT_CPU].given)
        cfg->timing.cpu = (int)v[OPT_CPU].whole;
    cfg->progress = sq_progress_wanted();
}

/* Where the tables and the saved file go, found before minutes of
 * verification and timing; on failure, what was opened is taken back. */
typedef struct destinations {
    const char *output; /* --output, or NULL: standard output */
    sq_output out_file;
    FILE *out;
    bool save;
    const char *results_dir;
} destinations;

static void abort_destinations(destinations *d) {
    if (d->output)
        sq_output_abort(&d->out_file);
    d->output = NULL;
}

/* --output first, whose temporary goes if the results folder (made now) is
 * refused; then --results-dir and the CPU's own folder in it, where the
 * file will go (a file or a link to a device there is found now, not after
 * the timing). */
static void open_destinations(destinations *d) {
    char err[512];
    d->out = stdout;
    if (d->output) {
        if (sq_output_open(&d->out_file, d->output, err, sizeof err))
            sq_usage_error("run", "%s", err);
        d->out = d->out_file.fp;
    }
    sq_machine machine;
    sq_machine_detect(&machine);
    static char cpu_dir[4096]; /* not on a small stack */
    sq_results_cpu_dir(&machine, d->results_dir, cpu_dir, sizeof cpu_dir);
    if (d->save && (sq_check_writable_dir(d->results_dir, err, sizeof err) ||
                    sq_check_writable_dir(cpu_dir, err, sizeof err))) {
        abort_destinations(d);
        sq_usage_error("run", "--save: %s", err);
    }
}

/* The run saved under --results-dir: SQ_EXIT_OK, SQ_EXIT_USAGE having said
 * why, or -1 out of memory (a file without its rows is not saved). */
static int save_run(const sq_run *run, const char *results_dir) {
    static char path[4096], used[4096]; /* not on a small stack */
    static sq_output saved;
    char err[512];
    sq_results_path(run, results_dir, path, sizeof path);
    if (sq_make_parent_dirs(path, err, sizeof err) == 0 &&
        sq_output_open_new(&saved, path, err, sizeof err) == 0) {
        if (sq_report_write(run, 1, SQ_FORMAT_JSON, 0, saved.fp) == SQ_FAILED_MEMORY) {
            sq_output_abort(&saved);
            return -1;
        }
        if (sq_output_commit_new(&saved, used, sizeof used, err, sizeof err) == 0) {
            sq_error_line("run", "saved %s", used);
            return SQ_EXIT_OK;
        }
    }
    sq_error_line("run", "--save: %s", err);
    return SQ_EXIT_USAGE;
}

/* Truth first: a variant that fails verification stops the run, and every
 * kernel's answers are checked, once, before any is timed. Returns an
 * SQ_ENGINE_* code; false in *verified when a variant failed. */
static int verify_then_check(const sq_run_plan *plan, sq_verify_aside *aside, sq_engine *engine,
                             char *err, size_t errlen, bool *verified) {
    *verified = sq_verify_all(plan->cfg.variants, plan->cfg.nvariants, true, stderr);
    int rc = *verified ? sq_engine_check(engine, err, errlen) : SQ_ENGINE_OK;
    *verified &= sq_verify_aside_wait(aside, stderr);
    return rc;
}

/* Saved before anything goes to standard output (a reader that stops early,
 * | head, must not cost the save), then the tables. */
static int write_run(sq_run *run, destinations *d, sq_format format, bool detail) {
    int status = d->save ? save_run(run, d->results_dir) : SQ_EXIT_OK;
    if (status < 0) {
        abort_destinations(d);
        sq_run_free(run);
        return sq_report_out_of_memory(SQ_FORMAT_JSON);
    }
    /* A write error shows on commit, or for standard output at exit (main.c). */
    int written = sq_report_write(run, 1, format, detail ? SQ_REPORT_DETAIL : 0, d->out);
    sq_run_free(run);
    int finished = sq_finish_report_output("run", d->output ? &d->out_file : NULL, written, format);
    return finished ? finished : status;
}

/* The plan from the options, the variants selected, and this process's
 * place: whether it is one of a run's processes (then *output is its file);
 * the run itself reads its sequence files now, once. */
static bool plan_from_options(const sq_value *v, sq_run_plan *plan, const char **output) {
    *plan = (sq_run_plan){.quick = v[OPT_QUICK].given, .index = -1};
    config_from_options(v, plan->quick, &plan->cfg);
    plan->processes = (int)(v[OPT_PROCESSES].given ? v[OPT_PROCESSES].whole
                                                   : SQ_PICK(plan->quick, SQ_TIMING_PROCESSES));
    bool one_of_many = sq_process_place(plan, output);
    if (!one_of_many)
        read_files_once(&plan->cfg);
    /* A run spread over processes only checks the kernels itself. */
    plan->cfg.check_only = !one_of_many && plan->processes > 1;
    const sq_variant **vs = sq_variant_room(); /* not on the stack: ulimit -s 64 */
    const sq_batch_variant **bvs = sq_batch_variant_room();
    plan->cfg.nvariants =
        sq_select_all_supported_or_exit("run", v[OPT_FILTER].text, vs, bvs, &plan->nbatch);
    plan->cfg.variants = vs;
    plan->batch = bvs;
    return one_of_many;
}

static int run_run(int argc, char **argv) {
    sq_value v[OPT_COUNT];
    sq_parse_options(&sq_command_run, argc, argv, v, NULL, 0, NULL);
    /* Code and data at the same addresses in every run: placement moves a
     * loop's speed by a few percent from one process to the next. Before
     * anything is opened: the process is replaced. */
    if (!v[OPT_ASLR].given)
        sq_placement_fix();
    sq_run_plan plan;
    const char *process_output;
    bool one_of_many = plan_from_options(v, &plan, &process_output);
    static sq_run run; /* 10 KiB: not on a small stack */
    if (one_of_many && plan.index >= plan.processes) {
        plan.cfg.nvariants = plan.cfg.nsequences = 0;
        return sq_process_main(&plan, NULL, &run, process_output);
    }
    /* The batch variants verified on the other core meanwhile. */
    sq_verify_aside aside = {0};
    if (!one_of_many)
        sq_verify_aside_start(&aside, plan.batch, plan.nbatch);
    /* The sequences as the run will use them (named twice? of no selected
     * family? a file of squares?) before anything is written. */
    sq_engine *engine;
    char err[512];
    if (sq_engine_prepare(&plan.cfg, &run, &engine, err, sizeof err)) {
        if (!one_of_many)
            sq_usage_error("run", "%s", err);
        sq_error_line("run", "%s", err); /* the run checked its input: not a usage error */
        return SQ_EXIT_FAIL;
    }
    if (one_of_many)
        return sq_process_main(&plan, engine, &run, process_output);

    static destinations d; /* its sq_output is 8 KiB: not on the stack */
    d.output = v[OPT_OUTPUT].text;
    d.save = v[OPT_SAVE].given;
    d.results_dir = v[OPT_RESULTS_DIR].text;
    open_destinations(&d);
    /* Past L1 a batch row's speed is often the process's (batch.md): as many
     * processes again time them alone, so that a cell rests on twice the
     * processes a scalar row does. Their folder now: a refusal should not
     * follow verification. */
    plan.batch_only = plan.processes > 1 && plan.nbatch ? plan.processes : 0;
    if (plan.processes > 1 && sq_processes_begin(&plan, err, sizeof err)) {
        abort_destinations(&d);
        sq_engine_discard(engine, &run);
        sq_error_line("run", "%s", err);
        return SQ_EXIT_FAIL;
    }
    bool verified;
    int rc = verify_then_check(&plan, &aside, engine, err, sizeof err, &verified);
    plan.cfg.checked = true;
    if (!verified || rc || plan.processes > 1) {
        sq_engine_discard(engine, &run);
        engine = NULL;
    }
    if (verified && !rc)
        rc = sq_run_measure(&plan, engine, &run, err, sizeof err);
    if (!verified || rc) {
        sq_processes_end();
        abort_destinations(&d);
        if (rc == SQ_ENGINE_BAD_INPUT)
            sq_usage_error("run", "%s", err);
        if (rc)
            sq_error_line("run", "%s", err);
        return SQ_EXIT_FAIL;
    }
    return write_run(&run, &d, sq_format_of(&v[OPT_FORMAT]), v[OPT_DETAIL].given);
}
