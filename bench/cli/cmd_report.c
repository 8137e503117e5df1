/* sqcolor report: tables (and plots) from saved result files; several files
 * side by side, one column per machine. */
#include "bench/cli/cli.h"
#include "bench/cli/formats.h"
#include "bench/util/failure.h"
#include "bench/util/output.h"
#include "bench/report/paper_table.h"
#include "bench/report/report.h"
#include "bench/results/results_read.h"
#include "bench/render/plot.h"
#include "sq_version.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { OPT_FORMAT, OPT_FIGURE, OPT_DETAIL, OPT_OUTPUT, OPT_PLOT, OPT_LOG_AXIS, OPT_COUNT };
static const sq_option options[OPT_COUNT] = {
    [OPT_FORMAT] = SQ_OPTION_FORMAT(SQ_REPORT_FORMATS, "table",
                                    "the form of the report (json takes one file); latex and "
                                    "paper (Markdown): the table for a paper, one figure a cell"),
    [OPT_FIGURE] = {.name = "--figure",
                    .kind = SQ_OPTION_CHOICE,
                    .placeholder = "F",
                    .help = "with --format latex or paper: the headline figure the table shows "
                            "(branch: on the predictable sequences; mispredict: cycles per "
                            "mispredict)",
                    .def = "latency",
                    .choices = SQ_CHOICES(SQ_HEADLINE_KINDS)},
    [OPT_DETAIL] = {.name = "--detail",
                    .kind = SQ_OPTION_FLAG,
                    .help = "the tables of every family, mode and sequence too"},
    [OPT_OUTPUT] = SQ_OPTION_OUTPUT,
    [OPT_PLOT] = {.name = "--plot",
                  .kind = SQ_OPTION_TEXT,
                  .placeholder = "DIR",
                  .help = "the HTML report's charts as SVG files: per family latency and "
                          "throughput, a panel per technique; with several files, per family "
                          "the machines side by side. A tall chart is in parts (NAME-2.svg, ...): "
                          "an earlier chart's parts beyond those of the chart of its name now "
                          "are removed, and named on stderr"},
    [OPT_LOG_AXIS] = {.name = "--log-axis",
                      .kind = SQ_OPTION_FLAG,
                      .help = "charts (HTML and --plot) on a log axis; otherwise linear from 0, a "
                              "bar far past the others cut at the axis's end"},
};

static int run_report(int argc, char **argv);

#define MOST_FILES SQ_STR(SQ_REPORT_MAX_RUNS)

static const sq_example report_examples[] = {
    {"sqcolor report RUN.json --detail",
     "a saved run's headline tables, then every family, mode and sequence"},
    {"sqcolor report results/*/2026-*.json --format html --output machines.html",
     "the reference machines side by side, as an HTML page with charts"},
};

const sq_command sq_command_report = {
    .name = "report",
    .run = run_report,
    .operands = "FILE...",
    .most = "at most " MOST_FILES " result files",
    .summary = "tables and plots from saved result files",
    .description =
        "One file: a table per family of its headline figures, with the run's metadata. Several\n"
        "files, at most " MOST_FILES " (machines, compilers, commits): per family and figure the\n"
        "files side by side, with each one's ratio to the first. CSV: one line per row of every\n"
        "file, naming its machine and build (long format). latex, paper: the table for a\n"
        "paper, a row per technique and per machine the asm and the cheapest compiler, named,\n"
        "each a figure with its interval and lettered notes (LaTeX: a float per family, fit\n"
        "to a page and a column; it needs booktabs and siunitx).",
    .options = options,
    .noptions = OPT_COUNT,
    SQ_EXAMPLES(report_examples),
};

/* path as a name to compare: its folder resolved (realpath) where it is
 * there, trailing slashes dropped; false when it cannot be made. */
static bool comparable(const char *path, char out[PATH_MAX]) {
    char copy[PATH_MAX], real[PATH_MAX];
    if (snprintf(copy, sizeof copy, "%s", path) >= (int)sizeof copy)
        return false;
    for (size_t len = strlen(copy); len > 1 && copy[len - 1] == '/';)
        copy[--len] = 0;
    char *slash = strrchr(copy, '/');
    const char *folder = !slash          ? "."
                         : slash == copy ? "/"
                                         : copy,
               *name = slash ? slash + 1 : copy;
    if (slash && slash != copy)
        *slash = 0;
    if (!realpath(folder, real))
        return snprintf(out, PATH_MAX, "%s", path) < PATH_MAX;
    return snprintf(out, PATH_MAX, "%s/%s", strcmp(real, "/") ? real : "", name) < PATH_MAX;
}

/* Whether a and b name one file: the same one where both are there, else
 * the same name in the same folder. */
static bool same_path(const char *a, const char *b) {
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char ra[PATH_MAX], rb[PATH_MAX];
    return comparable(a, ra) && comparable(b, rb) && strcmp(ra, rb) == 0;
}

/* The charts into dir, and earlier parts of them removed, said in one line.
 * A write error exits 2, as every other one; a folder made for them is
 * not left empty. */
static int plot_charts(const sq_run *runs, int nruns, const sq_plot_dir *dir, bool log_axis) {
    char err[600], removed[600];
    int n;
    if (sq_plot(runs, nruns, dir->path, log_axis, err, sizeof err) ||
        (n = sq_plot_remove_stale(runs, nruns, dir->path, log_axis, removed, sizeof removed, err,
                                  sizeof err)) < 0) {
        sq_plot_dir_undo(dir);
        sq_error_line("report", "--plot: %s", err);
        return SQ_EXIT_USAGE;
    }
    if (n)
        sq_error_line("report",
                      "--plot: removed %s: part%s of earlier charts beyond those written now",
                      removed, n == 1 ? "" : "s");
    return SQ_EXIT_OK;
}

/* runs[0..n) and the array that holds them, before a refusal exits. */
static void free_runs(sq_run *runs, int n) {
    for (int k = 0; k < n; k++)
        sq_run_free(&runs[k]);
    free(runs);
}

static int run_report(int argc, char **argv) {
    sq_value v[OPT_COUNT];
    const char *files[SQ_REPORT_MAX_RUNS];
    int nfiles;
    sq_parse_options(&sq_command_report, argc, argv, v, files, SQ_REPORT_MAX_RUNS, &nfiles);
    if (!nfiles)
        sq_usage_error("report", "name at least one result file");
    const char *plot_dir = v[OPT_PLOT].text, *output = v[OPT_OUTPUT].text;
    bool detail = v[OPT_DETAIL].given, log_axis = v[OPT_LOG_AXIS].given;
    sq_format format = sq_format_of(&v[OPT_FORMAT]);
    bool paper = format == SQ_FORMAT_LATEX || format == SQ_FORMAT_PAPER;
    sq_headline_kind figure = sq_headline_kind_of(&v[OPT_FIGURE]);
    /* Every option checked before a file is opened or an output made. */
    if (v[OPT_FIGURE].given && !paper)
        sq_usage_error("report",
                       "--figure takes --format latex or paper: the other formats show every "
                       "headline figure");
    if (nfiles > 1 && format == SQ_FORMAT_JSON)
        sq_usage_error("report",
                       "--format json takes one file; several files make a table, markdown, "
                       "html or csv comparison");
    /* The report would be written, then renamed over the charts' folder. */
    if (plot_dir && output && same_path(plot_dir, output))
        sq_usage_error("report", "--plot and --output name one path, '%s'", output);

    /* The runs on the heap: each is kilobytes (sq_run), too much for a small stack. */
    sq_run *runs = calloc((size_t)nfiles, sizeof *runs);
    if (!runs)
        return sq_report_out_of_memory(format);
    char err[600];
    for (int k = 0; k < nfiles; k++)
        if (sq_results_load(files[k], &runs[k], err, sizeof err)) {
            free_runs(runs, k);
            sq_usage_error("report", "%s", err);
        }

    if (paper && !sq_paper_table_has(runs, nfiles, figure)) {
        free_runs(runs, nfiles);
        sq_usage_error("report", "--figure %s needs rows in %s mode, and %s none",
                       sq_headline_names[figure], sq_mode_names[sq_headline_mode(figure)],
                       nfiles > 1 ? "these files have" : "this file has");
    }
    /* Every chart's name before --output is opened: a refusal leaves nothing. */
    if (plot_dir && sq_plot_check(runs, nfiles, plot_dir, err, sizeof err)) {
        free_runs(runs, nfiles);
        sq_usage_error("report", "--plot: %s", err);
    }
    static sq_output o; /* 8 KiB: not on a small stack */
    FILE *out = stdout;
    if (output) {
        if (sq_output_open(&o, output, err, sizeof err)) {
            free_runs(runs, nfiles);
            sq_usage_error("report", "%s", err);
        }
        out = o.fp;
    }
    /* The plot folder made now (mkdir -p), after --output: a refusal leaves
     * neither behind. */
    sq_plot_dir dir;
    if (plot_dir && sq_plot_dir_make(&dir, plot_dir, err, sizeof err)) {
        if (output)
            sq_output_abort(&o);
        free_runs(runs, nfiles);
        sq_usage_error("report", "--plot: %s", err);
    }
    int written =
        paper
            ? sq_report_paper(runs, nfiles, format, figure, out)
            : sq_report_write(runs, nfiles, format,
                              (detail ? SQ_REPORT_DETAIL : 0) | (log_axis ? SQ_REPORT_LOG_AXIS : 0),
                              out);
    int status = plot_dir ? plot_charts(runs, nfiles, &dir, log_axis) : SQ_EXIT_OK;
    int finished = sq_finish_report_output("report", output ? &o : NULL, written, format);
    if (finished)
        status = finished;
    free_runs(runs, nfiles);
    return status;
}
