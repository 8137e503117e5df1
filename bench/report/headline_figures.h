/* The headline figures (summary.h) of a technique as the report's tables
 * show them: the asm's, and of the compilers the best and the slowest, with
 * which compilers are not told apart from the best. One owner for the console
 * and page tables (report_summary.c) and the paper table (paper_table.c). */
#ifndef SQCOLOR_HEADLINE_FIGURES_H
#define SQCOLOR_HEADLINE_FIGURES_H

#include "bench/results/results.h"
#include "bench/results/summary.h"

#include <stdbool.h>

/* The impls of some runs: whether asm is among them, and the compilers'
 * (every other impl) in order of first appearance. */
typedef struct sq_impl_set {
    bool has_asm;
    const char **c;
    int nc;
} sq_impl_set;

/* Returns 0, or -1 on no memory (s then holds nothing). sq_impl_set_free. */
int sq_impl_set_of(const sq_run *runs, int nruns, sq_impl_set *s);
void sq_impl_set_free(sq_impl_set *s);

/* The distinct techniques of family fam in runs[0..nruns), in run order,
 * into *out (the caller frees); their count, or -1 on no memory. */
int sq_techniques_of(const sq_run *runs, int nruns, const sq_family *fam, const char ***out);

/* Which headline figures fam has rows for in any of the runs, in the tables'
 * order, into kinds; their count. */
int sq_headline_kinds_of(const sq_run *runs, int nruns, const sq_family *fam,
                         sq_headline_kind *kinds);

/* The decimals a table gives a headline figure of kind: 1 for the cycles
 * per mispredict, 2 for the others. */
int sq_headline_decimals(sq_headline_kind kind);

/* One headline figure of fam/tech/impl in a run's rows by variant. */
sq_headline sq_headline_in(sq_variant_rows *rows, const sq_family *fam, const char *tech,
                           const char *impl, sq_headline_kind kind);

/* The compilers' figures of one technique: the best (the lowest rank,
 * cells.h) and the slowest. best_impl is NULL where no compiler has a figure
 * to rank; best is then the first compiler's with a row (†, 2 speeds), if
 * any. nbest counts the compilers not told apart from the best, itself too;
 * one_code: those (two or more) were one machine code, as the run recorded. */
typedef struct sq_best_c {
    sq_headline best, worst;
    const char *best_impl, *worst_impl;
    int nbest, ncompilers;
    int nworst;      /* the compilers not told apart from the slowest, itself too */
    int worst_index; /* the slowest's in the impl set */
    bool one_code;
} sq_best_c;

/* Returns 0, or -1 on no memory. */
int sq_best_c_of(sq_variant_rows *rows, const sq_impl_set *impls, const sq_family *fam,
                 const char *tech, sq_headline_kind kind, sq_best_c *out);

#endif
