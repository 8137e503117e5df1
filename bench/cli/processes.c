#include "bench/cli/processes.h"

#include "bench/cli/cli.h"
#include "bench/cli/topup.h"
#include "bench/code/code_pages.h"
#include "bench/input/held_files.h"
#include "bench/measure/timing_defaults.h"
#include "bench/machine/clock.h"
#include "bench/machine/placement.h"
#include "bench/report/report.h"
#include "bench/results/figures.h"
#include "bench/results/merge.h"
#include "bench/results/quiet_history.h"
#include "bench/results/results_path.h"
#include "bench/results/results_read.h"
#include "bench/util/exit_status.h"
#include "bench/util/child.h"
#include "bench/util/cleanup.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

/* The environment a run's process is told its place by:
 * "INDEX/PROCESSES/BATCH_ONLY/RUN_PID", the file it writes, the sequence
 * files the run holds for it (held_files.h), and for a top-up process (its
 * index past the others) the rows it times (topup.h). */
#define PLACE_VARIABLE  "SQCOLOR_PROCESS"
#define OUTPUT_VARIABLE "SQCOLOR_PROCESS_OUTPUT"
#define INPUTS_VARIABLE "SQCOLOR_PROCESS_INPUTS"
#define ROWS_VARIABLE   "SQCOLOR_PROCESS_ROWS"

/* The top-up processes a run may start after the others (topup.h). */
#define SQ_TOPUP_PROCESSES 2

/* The folder of the processes' files, made before verification (in the
 * cleanup registry until the processes end), and the files' names. */
static char folder[4096];
static char files[SQ_MAX_PROCESSES][sizeof folder + 32]; /* "/", any int, ".json" */
static bool folder_made;

/* Each process's share of the run's budget, and the top-ups' (top_up):
 * one more than the processes. */
static double budget_share(const sq_run_plan *plan) {
    return plan->cfg.budget_s / (plan->processes + 1);
}

/* A process's share of the run: its share of the repetitions, rows in an
 * order of its own, and its buffers placed anew, an address range held
 * back before any is made. */
static void as_process(sq_run_plan *plan) {
    static char name[32];
    sq_engine_config *cfg = &plan->cfg;
    int index = plan->index, count = plan->processes;
    if (index >= count + plan->batch_only) { /* a top-up: one step of the rows asked */
        snprintf(name, sizeof name, "top-up %d", index - count - plan->batch_only + 1);
        cfg->min_reps = cfg->timing.reps = SQ_RUN_REPS_STEP;
        cfg->budget_s = 0;
        plan->nbatch = 0;
    } else {
        snprintf(name, sizeof name, "%d of %d", index + 1, count);
        cfg->min_reps = sq_share_of(cfg->min_reps, count);
        cfg->timing.reps = sq_share_of(cfg->timing.reps, count);
        cfg->budget_s = budget_share(plan);
    }
    cfg->process = name;
    cfg->checked = true; /* by the run, once */
    /* The processes run back to back on one CPU, and each prepares its
     * inputs there (0.2 s at the least) before it calibrates: the core comes
     * to its clock from that work, not from idle. */
    cfg->timing.warm_s = 0.005;
    cfg->order_seed = (cfg->seed ^ 0x9e3779b97f4a7c15ULL) * (uint64_t)(2 * index + 3);
    /* The timed loops' place in their pages (spliced and placed), 7 lines
     * apart a process. */
    sq_splice_shift(7 * index);
    /* 68 KiB a process: past a page, a cache set's stride and an L2 way. */
    void *hold = mmap(NULL, (size_t)(index + 1) * 68 * 1024, PROT_NONE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    (void)hold; /* held until the process ends */
}

/* Whether pid runs this same program: the run that started this process. */
static bool same_program(pid_t pid) {
    char theirs[4096], ours[4096], link[64];
    snprintf(link, sizeof link, "/proc/%d/exe", (int)pid);
    ssize_t n = readlink(link, theirs, sizeof theirs - 1), m;
    m = readlink("/proc/self/exe", ours, sizeof ours - 1);
    return n > 0 && n == m && memcmp(theirs, ours, (size_t)n) == 0;
}

/* The rows a top-up process is asked for, into plan: false for text that
 * is not a list of them (topup.h). */
static bool adopt_rows(sq_run_plan *plan, const char *text) {
    static unsigned char *bits;
    return text && sq_topup_read(text, &bits, &plan->cfg.nonly) == 0 && (plan->cfg.only = bits);
}

bool sq_process_place(sq_run_plan *plan, const char **output) {
    const char *place = getenv(PLACE_VARIABLE), *path = getenv(OUTPUT_VARIABLE),
               *inputs = getenv(INPUTS_VARIABLE), *rows = getenv(ROWS_VARIABLE);
    int index, count, batch_only, run_pid, used = 0;
    if (!place && !path && !inputs)
        return false;
    /* Trusted only from the run that set them: its parent, this program. */
    if (!place || !path || !inputs ||
        sscanf(place, "%d/%d/%d/%d%n", &index, &count, &batch_only, &run_pid, &used) != 4 ||
        place[used] != 0 || index < 0 || count < 1 || batch_only < 0 || index >= SQ_MAX_PROCESSES ||
        (index >= count + batch_only) != (rows != NULL) || run_pid != (int)getppid() ||
        !same_program(getppid()) ||
        sq_sequence_adopt(inputs, plan->cfg.sequences, plan->cfg.nsequences) ||
        (rows && !adopt_rows(plan, rows)))
        sq_usage_error("run", "%s is set, but this process was not started by a sqcolor run",
                       PLACE_VARIABLE);
    sq_tsc_hz_adopt(); /* the run's one TSC frequency */
    plan->index = index;
    plan->processes = count;
    plan->batch_only = batch_only;
    *output = path;
    as_process(plan);
    return true;
}

/* Runs this command again as process index of count + batch_only (past
 * them a top-up of the rows in rows' text), writing to path; 0 when it
 * exits 0. */
static int run_process(const sq_run_plan *plan, int index, const char *rows, const char *path,
                       char *err, size_t errlen) {
    int count = plan->processes, batch_only = plan->batch_only;
    char *const *argv = sq_placement_argv();
    char place[64], inputs[SQ_HELD_MAX * 24 + 1];
    pid_t run_pid = getpid();
    snprintf(place, sizeof place, "%d/%d/%d/%d", index, count, batch_only, (int)run_pid);
    sq_sequence_held_text(plan->cfg.sequences, plan->cfg.nsequences, inputs, sizeof inputs);
    count += batch_only; /* the processes its messages count */
    sq_child child;
    pid_t pid = sq_child_fork(&child);
    if (pid < 0) {
        snprintf(err, errlen, "cannot start process %d of %d: %s", index + 1, count,
                 strerror(errno));
        return -1;
    }
    if (pid == 0) {
        if (setenv(PLACE_VARIABLE, place, 1) == 0 && setenv(OUTPUT_VARIABLE, path, 1) == 0 &&
            setenv(INPUTS_VARIABLE, inputs, 1) == 0 &&
            (rows ? setenv(ROWS_VARIABLE, rows, 1) : unsetenv(ROWS_VARIABLE)) == 0)
            execv("/proc/self/exe", argv);
        fprintf(stderr, "sqcolor run: cannot run process %d of %d: %s\n", index + 1, count,
                strerror(errno));
        _exit(SQ_EXIT_FAIL);
    }
    sq_child_end end;
    char words[64];
    if (sq_child_wait(&child, SQ_CHILD_NO_LIMIT, &end)) {
        snprintf(err, errlen, "process %d of %d: %s", index + 1, count, strerror(errno));
        return -1;
    }
    if (sq_child_ok(&end))
        return 0;
    snprintf(err, errlen, "process %d of %d %s", index + 1, count,
             sq_child_words(&end, words, sizeof words));
    return -1;
}

/* The process that runs i-th: the two kinds take turns while both last, so
 * that batch rows are timed across the run's whole length. */
static int index_at(int i, int count, int batch_only) {
    int pairs = count < batch_only ? count : batch_only;
    if (i < 2 * pairs)
        return i % 2 ? count + i / 2 : i / 2;
    return count > batch_only ? i - pairs : count + i - pairs;
}

int sq_processes_begin(char *err, size_t errlen) {
    const char *tmp;
    if (sq_child_folder(folder, sizeof folder, "sqcolor-run", &tmp)) {
        snprintf(err, errlen, "cannot make a folder for the processes' files in %s: %s", tmp,
                 strerror(errno));
        return -1;
    }
    for (int i = 0; i < SQ_MAX_PROCESSES; i++)
        snprintf(files[i], sizeof files[i], "%s/%d.json", folder, i);
    folder_made = true;
    return 0;
}

void sq_processes_end(void) {
    if (folder_made)
        sq_cleanup_remove_folder(folder);
    folder_made = false;
}

/* A process's file, made new in the run's folder (no file or link there
 * before it): NULL with errno set. */
static FILE *create_new(const char *path) {
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (fd >= 0 && !fp)
        close(fd);
    return fp;
}

FILE *sq_process_trace_open(const char *output) {
    char path[4096];
    if (snprintf(path, sizeof path, "%s.trace", output) >= (int)sizeof path) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    return create_new(path);
}

/* The trace a process wrote beside its file, appended to the run's and
 * removed; a process that timed no scalar row (batch alone) wrote none. */
static int gather_trace(const char *file, FILE *trace, char *err, size_t errlen) {
    char path[4096], buf[8192];
    snprintf(path, sizeof path, "%s.trace", file);
    FILE *in = fopen(path, "r");
    if (!in && errno == ENOENT)
        return 0;
    if (!in) {
        snprintf(err, errlen, "--trace: cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0 && fwrite(buf, 1, n, trace) == n)
        ;
    bool failed = ferror(in) || ferror(trace);
    fclose(in);
    unlink(path);
    if (failed)
        snprintf(err, errlen, "--trace: cannot copy %s: %s", path, strerror(errno));
    return failed ? -1 : 0;
}

/* Runs process at (rows: a top-up's, or NULL) and loads its run into part:
 * 0, or -1 with a reason in err. */
static int run_one(const sq_run_plan *plan, int at, const char *rows, sq_run *part, char *err,
                   size_t errlen) {
    char why[400];
    int rc = run_process(plan, at, rows, files[at], err, errlen);
    if (!rc && sq_results_load(files[at], part, why, sizeof why)) {
        snprintf(err, errlen, "process %d: %s", at + 1, why);
        rc = -1;
    }
    if (!rc && plan->cfg.trace)
        rc = gather_trace(files[at], plan->cfg.trace, err, errlen);
    unlink(files[at]);
    return rc;
}

/* Runs the processes and loads each one's run into parts[index]: 0, or -1
 * with a reason in err, every part then freed. */
static int run_processes(const sq_run_plan *plan, sq_run *parts, char *err, size_t errlen) {
    int count = plan->processes, batch_only = plan->batch_only;
    int total = count + batch_only, rc = 0;
    for (int i = 0; i < total && !rc; i++) {
        int at = index_at(i, count, batch_only);
        if (plan->cfg.progress)
            fprintf(stderr, "\rsqcolor: process %d of %d starting%30s", at + 1, total, "");
        rc = run_one(plan, at, NULL, &parts[at], err, errlen);
    }
    if (plan->cfg.progress)
        fprintf(stderr, "\r%80s\r", "");
    for (int i = 0; rc && i < total; i++)
        sq_run_free(&parts[i]); /* a part never loaded is all zero */
    return rc;
}

/* Seconds the engine took in parts[0..n) and the repetitions of rows timed
 * themselves it took them over: what a top-up's repetition costs. */
static void engine_pace(const sq_run *parts, int n, double *seconds, double *reps) {
    for (int p = 0; p < n; p++) {
        *seconds += parts[p].elapsed_s;
        for (int i = 0; i < parts[p].nresults; i++)
            *reps += parts[p].results[i].shared_from ? 0 : parts[p].results[i].reps;
    }
}

/* The run's top-ups (topup.h), while rows need them, their time lasts and
 * the processes' indices do: 0, or -1 with a reason in err. Their time is
 * what the processes left of the budget (spent: the engine's seconds in
 * them), and at least the share kept for it (as_process): a host that slows
 * the processes is the one whose rows need it. per_rep: a row's repetition
 * at the processes' pace. */
static int top_up(const sq_run_plan *plan, sq_run *run, double spent, double per_rep, char *err,
                  size_t errlen) {
    const sq_engine_config *cfg = &plan->cfg;
    sq_topup_rule rule = {.fewest = run->min_reps,
                          .most = run->reps,
                          .step = SQ_RUN_REPS_STEP,
                          .tight = cfg->tight,
                          .tight_abs = cfg->tight_abs};
    unsigned char *bits = malloc(SQ_TOPUP_BYTES(run->nresults) + 1);
    char *text = malloc(SQ_TOPUP_TEXT(run->nresults));
    int rc = bits && text ? 0 : -1;
    if (rc)
        snprintf(err, errlen, "out of memory for the run's top-up");
    double own = fmax(cfg->budget_s - spent, budget_share(plan)), used = 0;
    for (int t = 0; !rc && t < SQ_TOPUP_PROCESSES; t++) {
        int at = plan->processes + plan->batch_only + t;
        double left = own - used, room = per_rep > 0 ? left / (per_rep * rule.step) : 0;
        if (at >= SQ_MAX_PROCESSES || (cfg->budget_s > 0 && room < 1))
            break;
        int picked = sq_topup_pick(run, &rule, cfg->budget_s > 0 ? (int)room : INT_MAX, bits);
        if (picked <= 0) {
            if (picked < 0)
                snprintf(err, errlen, "out of memory for the run's top-up");
            rc = picked;
            break;
        }
        if (cfg->progress)
            fprintf(stderr, "\rsqcolor: top-up %d, %d rows, starting%30s", t + 1, picked, "");
        sq_topup_text(bits, run->nresults, text);
        sq_run part = {0};
        rc = run_one(plan, at, text, &part, err, errlen);
        if (!rc)
            rc = sq_run_add_process(run, &part, err, errlen);
        used += part.elapsed_s;
        sq_run_free(&part);
    }
    if (cfg->progress)
        fprintf(stderr, "\r%80s\r", "");
    free(bits);
    free(text);
    return rc;
}

/* The run timed in its processes and put back together (merge.h), then
 * topped up: its file's limits are the whole run's, not one process's
 * share. */
static int time_in_processes(const sq_run_plan *plan, sq_run *run, char *err, size_t errlen) {
    static sq_run parts[SQ_MAX_PROCESSES];
    const sq_engine_config *cfg = &plan->cfg;
    int count = plan->processes, batch_only = plan->batch_only;
    memset(parts, 0, sizeof parts);
    if (!folder_made) {
        snprintf(err, errlen, "no folder for the processes' files (sq_processes_begin)");
        return -1;
    }
    double t0 = sq_monotonic_s(), spent = 0, reps = 0;
    sq_pin_cpu(cfg->timing.cpu); /* every process on one CPU */
    sq_tsc_hz_share();           /* and one TSC frequency */
    int rc = run_processes(plan, parts, err, errlen);
    if (rc) {
        sq_processes_end();
        return -1;
    }
    engine_pace(parts, count, &spent, &reps);
    rc = sq_runs_merge(parts, count, batch_only, err, errlen);
    for (int i = rc ? 0 : 1; i < count + batch_only; i++)
        sq_run_free(&parts[i]);
    if (rc) {
        sq_processes_end();
        return -1;
    }
    *run = parts[0];
    run->source = NULL; /* a live run, not the file its first process wrote */
    /* Each process took its share of the repetitions, rounded up (as_process). */
    run->reps = sq_share_of(cfg->timing.reps, count) * count;
    run->min_reps = sq_share_of(sq_engine_min_reps(cfg), count) * count;
    rc = top_up(plan, run, spent, reps > 0 ? spent / reps : 0, err, errlen);
    sq_processes_end();
    if (rc) {
        sq_run_free(run);
        return -1;
    }
    run->elapsed_s = sq_monotonic_s() - t0;
    return 0;
}

/* A whole run (not one of its processes) held to this CPU's quiet level in
 * earlier runs, then its own level kept for the next (quiet_history.h). A
 * history that cannot be read or written is said on one line and not used:
 * the run goes on. */
static void hold_to_history(sq_run *run) {
    char path[4096], cpu[64], err[4096 + 128];
    double levels[SQ_HISTORY_RUNS], own = sq_run_quiet(run);
    if (!sq_quiet_history_path(path, sizeof path) || !isfinite(own))
        return;
    sq_results_cpu_name(&run->machine, cpu, sizeof cpu);
    int n = sq_quiet_history_read(path, cpu, levels, err, sizeof err);
    if (n < 0) {
        sq_error_line("run", "quiet history not used: %s", err);
        return;
    }
    run->history_quiet = sq_quiet_history_level(levels, n);
    run->history_runs = isfinite(run->history_quiet) ? n : 0;
    sq_run_mark_shared_processes(run);
    if (sq_quiet_history_add(path, cpu, own, err, sizeof err))
        sq_error_line("run", "quiet history not kept: %s", err);
}

int sq_run_measure(const sq_run_plan *plan, sq_engine *engine, sq_run *run, char *err,
                   size_t errlen) {
    int rc;
    if (plan->index < 0 && plan->processes > 1) {
        rc = time_in_processes(plan, run, err, errlen) ? SQ_ENGINE_CHECK_FAILED : SQ_ENGINE_OK;
    } else {
        rc = sq_run_time_here(plan, engine, run, err, errlen);
        if (!rc)
            sq_run_mark_shared_processes(run); /* the merge's marks, for a run of one */
    }
    if (!rc && plan->index < 0)
        hold_to_history(run);
    if (rc)
        sq_run_free(run);
    else
        sq_run_finish(run);
    return rc;
}

int sq_process_main(const sq_run_plan *plan, sq_engine *engine, sq_run *run, const char *output) {
    char err[512];
    if (sq_run_measure(plan, engine, run, err, sizeof err)) {
        sq_error_line("run", "%s", err);
        return SQ_EXIT_FAIL;
    }
    FILE *fp = create_new(output);
    int written = fp ? sq_report_write(run, 1, SQ_FORMAT_JSON, 0, fp) : -1;
    bool closed = fp && fclose(fp) == 0;
    sq_run_free(run);
    if (written || !closed) {
        sq_error_line("run", "cannot write %s: %s", output, strerror(errno));
        return SQ_EXIT_FAIL;
    }
    return SQ_EXIT_OK;
}
