/* sqcolor report: tables (and plots) from saved result files; several files
 * side by side, one column per machine. */
#include "cli.h"
#include "output.h"
#include "report.h"
#include "results_io.h"
#include "plot.h"
#include "sq_version.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILES 16

/* Mean over sequences of a variant's medians in one mode, or NAN. */
static double mean_median(const sq_run *run, const char *id, sq_mode mode) {
    double sum = 0;
    int n = 0;
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        if (r->mode == mode && strcmp(r->variant->id, id) == 0 && isfinite(r->cycles.median)) {
            sum += r->cycles.median;
            n++;
        }
    }
    return n ? sum / n : NAN;
}

/* One table per family and mode: rows technique/impl, a column per file. */
static void write_machines(FILE *out, bool md, sq_run *runs, int nruns) {
    if (md)
        fprintf(out, "### sqcolor results across machines\n");
    for (int k = 0; k < nruns; k++)
        fprintf(out,
                md ? "- [%d] %s: %s (family 0x%x model 0x%x), %s, sqcolor %s\n"
                   : "[%d] %s: %s (family 0x%x model 0x%x), %s, sqcolor %s\n",
                k + 1, runs[k].source, runs[k].machine.brand, runs[k].machine.family,
                runs[k].machine.model, runs[k].clock.source, runs[k].commit);
    for (int f = 0; f < sq_family_count; f++)
        for (int m = 0; m < SQ_MODE_COUNT; m++) {
            /* Distinct ids of this family and mode over all files, in order. */
            const char *ids[1024];
            int nids = 0;
            for (int k = 0; k < nruns; k++)
                for (int i = 0; i < runs[k].nresults; i++) {
                    const sq_result *r = &runs[k].results[i];
                    if (r->variant->family != &sq_families[f] || r->mode != (sq_mode)m)
                        continue;
                    int j = 0;
                    while (j < nids && strcmp(ids[j], r->variant->id) != 0)
                        j++;
                    if (j == nids && nids < 1024)
                        ids[nids++] = r->variant->id;
                }
            if (!nids)
                continue;
            fprintf(out,
                    md ? "\n#### %s — %s (core cycles per square, mean over sequences)\n\n| "
                         "variant |"
                       : "\n%s — %s (core cycles per square, mean over sequences)\n%-38s",
                    sq_families[f].name, sq_mode_names[m], "variant");
            for (int k = 0; k < nruns; k++) {
                char head[16];
                snprintf(head, sizeof head, "[%d]", k + 1);
                fprintf(out, md ? " %s |" : " %8s", head);
            }
            fputc('\n', out);
            if (md) {
                fprintf(out, "|---|");
                for (int k = 0; k < nruns; k++)
                    fprintf(out, "---:|");
                fputc('\n', out);
            }
            for (int j = 0; j < nids; j++) {
                fprintf(out, md ? "| %s |" : "%-38s", ids[j] + strlen(sq_families[f].name) + 1);
                for (int k = 0; k < nruns; k++) {
                    double v = mean_median(&runs[k], ids[j], (sq_mode)m);
                    char cell[32] = "-";
                    if (isfinite(v))
                        snprintf(cell, sizeof cell, "%.2f", v);
                    fprintf(out, md ? " %s |" : " %8s", cell);
                }
                fputc('\n', out);
            }
        }
}

/* Markdown as HTML: headings, list items and pipe tables. */
static void markdown_to_html(FILE *md, FILE *out) {
    fprintf(out, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>sqcolor results"
                 "</title>\n<style>body{font-family:sans-serif} table{border-collapse:collapse}"
                 " td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
                 " td:first-child{text-align:left}</style></head><body>\n");
    char line[8192];
    bool table = false, list = false; /* inside one since the previous line */
    while (fgets(line, sizeof line, md)) {
        line[strcspn(line, "\n")] = 0;
        bool is_row = line[0] == '|', is_item = strncmp(line, "- ", 2) == 0;
        if (table != is_row)
            fprintf(out, is_row ? "<table>\n" : "</table>\n");
        if (list != is_item)
            fprintf(out, is_item ? "<ul>\n" : "</ul>\n");
        table = is_row;
        list = is_item;
        if (is_row) {
            if (strstr(line, "---"))
                continue;
            fprintf(out, "<tr>");
            char *save, *cell = strtok_r(line + 1, "|", &save);
            for (; cell; cell = strtok_r(NULL, "|", &save)) {
                while (*cell == ' ')
                    cell++;
                bool bold = strncmp(cell, "**", 2) == 0;
                char *end = cell + strlen(cell);
                while (end > cell && (end[-1] == ' ' || end[-1] == '*'))
                    *--end = 0;
                fprintf(out, bold ? "<td><b>%s</b></td>" : "<td>%s</td>", bold ? cell + 2 : cell);
            }
            fprintf(out, "</tr>\n");
        } else if (is_item) {
            fprintf(out, "<li>%s</li>\n", line + 2);
        } else if (line[0] == '#') {
            int level = (int)strspn(line, "#");
            fprintf(out, "<h%d>%s</h%d>\n", level, line + level + 1, level);
        } else if (line[0]) {
            fprintf(out, "<p>%s</p>\n", line);
        }
    }
    fprintf(out, "%s%s</body></html>\n", table ? "</table>\n" : "", list ? "</ul>\n" : "");
}

int sq_cmd_report(int argc, char **argv) {
    const char *format_s = "table", *plot_dir = NULL, *output = NULL;
    const sq_option opts[] = {
        {"--format", &format_s, NULL}, {"--plot", &plot_dir, NULL}, {"--output", &output, NULL}};
    const char *files[MAX_FILES];
    int nfiles;
    sq_parse_options("report", argc, argv, opts, 3, files, MAX_FILES, &nfiles);
    if (!nfiles)
        sq_usage_error("report", "name at least one result file");
    int format = sq_choice("report", "--format", format_s, "table|markdown|csv|html|json");

    sq_run runs[MAX_FILES];
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
    int status = SQ_EXIT_OK;
    FILE *md = format == 3 ? tmpfile() : NULL;
    FILE *dest = md ? md : out;
    if (nfiles == 1) {
        static const sq_format as[] = {SQ_FORMAT_TABLE, SQ_FORMAT_MARKDOWN, SQ_FORMAT_CSV,
                                       SQ_FORMAT_MARKDOWN, SQ_FORMAT_JSON};
        sq_report_write(&runs[0], as[format], SQCOLOR_VERSION, dest);
    } else if (format == 2 || format == 4) {
        sq_usage_error("report",
                       "--format %s takes one file; several files make a table or "
                       "markdown comparison",
                       format_s);
    } else {
        write_machines(dest, format != 0, runs, nfiles);
    }
    if (md) {
        rewind(md);
        markdown_to_html(md, out);
        fclose(md);
    }
    if (plot_dir && sq_plot(runs, nfiles, plot_dir, err, sizeof err)) {
        fprintf(stderr, "sqcolor report: --plot: %s\n", err);
        status = SQ_EXIT_FAIL;
    }
    if (output && sq_output_commit(&o, err, sizeof err)) {
        fprintf(stderr, "sqcolor report: %s\n", err);
        status = SQ_EXIT_USAGE;
    }
    for (int k = 0; k < nfiles; k++)
        sq_results_free(&runs[k]);
    return status;
}
