/* A report as a sequence of blocks (headings, paragraphs, notes, tables and
 * figures) that one renderer turns into console text, Markdown or a
 * self-contained HTML page. The report's writers say what to show; each
 * renderer owns how it looks and how text from a file is escaped in it. */
#ifndef SQCOLOR_DOC_H
#define SQCOLOR_DOC_H

#include "bench/results/results.h"
#include "bench/util/text_table.h"

#include <stdbool.h>
#include <stdio.h>

typedef enum sq_doc_format { SQ_DOC_TEXT, SQ_DOC_MARKDOWN, SQ_DOC_HTML } sq_doc_format;

/* The console's width: no line of console text is wider (notes wrap within
 * it; a table wider than it is the writer's to narrow). */
#define SQ_CONSOLE_COLUMNS 160

struct sq_figure_set;
typedef struct sq_doc sq_doc;

/* One renderer: doc.c (text and Markdown), doc_html.c (HTML). Text
 * arrives unescaped, as plain UTF-8. */
typedef struct sq_doc_ops {
    void (*heading)(sq_doc *d, int level, const char *text); /* level 1 (page) to 3 */
    void (*paragraph)(sq_doc *d, const char *text);
    void (*note)(sq_doc *d, const char *text); /* one of a list of short notes */
    void (*table)(sq_doc *d, const sq_text_table *t, int first_width, int width);
    void (*legend)(sq_doc *d, const char *text); /* what the table just before shows */
    /* Figure i of a set (figures.h); renderers without figures ignore it. */
    void (*figure)(sq_doc *d, const struct sq_figure_set *s, int i);
    /* Text shown as it is laid out, lines and indents kept (a source file);
     * renderers without it ignore it. */
    void (*preformatted)(sq_doc *d, const char *text);
    int (*finish)(sq_doc *d); /* 0, or -1 when a write failed */
} sq_doc_ops;

struct sq_doc {
    FILE *out;
    sq_doc_format format;
    const sq_doc_ops *ops;
    int last;    /* the kind of the block before: 0 none, 1 heading, 2 paragraph, 3 note, 4 table,
                    5 legend */
    void *state; /* the renderer's own */
    /* What the console's legends have said once for the whole document
     * (report_formats.h's SQ_LEGEND_* items: names and keys every table
     * shares); a page says them under each table. */
    unsigned legend_said;
    /* 0, or SQ_FAILED_MEMORY (failure.h) once a block found no memory:
     * every later block is skipped and sq_doc_finish returns it, so a
     * document is never passed off as whole without one (as ferror). */
    int error;
};

/* Starts a document titled title (the HTML page's <title> and first heading;
 * the other formats print it as a level-1 heading). No memory sets d->error. */
void sq_doc_open(sq_doc *d, FILE *out, sq_doc_format format, const char *title);

void sq_doc_heading(sq_doc *d, int level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void sq_doc_paragraph(sq_doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sq_doc_note(sq_doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A table; first_width and width are the console's least column widths. */
void sq_doc_table(sq_doc *d, const sq_text_table *t, int first_width, int width);

/* The legend of the table just before: what its marks and names mean, one
 * line set small and kept to the table. */
void sq_doc_legend(sq_doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Marks the document as missing a block for want of memory (d->error). */
void sq_doc_out_of_memory(sq_doc *d);

/* malloc(size) for a block's scratch; NULL, d->error set, on no memory. */
void *sq_doc_alloc(sq_doc *d, size_t size);

void sq_doc_figure(sq_doc *d, const struct sq_figure_set *s, int i);

/* text as its lines are (HTML: a <pre> block, escaped); the other formats
 * leave it out. */
void sq_doc_preformatted(sq_doc *d, const char *text);

/* Ends the document (HTML: the table of contents, the page's end) and
 * flushes. Returns 0, SQ_FAILED_MEMORY when d->error was set (the HTML page
 * is then not written at all), or SQ_FAILED_WRITE when a write failed. */
int sq_doc_finish(sq_doc *d);

/* The HTML renderer (doc_html.c): its operations, and the start of a page
 * that sq_doc_open calls. */
extern const sq_doc_ops sq_doc_html_ops;
void sq_doc_html_start(sq_doc *d, const char *title);

#endif
