/* The HTML renderer: one self-contained page (no script, no link to
 * anything), every text from a file escaped, a table of contents of the
 * page's headings ahead of its body. */
#include "doc.h"

#include <stdlib.h>
#include <string.h>

#define MAX_TOC 512

typedef struct html_state {
    char *body; /* the page's body, kept until the table of contents is known */
    size_t body_len;
    FILE *page; /* the real destination */
    char *title;
    struct {
        int level;
        char *text;
    } toc[MAX_TOC];
    int ntoc;
    bool in_list;
} html_state;

/* Text in HTML: markup characters as entities, control characters as
 * spaces, so no name can open a tag or leave an attribute's quotes. */
static void html_text(FILE *out, const char *s) {
    static const char markup[] = "&<>\"'";
    static const char *const entity[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"};
    for (; *s; s++) {
        const char *p = strchr(markup, *s);
        if (p)
            fputs(entity[p - markup], out);
        else
            fputc((unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s, out);
    }
}

static void out_of_memory(void) {
    fprintf(stderr, "sqcolor: out of memory for a report\n");
    exit(1);
}

static void end_list(sq_doc *d) {
    html_state *h = d->state;
    if (h->in_list)
        fputs("</ul>\n", d->out);
    h->in_list = false;
}

static void html_heading(sq_doc *d, int level, const char *text) {
    html_state *h = d->state;
    end_list(d);
    int id = h->ntoc;
    if (h->ntoc < MAX_TOC) {
        h->toc[h->ntoc].level = level;
        if (!(h->toc[h->ntoc++].text = strdup(text)))
            out_of_memory();
    }
    fprintf(d->out, "<h%d id=\"s%d\">", level + 1, id);
    html_text(d->out, text);
    fprintf(d->out, "</h%d>\n", level + 1);
}

static void html_paragraph(sq_doc *d, const char *text) {
    end_list(d);
    fputs("<p>", d->out);
    html_text(d->out, text);
    fputs("</p>\n", d->out);
}

static void html_note(sq_doc *d, const char *text) {
    html_state *h = d->state;
    if (!h->in_list)
        fputs("<ul>\n", d->out);
    h->in_list = true;
    fputs("<li>", d->out);
    html_text(d->out, text);
    fputs("</li>\n", d->out);
}

static void html_table(sq_doc *d, const sq_text_table *t, int first_width, int width) {
    (void)first_width, (void)width;
    end_list(d);
    fputs("<table>\n<thead>", d->out);
    for (int i = 0; i < t->ncells; i++) {
        int c = i % t->ncols;
        bool head = i < t->ncols;
        if (c == 0)
            fputs(head ? "<tr>" : "<tr>", d->out);
        const char *tag = head || c == 0 ? "th" : "td";
        fprintf(d->out, "<%s%s>%s", tag,
                head     ? " scope=\"col\""
                : c == 0 ? " scope=\"row\""
                         : "",
                t->best[i] ? "<strong>" : "");
        html_text(d->out, t->cells[i]);
        fprintf(d->out, "%s</%s>", t->best[i] ? "</strong>" : "", tag);
        if (c == t->ncols - 1 || i == t->ncells - 1)
            fputs(i == t->ncols - 1 ? "</tr></thead>\n<tbody>\n" : "</tr>\n", d->out);
    }
    fputs("</tbody></table>\n", d->out);
}

static void html_figure(sq_doc *d, const sq_run *runs, int nruns, const struct sq_figure *f) {
    (void)d, (void)runs, (void)nruns, (void)f; /* figures.h draws them */
}

static const char style[] =
    "body{font-family:sans-serif;max-width:72em;margin:1em auto;padding:0 1em;color:#111}"
    "table{border-collapse:collapse;margin:0.5em 0}"
    "th,td{border:1px solid #bbb;padding:2px 8px;text-align:right;"
    "font-variant-numeric:tabular-nums;white-space:nowrap}"
    "th[scope=row],thead th:first-child{text-align:left}"
    "thead th{background:#eee}"
    "nav ul{columns:2}";

static int html_finish(sq_doc *d) {
    html_state *h = d->state;
    end_list(d);
    bool ok = fflush(d->out) == 0 && !ferror(d->out);
    fclose(d->out);
    FILE *out = h->page;
    d->out = out;
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>", out);
    html_text(out, h->title);
    fprintf(out, "</title>\n<style>%s</style></head><body>\n<h1>", style);
    html_text(out, h->title);
    fputs("</h1>\n<nav><h2>Contents</h2>\n<ul>\n", out);
    for (int i = 0; i < h->ntoc; i++) {
        fprintf(out, "<li%s><a href=\"#s%d\">", h->toc[i].level > 2 ? " class=\"sub\"" : "", i);
        html_text(out, h->toc[i].text);
        fputs("</a></li>\n", out);
        free(h->toc[i].text);
    }
    fputs("</ul></nav>\n", out);
    if (ok)
        fwrite(h->body, 1, h->body_len, out);
    fputs("</body></html>\n", out);
    free(h->body);
    free(h->title);
    free(h);
    d->state = NULL;
    return ok && fflush(out) == 0 && !ferror(out) ? 0 : -1;
}

const sq_doc_ops sq_doc_html_ops = {html_heading, html_paragraph, html_note,
                                    html_table,   html_figure,    html_finish};

void sq_doc_html_start(sq_doc *d, const char *title) {
    html_state *h = calloc(1, sizeof *h);
    if (!h || !(h->title = strdup(title)))
        out_of_memory();
    h->page = d->out;
    if (!(d->out = open_memstream(&h->body, &h->body_len)))
        out_of_memory();
    d->state = h;
}
