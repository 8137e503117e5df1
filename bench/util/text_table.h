/* A table of text cells, the first row its header, some cells marked as the
 * best of their row; printed aligned for the console here (doc.c renders it
 * in the other formats). Widths count characters, not bytes, so ±, ≈ and †
 * line up. */
#ifndef SQCOLOR_TEXT_TABLE_H
#define SQCOLOR_TEXT_TABLE_H

#include <stdbool.h>
#include <stdio.h>

typedef struct sq_text_table {
    int ncols;
    int ncells, cap;
    char **cells; /* row after row; the first row is the header */
    bool *best;   /* per cell: marked as the best of its row */
    /* Set when a cell could not be stored: a table missing a cell would
     * shift every cell after it, so later cells are dropped too and the
     * table is not written (as ferror on a FILE). */
    bool out_of_memory;
} sq_text_table;

void sq_text_table_init(sq_text_table *t, int ncols);

/* Appends the next cell (printf format), filling rows left to right; out of
 * memory it sets t->out_of_memory. */
void sq_text_table_add(sq_text_table *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The same, the cell marked as the best of its row. */
void sq_text_table_add_best(sq_text_table *t, bool best, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Console: the first column left-aligned and at least first_width wide, the
 * others right-aligned after a space, at least width wide; a best cell
 * followed by '*'; control characters as spaces. Returns 0, or
 * SQ_FAILED_MEMORY (failure.h), writing nothing, when t->out_of_memory or
 * the widths find no memory. */
int sq_text_table_write(const sq_text_table *t, FILE *out, int first_width, int width);

/* The width in characters of the table's widest line as sq_text_table_write
 * prints it; -1 when t->out_of_memory or the widths find no memory. */
int sq_text_table_width(const sq_text_table *t, int first_width, int width);

/* Console, as a listing: columns [first, last) only, each after two spaces,
 * left-aligned and padded to its widest cell in the whole table (so that
 * bands of one table line up), its rows up to the last with text in those
 * columns (a band of short columns ends where they do); control characters
 * as spaces. Returns 0, or SQ_FAILED_MEMORY (writing nothing) as
 * sq_text_table_write. */
int sq_text_table_write_listing(const sq_text_table *t, FILE *out, int first, int last);

/* The end of the band of columns from first on that
 * sq_text_table_write_listing fits within width characters: at least first's
 * own, however wide. -1 as sq_text_table_width. */
int sq_text_table_band_end(const sq_text_table *t, int first, int width);

/* Whether column col (not the first) holds prose: a data cell of
 * SQ_TEXT_TABLE_PROSE characters or more with a space in it ("gcc-11 =
 * gcc-12; clang-13..19"), where a figure is short. A page sets such a
 * column left-aligned and lets it wrap. */
#define SQ_TEXT_TABLE_PROSE 28
bool sq_text_table_prose_column(const sq_text_table *t, int col);

void sq_text_table_free(sq_text_table *t);

#endif
