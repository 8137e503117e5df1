/* Text in a figure's SVG: measured by a plain model of the fonts (so that
 * a layout keeps labels apart without a font at hand), cut to a width with
 * "…", escaped by escape.h's rule (a character not shown is a space). */
#ifndef SQCOLOR_FIGURE_TEXT_H
#define SQCOLOR_FIGURE_TEXT_H

#include <stdbool.h>
#include <stdio.h>

#define SQ_FIG_SANS "Helvetica,Arial,DejaVu Sans,sans-serif"
#define SQ_FIG_MONO "DejaVu Sans Mono,Menlo,Consolas,Liberation Mono,monospace"

/* A name from a file longer than this many columns is cut, with "…". */
#define SQ_FIG_MAX_NAME_COLS 40

typedef enum sq_fig_font { SQ_FIG_FONT_SANS, SQ_FIG_FONT_BOLD, SQ_FIG_FONT_MONO } sq_fig_font;

/* Draws s as XML character data into out (or only measures it, out NULL),
 * cut to max_cols columns with "…". Returns the columns drawn. */
int sq_fig_put_text(FILE *out, const char *s, int max_cols);

/* The width of s cut to max_cols columns, at font size size, in px. */
double sq_fig_text_width(const char *s, int max_cols, double size, sq_fig_font f);

/* The most columns of font f at size that fit in width px. */
int sq_fig_columns_in(double width, double size, sq_fig_font f);

/* <text class="sqfig-CLS"> at (x, y), the baseline; anchor "start",
 * "middle" or "end". */
void sq_fig_text_at(FILE *out, const char *cls, double x, double y, double size, sq_fig_font f,
                    const char *anchor, const char *fill, const char *s, int max_cols);

/* s in at most two lines of at most cols columns each: split at the last
 * space that lets the first fit, the second cut with "…" where it is still
 * too long. Returns the lines (1 or 2) in line[0] and line[1] (len bytes
 * each). */
int sq_fig_split_label(const char *s, int cols, char line[2][256]);

#endif
