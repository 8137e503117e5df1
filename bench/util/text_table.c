#include "bench/util/text_table.h"
#include "bench/util/escape.h"
#include "bench/util/failure.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sq_text_table_init(sq_text_table *t, int ncols) {
    memset(t, 0, sizeof *t);
    t->ncols = ncols;
}

static void add_cell(sq_text_table *t, bool best, const char *fmt, va_list ap) {
    if (t->out_of_memory)
        return;
    if (t->ncells == t->cap) {
        int cap = t->cap ? 2 * t->cap : 64;
        char **cells = realloc(t->cells, sizeof *cells * (size_t)cap);
        bool *marks = cells ? realloc(t->best, sizeof *marks * (size_t)cap) : NULL;
        if (cells)
            t->cells = cells;
        if (!marks) {
            t->out_of_memory = true;
            return;
        }
        t->best = marks;
        t->cap = cap;
    }
    /* As long as the text is: a name or a label from a file has no bound. */
    char *text;
    if (vasprintf(&text, fmt, ap) < 0) {
        t->out_of_memory = true;
        return;
    }
    t->best[t->ncells] = best;
    t->cells[t->ncells++] = text;
}

void sq_text_table_add(sq_text_table *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    add_cell(t, false, fmt, ap);
    va_end(ap);
}

void sq_text_table_add_best(sq_text_table *t, bool best, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    add_cell(t, best, fmt, ap);
    va_end(ap);
}

static void pad(FILE *out, int n) {
    for (; n > 0; n--)
        fputc(' ', out);
}

/* w[c]: column c's width, each cell's characters and its '*', at least
 * first_width (the first column) or width; NULL on no memory. */
static int *column_widths(const sq_text_table *t, int first_width, int width) {
    int *w = t->out_of_memory ? NULL : calloc((size_t)t->ncols, sizeof *w);
    for (int i = 0; w && i < t->ncells; i++) {
        int c = i % t->ncols, n = sq_plain_width(t->cells[i]) + t->best[i];
        w[c] = n > w[c] ? n : w[c];
    }
    for (int c = 0; w && c < t->ncols; c++)
        w[c] = w[c] > (c ? width : first_width) ? w[c] : (c ? width : first_width);
    return w;
}

int sq_text_table_write(const sq_text_table *t, FILE *out, int first_width, int width) {
    int *w = column_widths(t, first_width, width);
    if (!w)
        return SQ_FAILED_MEMORY;
    for (int i = 0; i < t->ncells; i++) {
        int c = i % t->ncols, n = sq_plain_width(t->cells[i]) + t->best[i];
        if (c)
            pad(out, 1 + w[c] - n);
        sq_put_plain(out, t->cells[i]);
        if (t->best[i])
            fputc('*', out);
        if (!c)
            pad(out, w[0] - n);
        if (c == t->ncols - 1 || i == t->ncells - 1)
            fputc('\n', out);
    }
    free(w);
    return 0;
}

int sq_text_table_write_listing(const sq_text_table *t, FILE *out, int first, int last) {
    int *w = column_widths(t, 0, 0);
    if (!w)
        return SQ_FAILED_MEMORY;
    int end = 0; /* past the row of the band's last cell with text */
    for (int i = 0; i < t->ncells; i++)
        if (i % t->ncols >= first && i % t->ncols < last && t->cells[i][0])
            end = (i / t->ncols + 1) * t->ncols;
    end = end < t->ncells ? end : t->ncells;
    for (int i = 0; i < end; i++) {
        int c = i % t->ncols;
        if (c < first || c >= last)
            continue;
        fputs("  ", out);
        sq_put_plain_padded(out, t->cells[i], w[c]);
        if (c == last - 1 || i == end - 1)
            fputc('\n', out);
    }
    free(w);
    return 0;
}

int sq_text_table_band_end(const sq_text_table *t, int first, int width) {
    int *w = column_widths(t, 0, 0);
    if (!w)
        return -1;
    int used = 0, c = first;
    for (; c < t->ncols; c++) {
        used += 2 + w[c];
        if (used > width && c > first)
            break;
    }
    free(w);
    return c;
}

int sq_text_table_width(const sq_text_table *t, int first_width, int width) {
    int *w = column_widths(t, first_width, width);
    if (!w)
        return -1;
    int total = w[0];
    for (int c = 1; c < t->ncols; c++)
        total += 1 + w[c];
    free(w);
    return total;
}

bool sq_text_table_prose_column(const sq_text_table *t, int col) {
    for (int i = t->ncols + col; col > 0 && i < t->ncells; i += t->ncols)
        if (sq_plain_width(t->cells[i]) >= SQ_TEXT_TABLE_PROSE && strchr(t->cells[i], ' '))
            return true;
    return false;
}

void sq_text_table_free(sq_text_table *t) {
    for (int i = 0; i < t->ncells; i++)
        free(t->cells[i]);
    free(t->cells);
    free(t->best);
    memset(t, 0, sizeof *t);
}
