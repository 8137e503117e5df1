/* sqcolor report: tables (and plots) from saved result files; several files
 * side by side, one column per machine. */
#include "cells.h"
#include "cli.h"
#include "output.h"
#include "report.h"
#include "results_io.h"
#include "plot.h"
#include "sq_version.h"
#include "stats.h"
#include "summary.h"
#include "text_table.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILES 16

/* One table per family and mode: rows technique/impl, a column per file, each
 * cell a figure over sequences (cells.h). */
static void write_machines(FILE *out, bool md, sq_run *runs, int nruns) {
    if (md)
        fprintf(out, "### sqcolor results across machines\n");
    for (int k = 0; k < nruns; k++)
        fprintf(out,
                md ? "- [%d] %s: %s (family 0x%x model 0x%x), %s, sqcolor %s\n"
                   : "[%d] %s: %s (family 0x%x model 0x%x), %s, sqcolor %s\n",
                k + 1, runs[k].source, runs[k].machine.brand, runs[k].machine.family,
                runs[k].machine.model, runs[k].clock.source, runs[k].commit);
    /* Each file's rows by variant: a cell costs its variant's rows. */
    sq_variant_rows by_variant[MAX_FILES];
    size_t all = 1;
    for (int k = 0; k < nruns; k++) {
        sq_variant_rows_init(&by_variant[k], &runs[k]);
        all += (size_t)runs[k].nresults;
    }
    const char **ids = malloc(sizeof *ids * all);
    if (!ids) {
        fprintf(stderr, "sqcolor report: out of memory\n");
        exit(SQ_EXIT_USAGE);
    }
    for (int f = 0; f < sq_family_count; f++)
        for (int m = 0; m < SQ_MODE_COUNT; m++) {
            /* Distinct ids of this family and mode over all files, in order. */
            int nids = 0;
            for (int k = 0; k < nruns; k++)
                for (int i = 0; i < runs[k].nresults; i++) {
                    const sq_result *r = &runs[k].results[i];
                    if (r->variant->family == &sq_families[f] && r->mode == (sq_mode)m)
                        ids[nids++] = r->variant->id;
                }
            nids = sq_distinct_strings(ids, nids);
            if (!nids)
                continue;
            fprintf(out,
                    md ? "\n#### %s — %s (core cycles per square, median over sequences)\n\n"
                       : "\n%s — %s (core cycles per square, median over sequences)\n",
                    sq_families[f].name, sq_mode_names[m]);
            sq_text_table t;
            sq_text_table_init(&t, 1 + nruns);
            sq_text_table_add(&t, "variant");
            for (int k = 0; k < nruns; k++)
                sq_text_table_add(&t, "[%d]", k + 1);
            for (int j = 0; j < nids; j++) {
                sq_text_table_add(&t, "%s", ids[j] + strlen(sq_families[f].name) + 1);
                for (int k = 0; k < nruns; k++) {
                    char cell[96];
                    sq_cell_over_sequences(cell, sizeof cell,
                                           sq_variant_rows_of(&by_variant[k], ids[j]), ids[j],
                                           (sq_mode)m);
                    sq_text_table_add(&t, "%s", cell);
                }
            }
            sq_text_table_write(&t, out, md, 38, 8);
            sq_text_table_free(&t);
        }
    free(ids);
    for (int k = 0; k < nruns; k++)
        sq_variant_rows_free(&by_variant[k]);
    const char *p = md ? "- " : "";
    fprintf(out,
            "\n%scells: the median over sequences of each file's cells (its footer says how "
            "they were measured); '-' where a file has none\n",
            p);
    fprintf(out,
            "%sx / y rnd: in branch mode and for † variants, the predictable sequences (all but "
            "random and file) and random apart\n",
            p);
    fprintf(out, "%s≈0: a figure under %.2f cycles, not told apart from zero\n", p,
            SQ_RESOLUTION_CYCLES);
    fprintf(out,
            "%s†: control-dependent: the timed chain passes through a predicted branch, so this "
            "is not a latency; it depends on how predictable the sequence is\n",
            p);
}

/* Text from a file in HTML: markup characters as entities, so no name can
 * open a tag or leave an attribute's quotes. */
static void html_text(FILE *out, const char *s, size_t n) {
    static const char markup[] = "&<>\"'";
    static const char *const entity[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"};
    for (size_t i = 0; i < n && s[i]; i++) { /* s[i] != 0: strchr finds no terminator */
        const char *p = strchr(markup, s[i]);
        if (p)
            fputs(entity[p - markup], out);
        else
            fputc(s[i], out);
    }
}

/* "<p>text</p>" and the like. */
static void html_element(FILE *out, const char *tag, const char *text) {
    fprintf(out, "<%s>", tag);
    html_text(out, text, strlen(text));
    fprintf(out, "</%s>\n", tag);
}

/* A Markdown table row "| a | **b** | c\|d |" as HTML: cells split at
 * unescaped pipes, "\|" as "|", bold as <b>. */
static void html_row(FILE *out, char *line) {
    fprintf(out, "<tr>");
    char *p = line + 1; /* past the leading pipe */
    while (*p) {
        char *cell = p, *w = p; /* unescaped in place */
        for (; *p && *p != '|'; p++) {
            if (*p == '\\' && p[1] == '|')
                p++;
            *w++ = *p;
        }
        if (*p)
            p++;
        *w = 0;
        while (*cell == ' ')
            cell++;
        size_t n = strlen(cell);
        while (n && cell[n - 1] == ' ')
            n--;
        bool bold = n >= 4 && strncmp(cell, "**", 2) == 0 && strncmp(cell + n - 2, "**", 2) == 0;
        fputs(bold ? "<td><b>" : "<td>", out);
        html_text(out, bold ? cell + 2 : cell, bold ? n - 4 : n);
        fputs(bold ? "</b></td>" : "</td>", out);
    }
    fprintf(out, "</tr>\n");
}

/* Markdown as HTML: headings, list items, paragraphs and pipe tables. */
static void markdown_to_html(FILE *md, FILE *out) {
    fprintf(out, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>sqcolor results"
                 "</title>\n<style>body{font-family:sans-serif} table{border-collapse:collapse}"
                 " td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
                 " td:first-child{text-align:left}</style></head><body>\n");
    char *line = NULL;
    size_t cap = 0;
    bool table = false, list = false; /* inside one since the previous line */
    while (getline(&line, &cap, md) >= 0) {
        line[strcspn(line, "\n")] = 0;
        bool is_row = line[0] == '|', is_item = strncmp(line, "- ", 2) == 0;
        if (table != is_row)
            fprintf(out, is_row ? "<table>\n" : "</table>\n");
        if (list != is_item)
            fprintf(out, is_item ? "<ul>\n" : "</ul>\n");
        table = is_row;
        list = is_item;
        if (is_row && !strstr(line, "---")) { /* the line under the header is left out */
            html_row(out, line);
        } else if (is_item) {
            html_element(out, "li", line + 2);
        } else if (line[0] == '#') {
            size_t level = strspn(line, "#");
            char tag[] = {'h', (char)('0' + (level < 6 ? level : 6)), 0};
            html_element(out, tag, line + level + (line[level] == ' '));
        } else if (line[0] && !is_row) {
            html_element(out, "p", line);
        }
    }
    free(line);
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
        md_ok = fflush(md) == 0 && !ferror(md);
        rewind(md);
        if (md_ok)
            markdown_to_html(md, out);
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
