/* The steps sqcolor run and sqcolor try share (run_flow.h). */
#include "bench/cli/run_flow.h"

#include "bench/cli/cli.h"
#include "bench/cli/formats.h"
#include "bench/cli/processes.h"
#include "bench/cli/run_options.h"
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

/* The command the messages name: run or try. */
static const char *who = "run";

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
            sq_usage_error(who, "%s '%s': empty item between commas", option, value);
        if (n == MAX_LIST)
            sq_usage_error(who, "%s: more than %d items", option, MAX_LIST);
        out[n++] = tok;
    }
    return n;
}

/* A --sequence item that no run could take, refused before verification:
 * a typo should not cost its seconds. */
static void check_sequence(const char *seq) {
    if (!sq_sequence_known(seq, 1) && !sq_sequence_known(seq, 2))
        sq_usage_error(who,
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
            sq_usage_error(who, "%s", err);
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
            sq_usage_error(who, "--min-reps %d is more than --reps %d", cfg->min_reps,
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
        sq_usage_error(who, "--visits %d is more than the %d samples to share among them",
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
    const char *trace; /* --trace, or NULL */
    sq_output trace_file;
} destinations;

static void abort_destinations(destinations *d) {
    if (d->output)
        sq_output_abort(&d->out_file);
    if (d->trace)
        sq_output_abort(&d->trace_file);
    d->output = d->trace = NULL;
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
            sq_usage_error(who, "%s", err);
        d->out = d->out_file.fp;
    }
    if (d->trace && sq_output_open(&d->trace_file, d->trace, err, sizeof err)) {
        d->trace = NULL;
        abort_destinations(d);
        sq_usage_error(who, "--trace: %s", err);
    }
    sq_machine machine;
    sq_machine_detect(&machine);
    static char cpu_dir[4096]; /* not on a small stack */
    sq_results_cpu_dir(&machine, d->results_dir, cpu_dir, sizeof cpu_dir);
    if (d->save && (sq_check_writable_dir(d->results_dir, err, sizeof err) ||
                    sq_check_writable_dir(cpu_dir, err, sizeof err))) {
        abort_destinations(d);
        sq_usage_error(who, "--save: %s", err);
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
            sq_error_line(who, "saved %s", used);
            return SQ_EXIT_OK;
        }
    }
    sq_error_line(who, "--save: %s", err);
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
static int write_run(sq_run *run, destinations *d, sq_format format, bool detail,
                     const sq_run_extras *extras) {
    int status = d->save ? save_run(run, d->results_dir) : SQ_EXIT_OK;
    if (status < 0) {
        abort_destinations(d);
        sq_run_free(run);
        return sq_report_out_of_memory(SQ_FORMAT_JSON);
    }
    /* A write error shows on commit, or for standard output at exit (main.c). */
    int written = sq_report_write(run, 1, format, detail ? SQ_REPORT_DETAIL : 0, d->out);
    if (written >= 0 && extras && extras->after_tables)
        extras->after_tables(d->out, format, extras->ctx);
    sq_run_free(run);
    int finished = sq_finish_report_output(who, d->output ? &d->out_file : NULL, written, format);
    return finished ? finished : status;
}

/* The plan from the options, and this process's place: whether it is one
 * of a run's processes (then *output is its file); the run itself reads its
 * sequence files now, once. The variants are the command's to choose. */
bool sq_run_plan_from(const char *cmd, const sq_value *v, sq_run_plan *plan, const char **output) {
    who = cmd;
    *plan = (sq_run_plan){.quick = v[OPT_QUICK].given, .index = -1};
    config_from_options(v, plan->quick, &plan->cfg);
    plan->processes = (int)(v[OPT_PROCESSES].given ? v[OPT_PROCESSES].whole
                                                   : SQ_PICK(plan->quick, SQ_TIMING_PROCESSES));
    bool one_of_many = sq_process_place(plan, output);
    if (!one_of_many)
        read_files_once(&plan->cfg);
    /* A run spread over processes only checks the kernels itself. */
    plan->cfg.check_only = !one_of_many && plan->processes > 1;
    return one_of_many;
}

/* The run's rows as they are timed and written: 10 KiB, not on a small
 * stack. */
static sq_run run;

/* A process of the run that times the batch rows alone (its index past the
 * processes that time every row): no scalar row, no sequence. */
static int run_batch_only(sq_run_plan plan, const char *process_output) {
    plan.cfg.nvariants = plan.cfg.nsequences = 0;
    return sq_process_main(&plan, NULL, &run, process_output);
}

/* One of the run's processes: its engine on the input the run checked, then
 * its rows timed and its file written (processes.h). */
static int run_child(const sq_value *v, sq_run_plan plan, const char *process_output) {
    sq_engine *engine;
    char err[512];
    if (v[OPT_TRACE].given && !(plan.cfg.trace = sq_process_trace_open(process_output))) {
        sq_error_line(who, "cannot write the trace beside %s: %s", process_output, strerror(errno));
        return SQ_EXIT_FAIL;
    }
    if (sq_engine_prepare(&plan.cfg, &run, &engine, err, sizeof err)) {
        sq_error_line(who, "%s", err); /* the run checked its input: not a usage error */
        return SQ_EXIT_FAIL;
    }
    int rc = sq_process_main(&plan, engine, &run, process_output);
    if (plan.cfg.trace && fclose(plan.cfg.trace) != 0 && !rc) {
        sq_error_line(who, "cannot write the trace beside %s: %s", process_output, strerror(errno));
        return SQ_EXIT_FAIL;
    }
    return rc;
}

/* The run itself: verified, timed (here or in its processes), written. */
static int run_parent(const sq_value *v, sq_run_plan plan, const sq_run_extras *extras) {
    /* The batch variants verified on the other core meanwhile. */
    sq_verify_aside aside = {0};
    sq_verify_aside_start(&aside, plan.batch, plan.nbatch);
    /* The sequences as the run will use them (named twice? of no selected
     * family? a file of squares?) before anything is written. */
    sq_engine *engine;
    char err[512];
    if (sq_engine_prepare(&plan.cfg, &run, &engine, err, sizeof err))
        sq_usage_error(who, "%s", err);

    static destinations d; /* its sq_output is 8 KiB: not on the stack */
    d.output = v[OPT_OUTPUT].text;
    d.save = v[OPT_SAVE].given;
    d.results_dir = v[OPT_RESULTS_DIR].text;
    d.trace = v[OPT_TRACE].text;
    open_destinations(&d);
    /* The engine reads its config when it times: here, or in the processes
     * whose traces the run gathers (processes.c). */
    plan.cfg.trace = d.trace ? d.trace_file.fp : NULL;
    /* Past L1 a batch row's speed is often the process's (batch.md): as many
     * processes again time them alone, so that a cell rests on twice the
     * processes a scalar row does. Their folder now: a refusal should not
     * follow verification. */
    plan.batch_only = plan.processes > 1 && plan.nbatch ? plan.processes : 0;
    if (plan.processes > 1 && sq_processes_begin(err, sizeof err)) {
        abort_destinations(&d);
        sq_engine_discard(engine, &run);
        sq_error_line(who, "%s", err);
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
            sq_usage_error(who, "%s", err);
        if (rc)
            sq_error_line(who, "%s", err);
        return SQ_EXIT_FAIL;
    }
    if (d.trace && sq_output_commit(&d.trace_file, err, sizeof err)) {
        d.trace = NULL;
        abort_destinations(&d);
        sq_error_line(who, "--trace: %s", err);
        return SQ_EXIT_FAIL;
    }
    d.trace = NULL;
    if (extras && extras->before_write)
        extras->before_write(&run, extras->ctx);
    return write_run(&run, &d, sq_format_of(&v[OPT_FORMAT]), v[OPT_DETAIL].given, extras);
}

int sq_run_planned(const sq_value *v, sq_run_plan *plan, bool one_of_many,
                   const char *process_output, const sq_run_extras *extras) {
    if (!one_of_many)
        return run_parent(v, *plan, extras);
    if (plan->index >= plan->processes && plan->index < plan->processes + plan->batch_only)
        return run_batch_only(*plan, process_output);
    return run_child(v, *plan, process_output);
}
