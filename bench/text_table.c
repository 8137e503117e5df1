#include "text_table.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sq_text_width(const char *s) {
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xc0) != 0x80; /* continuation bytes add nothing */
    return n;
}

void sq_text_table_init(sq_text_table *t, int ncols) {
    memset(t, 0, sizeof *t);
    t->ncols = ncols;
}

/* Out of memory: a table missing a cell would shift every cell after it. */
static void out_of_memory(void) {
    fprintf(stderr, "sqcolor: out of memory for a table\n");
    exit(1);
}

void sq_text_table_add(sq_text_table *t, const char *fmt, ...) {
    if (t->ncells == t->cap) {
        int cap = t->cap ? 2 * t->cap : 64;
        char **cells = realloc(t->cells, sizeof *cells * (size_t)cap);
        if (!cells)
            out_of_memory();
        t->cells = cells;
        t->cap = cap;
    }
    /* As long as the text is: a name or a label from a file has no bound. */
    char *text;
    va_list ap;
    va_start(ap, fmt);
    int n = vasprintf(&text, fmt, ap);
    va_end(ap);
    if (n < 0)
        out_of_memory();
    t->cells[t->ncells++] = text;
}

static void pad(FILE *out, int n) {
    for (; n > 0; n--)
        fputc(' ', out);
}

static void write_console(const sq_text_table *t, FILE *out, int first_width, int width) {
    int *w = calloc((size_t)t->ncols, sizeof *w);
    if (!w)
        return;
    for (int i = 0; i < t->ncells; i++) {
        int c = i % t->ncols, n = sq_text_width(t->cells[i]);
        w[c] = n > w[c] ? n : w[c];
    }
    for (int c = 0; c < t->ncols; c++)
        w[c] = w[c] > (c ? width : first_width) ? w[c] : (c ? width : first_width);
    for (int i = 0; i < t->ncells; i++) {
        int c = i % t->ncols, n = sq_text_width(t->cells[i]);
        if (c == 0) {
            fputs(t->cells[i], out);
            pad(out, w[0] - n);
        } else {
            pad(out, 1 + w[c] - n);
            fputs(t->cells[i], out);
        }
        if (c == t->ncols - 1 || i == t->ncells - 1)
            fputc('\n', out);
    }
    free(w);
}

static void write_markdown(const sq_text_table *t, FILE *out) {
    for (int i = 0; i < t->ncells; i++) {
        int c = i % t->ncols;
        fputs(c ? " " : "| ", out);
        for (const char *p = t->cells[i]; *p; p++) {
            if (*p == '|')
                fputc('\\', out);
            fputc(*p, out);
        }
        fputs(" |", out);
        if (c == t->ncols - 1 || i == t->ncells - 1)
            fputc('\n', out);
        if (i == t->ncols - 1) { /* under the header */
            fputs("|---|", out);
            for (int k = 1; k < t->ncols; k++)
                fputs("---:|", out);
            fputc('\n', out);
        }
    }
}

void sq_text_table_write(const sq_text_table *t, FILE *out, bool md, int first_width, int width) {
    if (md)
        write_markdown(t, out);
    else
        write_console(t, out, first_width, width);
}

void sq_text_table_free(sq_text_table *t) {
    for (int i = 0; i < t->ncells; i++)
        free(t->cells[i]);
    free(t->cells);
    memset(t, 0, sizeof *t);
}
