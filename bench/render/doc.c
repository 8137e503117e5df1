/* The document's dispatch, and its console-text and Markdown renderers. */
#include "bench/render/doc.h"
#include "bench/util/escape.h"
#include "bench/util/failure.h"
#include "bench/util/wrap.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { BLOCK_NONE, BLOCK_HEADING, BLOCK_PARAGRAPH, BLOCK_NOTE, BLOCK_TABLE, BLOCK_LEGEND };

/* ---- console text --------------------------------------------------------- */

static void text_heading(sq_doc *d, int level, const char *text) {
    fputs(level == 1 ? "" : "\n", d->out);
    fputs(level == 1 ? "" : level == 2 ? "== " : "", d->out);
    sq_put_plain(d->out, text);
    fputs(level == 2 ? " ==\n" : "\n", d->out);
}

/* Console lines stay within this many characters: text is wrapped at
 * spaces, its continuation lines indented. */
#define TEXT_COLUMNS (SQ_CONSOLE_COLUMNS - 2)
#define TEXT_INDENT  "    "

static void text_wrapped(sq_doc *d, const char *text) {
    if (sq_put_wrapped(d->out, "", text, TEXT_COLUMNS, TEXT_INDENT))
        d->error = SQ_FAILED_MEMORY;
}

/* A paragraph or a note: apart from a table before it. */
static void text_line(sq_doc *d, const char *text) {
    if (d->last == BLOCK_TABLE)
        fputc('\n', d->out);
    text_wrapped(d, text);
}

/* A legend: right under its table. */
static void text_legend(sq_doc *d, const char *text) {
    text_wrapped(d, text);
}

static void text_table(sq_doc *d, const sq_text_table *t, int first_width, int width) {
    if (sq_text_table_write(t, d->out, first_width, width))
        d->error = SQ_FAILED_MEMORY;
}

static void no_figure(sq_doc *d, const struct sq_figure_set *s, int i) {
    (void)d, (void)s, (void)i;
}

static void no_preformatted(sq_doc *d, const char *text) {
    (void)d, (void)text;
}

static int flush_out(sq_doc *d) {
    return fflush(d->out) == 0 && !ferror(d->out) ? 0 : -1;
}

static const sq_doc_ops text_ops = {text_heading, text_line, text_line,       text_table,
                                    text_legend,  no_figure, no_preformatted, flush_out};

/* ---- Markdown ------------------------------------------------------------- */

static void md_heading(sq_doc *d, int level, const char *text) {
    fprintf(d->out, "%s%.*s ", d->last ? "\n" : "", level, "###");
    sq_put_markdown(d->out, text);
    fputc('\n', d->out);
}

static void md_paragraph(sq_doc *d, const char *text) {
    fputc('\n', d->out);
    sq_put_markdown(d->out, text);
    fputc('\n', d->out);
}

static void md_note(sq_doc *d, const char *text) {
    if (d->last != BLOCK_NOTE)
        fputc('\n', d->out);
    fputs("- ", d->out);
    sq_put_markdown(d->out, text);
    fputc('\n', d->out);
}

/* A pipe table: the first column and prose columns left-aligned, the
 * others right; the best cells in bold. */
static void md_table(sq_doc *d, const sq_text_table *t, int first_width, int width) {
    (void)first_width, (void)width;
    fputc('\n', d->out);
    for (int i = 0; i < t->ncells; i++) {
        int c = i % t->ncols;
        fputs(c ? " " : "| ", d->out);
        fputs(t->best[i] ? "**" : "", d->out);
        sq_put_markdown(d->out, t->cells[i]);
        fputs(t->best[i] ? "** |" : " |", d->out);
        if (c == t->ncols - 1 || i == t->ncells - 1)
            fputc('\n', d->out);
        if (i == t->ncols - 1) { /* under the header */
            fputs("|---|", d->out);
            for (int k = 1; k < t->ncols; k++)
                fputs(sq_text_table_prose_column(t, k) ? "---|" : "---:|", d->out);
            fputc('\n', d->out);
        }
    }
}

/* Under its table, in italics. */
static void md_legend(sq_doc *d, const char *text) {
    fputs("\n*", d->out);
    sq_put_markdown(d->out, text);
    fputs("*\n", d->out);
}

static const sq_doc_ops markdown_ops = {md_heading, md_paragraph, md_note,         md_table,
                                        md_legend,  no_figure,    no_preformatted, flush_out};

/* ---- dispatch ------------------------------------------------------------- */

void sq_doc_open(sq_doc *d, FILE *out, sq_doc_format format, const char *title) {
    static const sq_doc_ops *const ops[] = {&text_ops, &markdown_ops, &sq_doc_html_ops};
    *d = (sq_doc){.out = out, .format = format, .ops = ops[format]};
    if (format == SQ_DOC_HTML)
        sq_doc_html_start(d, title);
    else
        sq_doc_heading(d, 1, "%s", title);
}

/* The text of a printf format, as long as it is; NULL, d->error set, on no
 * memory. */
static char *format_text(sq_doc *d, const char *fmt, va_list ap) {
    char *text;
    if (vasprintf(&text, fmt, ap) < 0) {
        d->error = SQ_FAILED_MEMORY;
        return NULL;
    }
    return text;
}

#define WITH_TEXT(call, kind)                                                                      \
    do {                                                                                           \
        if (d->error)                                                                              \
            return;                                                                                \
        va_list ap;                                                                                \
        va_start(ap, fmt);                                                                         \
        char *text = format_text(d, fmt, ap);                                                      \
        va_end(ap);                                                                                \
        if (!text)                                                                                 \
            return;                                                                                \
        call;                                                                                      \
        free(text);                                                                                \
        d->last = kind;                                                                            \
    } while (0)

void sq_doc_heading(sq_doc *d, int level, const char *fmt, ...) {
    WITH_TEXT(d->ops->heading(d, level, text), BLOCK_HEADING);
}

void sq_doc_paragraph(sq_doc *d, const char *fmt, ...) {
    WITH_TEXT(d->ops->paragraph(d, text), BLOCK_PARAGRAPH);
}

void sq_doc_note(sq_doc *d, const char *fmt, ...) {
    WITH_TEXT(d->ops->note(d, text), BLOCK_NOTE);
}

void sq_doc_legend(sq_doc *d, const char *fmt, ...) {
    WITH_TEXT(d->ops->legend(d, text), BLOCK_LEGEND);
}

void sq_doc_table(sq_doc *d, const sq_text_table *t, int first_width, int width) {
    if (d->error)
        return;
    if (t->out_of_memory) { /* a cell is missing: the table would be wrong */
        d->error = SQ_FAILED_MEMORY;
        return;
    }
    d->ops->table(d, t, first_width, width);
    d->last = BLOCK_TABLE;
}

void sq_doc_out_of_memory(sq_doc *d) {
    d->error = SQ_FAILED_MEMORY;
}

void *sq_doc_alloc(sq_doc *d, size_t size) {
    void *p = malloc(size);
    if (!p)
        sq_doc_out_of_memory(d);
    return p;
}

void sq_doc_figure(sq_doc *d, const struct sq_figure_set *s, int i) {
    if (!d->error)
        d->ops->figure(d, s, i);
}

void sq_doc_preformatted(sq_doc *d, const char *text) {
    if (!d->error)
        d->ops->preformatted(d, text);
}

int sq_doc_finish(sq_doc *d) {
    int rc = d->ops->finish(d);
    return d->error ? d->error : rc ? SQ_FAILED_WRITE : 0;
}
