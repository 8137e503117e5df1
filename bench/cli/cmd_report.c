/* sqcolor report: tables (and plots) from saved result files; several files
 * side by side, one column per machine. */
#include "bench/cli/cli.h"
#include "bench/cli/formats.h"
#include "bench/util/failure.h"
#include "bench/util/output.h"
#include "bench/report/report.h"
#include "bench/results/results_read.h"
#include "bench/render/plot.h"
#include "sq_version.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_FORMAT, OPT_DETAIL, OPT_OUTPUT, OPT_PLOT, OPT_LOG_AXIS, OPT_COUNT };
static const sq_option options[OPT_COUNT] = {
    [OPT_FORMAT] =
        SQ_OPTION_FORMAT(SQ_FORMATS, "table", "the form of the report (json takes one file)"),
    [OPT_DETAIL] = {.name = "--detail",
                    .kind = SQ_OPTION_FLAG,
                    .help = "the tables of every family, mode and sequence too"},
    [OPT_OUTPUT] = SQ_OPTION_OUTPUT,
    [OPT_PLOT] = {.name = "--plot",
                  .kind = SQ_OPTION_TEXT,
                  .placeholder = "DIR",
                  .help = "the HTML report's charts as SVG files: per family latency and "
                          "throughput, a panel per technique; with several files, per family "
                          "the machines side by side"},
    [OPT_LOG_AXIS] = {.name = "--log-axis",
                      .kind = SQ_OPTION_FLAG,
                      .help = "charts (HTML and --plot) on a log axis; otherwise linear from 0, a "
                              "bar far past the others cut at the axis's end"},
};

static int run_report(int argc, char **argv);

#define MOST_FILES SQ_STR(SQ_REPORT_MAX_RUNS)

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
        "file, naming its machine and build (long format).",
    .options = options,
    .noptions = OPT_COUNT,
};

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
    /* Every option checked before a file is opened or an output made. */
    if (nfiles > 1 && format == SQ_FORMAT_JSON)
        sq_usage_error("report",
                       "--format json takes one file; several files make a table, markdown, "
                       "html or csv comparison");

    /* The runs on the heap: each is kilobytes (sq_run), too much for a small stack. */
    sq_run *runs = calloc((size_t)nfiles, sizeof *runs);
    if (!runs)
        return sq_report_out_of_memory(format);
    char err[600];
    for (int k = 0; k < nfiles; k++)
        if (sq_results_load(files[k], &runs[k], err, sizeof err)) {
            for (int j = 0; j < k; j++)
                sq_run_free(&runs[j]);
            free(runs);
            sq_usage_error("report", "%s", err);
        }

    /* Every chart's name before --output is opened: a refusal leaves nothing. */
    if (plot_dir && sq_plot_check(runs, nfiles, plot_dir, err, sizeof err)) {
        for (int k = 0; k < nfiles; k++)
            sq_run_free(&runs[k]);
        sq_usage_error("report", "--plot: %s", err);
    }
    static sq_output o; /* 8 KiB: not on a small stack */
    FILE *out = stdout;
    if (output) {
        if (sq_output_open(&o, output, err, sizeof err))
            sq_usage_error("report", "%s", err);
        out = o.fp;
    }
    /* The plot folder made now (mkdir -p), after --output: a refusal leaves
     * neither behind. */
    if (plot_dir && sq_check_writable_dir(plot_dir, err, sizeof err)) {
        if (output)
            sq_output_abort(&o);
        sq_usage_error("report", "--plot: %s", err);
    }
    int status = SQ_EXIT_OK;
    int written =
        sq_report_write(runs, nfiles, format,
                        (detail ? SQ_REPORT_DETAIL : 0) | (log_axis ? SQ_REPORT_LOG_AXIS : 0), out);
    if (plot_dir && sq_plot(runs, nfiles, plot_dir, log_axis, err, sizeof err)) {
        sq_error_line("report", "--plot: %s", err);
        status = SQ_EXIT_FAIL;
    }
    int finished = sq_finish_report_output("report", output ? &o : NULL, written, format);
    if (finished)
        status = finished;
    for (int k = 0; k < nfiles; k++)
        sq_run_free(&runs[k]);
    free(runs);
    return status;
}
