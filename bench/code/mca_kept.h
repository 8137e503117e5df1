/* llvm-mca's figures kept for the process: each input llvm-mca was given (a
 * routine's or a loop's lines), its report's figures, so that one input is
 * run once; and the text of many inputs as one llvm-mca input, a code region
 * each, and its report read back region by region (mca.c runs it). */
#ifndef SQCOLOR_MCA_KEPT_H
#define SQCOLOR_MCA_KEPT_H

#include "bench/code/disasm.h"

#include <stdbool.h>

/* What mca.c reads of one report (or one region of it): NAN where absent. */
typedef struct sq_mca_figures {
    double total_cycles;
    double rthroughput; /* Block RThroughput */
} sq_mca_figures;

/* llvm-mca's input for lines[0..n), on the heap (NULL when out of memory):
 * the ret left out, each jump aimed at `label`, which follows the lines,
 * then closing (NULL: none); the count of lines written, the label's aside,
 * in *written. */
char *sq_mca_input(const char (*lines)[SQ_INSN_TEXT], int n, const char *closing, const char *label,
                   int *written);

/* Whether f has both figures: what a report that llvm-mca finished gives. */
bool sq_mca_figures_complete(sq_mca_figures f);

/* The figures of a report of one region (or of a whole input). */
sq_mca_figures sq_mca_report_figures(const char *report);

/* The report of an input of regions named "sq0", "sq1"...: region k's
 * figures into out[k] (k < n; NAN for one not found). report is cut up
 * in place. Returns the regions found. */
int sq_mca_region_figures(char *report, sq_mca_figures *out, int n);

/* The figures kept for input run with -mcpu=mcpu and iterations by the tool
 * at path, into out: false when none are. */
bool sq_mca_kept_find(const char *path, const char *mcpu, int iterations, const char *input,
                      sq_mca_figures *out);

/* Keeps f for that input (nothing when out of memory). */
void sq_mca_keep(const char *path, const char *mcpu, int iterations, const char *input,
                 sq_mca_figures f);

#endif
