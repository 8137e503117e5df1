/* sqcolor ab A B: two builds timed in turns, A B B A ..., each turn a run of
 * one process through the binary's own command line (ab_turns.h); then each
 * side's runs merged in memory as a run's processes are, and the rows
 * compared by compare's entry point (bench/compare/show.h) as `compare
 * --paired` compares them: per row, a paired t-test of the per-pair
 * differences of the processes' medians (docs/statistics.md). */
#include "bench/cli/ab_turns.h"
#include "bench/cli/cli.h"
#include "bench/cli/compare_options.h"
#include "bench/cli/formats.h"
#include "bench/cli/run_options.h"
#include "bench/compare/show.h"
#include "bench/results/figures.h"
#include "bench/results/merge_files.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* run's options that ab passes on to every run (AB_FILTER..AB_QUICK), then
 * ab's own. */
enum {
    AB_FILTER,
    AB_MODE,
    AB_SEQUENCE,
    AB_LENGTH,
    AB_SEED,
    AB_REPS,
    AB_MIN_REPS,
    AB_BUDGET,
    AB_SAMPLES,
    AB_VISITS,
    AB_SAMPLE_US,
    AB_CPU,
    AB_ASLR,
    AB_NO_SHARE,
    AB_QUICK,
    AB_PAIRS,
    AB_ALPHA,
    AB_FAIL_OVER,
    AB_FORMAT,
    AB_OUTPUT_A,
    AB_OUTPUT_B,
    AB_COUNT
};

#define AB_DEFAULT_PAIRS 8

static const sq_option options[AB_COUNT] = {
    [AB_FILTER] = SQ_OPTION_FILTER("ids, e.g. 'color/inreg32/*', for both builds' runs"),
    [AB_MODE] = SQ_RUN_ROW_MODE,
    [AB_SEQUENCE] = SQ_RUN_ROW_SEQUENCE,
    [AB_LENGTH] = SQ_RUN_ROW_LENGTH,
    [AB_SEED] = SQ_RUN_ROW_SEED,
    [AB_REPS] = SQ_RUN_ROW_REPS,
    [AB_MIN_REPS] = SQ_RUN_ROW_MIN_REPS,
    [AB_BUDGET] = SQ_RUN_ROW_BUDGET,
    [AB_SAMPLES] = SQ_RUN_ROW_SAMPLES,
    [AB_VISITS] = SQ_RUN_ROW_VISITS,
    [AB_SAMPLE_US] = SQ_RUN_ROW_SAMPLE_US,
    [AB_CPU] = SQ_RUN_ROW_CPU,
    [AB_ASLR] = SQ_RUN_ROW_ASLR,
    [AB_NO_SHARE] = SQ_RUN_ROW_NO_SHARE,
    [AB_QUICK] = SQ_RUN_ROW_QUICK,
    [AB_PAIRS] = {.name = "--pairs",
                  .kind = SQ_OPTION_WHOLE,
                  .placeholder = "N",
                  .help = "pairs of runs, one of A and one of B each, in turns A B B A ...; "
                          "each pair one unit of the paired test",
                  .def = SQ_STR(AB_DEFAULT_PAIRS),
                  .min = 2,
                  .max = AB_MOST_PAIRS},
    [AB_ALPHA] = SQ_OPTION_ALPHA,
    [AB_FAIL_OVER] = SQ_OPTION_FAIL_OVER,
    [AB_FORMAT] = SQ_OPTION_FORMAT(SQ_TABLE_OR_JSON, "table",
                                   "table, or json: compare's JSON, each row's \"test\" "
                                   "\"pairs\""),
    [AB_OUTPUT_A] = {.name = "--output-a",
                     .kind = SQ_OPTION_TEXT,
                     .placeholder = "FILE",
                     .help = "keep A's runs there as one result file, each run a process of it, "
                             "for report and compare --paired (written atomically)"},
    [AB_OUTPUT_B] = {.name = "--output-b",
                     .kind = SQ_OPTION_TEXT,
                     .placeholder = "FILE",
                     .help = "the same for B's runs"},
};

static int run_ab(int argc, char **argv);

static const sq_example ab_examples[] = {
    {"sqcolor ab old/build/sqcolor build/sqcolor",
     "a change against the commit before it: 8 pairs of default runs, exit 1 on a slowdown"},
    {"sqcolor ab old/build/sqcolor build/sqcolor --quick --filter 'color/inreg32/*' --pairs 6",
     "a quick look at one technique's variants"},
};

const sq_command sq_command_ab = {
    .name = "ab",
    .run = run_ab,
    .operands = "A B",
    .summary = "time two sqcolor builds in turns and compare them pair by pair",
    .description =
        "A and B are two sqcolor binaries (two builds). ab runs them in turns, A B B A A B ...,\n"
        "--pairs times each, every turn a 'run --processes 1' of the binary with the run options\n"
        "given here, so that each pair of runs shares the host's state of its minute and a drift\n"
        "linear over two pairs cancels. Then per matching row it t-tests the pairs' differences\n"
        "of the runs' medians (a paired t-test), Benjamini-Hochberg-adjusted over the rows\n"
        "tested, with compare's floor, verdicts, output and exit status: as 'compare --paired'\n"
        "of the two sides' files (a pair whose run the host spoiled leaves the test, a row with\n"
        "too few clean pairs is not judged, and where the sides' cores differed no row is).\n"
        "Every run is pinned to one CPU (--cpu, or the one ab starts on). The time is 2 x\n"
        "--pairs runs of one process each: at the defaults 16 default runs, minutes (--quick and\n"
        "--filter shorten it). Exit status 2: bad input, or a run refused its options; 1: a\n"
        "significant slowdown over --fail-over among the rows judged, or a run failed.",
    .options = options,
    .noptions = AB_COUNT,
    SQ_EXAMPLES(ab_examples),
};

/* A and B must be files this process may execute; else exit 2. */
static void check_binary(const char *side, const char *path) {
    struct stat st;
    if (stat(path, &st) != 0)
        sq_usage_error("ab", "%s: %s: %s", side, path, strerror(errno));
    if (!S_ISREG(st.st_mode) || access(path, X_OK) != 0)
        sq_usage_error("ab", "%s: %s is not an executable file", side, path);
}

static void check_output(const sq_value *v, const char *name) {
    char err[600];
    if (v->given && sq_output_check_file(v->text, err, sizeof err))
        sq_usage_error("ab", "%s: %s", name, err);
}

/* The run options given, as words for every run (their values as written);
 * without --cpu, the CPU ab runs on, so that A's and B's runs share one. */
static int passed_on(const sq_value *v, const char **words, char *cpu, size_t cpu_len) {
    int n = 0;
    for (int k = AB_FILTER; k <= AB_QUICK; k++) {
        if (!v[k].given)
            continue;
        words[n++] = options[k].name;
        if (options[k].kind != SQ_OPTION_FLAG)
            words[n++] = v[k].text;
    }
    int here = sched_getcpu();
    if (!v[AB_CPU].given && here >= 0) {
        snprintf(cpu, cpu_len, "%d", here);
        words[n++] = "--cpu";
        words[n++] = cpu;
    }
    return n;
}

/* A side's runs read as one run into *run, each a process of it, its
 * samples to the resolution measured (as a result file keeps them: what
 * compare judges is what --output-a keeps), and kept in path as a result
 * file where path is given. Returns the exit status, having said why it
 * failed. */
static int merge_side(const ab_turns *t, int side, sq_run *run, const char *path) {
    const char *files[AB_MOST_PAIRS];
    char err[1200];
    for (int k = 0; k < t->pairs; k++)
        files[k] = t->files[side][k];
    if (sq_results_load_merged(files, t->pairs, run, err, sizeof err)) {
        sq_error_line("ab", "%s's runs: %s", side ? "B" : "A", err);
        return SQ_EXIT_FAIL;
    }
    sq_run_finish(run);
    if (!path)
        return SQ_EXIT_OK;
    sq_output out;
    if (sq_output_open(&out, path, err, sizeof err)) {
        sq_error_line("ab", "%s", err);
        return SQ_EXIT_USAGE;
    }
    int written = sq_report_write(run, 1, SQ_FORMAT_JSON, 0, out.fp);
    return sq_finish_report_output("ab", &out, written, SQ_FORMAT_JSON);
}

/* The two sides compared as compare --paired compares them, under a line
 * naming the builds and the test (after the line on the sides' cores, where
 * they differed). */
static int compare_runs(const sq_value *v, const sq_run *runs, const char *const *labels,
                        const char *const *bins, int pairs) {
    sq_compare_options o = {.q = v[AB_ALPHA].number,
                            .fail_over = v[AB_FAIL_OVER].given ? v[AB_FAIL_OVER].number : 0,
                            /* each unit a run of its own, not one of a
                             * run's processes: at two speeds the paired
                             * test decides, not the speeds a process drew */
                            .units = {.runs = true, .paired = true}};
    char heading[8400]; /* two paths of up to 4096 bytes and the words */
    snprintf(heading, sizeof heading,
             "ab: A %s, B %s: %d pairs of runs of one process, in turns A B B A ...; each row "
             "t-tested on its %d differences B - A, pair by pair (paired t)",
             bins[0], bins[1], pairs, pairs);
    sq_compare_show show = {.labels = {labels[0], labels[1]},
                            .heading = heading,
                            .json = sq_table_or_json_of(&v[AB_FORMAT]) == SQ_TABLE_OR_JSON_JSON};
    return sq_compare_and_show(&runs[0], &runs[1], &o, &show);
}

static ab_turns turns;  /* its file names are kilobytes */
static sq_run sides[2]; /* A's runs merged, B's: kilobytes, not on a small stack */

static int run_ab(int argc, char **argv) {
    sq_value v[AB_COUNT];
    const char *bins[3], *words[2 * AB_COUNT + 2];
    int nbins;
    char cpu[16];
    const char *labels[2];
    sq_parse_options(&sq_command_ab, argc, argv, v, bins, 3, &nbins);
    if (nbins != 2)
        sq_usage_error("ab", "name two sqcolor binaries, A and B (got %d)", nbins);
    check_output(&v[AB_OUTPUT_A], "--output-a");
    check_output(&v[AB_OUTPUT_B], "--output-b");
    if (v[AB_OUTPUT_A].given && v[AB_OUTPUT_B].given &&
        strcmp(v[AB_OUTPUT_A].text, v[AB_OUTPUT_B].text) == 0)
        sq_usage_error("ab", "--output-a and --output-b name one file, '%s'", v[AB_OUTPUT_A].text);
    check_binary("A", bins[0]);
    check_binary("B", bins[1]);
    turns = (ab_turns){.bins = {bins[0], bins[1]},
                       .options = words,
                       .noptions = passed_on(v, words, cpu, sizeof cpu),
                       .pairs = (int)v[AB_PAIRS].whole,
                       .progress = sq_progress_wanted()};
    int rc = ab_turns_run(&turns);
    for (int s = 0; s < 2 && rc == SQ_EXIT_OK; s++) {
        const sq_value *out = &v[s ? AB_OUTPUT_B : AB_OUTPUT_A];
        labels[s] = out->given ? out->text : turns.merged[s];
        rc = merge_side(&turns, s, &sides[s], out->given ? out->text : NULL);
    }
    if (rc == SQ_EXIT_OK)
        rc = compare_runs(v, sides, labels, bins, turns.pairs);
    sq_run_free(&sides[0]);
    sq_run_free(&sides[1]);
    ab_turns_clean(&turns);
    return rc;
}
