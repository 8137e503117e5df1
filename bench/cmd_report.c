/* sqcolor report: tables (and plots) from saved result files; several files
 * side by side, one column per machine. */
#include "cli.h"
#include "output.h"
#include "report.h"
#include "report_formats.h"
#include "results_io.h"
#include "plot.h"
#include "sq_version.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

int sq_cmd_report(int argc, char **argv) {
    const char *format_s = "table", *plot_dir = NULL, *output = NULL;
    const sq_option opts[] = {
        {"--format", &format_s, NULL}, {"--plot", &plot_dir, NULL}, {"--output", &output, NULL}};
    const char *files[SQ_REPORT_MAX_RUNS];
    int nfiles;
    sq_parse_options("report", argc, argv, opts, 3, files, SQ_REPORT_MAX_RUNS, &nfiles);
    if (!nfiles)
        sq_usage_error("report", "name at least one result file");
    int format = sq_choice("report", "--format", format_s, "table|markdown|csv|html|json");
    if (nfiles > 1 && format == 4)
        sq_usage_error("report",
                       "--format json takes one file; several files make a table, markdown, "
                       "html or csv comparison");

    sq_run runs[SQ_REPORT_MAX_RUNS];
    char err[600];
    for (int k = 0; k < nfiles; k++)
        if (sq_results_load(files[k], &runs[k], err, sizeof err)) {
            for (int j = 0; j < k; j++)
                sq_results_free(&runs[j]);
            sq_usage_error("report", "%s", err);
        }

    sq_output o;
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
    bool md_ok = true;
    FILE *md = format == 3 ? tmpfile() : NULL;
    if (format == 3 && !md) { /* else the markdown would go out as the HTML */
        int e = errno;
        if (output)
            sq_output_abort(&o);
        sq_usage_error("report", "--format html: cannot make a temporary file: %s", strerror(e));
    }
    FILE *dest = md ? md : out;
    if (nfiles == 1) {
        static const sq_format as[] = {SQ_FORMAT_TABLE, SQ_FORMAT_MARKDOWN, SQ_FORMAT_CSV,
                                       SQ_FORMAT_MARKDOWN, SQ_FORMAT_JSON};
        sq_report_write(&runs[0], as[format], dest);
    } else if (format == 2) {
        sq_write_csv(dest, runs, nfiles);
    } else {
        sq_write_machines(dest, format != 0, runs, nfiles);
    }
    if (md) {
        md_ok = fflush(md) == 0 && !ferror(md);
        rewind(md);
        if (md_ok)
            sq_markdown_to_html(md, out);
        fclose(md);
        if (!md_ok)
            fprintf(stderr, "sqcolor report: --format html: cannot write a temporary file\n");
    }
    if (plot_dir && sq_plot(runs, nfiles, plot_dir, err, sizeof err)) {
        fprintf(stderr, "sqcolor report: --plot: %s\n", err);
        status = SQ_EXIT_FAIL;
    }
    if (!md_ok) {
        status = SQ_EXIT_USAGE;
        if (output)
            sq_output_abort(&o);
    } else if (output && sq_output_commit(&o, err, sizeof err)) {
        fprintf(stderr, "sqcolor report: %s\n", err);
        status = SQ_EXIT_USAGE;
    }
    for (int k = 0; k < nfiles; k++)
        sq_results_free(&runs[k]);
    return status;
}
