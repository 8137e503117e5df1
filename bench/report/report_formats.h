/* Each output format's writer and the parts of the report document, called
 * by report.c's dispatch. */
#ifndef SQCOLOR_REPORT_FORMATS_H
#define SQCOLOR_REPORT_FORMATS_H

#include "bench/render/doc.h"
#include "bench/results/results.h"

#include <stdbool.h>
#include <stdio.h>

/* report_summary.c: the whole report of runs[0..nruns) as a document: the
 * headline tables (one run) or the machines side by side (several), the
 * detailed tables with SQ_REPORT_DETAIL (report.h), the figures, and the
 * notes. */
void sq_report_doc(sq_doc *d, const sq_run *runs, int nruns, unsigned flags);

/* report_detail.c: one run's tables per family, mode and sequence, with
 * their summaries and mispredict tables; several runs' variants side by side. */
void sq_report_detail(sq_doc *d, const sq_run *run);

/* Per family with real-game sequences in branch mode: each variant's branch
 * on the games beside random and the predictable sequences, and the share
 * mispredicted on the games, inferred (report_games.c). Without every_impl,
 * the console's compact table: per family and game, the asm techniques' range
 * of shares, the cheapest and the dearest. */
void sq_report_games(sq_doc *d, const sq_run *run, bool every_impl);

/* The share of branches mispredicted on the games, from the branch cost on
 * them, on random and on the predictable sequences; NAN where random costs
 * less than SQ_GAMES_MIN_PENALTY cycles a mispredict more (no mispredict to
 * count by). */
#define SQ_GAMES_MIN_PENALTY 2.0
double sq_games_rate(double games, double random, double predictable);
void sq_report_detail_machines(sq_doc *d, const sq_run *runs, int nruns);

/* report_notes.c: how a run was measured (detail: every group of identical
 * code with two figures, not the first 8); the vendor's mispredict figure for
 * its CPU; what the marks mean (detail: the per-sequence tables' marks too;
 * shared: ≡, where a row took another's figure). */
void sq_report_run_notes(sq_doc *d, const sq_run *run, bool detail);
void sq_report_vendor_note(sq_doc *d, const sq_run *run);
void sq_report_marks(sq_doc *d, bool detail, bool shared);

/* report_try.c, for a run of sqcolor try (sq_run.try_name): the footer's
 * note naming the techniques not in the catalogue and their file; on the
 * HTML page a section with the file's text. Nothing for another run. */
void sq_report_try_note(sq_doc *d, const sq_run *run);
void sq_report_try_text(sq_doc *d, const sq_run *run);

/* report_legend.c: under a table, what the marks in its cells mean, in
 * brief, and what also says: the headline figures' names, the best C cells'
 * notation, the slowest column's, the compilers' keys (code_groups.h), that
 * bold is the verdict of asm against the best compiler (a headline table)
 * rather than the best of a row, and what the ratios of runs side by side
 * are. A page's legend says only what its table shows; the console says
 * each item of also once a document (sq_doc.legend_said), in full. */
enum {
    SQ_LEGEND_HEADLINE = 1,
    SQ_LEGEND_BEST_C = 2,
    SQ_LEGEND_SLOWEST = 4,
    SQ_LEGEND_KEYS = 8,
    SQ_LEGEND_VERDICT = 16,
    SQ_LEGEND_RATIOS = 32, /* runs side by side, each one's ratio to the first */
};
void sq_report_legend(sq_doc *d, const sq_text_table *t, unsigned also);

/* The repetitions the rows of runs[0..nruns) had, scalar and batch, into
 * d->reps_least and reps_most; and what ± then is, in brief: half the 95%
 * interval of the median, or, where a row had fewer than SQ_CI95_LEAST
 * repetitions (--quick), half their whole range, "range of N". */
void sq_report_reps(sq_doc *d, const sq_run *runs, int nruns);
void sq_report_pm_meaning(const sq_doc *d, char *buf, size_t len);

/* A ratio across machines (report_summary.c) stands only where both figures
 * are at least this many core cycles: a ratio of figures about zero says
 * nothing. sq_ratio_dash_rule: what a ratio's "-" means, for the legends and
 * the notes. */
#define SQ_RATIO_MIN_CYCLES 0.5
void sq_ratio_dash_rule(char *buf, size_t len);

/* report_story.c: the compilers' story, one run's table of a row per
 * technique: the best impl by latency, the asm, the compilers with the asm's
 * instruction count, and which version first emitted the best code. */
void sq_report_story(sq_doc *d, const sq_run *run);

/* report_csv.c: one CSV of every row of runs[0..nruns), a line per
 * (machine, id, sequence, mode). */
void sq_write_csv(FILE *out, const sq_run *runs, int nruns);

/* The paper table (paper_table.h) in LaTeX (report_latex.c) and Markdown
 * (report_paper_md.c). */
struct sq_paper_table;
void sq_write_latex(FILE *out, const struct sq_paper_table *t);
void sq_write_paper_md(FILE *out, const struct sq_paper_table *t);

#endif
