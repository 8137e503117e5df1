/* HTML: a page from the Markdown report. */
#include "report_formats.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

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
void sq_markdown_to_html(FILE *md, FILE *out) {
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
