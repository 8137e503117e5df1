/* The HTML renderer: one self-contained page (no script, no link to
 * anything outside it), every text from a file escaped, a table of contents
 * of the page's headings, nested by level, ahead of its body. */
#include "bench/render/doc.h"
#include "bench/render/figures.h"
#include "bench/util/escape.h"
#include "bench/util/failure.h"

#include <stdlib.h>
#include <string.h>

typedef struct toc_entry {
    int level; /* the <h> level: 2 or deeper */
    char *text;
} toc_entry;

typedef struct html_state {
    char *body; /* the page's body, kept until the table of contents is known */
    size_t body_len;
    FILE *page; /* the real destination */
    char *title;
    toc_entry *toc; /* every heading; heading i has the id "s<i>" */
    int ntoc, toc_cap;
    int heading_before; /* the id of the heading just written, or -1 */
    bool in_list;
} html_state;

/* Ends a list of notes and forgets the heading before: called by every
 * block but a note. */
static void start_block(sq_doc *d) {
    html_state *h = d->state;
    if (h->in_list)
        fputs("</ul>\n", d->out);
    h->in_list = false;
    h->heading_before = -1;
}

/* The title is the page's only <h1>: level 1 and 2 are <h2>, 3 <h3>. */
static void html_heading(sq_doc *d, int level, const char *text) {
    html_state *h = d->state;
    start_block(d);
    if (h->ntoc == h->toc_cap) {
        int cap = h->toc_cap ? 2 * h->toc_cap : 64;
        toc_entry *toc = realloc(h->toc, (size_t)cap * sizeof *toc);
        if (!toc) {
            d->error = SQ_FAILED_MEMORY;
            return;
        }
        h->toc = toc;
        h->toc_cap = cap;
    }
    char *copy = strdup(text);
    if (!copy) {
        d->error = SQ_FAILED_MEMORY;
        return;
    }
    int id = h->ntoc++, hlevel = level < 2 ? 2 : level > 6 ? 6 : level;
    h->toc[id] = (toc_entry){hlevel, copy};
    fprintf(d->out, "<h%d id=\"s%d\">", hlevel, id);
    sq_put_html(d->out, text);
    fprintf(d->out, "</h%d>\n", hlevel);
    h->heading_before = id;
}

static void html_paragraph(sq_doc *d, const char *text) {
    start_block(d);
    fputs("<p>", d->out);
    sq_put_html(d->out, text);
    fputs("</p>\n", d->out);
}

static void html_note(sq_doc *d, const char *text) {
    html_state *h = d->state;
    if (!h->in_list) {
        start_block(d);
        fputs("<ul class=\"notes\">\n", d->out);
    }
    h->in_list = true;
    fputs("<li>", d->out);
    sq_put_html(d->out, text);
    fputs("</li>\n", d->out);
}

/* One row of cells: the first a row header, the header row's all column
 * headers; a best cell bold and tinted; a prose column's cells
 * (sq_text_table_prose_column, in prose[]) left-aligned and wrapped. */
static void table_row(FILE *out, const sq_text_table *t, int first, bool header,
                      const bool *prose) {
    fputs("<tr>", out);
    for (int i = first; i < first + t->ncols && i < t->ncells; i++) {
        const char *tag = header || i == first ? "th" : "td";
        bool text = prose[i - first], best = t->best[i];
        const char *cls = best && text ? " class=\"best prose\""
                          : best       ? " class=\"best\""
                          : text       ? " class=\"prose\""
                                       : "";
        fprintf(out, "<%s%s%s>%s", tag,
                header       ? " scope=\"col\""
                : i == first ? " scope=\"row\""
                             : "",
                cls, best ? "<strong>" : "");
        sq_put_html(out, t->cells[i]);
        fprintf(out, "%s</%s>", best ? "</strong>" : "", tag);
    }
    fputs("</tr>\n", out);
}

/* Columns past this make a wide table, printed smaller so that a page holds
 * it (a detailed table of 15 impls). */
#define WIDE_TABLE 12

/* In a box that scrolls when the table is wider than the page, named by the
 * heading just before it. */
static void html_table(sq_doc *d, const sq_text_table *t, int first_width, int width) {
    (void)first_width, (void)width;
    html_state *h = d->state;
    int label = h->heading_before;
    start_block(d);
    if (t->ncells == 0)
        return;
    const char *cls = t->ncols > WIDE_TABLE ? "scroll wide" : "scroll";
    if (label >= 0)
        fprintf(d->out,
                "<div class=\"%s\" role=\"region\" aria-labelledby=\"s%d\" tabindex=\"0\">\n", cls,
                label);
    else
        fprintf(d->out, "<div class=\"%s\">\n", cls);
    bool *prose = calloc((size_t)t->ncols + 1, sizeof *prose);
    if (!prose) {
        d->error = SQ_FAILED_MEMORY;
        return;
    }
    for (int c = 0; c < t->ncols; c++)
        prose[c] = sq_text_table_prose_column(t, c);
    fputs("<table>\n<thead>\n", d->out);
    table_row(d->out, t, 0, true, prose);
    fputs("</thead>\n<tbody>\n", d->out);
    for (int first = t->ncols; first < t->ncells; first += t->ncols)
        table_row(d->out, t, first, false, prose);
    fputs("</tbody>\n</table>\n</div>\n", d->out);
    free(prose);
}

/* Set small right under its table's box. */
static void html_legend(sq_doc *d, const char *text) {
    start_block(d);
    fputs("<p class=\"legend\">", d->out);
    sq_put_html(d->out, text);
    fputs("</p>\n", d->out);
}

/* The chart inline, as figure_draw.c draws it: its title and notes are in it, as
 * text, and its <title> names it to a screen reader. A write error shows at
 * html_finish, as the body's. */
static void html_figure(sq_doc *d, const sq_figure_set *s, int i) {
    start_block(d);
    fputs("<figure class=\"chart\">\n", d->out);
    sq_figure_set_write_svg(d->out, s, i, false);
    fputs("</figure>\n", d->out);
}

/* A tab stop every this many columns in a <pre> block. */
#define TAB_STOP 8

/* One line of n bytes at p as HTML into out: its tabs made spaces to the
 * next stop, a '\r' that ends it dropped. -1 on no memory. */
static int pre_line(FILE *out, const char *p, size_t n) {
    char *line = malloc(n * TAB_STOP + 1);
    if (!line)
        return -1;
    size_t k = 0, column = 0;
    for (size_t i = 0; i < n && !(p[i] == '\r' && i + 1 == n); i++) {
        if (p[i] != '\t') {
            line[k++] = p[i];
            column += ((unsigned char)p[i] & 0xc0) != 0x80;
            continue;
        }
        do
            line[k++] = ' ';
        while (++column % TAB_STOP);
    }
    line[k] = 0;
    sq_put_html(out, line);
    free(line);
    return 0;
}

/* text's lines in a <pre>, in a box that scrolls (a long line, a long
 * file), each escaped as every text (a character escape.h does not show is
 * one space). The newline after <pre> is the parser's to drop, so a first
 * empty line stays. */
static void html_preformatted(sq_doc *d, const char *text) {
    start_block(d);
    fputs("<div class=\"scroll\"><pre>\n", d->out);
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        if (pre_line(d->out, p, n)) {
            d->error = SQ_FAILED_MEMORY;
            return;
        }
        p += n;
        if (*p)
            fputc(*p++, d->out);
    }
    fputs("</pre></div>\n", d->out);
}

/* The page's look: system fonts, a measure for text, no wider than a 1400
 * px window; tables that scroll in their box with the header row and first
 * column kept in view, figures in tabular digits right-aligned, prose cells
 * wrapped, alternate rows shaded, each table's legend set small under it.
 * Printed: landscape, every table whole and its header on each page, no
 * block split, the contents without their sub-lists. */
static const char style[] =
    "body{box-sizing:border-box;margin:0 auto;max-width:1400px;padding:1em 1.5em 3em;"
    "color:#1f2328;background:#fff;"
    "font:15px/1.5 system-ui,-apple-system,\"Segoe UI\",Roboto,\"Noto Sans\",\"Liberation Sans\","
    "Arial,sans-serif}\n"
    "h1{font-size:1.75em;margin:.3em 0 .5em}\n"
    "h2{font-size:1.35em;margin:1.8em 0 .5em;padding-bottom:.2em;border-bottom:1px solid #d0d7de}\n"
    "h3{font-size:1.05em;margin:1.4em 0 .4em}\n"
    "p,ul.notes{max-width:62em}\n"
    "ul.notes{padding-left:1.3em}\n"
    "li{margin:.15em 0}\n"
    "a{color:#0550ae;text-decoration:none}\n"
    "a:hover{text-decoration:underline}\n"
    "nav{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:.5em 1.2em .8em;"
    "margin:1em 0 2em}\n"
    "nav h2{font-size:1.1em;margin:.3em 0;border:0}\n"
    "nav ul{list-style:none;margin:0;padding:0}\n"
    "nav>ul{columns:24em 3;column-gap:2.5em}\n"
    "nav>ul>li{break-inside:avoid;margin:0 0 .35em}\n"
    "nav ul ul{padding-left:1.1em;font-size:.9em}\n"
    "nav ul ul li{margin:0}\n"
    "nav summary{cursor:pointer}\n"
    ".scroll{overflow:auto;max-height:85vh;width:fit-content;max-width:100%;margin:.5em 0 1.5em;"
    "border:1px solid #d0d7de;border-radius:6px}\n"
    "table{border-collapse:separate;border-spacing:0;font-size:.85em}\n"
    "th,td{padding:.25em .4em;text-align:right;white-space:nowrap;"
    "font-variant-numeric:tabular-nums;background:#fff;border-bottom:1px solid #eaeef2}\n"
    "td.prose{white-space:normal;text-align:left;min-width:14em;max-width:26em}\n"
    "th.prose{text-align:left}\n"
    "thead "
    "th{position:sticky;top:0;z-index:2;background:#eef1f4;font-weight:600;white-space:normal;"
    "border-bottom:1px solid #d0d7de}\n"
    "th[scope=row]{position:sticky;left:0;z-index:1;text-align:left;font-weight:600;"
    "border-right:1px solid #eaeef2}\n"
    "thead th:first-child{left:0;z-index:3;text-align:left}\n"
    "tbody tr:nth-child(even)>*{background:#f6f8fa}\n"
    "tbody tr>td.best{background:#dafbe1}\n"
    "tbody tr:last-child>*{border-bottom:0}\n"
    ".scroll:has(+p.legend){margin-bottom:.3em}\n"
    "p.legend{margin:0 0 1.5em;max-width:80em;font-size:.8em;color:#57606a}\n"
    "figure.chart{margin:.5em 0 2em;max-width:100%}\n"
    "@page{size:landscape;margin:12mm}\n"
    "@media print{body{max-width:none;padding:0;font-size:10pt}"
    "nav ul ul{display:none}nav>ul{columns:3}nav{border:0;padding:0}"
    "h2,h3{break-after:avoid}"
    ".scroll{overflow:visible;max-height:none;width:auto;max-width:none;border:0}"
    "table{font-size:7pt}.wide table{font-size:5.5pt}th,td{padding:.15em .3em}"
    "thead{display:table-header-group}"
    "thead th,th[scope=row]{position:static}tr,figure.chart,p.legend{break-inside:avoid}"
    "figure.chart svg{max-width:100%;height:auto}"
    "*{-webkit-print-color-adjust:exact;print-color-adjust:exact}a{color:inherit}}\n";

/* The table of contents: one list of the top headings, each holding the
 * list of the headings under it, folded (<details>: no script) so that the
 * contents fit a screen. A heading more than one level below the one before
 * is taken one level below it, so no list is left without an item to hang
 * from. */
static void write_toc(FILE *out, const html_state *h) {
    if (h->ntoc == 0)
        return;
    fputs("<nav aria-labelledby=\"contents\">\n<h2 id=\"contents\">Contents</h2>\n<ul>\n", out);
    int depth = 0; /* lists open inside the outer one */
    for (int i = 0; i < h->ntoc; i++) {
        int want = h->toc[i].level - 2;
        if (i > 0 && want > depth) {
            fputs("\n<ul>\n", out);
            depth++;
        } else {
            if (i > 0)
                fputs("</li>\n", out);
            for (; depth > want; depth--)
                fputs("</ul></details></li>\n", out);
        }
        bool parent = i + 1 < h->ntoc && h->toc[i + 1].level > h->toc[i].level;
        fprintf(out, "<li>%s<a href=\"#s%d\">", parent ? "<details><summary>" : "", i);
        sq_put_html(out, h->toc[i].text);
        fprintf(out, "</a>%s", parent ? "</summary>" : "");
    }
    fputs("</li>\n", out);
    for (; depth > 0; depth--)
        fputs("</ul></details></li>\n", out);
    fputs("</ul>\n</nav>\n", out);
}

static void free_state(sq_doc *d) {
    html_state *h = d->state;
    for (int i = 0; i < h->ntoc; i++)
        free(h->toc[i].text);
    free(h->toc);
    free(h->body);
    free(h->title);
    free(h);
    d->state = NULL;
}

/* Out of memory (d->error) the page is dropped unwritten: a page without
 * a block it should hold must not pass for whole. */
static int html_finish(sq_doc *d) {
    html_state *h = d->state;
    if (!h) /* sq_doc_html_start found no memory */
        return 0;
    if (d->error) {
        if (d->out != h->page)
            fclose(d->out);
        d->out = h->page;
        free_state(d);
        return 0;
    }
    start_block(d);
    bool ok = fflush(d->out) == 0 && !ferror(d->out);
    fclose(d->out);
    FILE *out = h->page;
    d->out = out;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          out);
    sq_put_html(out, h->title);
    fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<header>\n<h1>", style);
    sq_put_html(out, h->title);
    fputs("</h1>\n", out);
    write_toc(out, h);
    fputs("</header>\n<main>\n", out);
    if (ok)
        fwrite(h->body, 1, h->body_len, out);
    fputs("</main>\n</body>\n</html>\n", out);
    free_state(d);
    return ok && fflush(out) == 0 && !ferror(out) ? 0 : -1;
}

const sq_doc_ops sq_doc_html_ops = {html_heading, html_paragraph, html_note,         html_table,
                                    html_legend,  html_figure,    html_preformatted, html_finish};

void sq_doc_html_start(sq_doc *d, const char *title) {
    html_state *h = calloc(1, sizeof *h);
    if (!h) {
        d->error = SQ_FAILED_MEMORY;
        return;
    }
    h->heading_before = -1;
    h->page = d->out;
    d->state = h;
    FILE *body = (h->title = strdup(title)) ? open_memstream(&h->body, &h->body_len) : NULL;
    if (body)
        d->out = body;
    else
        d->error = SQ_FAILED_MEMORY; /* html_finish frees h */
}
