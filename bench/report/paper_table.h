/* The paper table: one headline figure (summary.h; latency unless asked) of
 * every technique, a row each, grouped by family; per machine a column for
 * the asm and one for the cheapest compiler, named. A cell is one figure with
 * its interval and letters for its marks, explained under the table. The
 * model here (paper_table.c) and how a cell, the caption and the notes read
 * (paper_text.c) are shared by the LaTeX (report_latex.c) and Markdown
 * (report_paper_md.c) writers. Its figures are the headline tables'
 * (headline_figures.h, cells.h). */
#ifndef SQCOLOR_PAPER_TABLE_H
#define SQCOLOR_PAPER_TABLE_H

#include "bench/results/cells.h"
#include "bench/results/results.h"
#include "bench/results/summary.h"

#include <stdbool.h>
#include <stdio.h>

/* What a cell's letters can say, in the order a cell lists them. */
typedef enum sq_paper_mark {
    SQ_PAPER_ABOUT_ZERO,  /* ≈0: the figure is what it costs at most */
    SQ_PAPER_NO_LATENCY,  /* †: control-dependent, no latency */
    SQ_PAPER_TWO_SPEEDS,  /* every cell at two speeds: no figure */
    SQ_PAPER_LEFT_OUT,    /* ‖: a sequence at two speeds left out */
    SQ_PAPER_LOOP_BRANCH, /* ‡ */
    SQ_PAPER_CHAIN_APART, /* § */
    SQ_PAPER_SHARED,      /* ≡ */
    SQ_PAPER_TIED,        /* more compilers not told apart from the one named */
    SQ_PAPER_ALL_TIED,    /* every compiler not told apart from it */
    SQ_PAPER_ONE_CODE,    /* '=': those compilers made one machine code */
    SQ_PAPER_MARK_COUNT
} sq_paper_mark;

typedef struct sq_paper_cell {
    sq_estimate figure;   /* kind NONE: no figure (a mark says why, or not measured) */
    const char *compiler; /* a best C cell's compiler (impl name); else NULL */
    unsigned marks;       /* bit m: sq_paper_mark m */
    bool best;            /* the cheaper of asm and best C on its machine, or tied with it */
} sq_paper_cell;

typedef struct sq_paper_row {
    const sq_family *family;
    const char *technique;
    sq_paper_cell *cells; /* the table's ncols */
} sq_paper_row;

typedef struct sq_paper_table {
    const sq_run *runs;
    int nmachines;        /* one a run */
    char (*machine)[112]; /* each run's column head: its CPU's short name */
    char (*cpu)[160];     /* and its label, for the caption */
    sq_headline_kind kind;
    int decimals;
    bool has_asm, has_c; /* the columns each machine has: asm, best C */
    int ncols;           /* nmachines * (has_asm + has_c) */
    int nrows;
    sq_paper_row *rows;
    int ncompilers;
    bool any_best, any_missing;
    sq_paper_mark letter_of[SQ_PAPER_MARK_COUNT]; /* the marks used, in order of first use: */
    int nletters;                                 /* mark letter_of[i] is 'a' + i */
} sq_paper_table;

/* Whether any family of the runs has rows for figure kind. */
bool sq_paper_table_has(const sq_run *runs, int nruns, sq_headline_kind kind);

/* The table of runs[0..nruns) for figure kind. Returns 0, or -1 on no memory
 * (t then holds nothing; freeing it is fine). */
int sq_paper_table_of(sq_paper_table *t, const sq_run *runs, int nruns, sq_headline_kind kind);
void sq_paper_table_free(sq_paper_table *t);

/* ---- paper_text.c: how the parts read, in a format's style ---------------- */

/* A format's symbols and its escaping of text (from a file or not). */
typedef struct sq_paper_style {
    void (*text)(FILE *out, const char *s);
    const char *math_open, *math_close; /* around a figure */
    const char *bold_open, *bold_close; /* around a best figure */
    const char *pm, *le, *approx_zero, *none;
    const char *pm_prose;                   /* ± in the caption's words */
    const char *bold_word;                  /* "Bold", in bold, in a note */
    const char *marks_open, *marks_close;   /* around a cell's letters */
    const char *family_open, *family_close; /* around a family's name */
    const char *row_open, *cell_sep, *row_close;
    bool keys; /* compilers by key (g11, c19n: sq_impl_key), not by name */
} sq_paper_style;

/* One cell: "3.98 ± 0.33 (gcc-11)^a,c" in the style. */
void sq_paper_write_cell(FILE *out, const sq_paper_table *t, const sq_paper_cell *c,
                         const sq_paper_style *s);

/* A cell's parts: its figure ("3.98 ± 0.33", bold where best), its
 * compiler's name or key (nothing for an asm cell) and its letters
 * ("^a,c"; nothing without a mark). */
void sq_paper_write_figure(FILE *out, const sq_paper_table *t, const sq_paper_cell *c,
                           const sq_paper_style *s);
void sq_paper_write_compiler(FILE *out, const sq_paper_cell *c, const sq_paper_style *s);
void sq_paper_write_letters(FILE *out, const sq_paper_table *t, unsigned marks,
                            const sq_paper_style *s);

/* A technique's row: its name and cells. */
void sq_paper_write_row(FILE *out, const sq_paper_table *t, const sq_paper_row *row,
                        const sq_paper_style *s);

/* The caption: the figure, its unit, the machines, what a cell holds. */
void sq_paper_write_caption(FILE *out, const sq_paper_table *t, const sq_paper_style *s);

/* A family's row head: "color, per square". */
void sq_paper_write_family(FILE *out, const sq_paper_table *t, const sq_family *fam,
                           const sq_paper_style *s);

/* What the i-th letter ('a' + i) means. */
void sq_paper_write_mark(FILE *out, const sq_paper_table *t, int i, const sq_paper_style *s);

/* The notes without a letter: bold where best, "—" where missing, the
 * compilers' keys where the style uses them; each one line through
 * line_open and line_close. */
void sq_paper_write_plain_notes(FILE *out, const sq_paper_style *s, bool best, bool missing,
                                const char *line_open, const char *line_close);

#endif
